#pragma once
// File ▸ Plan for a workload… (and the start page): the workloads to train, the budget and the
// constraints, and the three best complete builds of the catalog for them (plan/planner.h), each
// opened as a build with one click or all compared side by side. The search runs off the UI thread.
#include "plan/planner.h"
#include "settings/planning_settings.h"

#include <QDialog>

#include <memory>
#include <optional>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLayout;
class QLabel;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableWidget;
class QVBoxLayout;

namespace torchrig::ui {

class CircuitField;
class WorkloadForm;

class PlanDialog : public QDialog {
    Q_OBJECT
public:
    // `startWith`: the workloads the dialog opens with (the build shown, else none).
    PlanDialog(std::shared_ptr<const plan::PlanCatalog> catalog, const PlanningSettings& settings,
               const std::vector<plan::BuildWorkload>& startWith, QWidget* parent = nullptr);

    // The workload the form above the list describes, added to the list.
    void addWorkload(const plan::PlanWorkload& workload);
    const std::vector<plan::PlanWorkload>& workloads() const { return m_workloads; }
    QTableWidget* workloadTable() const { return m_workloadTable; }
    QTableWidget* proposalTable() const { return m_proposalTable; }
    QPushButton* planButton() const { return m_planButton; }
    QPushButton* openButton() const { return m_openButton; }
    QPushButton* compareButton() const { return m_compareButton; }
    QDoubleSpinBox* budgetBox() const { return m_budget; }
    QComboBox* scenarioBox() const { return m_scenario; }
    WorkloadForm* workloadForm() const { return m_form; }
    QLabel* summaryLabel() const { return m_summary; }
    QLabel* detailsLabel() const { return m_details; }
    const std::optional<plan::PlanResult>& result() const { return m_result; }
    // A row of the proposals' table: a proposal or rental, or one of what would change the answer
    // (`label` says which), so that each opens and compares like the proposals.
    struct ShownProposal {
        const plan::Proposal* proposal = nullptr;
        QString label; // empty for a proposal or a rental
    };
    std::vector<ShownProposal> shownProposals() const;
    plan::PlanRequest request() const;

public Q_SLOTS:
    void plan();

Q_SIGNALS:
    void planned(); // the results are shown
    void buildChosen(const torchrig::plan::Build& build);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QLayout* makeScenarioRow();
    QGroupBox* makeWorkloadsBox();
    QGroupBox* makeConstraintsBox();
    // The proposals, the details and the summary into `layout`; the buttons into the dialog's.
    void makeResults(QVBoxLayout& layout, QVBoxLayout& dialogLayout);
    void addFormWorkload();
    void useScenario(int index);
    void startForm();
    void showResult(plan::PlanResult result);
    void appendProposalRow(const ShownProposal& shown);
    void openSelected();
    void showDetails();
    void compareShown();
    static QString durationText(double seconds);
    static QString methodText(const Workload& request);
    QString moneyText(const std::optional<double>& amount, int decimals = 0) const;

    std::shared_ptr<const plan::PlanCatalog> m_catalog;
    PlanningSettings m_settings;
    std::vector<plan::PlanWorkload> m_workloads;
    std::optional<plan::PlanResult> m_result;
    std::vector<plan::PlanWorkload> m_plannedFor; // the workloads m_result answers
    bool m_running = false;

    QComboBox* m_scenario = nullptr;
    WorkloadForm* m_form = nullptr; // the workload Add puts in the list
    QTableWidget* m_workloadTable = nullptr;
    QDoubleSpinBox* m_budget = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_ranking = nullptr;
    CircuitField* m_circuit = nullptr;
    QComboBox* m_chassis = nullptr;
    QSpinBox* m_maxGpus = nullptr;
    QSpinBox* m_nodes = nullptr;
    std::vector<std::pair<plan::PlanLever, QCheckBox*>> m_levers; // checked: the planner may pull it
    QPushButton* m_planButton = nullptr;
    QSplitter* m_splitter = nullptr; // the question above, the answer below
    QWidget* m_asked = nullptr;      // the question: scenario, workloads, budget and constraints
    QTableWidget* m_proposalTable = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_details = nullptr; // the selected proposal's parts, fit and findings
    QPushButton* m_openButton = nullptr;
    QPushButton* m_compareButton = nullptr;
};

} // namespace torchrig::ui
