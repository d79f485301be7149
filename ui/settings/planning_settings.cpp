#include "planning_settings.h"

#include <QSettings>

namespace torchrig::ui {

PlanningSettings PlanningSettings::load() {
    QSettings s;
    PlanningSettings p;
    p.currency = s.value(QStringLiteral("planning/currency"), p.currency).toString();
    p.usdRate = s.value(QStringLiteral("planning/usdRate"), p.usdRate).toDouble();
    p.ratesDate = s.value(QStringLiteral("planning/ratesDate")).toString();
    p.pricePerKwh = s.value(QStringLiteral("planning/pricePerKwh"), p.pricePerKwh).toDouble();
    p.hoursPerDay = s.value(QStringLiteral("planning/hoursPerDay"), p.hoursPerDay).toDouble();
    p.lifetimeMonths = s.value(QStringLiteral("planning/lifetimeMonths"), p.lifetimeMonths).toDouble();
    p.taxPercent = s.value(QStringLiteral("planning/taxPercent"), p.taxPercent).toDouble();
    p.shipping = s.value(QStringLiteral("planning/shipping"), p.shipping).toDouble();
    p.memoryUnit = memoryUnitFromId(s.value(QStringLiteral("display/memoryUnit")).toString());
    p.theme = s.value(QStringLiteral("display/theme"), p.theme).toString();
    return p;
}

void PlanningSettings::save() const {
    QSettings s;
    s.setValue(QStringLiteral("planning/currency"), currency);
    s.setValue(QStringLiteral("planning/usdRate"), usdRate);
    s.setValue(QStringLiteral("planning/ratesDate"), ratesDate);
    s.setValue(QStringLiteral("planning/pricePerKwh"), pricePerKwh);
    s.setValue(QStringLiteral("planning/hoursPerDay"), hoursPerDay);
    s.setValue(QStringLiteral("planning/lifetimeMonths"), lifetimeMonths);
    s.setValue(QStringLiteral("planning/taxPercent"), taxPercent);
    s.setValue(QStringLiteral("planning/shipping"), shipping);
    s.setValue(QStringLiteral("display/memoryUnit"), memoryUnitId(memoryUnit));
    s.setValue(QStringLiteral("display/theme"), theme);
}

plan::CostOptions PlanningSettings::costOptions() const {
    plan::CostOptions o;
    o.currency = currency.toStdString();
    if (currency != QStringLiteral("USD"))
        o.rates["USD"] = usdRate;
    o.ratesDate = ratesDate.toStdString();
    o.pricePerKwh = pricePerKwh;
    o.hoursPerDay = hoursPerDay;
    o.taxPercent = taxPercent;
    o.shipping = shipping;
    return o;
}

plan::UsagePlan PlanningSettings::usagePlan() const {
    plan::UsagePlan u;
    u.lifetimeMonths = lifetimeMonths;
    return u;
}

} // namespace torchrig::ui
