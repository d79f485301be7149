#include "plan/sheet_purchasing.h"

#include "plan/chinese_amount.h"
#include "plan/part_specification.h"
#include "plan/price_standing.h"
#include "plan/sheet_money.h"
#include "util/printed.h"
#include "util/utf8_text.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace torchrig::plan {

namespace {

// One currency for the whole table when every priced line is in it (the asked one, or the parts'
// only one): the columns' headers name it and the cells hold numbers; else each cell names its own.
std::string tableCurrency(const BuildCost& cost) {
    std::string currency;
    for (const auto& line : cost.lines) {
        if (!line.subtotal)
            continue;
        if (!currency.empty() && line.currency != currency)
            return {};
        currency = line.currency;
    }
    return currency.empty() ? cost.currency : currency;
}

const BuildPart* findPart(const Build& build, const std::string& partId) {
    for (const auto& p : build.parts)
        if (p.partId == partId)
            return &p;
    return nullptr;
}

const CostLine* findLine(const BuildCost& cost, const std::string& partId) {
    for (const auto& line : cost.lines)
        if (line.partId == partId)
            return &line;
    return nullptr;
}

// A catalog source as a purchasing office reads it: where it was seen, up to the first detail in
// brackets or after a semicolon (the whole source is in the CSV and JSON, and in the catalog).
std::string shortSource(const std::string& source) {
    auto end = std::min(source.find(" ("), source.find("; "));
    return textExcerpt(std::string_view(source).substr(0, end), 90);
}

std::string taxBasis(bool included, const Words& w) {
    return w(included ? "tax incl." : "before tax");
}

std::string priceSource(const CostLine& line, const CostOptions& options, const Words& w) {
    const auto& price = *line.unitPrice;
    const std::string basis = options.taxPercent > 0 ? " · " + taxBasis(line.taxIncluded, w) : "";
    if (line.quoted) {
        std::string why;
        if (line.quotes.usersChoice)
            why = " · " + withArgument(w("chosen: %1"), line.quotes.quote->chosenBecause);
        else if (line.quotes.valid > 1)
            why = " · " + withArgument(w("lowest of %1 valid quotes"), std::to_string(line.quotes.valid));
        return w("quote") + ": " + price.source + (price.date.empty() ? "" : ", " + price.date) +
               (line.quoteExpired ? " (" + w("expired") + ")" : "") + why + basis;
    }
    // An old price's label names its date already.
    return (line.stale ? stalePriceLabel(price, w) : price.date) +
           (price.source.empty() ? "" : " · " + shortSource(price.source)) + basis;
}

// The lines under the table: the parts before tax, the tax once, shipping, the total with its
// capitals on a Chinese sheet priced in CNY.
void addTotals(SheetTable& table, const BuildCost& cost, const CostOptions& options, SheetLanguage language,
               const std::string& currency, const Words& w) {
    const bool taxed = options.taxPercent > 0;
    for (const auto& [lineCurrency, amount] : cost.totalsByCurrency)
        table.totals.push_back(w(cost.toBeQuotedLines > 0 ? "Priced parts"
                                 : taxed                  ? "Parts before tax"
                                                          : "Parts") +
                               ": " + sheetMoney(amount, lineCurrency));
    if (cost.toBeQuotedLines > 0)
        table.totals.push_back(w("To be quoted") + ": " + std::to_string(cost.toBeQuotedLines) + " " +
                               w(cost.toBeQuotedLines == 1 ? "line" : "lines"));
    for (const auto& [taxCurrency, amount] : cost.taxByCurrency)
        if (taxed)
            table.totals.push_back(w("Tax") + printed(" (%g %%)", options.taxPercent) + ": " +
                                   sheetMoney(amount, taxCurrency));
    if (options.shipping > 0) // in the total's currency: the one asked, or the parts' only one
        table.totals.push_back(w("Shipping") + ": " + sheetMoney(options.shipping, currency));
    if (cost.total) { // one currency and every part priced: parts, tax and shipping
        table.totals.push_back(w(taxed ? "Total incl. tax" : "Total") + ": " +
                               sheetMoney(*cost.total, cost.currency));
        // A Chinese office's form carries the total in capitals too (大写金额); an English one does not.
        if (language == SheetLanguage::Chinese && cost.currency == "CNY")
            if (const auto capitals = chineseCapitalAmount(*cost.total))
                table.totals.push_back(w("Total in capitals") + ": " + *capitals);
    } else if (cost.knownTotal) {
        table.totals.push_back(w("Total of the priced lines") + ": " +
                               sheetMoney(*cost.knownTotal, cost.currency) + " + " +
                               std::to_string(cost.toBeQuotedLines) + " " +
                               w(cost.toBeQuotedLines == 1 ? "line to be quoted" : "lines to be quoted"));
    } else if (cost.totalsByCurrency.size() > 1) {
        table.totals.push_back(
            w("Total") + ": " +
            w("the prices are in several currencies: choose one and its rate in Preferences"));
    }
}

} // namespace

SheetTable componentsTable(const Build& build, const BuildCost& cost, const CostOptions& options,
                           SheetLanguage language, const Words& w) {
    const auto currency = tableCurrency(cost);
    const bool taxed = options.taxPercent > 0;
    const auto inCurrency = [&](const std::string& label) {
        return currency.empty() ? w(label) : w(label) + " (" + currency + ")";
    };
    auto amountText = [&](double amount, const std::string& lineCurrency) {
        return currency.empty() || lineCurrency != currency ? sheetMoney(amount, lineCurrency)
                                                            : groupedAmount(amount);
    };
    auto table = taxed ? SheetTable::headed({w("Part"), w("Specification"), w("Unit"), w("Qty"),
                                             inCurrency("Unit price incl. tax"), inCurrency("Before tax"),
                                             inCurrency("Tax"), inCurrency("Amount incl. tax"),
                                             w("Price date and source")},
                                            {2.0, 1.8, 0.9, 0.6, 1.3, 1.3, 1.15, 1.35, 1.9},
                                            {false, false, false, true, true, true, true, true, false})
                       : SheetTable::headed({w("Part"), w("Specification"), w("Unit"), w("Qty"),
                                             inCurrency("Unit price"), inCurrency("Subtotal"),
                                             w("Price date and source")},
                                            {2.8, 2.1, 0.9, 0.65, 1.3, 1.35, 2.4},
                                            {false, false, false, true, true, true, false});
    for (const auto& line : cost.lines) {
        const auto* part = findPart(build, line.partId);
        std::string unit = line.toBeQuoted ? w("to be quoted") : w("no price"), sourced, subtotal = unit;
        std::string net, tax;
        if (!line.includedIn.empty()) {
            const auto* server = findPart(build, line.includedIn);
            unit = subtotal =
                withArgument(w("included in %1"), server ? server->snapshot.name : line.includedIn);
        }
        const std::string perHour = line.hourly ? " " + w("per hour") : std::string();
        if (line.unitPrice && line.unitAmount) {
            const auto unitCurrency = line.subtotal ? line.currency : line.unitPrice->currency;
            const double unitPaid = taxed && !line.hourly
                                        ? taxInclusive(*line.unitAmount, line.taxIncluded, options.taxPercent)
                                        : *line.unitAmount;
            unit = amountText(unitPaid, unitCurrency) + perHour;
            sourced = priceSource(line, options, w);
        }
        if (line.subtotal) {
            const bool split = taxed && line.gross && !line.hourly;
            subtotal = amountText(split ? *line.gross : *line.subtotal, line.currency) + perHour;
            if (split) {
                net = amountText(*line.net, line.currency);
                tax = amountText(*line.tax, line.currency);
            }
        }
        std::vector<std::string> row = {line.name, part ? partSpecification(part->snapshot) : std::string(),
                                        part ? w(unitOfMeasure(part->snapshot.category)) : std::string(),
                                        std::to_string(line.quantity), unit};
        if (taxed) {
            row.push_back(net);
            row.push_back(tax);
        }
        row.push_back(subtotal);
        row.push_back(sourced);
        table.rows.push_back(std::move(row));
    }
    addTotals(table, cost, options, language, currency, w);
    if (const auto budget = budgetLine(build.purchasing, cost, options, w))
        table.totals.push_back(*budget);
    for (const auto& rate : cost.ratesUsed)
        table.totals.push_back(w("Exchange rate") + ": " + rate.text(w.translate()));
    for (const auto& [hourCurrency, amount] : cost.hourlyByCurrency)
        table.totals.push_back(w("per hour") + ": " + sheetMoney(amount, hourCurrency));
    return table;
}

std::optional<std::string> budgetLine(const Purchasing& buying, const BuildCost& cost,
                                      const CostOptions& options, const Words& w) {
    if (buying.budget <= 0)
        return std::nullopt;
    const auto stated = w("Budget") + ": " + sheetMoney(buying.budget, buying.budgetCurrency);
    if (!cost.total || cost.currency.empty())
        return stated; // nothing to hold it against yet
    std::optional<double> budget = buying.budget;
    if (buying.budgetCurrency != cost.currency) {
        const auto rate = options.rates.find(buying.budgetCurrency);
        budget = cost.currency == options.currency && rate != options.rates.end()
                     ? std::optional(buying.budget * rate->second)
                     : std::nullopt;
    }
    if (!budget)
        return stated;
    const double remaining = *budget - *cost.total;
    return fillArguments(
        w(remaining >= 0 ? "Budget %1, total %2, remaining %3" : "Budget %1, total %2, over by %3"),
        {sheetMoney(*budget, cost.currency), sheetMoney(*cost.total, cost.currency),
         sheetMoney(std::fabs(remaining), cost.currency)});
}

namespace {

std::string quoteStatus(const VendorQuote& quote, const CostLine* line, const CostOptions& options,
                        const Words& w) {
    if (!line)
        return {};
    if (line->quotes.quote == &quote) {
        if (line->quotes.usersChoice)
            return withArgument(w("used: chosen by the requester — %1"), quote.chosenBecause);
        return w(quoteExpired(quote, options.today) ? "used although expired, as asked"
                                                    : "used: the lowest valid quote");
    }
    if (quote.amount <= 0)
        return w("no amount: not used");
    if (quoteExpired(quote, options.today))
        return withArgument(w("expired on %1: not used"), quote.validUntil);
    return w("not used");
}

} // namespace

SheetSection quotesComparedSection(const Build& build, const BuildCost& cost, const CostOptions& options,
                                   const Words& w) {
    SheetSection out;
    out.heading = w("Quotes compared");
    if (options.quotesRuleAbove > 0 && !options.currency.empty())
        out.paragraphs.push_back(fillArguments(
            w("The purchasing office's rule: %1 valid quotes for a line of %2 and above (tax included)."),
            {std::to_string(options.quotesRequired), sheetMoney(options.quotesRuleAbove, options.currency)}));
    out.paragraphs.push_back(
        w("The lowest valid quote, with its tax, prices its part unless another was chosen "
          "with a reason; expired quotes and quotes without an amount are never used."));
    auto table = SheetTable::headed({w("Part"), w("Vendor"), w("Amount"), w("VAT"), w("Date"),
                                     w("Valid until"), w("Reference"), w("Status")},
                                    {1.5, 1.2, 1.55, 0.8, 1.55, 1.55, 1.5, 1.9},
                                    {false, false, true, false, false, false, false, false});
    auto addRows = [&](const std::string& partId, const std::string& label, const CostLine* line) {
        bool first = true;
        for (const auto& q : build.purchasing.quotes) {
            if (q.partId != partId)
                continue;
            table.rows.push_back({first ? label : std::string(), q.vendor,
                                  q.amount > 0 ? sheetMoney(q.amount, q.currency) : std::string("—"),
                                  taxBasis(quoteIncludesTax(q), w), q.date, q.validUntil, q.reference,
                                  quoteStatus(q, line, options, w)});
            first = false;
        }
    };
    for (const auto& part : build.parts)
        addRows(part.partId, part.snapshot.name, findLine(cost, part.partId));
    addRows({}, w("the whole build"), nullptr);
    std::set<std::string> orphans; // quotes for a part no longer in the build
    for (const auto& q : build.purchasing.quotes)
        if (!q.partId.empty() && !findPart(build, q.partId) && orphans.insert(q.partId).second)
            addRows(q.partId, q.partId, nullptr);
    for (const auto& line : cost.lines)
        if (line.needsQuotes)
            table.totals.push_back(fillArguments(
                w("%1: %2 valid quotes; the rule asks for %3"),
                {line.name, std::to_string(line.quotes.valid), std::to_string(options.quotesRequired)}));
    out.startsPage = !table.rows.empty(); // a page of its own, as the office files it
    while (table.rows.size() < 3)         // room to write quotes in by hand
        table.rows.push_back(std::vector<std::string>(8));
    out.tables.push_back(std::move(table));
    return out;
}

} // namespace torchrig::plan
