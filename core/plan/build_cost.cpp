#include "plan/build_cost.h"

#include "plan/build_power.h"
#include "util/printed.h"

#include <algorithm>
#include <set>

namespace torchrig::plan {

std::optional<double> convertMoney(double amount, const std::string& from, const CostOptions& options) {
    if (options.currency.empty() || from == options.currency)
        return amount;
    auto rate = options.rates.find(from);
    if (rate == options.rates.end())
        return std::nullopt;
    return amount * rate->second;
}

CostOptions withReferenceRates(CostOptions options, const std::vector<ReferenceRate>& references) {
    const auto& target = options.currency;
    std::map<std::string, std::pair<double, std::string>> perEuro; // currency: rate, date
    for (const auto& r : references)
        if (r.perEuro > 0)
            perEuro[r.currency] = {r.perEuro, r.date};
    const auto targetRate = perEuro.find(target);
    if (target.empty() || (target != "EUR" && targetRate == perEuro.end()))
        return options;
    if (target != "EUR")
        perEuro.emplace("EUR", std::pair{1.0, targetRate->second.second});
    const double targetPerEuro = target == "EUR" ? 1.0 : targetRate->second.first;
    for (const auto& [currency, rate] : perEuro) {
        if (currency == target || options.rates.count(currency))
            continue;
        options.rates[currency] = targetPerEuro / rate.first;
        // Both rates are of a day: the conversion is as old as the older.
        const auto& targetDate = target == "EUR" ? rate.second : targetRate->second.second;
        options.referenceRateDates[currency] = std::min(rate.second, targetDate);
    }
    return options;
}

Message referenceRatesNote(const std::string& date) {
    return TORCHRIG_MESSAGE("cost", "converted at the catalog's reference exchange rates (European Central "
                                    "Bank) of %1 where no rate was given: give the rates of the day you buy")
        .arg(date);
}

namespace {

Message noRate(const std::string& partId, const std::string& from, const std::string& to) {
    return TORCHRIG_MESSAGE("cost", "%1: no rate from %2 to %3").arg(partId).arg(from).arg(to);
}

// A part's line before it is priced: its quantity over all nodes and the price it is costed at,
// the chosen vendor quote for it (Purchasing) in place of the catalog's (chooseQuote).
CostLine lineFor(const Build& build, const BuildPart& part, const CostOptions& options) {
    CostLine line;
    line.partId = part.partId;
    line.name = part.snapshot.name;
    line.quantity = part.quantity * build.nodes;
    line.unitPrice = part.snapshot.price;
    if (part.snapshot.category == PartCategory::CloudInstance)
        return line;
    line.quotes = chooseQuote(build.purchasing, part.partId, options);
    // Set aside, or used as asked: a part whose only quotes have expired.
    line.quoteExpired = line.quotes.valid == 0 && line.quotes.expired > 0;
    const auto* quote = line.quotes.quote;
    if (!quote)
        return line;
    line.unitPrice = Price{quote->amount, quote->currency, quote->date,
                           quote->vendor + (quote->reference.empty() ? "" : " " + quote->reference),
                           PriceKind::VendorQuote};
    line.taxIncluded = quoteIncludesTax(*quote);
    line.quoted = true;
    return line;
}

// The line's subtotal split once: before tax, the tax, what is paid; and the office's rule.
void splitTax(CostLine& line, const CostOptions& options) {
    const double rate = options.taxPercent / 100;
    line.gross = taxInclusive(*line.subtotal, line.taxIncluded, options.taxPercent);
    line.net = line.taxIncluded ? *line.subtotal / (1 + rate) : *line.subtotal;
    line.tax = *line.gross - *line.net;
    line.needsQuotes = options.quotesRuleAbove > 0 && line.currency == options.currency &&
                       *line.gross >= options.quotesRuleAbove && line.quotes.valid < options.quotesRequired;
}

// One total only in one currency; complete only when every part has a price in it, and a known
// total beside the lines still to be quoted when they are all that is missing.
void setTotals(BuildCost& cost, const CostOptions& options, bool ownsHardware) {
    const bool onlyQuotesMissing = cost.missing.size() == static_cast<std::size_t>(cost.toBeQuotedLines);
    if (cost.totalsByCurrency.size() == 1) {
        const auto& [currency, parts] = *cost.totalsByCurrency.begin();
        const double withTaxAndShipping = parts + cost.taxByCurrency[currency] + options.shipping;
        if (onlyQuotesMissing) {
            cost.currency = cost.totalsByCurrency.begin()->first;
            cost.knownTotal = withTaxAndShipping;
        }
        if (cost.missing.empty())
            cost.total = withTaxAndShipping;
    } else if (cost.totalsByCurrency.empty() && !options.currency.empty() && ownsHardware &&
               cost.toBeQuotedLines > 0 && onlyQuotesMissing) {
        cost.knownTotal = options.shipping; // nothing priced yet: every line waits for a quote
    }
}

// The complete server in the build that ships this GPU (its gpu_part_id), or empty: the GPUs a
// server includes are in its price, up to the number it ships with.
std::string includedIn(const Build& build, const BuildPart& part) {
    if (part.snapshot.category != PartCategory::Gpu)
        return {};
    for (const auto& other : build.parts) {
        if (other.snapshot.category == PartCategory::Server &&
            other.snapshot.text("gpu_part_id") == part.partId &&
            other.snapshot.number("gpu_count").value_or(0) * other.quantity >= part.quantity)
            return other.partId;
    }
    return {};
}

void noteRateUsed(BuildCost& cost, const std::string& from, const CostOptions& options) {
    const auto reference = options.referenceRateDates.find(from);
    const bool isReference = reference != options.referenceRateDates.end();
    auto said = isReference                 ? TORCHRIG_MESSAGE("cost", "1 %1 = %2 %3 (reference rate of %4)")
                : options.ratesDate.empty() ? TORCHRIG_MESSAGE("cost", "1 %1 = %2 %3 (undated)")
                                            : TORCHRIG_MESSAGE("cost", "1 %1 = %2 %3 (%4)");
    said.arg(from).arg(printed("%.4f", options.rates.at(from))).arg(options.currency);
    said.arg(isReference ? reference->second : options.ratesDate); // %4, where the pattern has a date
    const auto text = said.text();
    if (std::none_of(cost.ratesUsed.begin(), cost.ratesUsed.end(),
                     [&](const Message& used) { return used.text() == text; }))
        cost.ratesUsed.push_back(std::move(said));
}

void noteExpiredQuote(BuildCost& cost, const Build& build, const BuildPart& part, bool quoted) {
    ++cost.expiredQuotes;
    std::string until; // the last of the expired quotes' days
    for (const auto* quote : quotesFor(build.purchasing, part.partId))
        until = std::max(until, quote->validUntil);
    cost.notes.push_back(quoted
                             ? TORCHRIG_MESSAGE("cost", "%1: priced at a vendor's quote that expired on %2, "
                                                        "as asked; ask the vendor for a new one")
                                   .arg(part.partId)
                                   .arg(until)
                             : TORCHRIG_MESSAGE("cost", "%1: the vendor's quote expired on %2 and is not "
                                                        "used as its price; ask the vendor for a new one")
                                   .arg(part.partId)
                                   .arg(until));
}

// A rented instance's line: by the hour, in the total's currency where a rate allows.
void priceRentedLine(CostLine& line, BuildCost& cost, const std::string& partId, const CostOptions& options) {
    line.currency = line.unitPrice->currency;
    double amount = line.unitPrice->amount * line.quantity;
    line.unitAmount = line.unitPrice->amount;
    if (auto inCurrency = convertMoney(amount, line.currency, options)) {
        if (line.currency != options.currency && !options.currency.empty()) {
            noteRateUsed(cost, line.currency, options);
            line.unitAmount = convertMoney(*line.unitAmount, line.currency, options);
        }
        amount = *inCurrency;
        line.currency = options.currency.empty() ? line.currency : options.currency;
    } else {
        cost.missing.push_back(noRate(partId, line.currency, options.currency));
    }
    line.subtotal = amount;
    cost.hourlyByCurrency[line.currency] += amount;
    cost.rentPerMonthByCurrency[line.currency] += amount * options.hoursPerDay * 30;
}

// A bought part's line with its price: converted to the asked currency where a rate allows, its
// tax split once, held to the office's rule on quotes, and said to be old where it is.
void priceBoughtLine(CostLine& line, BuildCost& cost, std::map<std::string, double>& staleByCurrency,
                     const CostOptions& options) {
    const auto& partId = line.partId;
    double amount = line.unitPrice->amount * line.quantity;
    line.unitAmount = line.unitPrice->amount;
    line.currency = line.unitPrice->currency;
    if (!line.quoted)
        line.taxIncluded = includesTaxByMarket(line.currency, line.unitPrice->kind);
    bool convertible = true;
    if (!options.currency.empty() && line.currency != options.currency) {
        if (auto inCurrency = convertMoney(amount, line.currency, options)) {
            noteRateUsed(cost, line.currency, options);
            line.unitAmount = convertMoney(*line.unitAmount, line.currency, options);
            amount = *inCurrency;
            line.currency = options.currency;
        } else {
            cost.missing.push_back(noRate(partId, line.currency, options.currency));
            convertible = false; // kept in its own currency, out of the one total
        }
    }
    line.subtotal = amount;
    splitTax(line, options);
    cost.totalsByCurrency[line.currency] += *line.net;
    cost.taxByCurrency[line.currency] += *line.tax;
    if (!convertible)
        return;
    if (line.needsQuotes) {
        ++cost.linesNeedingQuotes;
        cost.notes.push_back(TORCHRIG_MESSAGE("cost", "%1: %2 valid vendor quote(s); the purchasing "
                                                      "office's rule asks for %3 at %4 %5 and above")
                                 .arg(partId)
                                 .arg(std::to_string(line.quotes.valid))
                                 .arg(std::to_string(options.quotesRequired))
                                 .arg(printed("%.2f", options.quotesRuleAbove))
                                 .arg(options.currency));
    }
    if (!line.quoted && isStalePrice(*line.unitPrice, options.today)) {
        line.stale = true;
        ++cost.staleLines;
        staleByCurrency[line.currency] += *line.net; // a share of the parts before tax, as the total is
    }
}

// What draws power at the user's wall: the bought hardware (a cloud instance's is in its price).
void addPowerAndEnergy(BuildCost& cost, const Build& build, const CostOptions& options) {
    cost.loadWatts = nodeLoad(build).total() * build.nodes;
    cost.idleWatts = options.idleWattsPerNode * build.nodes;
    cost.energyKwhPerMonth =
        (cost.loadWatts * options.hoursPerDay + cost.idleWatts * options.idleHoursPerDay) / 1000 * 30;
    if (options.pricePerKwh > 0)
        cost.energyCostPerMonth = cost.energyKwhPerMonth * options.pricePerKwh;
    cost.notes.push_back(TORCHRIG_MESSAGE("cost", "the load counts the GPUs' and CPUs' rated power and a "
                                                  "75 W platform allowance a node, at full load for the "
                                                  "hours given"));
    if (options.idleWattsPerNode <= 0)
        cost.notes.push_back(
            options.idleHoursPerDay > 0
                ? TORCHRIG_MESSAGE("cost", "idle hours given without an idle draw: give the idle draw, "
                                           "measured at the wall (the catalog has no idle figures)")
                : TORCHRIG_MESSAGE("cost", "idle draw not counted: the catalog has no idle figures; give "
                                           "the idle draw (measured at the wall) and the idle hours a day"));
}

} // namespace

bool includesTaxByMarket(const std::string& currency, PriceKind kind) {
    static const std::set<std::string, std::less<>> inclusive = {"CNY", "EUR", "GBP", "CHF", "JPY"};
    return !isHourly(kind) && inclusive.count(currency) > 0;
}

double taxInclusive(double amount, bool taxIncluded, double taxPercent) {
    return taxIncluded ? amount : amount * (1 + taxPercent / 100);
}

bool quoteIncludesTax(const VendorQuote& quote) {
    return quote.taxIncluded.value_or(includesTaxByMarket(quote.currency, PriceKind::VendorQuote));
}

QuoteChoice chooseQuote(const Purchasing& purchasing, const std::string& partId, const CostOptions& options) {
    QuoteChoice choice;
    std::vector<const VendorQuote*> valid, expired;
    for (const auto* quote : quotesFor(purchasing, partId))
        (quoteExpired(*quote, options.today) ? expired : valid).push_back(quote);
    choice.valid = static_cast<int>(valid.size());
    choice.expired = static_cast<int>(expired.size());
    const auto& pool = valid.empty() && options.useExpiredQuotes ? expired : valid;
    for (const auto* quote : pool)
        if (!quote->chosenBecause.empty()) {
            choice.quote = quote;
            choice.usersChoice = true;
        }
    if (choice.usersChoice)
        return choice;
    const bool oneCurrency = std::all_of(pool.begin(), pool.end(), [&](const VendorQuote* quote) {
        return quote->currency == pool.front()->currency;
    });
    std::optional<double> lowest;
    for (const auto* quote : pool) {
        const double paid = taxInclusive(quote->amount, quoteIncludesTax(*quote), options.taxPercent);
        const auto compared =
            oneCurrency ? std::optional(paid) : convertMoney(paid, quote->currency, options);
        if (compared && (!lowest || *compared < *lowest)) {
            lowest = compared;
            choice.quote = quote;
        }
    }
    return choice;
}

Message noPurchasePrice(const std::string& partId) {
    return TORCHRIG_MESSAGE("cost", "%1: no purchase price in the file").arg(partId);
}

BuildCost costBuild(const Build& build, const CostOptions& options) {
    BuildCost cost;
    cost.currency = options.currency;
    const bool converted = !options.currency.empty();
    bool ownsHardware = false, hasCloud = false;
    std::map<std::string, double> staleByCurrency;
    for (const auto& part : build.parts) {
        auto line = lineFor(build, part, options);
        if (line.quoteExpired)
            noteExpiredQuote(cost, build, part, line.quoted);
        if (part.snapshot.category == PartCategory::CloudInstance) {
            // Rented, not bought: priced by the hour and kept out of the purchase total.
            line.hourly = true;
            hasCloud = true;
            if (!line.unitPrice || !isHourly(line.unitPrice->kind)) {
                line.unitPrice.reset();
                cost.missing.push_back(
                    TORCHRIG_MESSAGE("cost", "%1: no hourly price in the file").arg(part.partId));
                cost.lines.push_back(std::move(line));
                continue;
            }
            priceRentedLine(line, cost, part.partId, options);
            cost.lines.push_back(std::move(line));
            continue;
        }
        ownsHardware = true;
        if (line.includedIn = includedIn(build, part); !line.includedIn.empty()) {
            line.unitPrice.reset(); // bought with the server that ships it
            cost.lines.push_back(std::move(line));
            continue;
        }
        if (!line.unitPrice || isHourly(line.unitPrice->kind)) {
            line.unitPrice.reset();
            line.toBeQuoted = true;
            ++cost.toBeQuotedLines;
            cost.missing.push_back(noPurchasePrice(part.partId));
            cost.lines.push_back(std::move(line));
            continue;
        }
        priceBoughtLine(line, cost, staleByCurrency, options);
        cost.lines.push_back(std::move(line));
    }
    setTotals(cost, options, ownsHardware);
    if (cost.totalsByCurrency.size() == 1 && cost.totalsByCurrency.begin()->second > 0)
        cost.staleShare =
            staleByCurrency[cost.totalsByCurrency.begin()->first] / cost.totalsByCurrency.begin()->second;
    if (converted && !options.rates.empty()) {
        // Said apart: the rates the user gave, and the catalog's reference ones used for the rest.
        const bool given = std::any_of(options.rates.begin(), options.rates.end(), [&](const auto& rate) {
            return !options.referenceRateDates.count(rate.first);
        });
        auto& referenceDate = cost.referenceRatesDate;
        for (const auto& line : cost.lines) {
            if (!line.unitPrice || line.currency != options.currency)
                continue; // not priced, or not converted
            const auto reference = options.referenceRateDates.find(line.unitPrice->currency);
            if (reference != options.referenceRateDates.end() &&
                (referenceDate.empty() || reference->second < referenceDate))
                referenceDate = reference->second;
        }
        if (given)
            cost.notes.push_back(
                options.ratesDate.empty()
                    ? TORCHRIG_MESSAGE("cost", "converted at the rates given (undated)")
                    : TORCHRIG_MESSAGE("cost", "converted at the rates given of %1").arg(options.ratesDate));
        if (!referenceDate.empty())
            cost.notes.push_back(referenceRatesNote(referenceDate));
    }
    if (ownsHardware)
        addPowerAndEnergy(cost, build, options);
    if (hasCloud)
        cost.notes.push_back(TORCHRIG_MESSAGE("cost",
                                              "cloud instances are rented: their hourly price is kept "
                                              "out of the purchase total and counted for the hours a "
                                              "day given; their energy is in the price"));
    return cost;
}

} // namespace torchrig::plan
