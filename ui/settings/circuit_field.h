#pragma once
// One node's wall circuit as the user gives it, amperes × volts: in Preferences and in the plan
// dialog, the same field.

#include "plan/compatibility.h"

#include <QWidget>

class QDoubleSpinBox;

namespace torchrig::ui {

class CircuitField : public QWidget {
    Q_OBJECT
public:
    explicit CircuitField(plan::WallCircuit circuit, QWidget* parent = nullptr);

    plan::WallCircuit circuit() const;
    void setCircuit(plan::WallCircuit circuit);
    // What a label's mnemonic focuses.
    QDoubleSpinBox* ampsBox() const { return m_amps; }

private:
    QDoubleSpinBox* m_amps = nullptr;
    QDoubleSpinBox* m_volts = nullptr;
};

} // namespace torchrig::ui
