#include "settings_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QRegularExpressionValidator>

namespace torchrig::ui {

SettingsDialog::SettingsDialog(const PlanningSettings& s, QWidget* parent)
    : QDialog(parent)
    , m_currency(new QLineEdit(s.currency, this))
    , m_rate(new QDoubleSpinBox(this))
    , m_ratesDate(new QLineEdit(s.ratesDate, this))
    , m_kwh(new QDoubleSpinBox(this))
    , m_hours(new QDoubleSpinBox(this))
    , m_months(new QDoubleSpinBox(this)) {
    setWindowTitle(tr("Preferences"));
    m_currency->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Z]{3}")), this));
    m_currency->setAccessibleName(tr("Currency"));
    m_rate->setRange(0.0001, 1e6);
    m_rate->setDecimals(4);
    m_rate->setValue(s.usdRate);
    m_ratesDate->setPlaceholderText(tr("YYYY-MM-DD"));
    m_kwh->setRange(0, 100);
    m_kwh->setDecimals(3);
    m_kwh->setValue(s.pricePerKwh);
    m_hours->setRange(0, 24);
    m_hours->setValue(s.hoursPerDay);
    m_months->setRange(1, 240);
    m_months->setValue(s.lifetimeMonths);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Currency (ISO 4217):"), m_currency);
    form->addRow(tr("&Rate: units for one USD:"), m_rate);
    form->addRow(tr("Rate &taken on:"), m_ratesDate);
    form->addRow(tr("&Electricity price per kWh:"), m_kwh);
    form->addRow(tr("&Hours of training a day:"), m_hours);
    form->addRow(tr("&Months the purchase is spread over:"), m_months);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    form->addRow(buttons);
}

PlanningSettings SettingsDialog::settings() const {
    PlanningSettings s;
    s.currency = m_currency->text().isEmpty() ? QStringLiteral("USD") : m_currency->text();
    s.usdRate = s.currency == QStringLiteral("USD") ? 1 : m_rate->value();
    s.ratesDate = m_ratesDate->text();
    s.pricePerKwh = m_kwh->value();
    s.hoursPerDay = m_hours->value();
    s.lifetimeMonths = m_months->value();
    return s;
}

} // namespace torchrig::ui
