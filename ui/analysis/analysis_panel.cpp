#include "analysis_panel.h"

#include "advice_panel.h"
#include "batch_chart.h"
#include "catalog_chart.h"
#include "document/build_document.h"
#include "document/message_translation.h"
#include "help/glossary.h"
#include "memory_chart.h"
#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"
#include "rent_chart.h"
#include "settings/memory_unit.h"
#include "step_time_chart.h"
#include "timeline_chart.h"
#include "validate/validate_panel.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <QLabel>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>

namespace torchrig::ui {

AnalysisPanel::AnalysisPanel(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_summary(new QLabel(this))
    , m_memory(new MemoryChart(this))
    , m_timeline(new TimelineChart(this))
    , m_batch(new BatchChart(this))
    , m_stepTime(new StepTimeChart(this))
    , m_rent(new RentChart(this))
    , m_catalog(new CatalogChart(this))
    , m_advice(new AdvicePanel(document, this))
    , m_validate(new ValidatePanel(document, this)) {
    auto* layout = new QVBoxLayout(this);
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_summary->setAccessibleName(tr("Estimate summary"));
    layout->addWidget(m_summary);
    m_tabs = new QTabWidget(this);
    // Eight tabs across the centre without scroll arrows: document mode, narrower padding.
    m_tabs->setDocumentMode(true);
    m_tabs->tabBar()->setStyleSheet(QStringLiteral("QTabBar::tab { padding: 4px 6px; }"));
    // No mnemonics here: the workload editor's fields use the letters; View ▸ (Ctrl+1…8) shows a tab.
    m_tabs->addTab(m_memory, tr("Memory"));
    m_tabs->addTab(m_timeline, tr("Timeline"));
    m_tabs->addTab(m_batch, tr("Batch"));
    m_tabs->addTab(m_stepTime, tr("Step time"));
    m_tabs->addTab(m_rent, tr("Buy or rent"));
    m_tabs->addTab(m_catalog, tr("Catalog"));
    m_tabs->addTab(m_advice, tr("Advice"));
    m_tabs->addTab(m_validate, tr("Validate"));
    // The words each tab uses, explained on its title (Help ▸ Glossary lists them all).
    m_tabs->setTabToolTip(
        0, glossaryTips({Term::Allocated, Term::Reserved, Term::Device, Term::AllocatorCache}));
    m_tabs->setTabToolTip(1, glossaryTips({Term::Activations, Term::Temporaries}));
    m_tabs->setTabToolTip(3, glossaryTip(Term::Mfu));
    m_tabs->setTabToolTip(7, glossaryTips({Term::StepTimeRatio, Term::PageFaults}));
    layout->addWidget(m_tabs, 1);
    connect(m_tabs, &QTabWidget::currentChanged, this, &AnalysisPanel::refreshShownCostlyChart);
    onBuildChanged(m_document, kEstimateInputs, this,
                   &AnalysisPanel::refresh); // not for a title, the notes or a requester
    refresh();
}

void AnalysisPanel::refresh() {
    const auto& build = m_document.build();
    const auto gpus = plan::buildGpus(build);
    if (!gpus) {
        m_summary->setText(tr("Add a GPU to the build to see what the workload needs of it."));
        m_memory->clear(tr("no GPU in the build"));
        m_stepTime->clear(tr("no GPU in the build"));
        m_timeline->clear();
        m_batch->clear({});
        m_rent->clear();
        m_catalog->clear(tr("no GPU in the build"));
        return;
    }
    if (!m_document.currentWorkload()) {
        m_summary->setText(
            tr("Describe a workload to see its memory and step time on %n x %1.", nullptr, gpus->gpus)
                .arg(QString::fromStdString(gpus->spec.name)));
        m_memory->clear(tr("no workload"));
        m_stepTime->clear(tr("no workload"));
        m_timeline->clear();
        m_batch->clear({});
        m_rent->clear();
        m_catalog->clear(tr("no workload"));
        return;
    }
    const auto& planned = *m_document.currentWorkload();
    const auto calibration = calibrationFor(gpus->spec.name);
    const plan::WorkloadOnBuild workload(planned.workload, *gpus, planned.strategy, calibration);
    const auto& e = workload.estimate();
    if (!e) {
        m_summary->setText(tr("The workload cannot be estimated: %1").arg(appText(workload.refusal())));
        m_memory->clear(tr("not estimated"));
        m_stepTime->clear(tr("not estimated"));
        m_timeline->clear();
        m_batch->clear({});
        m_rent->clear();
        m_catalog->clear(tr("not estimated"));
        return;
    }
    const auto unit = memoryScale();
    QString fit = !e->fits   ? tr("fit unknown (the GPU's memory size is not known)")
                  : *e->fits ? tr("<b>fits</b>: %1 of %2 %3 per GPU")
                                   .arg(unit.of(double(e->devicePeakBytes)), 0, 'f', 2)
                                   .arg(unit.of(double(gpus->spec.usableBytes)), 0, 'f', 1)
                                   .arg(unit.name)
                             : tr("<b>does not fit</b>: %1 %3 per GPU, %2 %3 usable")
                                   .arg(unit.of(double(e->devicePeakBytes)), 0, 'f', 2)
                                   .arg(unit.of(double(gpus->spec.usableBytes)), 0, 'f', 1)
                                   .arg(unit.name);
    // A language model's rate in tokens, as its users count it; the samples beside.
    const auto* zoo = findZooModel(planned.workload.model);
    const std::int64_t tokensPerSample =
        zoo && zoo->inputKind == ModelInputKind::Tokens ? effectiveInputs(planned.workload).seqLen : 0;
    QString time;
    if (e->time)
        time = tr("step %1, %2 over %n GPU(s)", nullptr, gpus->gpus)
                   .arg(stepTimeText(*e->time),
                        throughputText(e->time->samplesPerSecond * gpus->gpus, tokensPerSample));
    else if (const auto why =
                 estimate::whyTimeIsNotEstimated(workload.setupFor(planned.workload), gpus->spec))
        time = tr("no step time: %1").arg(appText(*why));
    else
        time = tr("no step time: the catalog has no compute rates for this GPU");
    if (e->time && e->time->stepSeconds > 0 && e->time->hostBoundSeconds > 0.5 * e->time->stepSeconds)
        time += tr("; the CPU issuing ops sets the pace (%1 % of the step)")
                    .arg(100 * e->time->hostBoundSeconds / e->time->stepSeconds, 0, 'f', 0);
    if (e->time && e->time->calibrated && calibration)
        time += tr(" (calibrated with a run on %1)").arg(QString::fromStdString(calibration->deviceName));
    m_summary->setText(tr("%1 on %n x %2 — %3; %4", nullptr, gpus->gpus)
                           .arg(QString::fromStdString(workloadModelName(workload.workload())),
                                QString::fromStdString(gpus->spec.name), fit, time));
    m_memory->setEstimate(*e, gpus->spec.usableBytes);
    if (e->time)
        m_stepTime->setTime(*e->time, gpus->gpus, tokensPerSample);
    else
        m_stepTime->clear(tr("no compute rates for this GPU"));
    m_timeline->setMemory(e->memory);
    refreshShownCostlyChart();
}

void AnalysisPanel::setValidationStore(db::Catalog* catalog) {
    m_store = catalog;
    m_validate->setCatalog(catalog);
    connect(m_validate, &ValidatePanel::calibrationChanged, this, &AnalysisPanel::reloadCalibrations,
            Qt::UniqueConnection);
    reloadCalibrations();
}

void AnalysisPanel::reloadCalibrations() {
    // Read once here, not on every edit: refresh() runs on each keystroke.
    m_calibrations.clear();
    if (m_store)
        for (const auto& [device, json] : m_store->calibrations())
            if (auto read = estimate::readCalibration(json))
                m_calibrations.push_back(*read);
    refresh();
}

std::optional<estimate::Calibration> AnalysisPanel::calibrationFor(const std::string& gpuName) const {
    for (const auto& calibration : m_calibrations)
        if (estimate::sameDeviceName(calibration.deviceName, gpuName))
            return calibration;
    return std::nullopt;
}

void AnalysisPanel::setCatalog(std::vector<db::CatalogGpu> gpus, std::vector<plan::CloudOffer> offers) {
    m_catalog->setCatalog(std::move(gpus));
    m_offers = std::move(offers);
    refreshShownCostlyChart();
}

void AnalysisPanel::setPlanningSettings(const PlanningSettings& settings) {
    const bool unitChanged = settings.memoryUnit != displayMemoryUnit();
    m_settings = settings;
    setDisplayMemoryUnit(settings.memoryUnit);
    if (unitChanged)
        refresh(); // every chart in the new unit
    else
        refreshShownCostlyChart();
}

void AnalysisPanel::refreshShownCostlyChart() {
    if (m_tabs->currentWidget() == m_batch)
        refreshBatchChart();
    else if (m_tabs->currentWidget() == m_rent)
        refreshRentChart();
    else if (m_tabs->currentWidget() == m_catalog)
        refreshCatalogChart();
}

void AnalysisPanel::refreshRentChart() {
    const auto* planned = m_document.currentWorkload();
    if (!planned) {
        m_rent->clear();
        return;
    }
    const auto usage = m_settings.usagePlan();
    const auto compared =
        plan::compareRentVsBuy(m_document.build(), *planned, m_offers, usage, m_settings.costOptions());
    if (compared)
        m_rent->setComparison(*compared, usage.lifetimeMonths);
    else
        m_rent->clear();
}

void AnalysisPanel::refreshCatalogChart() {
    if (const auto* planned = m_document.currentWorkload())
        m_catalog->setWorkload(planned->workload);
    else
        m_catalog->clear(tr("no workload"));
}

void AnalysisPanel::refreshBatchChart() {
    const auto& build = m_document.build();
    const auto gpus = plan::buildGpus(build);
    const auto* planned = m_document.currentWorkload();
    if (!gpus || !planned) {
        m_batch->clear({});
        return;
    }
    m_batch->setWorkload(planned->workload, *gpus, planned->strategy);
}

} // namespace torchrig::ui
