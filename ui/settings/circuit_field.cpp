#include "circuit_field.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>

namespace torchrig::ui {

CircuitField::CircuitField(plan::WallCircuit circuit, QWidget* parent)
    : QWidget(parent)
    , m_amps(new QDoubleSpinBox(this))
    , m_volts(new QDoubleSpinBox(this)) {
    m_amps->setRange(1, 400);
    m_amps->setDecimals(0);
    m_amps->setSuffix(tr(" A"));
    m_amps->setAccessibleName(tr("Wall circuit, amperes"));
    m_volts->setRange(90, 480);
    m_volts->setDecimals(0);
    m_volts->setSuffix(tr(" V"));
    m_volts->setAccessibleName(tr("Wall circuit, volts"));
    setCircuit(circuit);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_amps);
    layout->addWidget(new QLabel(QStringLiteral("×"), this));
    layout->addWidget(m_volts);
    setToolTip(tr("One node's wall circuit: a continuous load may draw 80 % of it"));
}

plan::WallCircuit CircuitField::circuit() const {
    return {m_volts->value(), m_amps->value()};
}

void CircuitField::setCircuit(plan::WallCircuit circuit) {
    m_amps->setValue(circuit.amps);
    m_volts->setValue(circuit.volts);
}

} // namespace torchrig::ui
