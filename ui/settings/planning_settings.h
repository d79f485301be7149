#pragma once
// What the user sets once for every build: the currency totals are shown in and its rates from
// USD (most of the catalog's prices) and the other currencies shop prices were seen in, the electricity
// price, hours of training a day and the months a purchase is spread over; the unit memory is shown in, the
// theme and the language. Kept in QSettings.

#include "plan/build_cost.h"
#include "plan/rent_vs_buy.h"
#include "settings/memory_unit.h"

#include <QString>

#include <utility>
#include <vector>

namespace torchrig::ui {

struct PlanningSettings {
    QString currency = QStringLiteral("USD");
    double usdRate = 1; // units of `currency` for one USD
    // Rates for the catalog's other currencies, "EUR=7.72, CHF=8.10": units of `currency` for one.
    QString otherRates;
    QString ratesDate;      // when the rates were taken
    double pricePerKwh = 0; // in `currency`; 0: energy not counted
    double hoursPerDay = 8;
    double lifetimeMonths = 36;
    // What a purchase adds to the parts' prices, on the build sheet and in the cost of owning.
    double taxPercent = 0;
    double shipping = 0; // in `currency`
    MemoryUnit memoryUnit = MemoryUnit::GiB;
    QString theme = QStringLiteral("system");    // "system", "light", "dark" (theme.h)
    QString language = QStringLiteral("system"); // "system", "en", "zh_CN" (language.h)

    static PlanningSettings load();
    void save() const;
    plan::CostOptions costOptions() const;
    plan::UsagePlan usagePlan() const;
};

// "EUR=7.72, CHF=8.10" as (code, rate) pairs; what does not read as CODE=RATE is left out.
std::vector<std::pair<QString, double>> parseOtherRates(const QString& text);

} // namespace torchrig::ui
