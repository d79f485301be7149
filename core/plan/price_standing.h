#pragma once
// How old and how complete a build's prices are, in the reader's words: the label of a price older
// than kStalePriceMonths ("2022 launch price — ask for a quote") and the line under a total that
// says how much of it rests on old or missing prices. The CLI, the sheet and the app say the same.

#include "hardware/price.h"
#include "plan/build_cost.h"
#include "plan/sheet_words.h"

#include <string>

namespace torchrig::plan {

// What an old price is and what to do about it, by its kind: "2022 launch price — ask for a quote".
std::string stalePriceLabel(const Price& price, const Words& w);

// "62 % of the priced parts rest on prices older than 12 months", or empty when no price is that old.
std::string staleShareSummary(const BuildCost& cost, const Words& w);

// "62 % of the priced parts rest on prices older than 12 months; 2 lines have no price; 1 vendor's
// quote has expired — ask for a new one", or empty when every bought line has a price younger than
// that and no quote has expired.
std::string priceStandingSummary(const BuildCost& cost, const Words& w);

} // namespace torchrig::plan
