#pragma once
// What the user sets once for every build: the currency totals are shown in and its rates from
// USD (most of the catalog's prices) and the other currencies shop prices were seen in, the electricity
// price, hours of training a day and the months a purchase is spread over; the unit memory is shown in, the
// theme and the language. Kept in QSettings.

#include "plan/build_cost.h"
#include "plan/compatibility.h"
#include "plan/market.h"
#include "plan/rent_vs_buy.h"
#include "settings/memory_unit.h"

#include <QLocale>
#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace torchrig::ui {

struct PlanningSettings {
    QString currency = QStringLiteral("USD");
    // Units of `currency` for one USD; 0: not set, the catalog's dated reference rate is used.
    double usdRate = 0;
    // Rates for the catalog's other currencies, "EUR=7.72, CHF=8.10": units of `currency` for one.
    QString otherRates;
    QString ratesDate;      // when the rates were taken
    double pricePerKwh = 0; // in `currency`; 0: energy not counted
    double hoursPerDay = 8;
    double lifetimeMonths = 36;
    // What a purchase adds to the parts' prices, on the build sheet and in the cost of owning.
    double taxPercent = 0;
    double shipping = 0; // in `currency`
    // The purchasing office's rule: a line of quotesRuleAbove (in `currency`; 0: no rule) or more
    // needs quotesRequired valid vendor quotes.
    int quotesRequired = 3;
    double quotesRuleAbove = 0;
    // The lab's sheet template: its institution's name above the title, and the fields its office
    // requires ("项目名称; 存放地点"), each printed with the build's answer (Purchasing) or a line.
    QString sheetInstitution;
    QString sheetFields;
    // One node's wall circuit, which the checks hold the build's draw to.
    // Where the parts are bought: the planner leaves out what is not sold new there.
    plan::Market market = plan::Market::Anywhere;
    double circuitAmps = 15;
    double circuitVolts = 120;
    MemoryUnit memoryUnit = MemoryUnit::GiB;
    QString theme = QStringLiteral("system");    // "system", "light", "dark" (theme.h)
    QString language = QStringLiteral("system"); // "system", "en", "zh_CN" (language.h)
    // A lab's shared database (postgresql://you@host/db), used from the next start; empty: none.
    QString labUrl;

    // What a fresh install starts with where the user is, by the app's locale (installLanguage sets
    // it): in Chinese, mainland China's market, yuan and a mainland socket (GB 1002's 10 A plug on 220 V
    // mains); elsewhere US dollars and a North American one (15 A × 120 V).
    static PlanningSettings defaults(const QLocale& locale = QLocale());
    static PlanningSettings load();
    void save() const;
    // In `currency`, at the user's rates, and for the currencies without one, the catalog's dated
    // reference rates (setCatalogReferenceRates).
    plan::CostOptions costOptions() const;
    plan::WallCircuit circuit() const { return {circuitVolts, circuitAmps}; }
    plan::UsagePlan usagePlan() const;
    // sheetFields' labels, split at ";" (or "；" or a line end), blanks left out.
    std::vector<std::string> requiredFieldLabels() const;
};

// The catalog's reference exchange rates (db::CatalogPackInfo), which costOptions() falls back on: set
// by the main window when it opens the catalog.
void setCatalogReferenceRates(std::vector<plan::ReferenceRate> rates);

// "EUR=7.72, CHF=8.10" as (code, rate) pairs; what does not read as CODE=RATE is left out.
std::vector<std::pair<QString, double>> parseOtherRates(const QString& text);

} // namespace torchrig::ui
