#include "planning_settings.h"

#include <QRegularExpression>
#include <QSettings>

namespace torchrig::ui {

namespace {
std::vector<plan::ReferenceRate>& catalogReferenceRates() {
    static std::vector<plan::ReferenceRate> rates;
    return rates;
}
} // namespace

void setCatalogReferenceRates(std::vector<plan::ReferenceRate> rates) {
    catalogReferenceRates() = std::move(rates);
}

PlanningSettings PlanningSettings::defaults(const QLocale& locale) {
    PlanningSettings p;
    if (locale.language() == QLocale::Chinese) {
        p.currency = QStringLiteral("CNY");
        p.market = plan::Market::MainlandChina;
        p.circuitAmps = 10;
        p.circuitVolts = 220;
    }
    return p;
}

PlanningSettings PlanningSettings::load() {
    QSettings s;
    PlanningSettings p = defaults();
    p.currency = s.value(QStringLiteral("planning/currency"), p.currency).toString();
    p.usdRate = s.value(QStringLiteral("planning/usdRate"), p.usdRate).toDouble();
    p.otherRates = s.value(QStringLiteral("planning/otherRates")).toString();
    p.ratesDate = s.value(QStringLiteral("planning/ratesDate")).toString();
    p.pricePerKwh = s.value(QStringLiteral("planning/pricePerKwh"), p.pricePerKwh).toDouble();
    p.hoursPerDay = s.value(QStringLiteral("planning/hoursPerDay"), p.hoursPerDay).toDouble();
    p.lifetimeMonths = s.value(QStringLiteral("planning/lifetimeMonths"), p.lifetimeMonths).toDouble();
    p.taxPercent = s.value(QStringLiteral("planning/taxPercent"), p.taxPercent).toDouble();
    p.shipping = s.value(QStringLiteral("planning/shipping"), p.shipping).toDouble();
    p.quotesRequired = s.value(QStringLiteral("purchasing/quotesRequired"), p.quotesRequired).toInt();
    p.quotesRuleAbove = s.value(QStringLiteral("purchasing/quotesRuleAbove"), p.quotesRuleAbove).toDouble();
    p.sheetInstitution = s.value(QStringLiteral("sheet/institution")).toString();
    p.sheetFields = s.value(QStringLiteral("sheet/requiredFields")).toString();
    p.market =
        enumFromName(plan::kMarketNames, s.value(QStringLiteral("planning/market")).toString().toStdString())
            .value_or(p.market);
    p.circuitAmps = s.value(QStringLiteral("planning/circuitAmps"), p.circuitAmps).toDouble();
    p.circuitVolts = s.value(QStringLiteral("planning/circuitVolts"), p.circuitVolts).toDouble();
    p.memoryUnit = memoryUnitFromId(s.value(QStringLiteral("display/memoryUnit")).toString());
    p.theme = s.value(QStringLiteral("display/theme"), p.theme).toString();
    p.language = s.value(QStringLiteral("display/language"), p.language).toString();
    p.labUrl = s.value(QStringLiteral("lab/url")).toString();
    return p;
}

void PlanningSettings::save() const {
    QSettings s;
    s.setValue(QStringLiteral("planning/currency"), currency);
    s.setValue(QStringLiteral("planning/usdRate"), usdRate);
    s.setValue(QStringLiteral("planning/otherRates"), otherRates);
    s.setValue(QStringLiteral("planning/ratesDate"), ratesDate);
    s.setValue(QStringLiteral("planning/pricePerKwh"), pricePerKwh);
    s.setValue(QStringLiteral("planning/hoursPerDay"), hoursPerDay);
    s.setValue(QStringLiteral("planning/lifetimeMonths"), lifetimeMonths);
    s.setValue(QStringLiteral("planning/taxPercent"), taxPercent);
    s.setValue(QStringLiteral("planning/shipping"), shipping);
    s.setValue(QStringLiteral("purchasing/quotesRequired"), quotesRequired);
    s.setValue(QStringLiteral("purchasing/quotesRuleAbove"), quotesRuleAbove);
    s.setValue(QStringLiteral("sheet/institution"), sheetInstitution);
    s.setValue(QStringLiteral("sheet/requiredFields"), sheetFields);
    s.setValue(QStringLiteral("planning/market"), QString::fromUtf8(enumName(plan::kMarketNames, market)));
    s.setValue(QStringLiteral("planning/circuitAmps"), circuitAmps);
    s.setValue(QStringLiteral("planning/circuitVolts"), circuitVolts);
    s.setValue(QStringLiteral("display/memoryUnit"), memoryUnitId(memoryUnit));
    s.setValue(QStringLiteral("display/theme"), theme);
    s.setValue(QStringLiteral("display/language"), language);
    s.setValue(QStringLiteral("lab/url"), labUrl);
}

plan::CostOptions PlanningSettings::costOptions() const {
    plan::CostOptions o;
    o.currency = currency.toStdString();
    if (currency != QStringLiteral("USD") && usdRate > 0)
        o.rates["USD"] = usdRate;
    for (const auto& [code, rate] : parseOtherRates(otherRates))
        if (code != currency)
            o.rates[code.toStdString()] = rate;
    o.ratesDate = ratesDate.toStdString();
    o.pricePerKwh = pricePerKwh;
    o.hoursPerDay = hoursPerDay;
    o.taxPercent = taxPercent;
    o.shipping = shipping;
    o.quotesRequired = quotesRequired;
    o.quotesRuleAbove = quotesRuleAbove;
    return plan::withReferenceRates(o, catalogReferenceRates());
}

std::vector<std::string> PlanningSettings::requiredFieldLabels() const {
    std::vector<std::string> labels;
    static const QRegularExpression separators(QStringLiteral("[;；\\n]"));
    for (const auto& label : sheetFields.split(separators, Qt::SkipEmptyParts))
        if (const auto trimmed = label.trimmed(); !trimmed.isEmpty())
            labels.push_back(trimmed.toStdString());
    return labels;
}

std::vector<std::pair<QString, double>> parseOtherRates(const QString& text) {
    std::vector<std::pair<QString, double>> rates;
    static const QRegularExpression item(QStringLiteral("([A-Z]{3})\\s*=\\s*([0-9]+(?:\\.[0-9]+)?)"));
    for (auto match = item.globalMatch(text); match.hasNext();) {
        const auto found = match.next();
        if (const double rate = found.captured(2).toDouble(); rate > 0)
            rates.emplace_back(found.captured(1), rate);
    }
    return rates;
}

plan::UsagePlan PlanningSettings::usagePlan() const {
    plan::UsagePlan u;
    u.lifetimeMonths = lifetimeMonths;
    return u;
}

} // namespace torchrig::ui
