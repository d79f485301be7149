#pragma once
// What a build costs: each part's price (as its file snapshot has it) times quantity and nodes,
// totals per currency or in one currency at the user's rates, tax and shipping; and what it draws
// and costs to run at the user's hours and electricity price.

#include "plan/build.h"

#include "util/message.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::plan {

// A dated reference rate the catalog ships (the European Central Bank's euro reference rate of a
// day, database/seed/exchange_rates.csv), for a currency the user gave no rate for.
struct ReferenceRate {
    std::string currency; // ISO 4217
    double perEuro = 0;   // units of `currency` for one euro
    std::string date;     // YYYY-MM-DD
    std::string source;
};

struct CostOptions {
    std::string currency;                // convert everything to this (empty: keep each currency)
    std::map<std::string, double> rates; // units of `currency` for one unit of the key currency
    std::string ratesDate;               // when the rates were taken, said with the result
    // The currencies whose rate is the catalog's reference (withReferenceRates), with its date: said
    // apart from the user's.
    std::map<std::string, std::string> referenceRateDates;
    // VAT (or sales tax), percent: added once, to the prices quoted before it; a price that
    // includes it is split at this rate (不含税 / 税额) and not taxed again.
    double taxPercent = 0;
    double shipping = 0; // in `currency` (or the parts' one currency)
    double hoursPerDay = 8;
    double pricePerKwh = 0; // in `currency`; 0: energy cost not counted
    // Idle: the user's figure, measured at the wall (the catalog has no idle draws), and the hours
    // a day the machine is on but not training.
    double idleWattsPerNode = 0;
    double idleHoursPerDay = 0;
    // "YYYY-MM-DD": the day prices are judged old on (older than kStalePriceMonths) and vendors'
    // quotes expired on (valid until before it); empty: none is.
    std::string today;
    // Price a part at its vendor's quote even when the quote has expired (the user says so): by
    // default an expired quote is set aside, the part priced as if it had none, and said.
    bool useExpiredQuotes = false;
    // The purchasing office's rule: a line whose tax-inclusive amount reaches quotesRuleAbove (in
    // `currency`; 0: no rule) needs quotesRequired valid vendor quotes compared (三家比价).
    int quotesRequired = 3;
    double quotesRuleAbove = 0;
};

// Whether a price includes VAT as its market quotes it (含税价): shop prices in China, the EU, the
// UK, Switzerland and Japan do, by law or convention; US prices and a cloud's hourly list prices
// are quoted before tax.
bool includesTaxByMarket(const std::string& currency, PriceKind kind);
// As the quote says, else as a shop price in its currency would.
bool quoteIncludesTax(const VendorQuote& quote);
// An amount as paid: with `taxPercent` added when it was quoted before tax.
double taxInclusive(double amount, bool taxIncluded, double taxPercent);

// How the quotes for one part stand: the one that prices it and why, and how many were compared.
struct QuoteChoice {
    const VendorQuote* quote = nullptr; // null: none valid (or none at all)
    bool usersChoice = false;           // chosen by hand (chosenBecause), else the lowest valid one
    int valid = 0;                      // quotes with an amount, not expired
    int expired = 0;                    // quotes with an amount, past their validity
};
// The user's chosen quote when it is valid, else the lowest valid one by its tax-inclusive amount
// in `options.currency` (a quote whose currency has no rate is compared only when all are in one
// currency); the lowest expired one only when options.useExpiredQuotes says so.
QuoteChoice chooseQuote(const Purchasing& purchasing, const std::string& partId, const CostOptions& options);

struct CostLine {
    std::string partId;
    std::string name;
    int quantity = 0; // all nodes together
    std::optional<Price> unitPrice;
    std::optional<double> unitAmount; // the unit price in `currency`
    std::optional<double> subtotal;   // as priced, in the line's currency (converted when asked)
    std::string currency;
    // Whether its price includes VAT, and the subtotal split once at the options' rate: before tax,
    // the tax, and what is paid (net + tax).
    bool taxIncluded = false;
    std::optional<double> net, tax, gross;
    QuoteChoice quotes;       // the vendor quotes for this part, as they were compared
    bool needsQuotes = false; // fewer valid quotes than the office's rule asks for its amount
    bool hourly = false;      // a cloud instance: the unit price and subtotal are per hour of use
    bool quoted = false;      // the unit price is a vendor's quote (Purchasing), not the catalog's
    bool toBeQuoted = false;  // no price to buy it at: a line the purchasing office asks a vendor for
    bool stale = false;       // its price is older than kStalePriceMonths: ask for a new one
    // Its vendor's quote has expired: set aside (quoted false) or, when asked, used (quoted true).
    bool quoteExpired = false;
    // Bought inside another line of the build (the GPUs a complete server ships with): costed there.
    std::string includedIn;
};

struct BuildCost {
    std::vector<CostLine> lines;
    std::map<std::string, double> totalsByCurrency; // parts only, before tax and shipping
    std::map<std::string, double> taxByCurrency;    // the tax on them, counted once
    int linesNeedingQuotes = 0;                     // below the office's rule (CostLine::needsQuotes)
    std::optional<double> total;                    // one currency: parts + tax + shipping
    std::string currency;
    // The lines that have a price, in one currency, with tax and shipping: what a purchasing office
    // totals while `toBeQuotedLines` wait for a vendor's price (equal to `total` when none wait).
    std::optional<double> knownTotal;
    int toBeQuotedLines = 0;
    // How much of the purchase rests on old prices: the lines whose price is older than
    // kStalePriceMonths, and their share of the priced parts (one currency only).
    int staleLines = 0;
    std::optional<double> staleShare;
    int expiredQuotes = 0; // the lines whose vendor's quote has expired (used or set aside)
    // "1 USD = 7.2000 CNY (2026-11-30)" for each rate a converted line used; the date is the options'.
    std::vector<Message> ratesUsed;
    std::string referenceRatesDate; // the oldest catalog reference rate a line was converted at ("": none)
    std::map<std::string, double> hourlyByCurrency;       // cloud instances: per hour of use, all nodes
    std::map<std::string, double> rentPerMonthByCurrency; // at the hours a day given, 30 days
    std::vector<Message> missing; // parts without a price, or a currency without a rate
    double loadWatts = 0;         // all nodes, at full load: GPUs, CPUs and the platform allowance
    double idleWatts = 0;         // all nodes, the user's figure (0: not given)
    double energyKwhPerMonth = 0; // at load for the hours given, idle for the idle hours, 30 days
    std::optional<double> energyCostPerMonth;
    std::vector<Message> notes;
};

BuildCost costBuild(const Build& build, const CostOptions& options);

// What `missing` says of a part that waits for a vendor's price (the sheet tells it apart).
Message noPurchasePrice(const std::string& partId);

// The options with a rate for every currency of `references` (and the euro) the user gave none for,
// from the references: units of options.currency for one unit of it. Unchanged without a currency
// or when the references lack it.
CostOptions withReferenceRates(CostOptions options, const std::vector<ReferenceRate>& references);

// "converted at the catalog's reference exchange rates (European Central Bank) of DATE …".
Message referenceRatesNote(const std::string& date);

// An amount in `options.currency` (unchanged when no currency is asked or it is already in it);
// none when the rates lack `from`.
std::optional<double> convertMoney(double amount, const std::string& from, const CostOptions& options);

} // namespace torchrig::plan
