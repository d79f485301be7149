#include "build_cost_output.h"

#include "cli_output.h"
#include "plan/price_standing.h"
#include "plan/sheet_words.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

void printBuildCostJson(const plan::BuildCost& c, const plan::CostOptions& options) {
    const plan::Words words; // English: cost speaks no --lang
    nlohmann::json lines = nlohmann::json::array();
    for (const auto& l : c.lines) {
        nlohmann::json price = nullptr;
        if (l.unitPrice)
            price = {{"amount", l.unitPrice->amount},
                     {"currency", l.unitPrice->currency},
                     {"date", l.unitPrice->date},
                     {"source", l.unitPrice->source},
                     {"kind", priceKindId(l.unitPrice->kind)},
                     {"stale", l.stale}};
        if (l.stale)
            price["stale_label"] = plan::stalePriceLabel(*l.unitPrice, words);
        lines.push_back(
            {{"id", l.partId},
             {"name", l.name},
             {"quantity", l.quantity},
             {"unit_price", price},
             {"subtotal", optionalNumber(l.subtotal)},
             {"currency", l.currency},
             {"hourly", l.hourly},
             {"quoted", l.quoted},
             {"quote_expired", l.quoteExpired},
             {"tax_included", l.taxIncluded},
             {"net", optionalNumber(l.net)},
             {"tax", optionalNumber(l.tax)},
             {"gross", optionalNumber(l.gross)},
             {"quotes_valid", l.quotes.valid},
             {"quotes_expired", l.quotes.expired},
             {"quote_chosen_by_user", l.quotes.usersChoice},
             {"needs_quotes", l.needsQuotes},
             {"included_in", l.includedIn.empty() ? nlohmann::json(nullptr) : nlohmann::json(l.includedIn)}});
    }
    std::cout << nlohmann::json{{"lines", lines},
                                {"totals_by_currency", c.totalsByCurrency},
                                {"tax_by_currency", c.taxByCurrency},
                                {"lines_needing_quotes", c.linesNeedingQuotes},
                                {"total", optionalNumber(c.total)},
                                {"hourly_by_currency", c.hourlyByCurrency},
                                {"rent_per_month_by_currency", c.rentPerMonthByCurrency},
                                {"currency", c.currency},
                                {"tax_percent", options.taxPercent},
                                {"shipping", options.shipping},
                                {"missing", texts(c.missing)},
                                {"stale_lines", c.staleLines},
                                {"stale_share", optionalNumber(c.staleShare)},
                                {"prices_judged_on", options.today},
                                {"load_watts", c.loadWatts},
                                {"idle_watts", c.idleWatts},
                                {"energy_kwh_per_month", c.energyKwhPerMonth},
                                {"energy_cost_per_month", optionalNumber(c.energyCostPerMonth)},
                                {"notes", texts(c.notes)}}
                     .dump(2)
              << "\n";
}

void printBuildCostText(const plan::BuildCost& c, const plan::CostOptions& options) {
    const plan::Words words;
    std::vector<std::vector<std::string>> table = {
        {"part", "qty", "unit price", "as of, source", "subtotal"}};
    for (const auto& l : c.lines)
        table.push_back(
            {l.name, std::to_string(l.quantity),
             l.unitPrice ? fmt::format("{:.2f} {}{}{}", l.unitPrice->amount, l.unitPrice->currency,
                                       l.hourly ? "/h" : "",
                                       l.hourly        ? ""
                                       : l.taxIncluded ? " incl. tax"
                                                       : "")
             : !l.includedIn.empty() ? "in " + l.includedIn
                                     : "no price",
             l.unitPrice ? (l.stale ? plan::stalePriceLabel(*l.unitPrice, words) : l.unitPrice->date) + ", " +
                               shorten(l.unitPrice->source, 48)
                         : "-",
             l.subtotal ? fmt::format("{:.2f} {}{}", *l.subtotal, l.currency, l.hourly ? "/h" : "") : "-"});
    std::cout << formatTable(table);
    for (const auto& [currency, amount] : c.totalsByCurrency)
        if (options.taxPercent > 0) // each price taxed once: split where it includes the tax
            std::cout << fmt::format("parts before tax: {:.2f} {}, tax {:.2f} {}\n", amount, currency,
                                     c.taxByCurrency.count(currency) ? c.taxByCurrency.at(currency) : 0.0,
                                     currency);
        else
            std::cout << fmt::format("parts: {:.2f} {}\n", amount, currency);
    for (const auto& [currency, amount] : c.hourlyByCurrency)
        std::cout << fmt::format("rented: {:.2f} {} an hour, {:.2f} {} a month at {} h a day\n", amount,
                                 currency, c.rentPerMonthByCurrency.at(currency), currency,
                                 options.hoursPerDay);
    const bool buysParts = !c.totalsByCurrency.empty() || !c.missing.empty();
    if (c.total)
        std::cout << fmt::format("total with {:.1f} % tax and {:.2f} shipping: {:.2f} {}\n",
                                 options.taxPercent, options.shipping, *c.total, c.currency);
    else if (buysParts)
        std::cout << "no single total: "
                  << (c.missing.empty() ? "several currencies (give --currency and --rate)"
                                        : std::to_string(c.missing.size()) + " missing")
                  << "\n";
    for (const auto& m : c.missing)
        std::cout << "  missing: " << m.text() << "\n";
    if (const auto standing = plan::priceStandingSummary(c, words); !standing.empty())
        std::cout << "prices: " << standing << " (judged on " << options.today << ")\n";
    if (c.loadWatts > 0) {
        std::cout << fmt::format("power at load: {:.0f} W", c.loadWatts);
        if (c.idleWatts > 0)
            std::cout << fmt::format(", idle {:.0f} W for {} h a day", c.idleWatts, options.idleHoursPerDay);
        std::cout << fmt::format("; {:.0f} kWh a month at {} h a day of training", c.energyKwhPerMonth,
                                 options.hoursPerDay);
        if (c.energyCostPerMonth)
            std::cout << fmt::format(", {:.2f} a month", *c.energyCostPerMonth);
        std::cout << "\n";
    }
    for (const auto& n : c.notes)
        std::cout << "note: " << n.text() << "\n";
}

} // namespace torchrig::cli
