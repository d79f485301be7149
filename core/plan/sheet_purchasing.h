#pragma once
// The build sheet's purchasing parts: the components table as an order lists it (specification,
// unit, the price before tax, the tax and the price with it, computed once by costBuild), the
// budget held against the total, and the vendor quotes compared side by side (比价表), each part's
// chosen quote marked and why. Used by makeBuildSheet only.

#include "plan/build_cost.h"
#include "plan/build_sheet.h"
#include "plan/sheet_words.h"

namespace torchrig::plan {

SheetTable componentsTable(const Build& build, const BuildCost& cost, const CostOptions& options,
                           SheetLanguage language, const Words& w);
// "Budget ¥100,000.00, total ¥98,342.00, remaining ¥1,658.00" (or over by), when the purchasing
// names a budget and the total is in its currency or converts to it; else none.
std::optional<std::string> budgetLine(const Purchasing& buying, const BuildCost& cost,
                                      const CostOptions& options, const Words& w);
// Every quote, grouped by the part it prices, with the office's rule for how many it needs.
SheetSection quotesComparedSection(const Build& build, const BuildCost& cost, const CostOptions& options,
                                   const Words& w);

} // namespace torchrig::plan
