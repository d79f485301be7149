#pragma once
// The build sheet's words in the sheet's language. Its own words (headings, labels, verdicts):
// English as written in core/plan/build_sheet.cpp, Chinese from a table; a word the table lacks
// stays English. core's messages (findings, fixes): through the translation the caller gives.

#include "plan/build_sheet.h"
#include "text/message.h"

#include <string>
#include <string_view>

namespace torchrig::plan {

class Words {
public:
    explicit Words(SheetLanguage language, Message::Translate translate = {})
        : m_chinese(language == SheetLanguage::Chinese)
        , m_translate(std::move(translate)) {}
    std::string operator()(std::string_view english) const;
    std::string operator()(const Message& message) const { return message.text(m_translate); }

private:
    bool m_chinese;
    Message::Translate m_translate;
};

// A phrase's "%1" replaced by `value`: the table holds whole phrases, since Chinese orders them
// differently ("%1 launch price" is "%1 年首发价").
std::string withArgument(std::string phrase, const std::string& value);

} // namespace torchrig::plan
