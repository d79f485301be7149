#pragma once
// The open build's compatibility findings, checked once per edit (with the host RAM and storage
// its workload needs) for every view that shows them: the parts table's marks and the Issues dock.

#include "plan/compatibility.h"

#include <QObject>
#include <QString>

#include <vector>

namespace torchrig::ui {

class BuildDocument;

class BuildChecks : public QObject {
    Q_OBJECT
public:
    // `circuit`: one node's wall circuit, the user's (Preferences), which the build's draw is held to.
    BuildChecks(BuildDocument& document, plan::WallCircuit circuit, QObject* parent = nullptr);

    // The user changed the circuit in Preferences: checked again against it.
    void setCircuit(plan::WallCircuit circuit);

    const std::vector<plan::Finding>& findings() const { return m_findings; }
    const plan::CheckOptions& options() const { return m_options; }
    // The findings that concern a part, the most severe first.
    std::vector<const plan::Finding*> findingsFor(const std::string& partId) const;

Q_SIGNALS:
    void findingsChanged();

private:
    void check();

    BuildDocument& m_document;
    plan::WallCircuit m_circuit;
    plan::CheckOptions m_options;
    std::vector<plan::Finding> m_findings;
};

} // namespace torchrig::ui
