#include "plan/price_standing.h"

#include "util/printed.h"

#include <algorithm>

namespace torchrig::plan {

std::string stalePriceLabel(const Price& price, const Words& w) {
    switch (price.kind) {
    case PriceKind::LaunchMsrp:
        return withArgument(w("%1 launch price — ask for a quote"), price.date.substr(0, 4));
    case PriceKind::Street: return withArgument(w("street price of %1 — ask for a quote"), price.date);
    case PriceKind::VendorQuote: return withArgument(w("quote of %1 — ask for a new one"), price.date);
    case PriceKind::OnDemandHourly:
    case PriceKind::SpotHourly:
    case PriceKind::ReservedHourly:
        return withArgument(w("price list of %1 — check the provider's page"), price.date);
    }
    return price.date;
}

std::string staleShareSummary(const BuildCost& cost, const Words& w) {
    if (cost.staleLines == 0)
        return {};
    return cost.staleShare
               ? withArgument(w("%1 % of the priced parts rest on prices older than 12 months"),
                              printed("%.0f", *cost.staleShare * 100))
               : withArgument(w(cost.staleLines == 1 ? "%1 line rests on a price older than 12 months"
                                                     : "%1 lines rest on prices older than 12 months"),
                              std::to_string(cost.staleLines));
}

std::string priceStandingSummary(const BuildCost& cost, const Words& w) {
    std::string text = staleShareSummary(cost, w);
    const auto unpriced = std::count_if(cost.lines.begin(), cost.lines.end(), [](const CostLine& line) {
        return !line.hourly && line.includedIn.empty() && !line.unitPrice;
    });
    if (unpriced > 0)
        text += (text.empty() ? "" : w("; ")) +
                withArgument(w(unpriced == 1 ? "%1 line has no price" : "%1 lines have no price"),
                             std::to_string(unpriced));
    if (cost.expiredQuotes > 0)
        text +=
            (text.empty() ? "" : w("; ")) +
            withArgument(w(cost.expiredQuotes == 1 ? "%1 vendor's quote has expired — ask for a new one"
                                                   : "%1 vendors' quotes have expired — ask for new ones"),
                         std::to_string(cost.expiredQuotes));
    return text;
}

} // namespace torchrig::plan
