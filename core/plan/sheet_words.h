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

} // namespace torchrig::plan
