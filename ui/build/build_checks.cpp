#include "build_checks.h"

#include "document/build_document.h"
#include "plan/workload_on_build.h"

#include <algorithm>

namespace torchrig::ui {

BuildChecks::BuildChecks(BuildDocument& document, plan::WallCircuit circuit, QObject* parent)
    : QObject(parent)
    , m_document(document)
    , m_circuit(circuit) {
    onBuildChanged(m_document, kEstimateInputs, this, &BuildChecks::check);
    check();
}

void BuildChecks::setCircuit(plan::WallCircuit circuit) {
    m_circuit = circuit;
    check();
}

void BuildChecks::check() {
    m_options = plan::checkOptionsFor(m_document.build(), m_circuit);
    m_findings = plan::checkBuild(m_document.build(), m_options);
    Q_EMIT findingsChanged();
}

std::vector<const plan::Finding*> BuildChecks::findingsFor(const std::string& partId) const {
    std::vector<const plan::Finding*> out;
    for (const auto& f : m_findings)
        if (std::find(f.parts.begin(), f.parts.end(), partId) != f.parts.end())
            out.push_back(&f);
    // Severity's order is problem, warning, note.
    std::stable_sort(out.begin(), out.end(), [](const plan::Finding* a, const plan::Finding* b) {
        return a->severity < b->severity;
    });
    return out;
}

} // namespace torchrig::ui
