#pragma once
// The build sheet's words in the reader's language: its own words (headings, labels, verdicts),
// English as written in core/plan/build_sheet.cpp and listed in sheet_words.cpp, and core's
// messages (findings, advice, notes), both through the translation the caller gives (English
// without one).

#include "util/message.h"

#include <string>
#include <string_view>

namespace torchrig::plan {

class Words {
public:
    explicit Words(Message::Translate translate = {})
        : m_translate(std::move(translate)) {}
    // One of the sheet's own words (listed in sheet_words.cpp).
    std::string operator()(std::string_view english) const;
    // A message as a reader sees it: an article named by its title, not our file (withArticleTitles).
    std::string operator()(const Message& message) const;
    // A catalog label (TORCHRIG_TEXT_NOOP("catalog", …): a category's name), as the app says it.
    std::string catalog(std::string_view label) const;
    const Message::Translate& translate() const { return m_translate; }

private:
    Message::Translate m_translate;
};

// A phrase's "%1" replaced by `value`: the table holds whole phrases, since Chinese orders them
// differently ("%1 launch price" is "%1 年首发价").
std::string withArgument(const std::string& phrase, const std::string& value);

} // namespace torchrig::plan
