#pragma once
// The build sheet's own words (headings, labels, verdicts) in the sheet's language: English as
// written in core/plan/build_sheet.cpp, Chinese from a table; a word the table lacks stays English.

#include "plan/build_sheet.h"

#include <string>
#include <string_view>

namespace torchrig::plan {

class Words {
public:
    explicit Words(SheetLanguage language)
        : m_chinese(language == SheetLanguage::Chinese) {}
    std::string operator()(std::string_view english) const;

private:
    bool m_chinese;
};

// A phrase's "%1" replaced by `value`: the table holds whole phrases, since Chinese orders them
// differently ("%1 launch price" is "%1 年首发价").
std::string withArgument(std::string phrase, const std::string& value);

} // namespace torchrig::plan
