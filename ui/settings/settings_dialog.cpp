#include "settings_dialog.h"

#include "circuit_field.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QSpinBox>

#include <algorithm>

namespace torchrig::ui {

SettingsDialog::SettingsDialog(const PlanningSettings& s, QWidget* parent)
    : QDialog(parent)
    , m_currency(new QLineEdit(s.currency, this))
    , m_rate(new QDoubleSpinBox(this))
    , m_otherRates(new QLineEdit(s.otherRates, this))
    , m_ratesDate(new QLineEdit(s.ratesDate, this))
    , m_kwh(new QDoubleSpinBox(this))
    , m_hours(new QDoubleSpinBox(this))
    , m_months(new QDoubleSpinBox(this))
    , m_tax(new QDoubleSpinBox(this))
    , m_shipping(new QDoubleSpinBox(this))
    , m_memoryUnit(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_language(new QComboBox(this))
    , m_labUrl(new QLineEdit(s.labUrl, this)) {
    setWindowTitle(tr("Preferences"));
    m_currency->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Z]{3}")), this));
    m_currency->setAccessibleName(tr("Currency"));
    m_rate->setRange(0, 1e6);
    m_rate->setDecimals(4);
    // 0: none of the user's; the catalog's dated reference rate converts, and every total says so.
    m_rate->setSpecialValueText(tr("the catalog's reference rate"));
    m_rate->setValue(s.usdRate);
    m_otherRates->setPlaceholderText(tr("EUR=7.72, CHF=8.10"));
    m_otherRates->setValidator(new QRegularExpressionValidator(
        QRegularExpression(
            QStringLiteral("([A-Z]{3}=[0-9]+(\\.[0-9]+)?)?([ ,]+[A-Z]{3}=[0-9]+(\\.[0-9]+)?)*[ ,]*")),
        this));
    m_otherRates->setAccessibleName(tr("Rates for other currencies"));
    m_otherRates->setToolTip(
        tr("Some shop prices in the catalog are in euros, Swiss francs or yuan: the units "
           "of your currency for one of each, so that every price counts in the total"));
    m_ratesDate->setPlaceholderText(tr("YYYY-MM-DD"));
    m_ratesDate->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("\\d{4}-\\d{2}-\\d{2}")), this));
    m_kwh->setRange(0, 100);
    m_kwh->setDecimals(3);
    m_kwh->setValue(s.pricePerKwh);
    m_hours->setRange(0, 24);
    m_hours->setValue(s.hoursPerDay);
    m_months->setRange(1, 240);
    m_months->setValue(s.lifetimeMonths);
    m_tax->setRange(0, 100);
    m_tax->setDecimals(2);
    m_tax->setSuffix(QStringLiteral(" %"));
    m_tax->setValue(s.taxPercent);
    m_tax->setAccessibleName(tr("Sales tax or VAT on the parts"));
    m_shipping->setRange(0, 1e7);
    m_shipping->setDecimals(2);
    m_shipping->setValue(s.shipping);
    m_shipping->setAccessibleName(tr("Shipping, in the currency above"));
    setUpDisplayFields(s);
    m_rate->setAccessibleName(tr("Rate: units for one USD"));
    m_ratesDate->setAccessibleName(tr("Rate taken on"));
    m_kwh->setAccessibleName(tr("Electricity price per kWh"));
    m_hours->setAccessibleName(tr("Hours of training a day"));
    m_months->setAccessibleName(tr("Months the purchase is spread over"));
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Currency (ISO 4217):"), m_currency);
    form->addRow(tr("&Rate: units for one USD:"), m_rate);
    form->addRow(tr("&Other currencies' rates:"), m_otherRates);
    form->addRow(tr("Rates &taken on:"), m_ratesDate);
    auto* rateWarning = new QLabel(this);
    rateWarning->setWordWrap(true);
    rateWarning->setObjectName(QStringLiteral("rateWarning"));
    form->addRow(QString(), rateWarning);
    form->addRow(tr("&Electricity price per kWh:"), m_kwh);
    auto* energyNote = new QLabel(tr("0: energy is not counted, and owning looks cheaper than it is"), this);
    energyNote->setWordWrap(true);
    form->addRow(QString(), energyNote);
    form->addRow(tr("&Hours of training a day:"), m_hours);
    form->addRow(tr("&Months the purchase is spread over:"), m_months);
    form->addRow(tr("Sales ta&x or VAT on the parts:"), m_tax);
    form->addRow(tr("&Shipping, in the currency above:"), m_shipping);
    form->addRow(tr("Quotes compared:"), makeQuotesRuleField(s));
    addSheetTemplateFields(form, s);
    m_circuit = new CircuitField(s.circuit(), this);
    form->addRow(tr("Wall ci&rcuit:"), m_circuit);
    form->addRow(tr("&Buy the parts in:"), makeMarketField(s));
    form->addRow(tr("Show memory &in:"), m_memoryUnit);
    form->addRow(tr("Th&eme (at the next start):"), m_theme);
    form->addRow(tr("&Language (at the next start):"), m_language);
    form->addRow(tr("La&b database (at the next start):"), m_labUrl);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    warnOfRates(rateWarning);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

// What the sheet will print about the rate, said before it is printed.
void SettingsDialog::warnOfRates(QLabel* rateWarning) {
    auto checkRate = [this, rateWarning] {
        const bool usd = m_currency->text().isEmpty() || m_currency->text() == QStringLiteral("USD");
        m_rate->setEnabled(!usd);
        m_ratesDate->setEnabled(!usd);
        QString warning;
        if (!usd && m_rate->value() == 0)
            warning = QString(); // the catalog's dated reference rate, said with every total
        else if (!usd && m_rate->value() == 1.0)
            warning = tr("A rate of 1 from USD to %1 is the default, not a rate: type the day's rate.")
                          .arg(m_currency->text());
        else if (!usd && m_ratesDate->text().isEmpty())
            warning = tr("No date for the rate: totals and the sheet will say the rate is undated.");
        rateWarning->setText(warning);
        rateWarning->setVisible(!warning.isEmpty());
    };
    connect(m_currency, &QLineEdit::textChanged, this, checkRate);
    connect(m_rate, &QDoubleSpinBox::valueChanged, this, checkRate);
    connect(m_ratesDate, &QLineEdit::textChanged, this, checkRate);
    checkRate();
}

// The purchasing office's rule on quotes: so many valid ones for a line of so much or more.
QHBoxLayout* SettingsDialog::makeQuotesRuleField(const PlanningSettings& s) {
    m_quotesRequired = new QSpinBox(this);
    m_quotesRequired->setRange(1, 10);
    m_quotesRequired->setValue(s.quotesRequired);
    m_quotesRequired->setAccessibleName(tr("Quotes a line needs"));
    m_quotesRuleAbove = new QDoubleSpinBox(this);
    m_quotesRuleAbove->setRange(0, 1e12);
    m_quotesRuleAbove->setDecimals(2);
    m_quotesRuleAbove->setGroupSeparatorShown(true);
    m_quotesRuleAbove->setSpecialValueText(tr("no rule"));
    m_quotesRuleAbove->setValue(s.quotesRuleAbove);
    m_quotesRuleAbove->setAccessibleName(tr("For a line of, with tax, in the currency above"));
    m_quotesRuleAbove->setToolTip(tr("Your purchasing office's rule (三家比价): the sheet marks a line at "
                                     "this amount or above with fewer valid quotes"));
    auto* rule = new QHBoxLayout;
    rule->addWidget(m_quotesRequired);
    rule->addWidget(new QLabel(tr("valid quotes for a line of"), this));
    rule->addWidget(m_quotesRuleAbove, 1);
    return rule;
}

// The lab's sheet template: the institution above the title, the fields its office requires.
void SettingsDialog::addSheetTemplateFields(QFormLayout* form, const PlanningSettings& s) {
    m_institution = new QLineEdit(s.sheetInstitution, this);
    m_institution->setMaxLength(200);
    m_institution->setPlaceholderText(tr("printed above the sheet's title"));
    m_institution->setAccessibleName(tr("Institution on the sheet"));
    m_requiredFields = new QLineEdit(s.sheetFields, this);
    m_requiredFields->setMaxLength(1000);
    m_requiredFields->setPlaceholderText(tr("e.g. Project; Room; Purpose (separated by ;)"));
    m_requiredFields->setAccessibleName(tr("Fields your office requires"));
    m_requiredFields->setToolTip(tr("Each is asked in the Purchasing dock and printed on the sheet, with "
                                    "the build's answer or a line to write one in"));
    form->addRow(tr("Instit&ution on the sheet:"), m_institution);
    form->addRow(tr("Fields your office re&quires:"), m_requiredFields);
}

// Where the parts are bought: the planner leaves out what is not sold new there.
QComboBox* SettingsDialog::makeMarketField(const PlanningSettings& s) {
    m_market = new QComboBox(this);
    m_market->addItem(tr("Mainland China"),
                      QString::fromUtf8(enumName(plan::kMarketNames, plan::Market::MainlandChina)));
    m_market->addItem(tr("Anywhere else"),
                      QString::fromUtf8(enumName(plan::kMarketNames, plan::Market::Anywhere)));
    m_market->setCurrentIndex(s.market == plan::Market::MainlandChina ? 0 : 1);
    m_market->setAccessibleName(tr("Where the parts are bought"));
    m_market->setToolTip(tr("The planner leaves out the GPUs not sold new there (in mainland China: those "
                            "the US export rules keep out, such as the RTX 4090; the 4090 D is sold)"));
    return m_market;
}

// How the app shows things: the memory unit, the theme and the language.
void SettingsDialog::setUpDisplayFields(const PlanningSettings& s) {
    m_memoryUnit->addItem(tr("GiB (2^30 bytes, as PyTorch and nvidia-smi report)"),
                          memoryUnitId(MemoryUnit::GiB));
    m_memoryUnit->addItem(tr("GB (10^9 bytes, as spec sheets print)"), memoryUnitId(MemoryUnit::GB));
    m_memoryUnit->setCurrentIndex(std::max(0, m_memoryUnit->findData(memoryUnitId(s.memoryUnit))));
    m_memoryUnit->setAccessibleName(tr("Memory unit"));
    m_theme->addItem(tr("The system's"), QStringLiteral("system"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(s.theme)));
    m_theme->setAccessibleName(tr("Theme"));
    m_theme->setToolTip(tr("Takes effect at the next start (--theme and TORCHRIG_THEME come first)"));
    // Each language in its own words, so that a reader finds theirs whichever is shown.
    m_language->addItem(tr("The system's"), QStringLiteral("system"));
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_language->setCurrentIndex(std::max(0, m_language->findData(s.language)));
    m_language->setAccessibleName(tr("Language"));
    m_language->setToolTip(tr("Takes effect at the next start (--lang and TORCHRIG_LANG come first)"));
    m_labUrl->setPlaceholderText(tr("none, or postgresql://you@host/torchrig_lab"));
    m_labUrl->setAccessibleName(tr("Lab database"));
    m_labUrl->setToolTip(
        tr("Your lab's PostgreSQL database: its prices, quotes, validation runs and calibrations "
           "are used and written. The password comes from ~/.pgpass, never from TorchRig's "
           "settings. Takes effect at the next start (--lab and TORCHRIG_LAB come first)"));
}

PlanningSettings SettingsDialog::settings() const {
    PlanningSettings s;
    s.currency = m_currency->text().isEmpty() ? QStringLiteral("USD") : m_currency->text();
    s.usdRate = s.currency == QStringLiteral("USD") ? 0 : m_rate->value();
    s.market = enumFromName(plan::kMarketNames, m_market->currentData().toString().toStdString())
                   .value_or(plan::Market::Anywhere);
    s.circuitAmps = m_circuit->circuit().amps;
    s.circuitVolts = m_circuit->circuit().volts;
    s.otherRates = m_otherRates->text().trimmed();
    s.ratesDate = m_ratesDate->text();
    s.pricePerKwh = m_kwh->value();
    s.hoursPerDay = m_hours->value();
    s.lifetimeMonths = m_months->value();
    s.taxPercent = m_tax->value();
    s.shipping = m_shipping->value();
    s.quotesRequired = m_quotesRequired->value();
    s.quotesRuleAbove = m_quotesRuleAbove->value();
    s.sheetInstitution = m_institution->text().trimmed();
    s.sheetFields = m_requiredFields->text().trimmed();
    s.memoryUnit = memoryUnitFromId(m_memoryUnit->currentData().toString());
    s.theme = m_theme->currentData().toString();
    s.language = m_language->currentData().toString();
    s.labUrl = m_labUrl->text().trimmed();
    return s;
}

} // namespace torchrig::ui
