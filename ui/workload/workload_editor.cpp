#include "workload_editor.h"

#include "document/build_document.h"
#include "io/build_file.h"
#include "plan/workload_defaults.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>

namespace torchrig::ui {

void WorkloadEditor::createWorkloadChoice() {
    m_workloads = new QComboBox(this);
    m_workloads->setAccessibleName(tr("Workload shown"));
    m_workloads->setToolTip(tr("The build's workloads: the analysis, Validate and this form show the one "
                               "chosen; the Issues dock and the build sheet cover them all"));
    m_workloads->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_workloads->setMinimumContentsLength(8);
    m_addWorkload = new QPushButton(tr("Add"), this);
    m_addWorkload->setToolTip(tr("Plan another workload on the same build (a LoRA fine-tune and a ResNet, "
                                 "say)"));
    m_removeWorkload = new QPushButton(tr("Remove"), this);
    m_removeWorkload->setToolTip(tr("Remove the workload shown (undoable)"));
    connect(m_workloads, &QComboBox::activated, &m_document, &BuildDocument::setCurrentWorkloadIndex);
    connect(m_addWorkload, &QPushButton::clicked, this, [this] {
        // A new workload starts as the zoo's first model at its defaults on this build, sharing the
        // shown one's strategy and data; the model box, focused, is where the user goes next.
        auto added = plan::defaultWorkloadFor(modelZoo().front(), m_document.build()).planned;
        if (const auto* current = m_document.currentWorkload()) {
            added.strategy = current->strategy;
            added.dataset = current->dataset;
        }
        m_document.addWorkload(added);
        m_form->modelBox()->setFocus();
    });
    connect(m_removeWorkload, &QPushButton::clicked, this, [this] {
        if (m_document.currentWorkload())
            m_document.setWorkload(std::nullopt);
    });
}

WorkloadEditor::WorkloadEditor(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document) {
    createWorkloadChoice();
    m_form = new WorkloadForm(Qt::Vertical, this);
    // A newly chosen model defaults to what runs on this build's GPUs.
    m_form->setDefaultsBuild([this] { return m_document.build(); });
    auto* workloadsRow = new QHBoxLayout;
    workloadsRow->addWidget(m_workloads, 1);
    workloadsRow->addWidget(m_addWorkload);
    workloadsRow->addWidget(m_removeWorkload);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(workloadsRow);
    layout->addWidget(m_form, 1);
    connect(m_form, &WorkloadForm::edited, this,
            [this](int field) { m_document.setWorkload(m_form->workload(), field); });
    connect(m_form, &WorkloadForm::modelFileRejected, this, &WorkloadEditor::modelFileRejected);
    onBuildChanged(m_document, kEstimateInputs, this, &WorkloadEditor::load);
    load();
}

// "2 · llama-2-7b · LoRA r16 · bf16 · batch 4": enough to tell a build's workloads apart.
static QString workloadLabel(int index, const plan::BuildWorkload& planned) {
    const auto& r = planned.workload;
    QString label = QStringLiteral("%1 · %2").arg(index + 1).arg(
        r.model.empty() && r.hfConfigJson.empty() ? WorkloadEditor::tr("model file")
                                                  : QString::fromStdString(workloadModelName(r)));
    if (r.lora.rank > 0)
        label += QStringLiteral(" · %1 r%2")
                     .arg(r.lora.quantizeBase4bit ? QStringLiteral("QLoRA") : QStringLiteral("LoRA"))
                     .arg(r.lora.rank);
    return label + QStringLiteral(" · %1 · ").arg(QString::fromUtf8(precisionId(r.precision).data())) +
           WorkloadEditor::tr("batch %1").arg(r.inputs.batch);
}

void WorkloadEditor::loadWorkloadChoice() {
    const auto& workloads = m_document.build().workloads;
    m_workloads->clear();
    for (std::size_t i = 0; i < workloads.size(); ++i)
        m_workloads->addItem(workloadLabel(static_cast<int>(i), workloads[i]));
    for (int i = 0; i < m_workloads->count(); ++i) // a narrow dock cuts the label: whole in its tooltip
        m_workloads->setItemData(i, m_workloads->itemText(i), Qt::ToolTipRole);
    if (workloads.empty())
        m_workloads->addItem(tr("(no workload yet: choose a model below)"));
    m_workloads->setCurrentIndex(std::max(0, m_document.currentWorkloadIndex()));
    m_workloads->setEnabled(workloads.size() > 1);
    const bool full = workloads.size() >= kMaxBuildWorkloads;
    m_addWorkload->setEnabled(!workloads.empty() && !full);
    m_addWorkload->setToolTip(workloads.empty() ? tr("Choose a model for the first workload below")
                              : full ? tr("A build holds at most %1 workloads").arg(kMaxBuildWorkloads)
                                     : tr("Plan another workload on the same build"));
    m_removeWorkload->setEnabled(!workloads.empty());
}

void WorkloadEditor::load() {
    loadWorkloadChoice();
    const auto* current = m_document.currentWorkload();
    m_form->setWorkload(current ? std::optional(*current) : std::nullopt);
}

} // namespace torchrig::ui
