#pragma once
// Edit ▸ Preferences: the planning settings (currency and its dated rate, electricity price, hours
// a day, months of life).

#include "planning_settings.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QHBoxLayout;
class QSpinBox;
class QLineEdit;

class QLabel;

namespace torchrig::ui {

class CircuitField;

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(const PlanningSettings& settings, QWidget* parent = nullptr);
    PlanningSettings settings() const;

private:
    void setUpDisplayFields(const PlanningSettings& s);
    QHBoxLayout* makeQuotesRuleField(const PlanningSettings& s);
    void addSheetTemplateFields(QFormLayout* form, const PlanningSettings& s);
    QComboBox* makeMarketField(const PlanningSettings& s);
    void warnOfRates(QLabel* rateWarning);

    QLineEdit* m_currency = nullptr;
    QDoubleSpinBox* m_rate = nullptr;
    QLineEdit* m_otherRates = nullptr;
    QLineEdit* m_ratesDate = nullptr;
    QDoubleSpinBox* m_kwh = nullptr;
    QDoubleSpinBox* m_hours = nullptr;
    QDoubleSpinBox* m_months = nullptr;
    QDoubleSpinBox* m_tax = nullptr;
    QDoubleSpinBox* m_shipping = nullptr;
    QSpinBox* m_quotesRequired = nullptr;
    QDoubleSpinBox* m_quotesRuleAbove = nullptr;
    QLineEdit* m_institution = nullptr;
    QLineEdit* m_requiredFields = nullptr;
    CircuitField* m_circuit = nullptr;
    QComboBox* m_memoryUnit = nullptr;
    QComboBox* m_theme = nullptr;
    QComboBox* m_language = nullptr;
    QLineEdit* m_labUrl = nullptr;
    QComboBox* m_market = nullptr;
};

} // namespace torchrig::ui
