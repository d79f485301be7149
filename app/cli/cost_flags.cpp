#include "cost_flags.h"

#include "catalog.h"
#include "finite_numbers.h"

#include "util/printed.h"
#include "util/utf8_text.h"

#include <cmath>

namespace torchrig::cli {

void CostFlags::addTo(CLI::App& command) {
    command.add_option("--currency", options.currency, "Total in this currency (ISO 4217, e.g. CNY)");
    command.add_option("--rate", rates, "CUR=RATE: units of --currency for one CUR (USD=7.1); repeat")
        ->expected(1, -1);
    command.add_option("--rates-date", options.ratesDate, "When the rates were taken (YYYY-MM-DD)");
    command.add_option("--tax-percent", options.taxPercent, "Sales tax or VAT, percent")
        ->check(CLI::Range(0.0, 100.0));
    command.add_option("--shipping", options.shipping, "Shipping, in the total's currency")
        ->check(moneyAmount());
    command.add_option("--hours-per-day", options.hoursPerDay, "Hours a day at full load (default 8)")
        ->check(CLI::Range(0.0, 24.0));
    command
        .add_option("--kwh-price", options.pricePerKwh, "Electricity price per kWh, in the total's currency")
        ->check(numberIn(0, 1e6, "(in the currency, per kWh)"));
    command
        .add_option("--idle-watts", options.idleWattsPerNode,
                    "A node's draw when on but not training, measured at the wall (W)")
        ->check(numberIn(0, kMaxNodeWatts, "W"));
    command.add_option("--idle-hours-per-day", options.idleHoursPerDay, "Hours a day on but not training")
        ->check(CLI::Range(0.0, 24.0));
    command
        .add_option("--quotes-required", options.quotesRequired,
                    "The purchasing office's rule: valid vendor quotes a line needs (default 3)")
        ->check(CLI::Range(1, 10));
    command
        .add_option("--quotes-rule-above", options.quotesRuleAbove,
                    "...for a line of this much or more, tax included, in --currency (default: no rule)")
        ->check(moneyAmount());
    command.add_flag("--use-expired-quotes", options.useExpiredQuotes,
                     "Price parts at their vendors' quotes even past the quotes' valid-until dates");
}

Status CostFlags::resolve() {
    for (const auto& rate : rates) {
        const auto equals = rate.find('=');
        double value = 0;
        try {
            value = equals == std::string::npos ? 0 : std::stod(rate.substr(equals + 1));
        } catch (const std::exception&) {
            value = 0;
        }
        if (equals == std::string::npos || equals == 0)
            return makeError(ErrorCode::InvalidInput,
                             "--rate \"" + textExcerpt(rate) + "\": write CUR=RATE, e.g. USD=7.1");
        // A rate past these is a typo, and would print a total of hundreds of digits.
        if (!(value >= kMinExchangeRate && value <= kMaxExchangeRate) || !std::isfinite(value))
            return makeError(ErrorCode::InvalidInput, "--rate \"" + textExcerpt(rate) +
                                                          "\": the rate must be a number from " +
                                                          printed("%g", kMinExchangeRate) + " to " +
                                                          printed("%g", kMaxExchangeRate) + ", e.g. USD=7.1");
        options.rates[rate.substr(0, equals)] = value;
    }
    if (options.hoursPerDay + options.idleHoursPerDay > 24)
        return makeError(ErrorCode::InvalidInput,
                         "--hours-per-day and --idle-hours-per-day add up to more than 24");
    if (!options.rates.empty() && options.currency.empty())
        return makeError(ErrorCode::InvalidInput,
                         "--rate needs --currency (the currency the rates convert to)");
    return Ok{};
}

plan::CostOptions withCatalogRates(const plan::CostOptions& options, const db::Catalog* catalog) {
    return catalog ? plan::withReferenceRates(options, catalog->pack().referenceRates) : options;
}

} // namespace torchrig::cli
