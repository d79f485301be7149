#include "validate_panel.h"

#include "analysis/chart_export.h"
#include "analysis/chart_style.h"
#include "analysis/chart_tooltips.h"
#include "analysis/qcustomplot_include.h"
#include "catalog.h"
#include "document/build_document.h"
#include "document/message_translation.h"
#include "help/glossary.h"
#include "plan/gpu_device_spec.h"
#include "run_sizing_text.h"
#include "settings/memory_unit.h"
#include "util/host_memory.h"
#include "validation_history_dialog.h"
#include "validation_runner.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <nlohmann/json.hpp>

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

namespace torchrig::ui {

namespace {

// Each compared figure's name in the table, and in a word or two on the chart's axis.
struct FigureNames {
    const char* key;
    const char* label;
    const char* shortLabel;
};
constexpr FigureNames kFigureNames[] = {
    {"allocated_peak_bytes", QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Allocated peak, steady step"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "allocated")},
    {"first_step_allocated_peak_bytes",
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Allocated peak, first step"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "first step")},
    {"reserved_peak_bytes",
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Reserved peak (caching allocator)"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "reserved")},
    {"device_used_bytes", QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Device memory used"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "device")},
    {"fresh_page_bytes_per_step",
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Fresh pages faulted in per step"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "page faults")},
    {"step_seconds", QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Step time"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "step time")},
    {"samples_per_second", QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "Samples/s"),
     QT_TRANSLATE_NOOP("torchrig::ui::ValidatePanel", "samples/s")},
};

QString figureLabel(const std::string& key, bool shortForm = false) {
    for (const auto& names : kFigureNames)
        if (key == names.key)
            return ValidatePanel::tr(shortForm ? names.shortLabel : names.label);
    return QString::fromStdString(key);
}

// What a compared figure's name means, from the glossary ("" where the name says it).
QString figureMeaning(const std::string& key) {
    if (key == "allocated_peak_bytes" || key == "first_step_allocated_peak_bytes")
        return glossaryTip(Term::Allocated);
    if (key == "reserved_peak_bytes")
        return glossaryTip(Term::Reserved);
    if (key == "device_used_bytes")
        return glossaryTip(Term::Device);
    if (key == "fresh_page_bytes_per_step")
        return glossaryTip(Term::PageFaults);
    if (key == "step_seconds")
        return glossaryTip(Term::StepTimeRatio);
    return {};
}

QString figureValue(const std::string& key, double value) {
    if (key == "step_seconds")
        return ValidatePanel::tr("%1 ms").arg(value * 1e3, 0, 'f', 1);
    if (key == "samples_per_second")
        return QString::number(value, 'f', 1);
    const auto unit = memoryScale();
    return QStringLiteral("%1 %2").arg(unit.of(value), 0, 'f', 3).arg(unit.name);
}

// What the device can hold for a run: most of the RAM free now on the CPU (the worker refuses
// more), most of a GPU's memory.
std::int64_t budgetBytes(const ValidationDevice& device) {
    if (device.kind == "cpu")
        return static_cast<std::int64_t>(0.8 * static_cast<double>(hostMemoryBytes("MemAvailable")));
    return static_cast<std::int64_t>(0.9 * static_cast<double>(device.totalMemoryBytes));
}

} // namespace

ValidatePanel::ValidatePanel(BuildDocument& document, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_runner(new ValidationRunner(this))
    , m_device(new QComboBox(this))
    , m_steps(new QSpinBox(this))
    , m_timeLimit(new QSpinBox(this))
    , m_fitToMachine(new QCheckBox(tr("Fit the run to this machine"), this))
    , m_ranks(new QSpinBox(this))
    , m_run(new QPushButton(tr("Run on this machine"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_calibrate(new QPushButton(tr("Calibrate this device with this run"), this))
    , m_resetCalibration(new QPushButton(tr("Reset calibration"), this))
    , m_history(new QPushButton(tr("History…"), this))
    , m_workload(new QLabel(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_table(new QTableWidget(0, 4, this))
    , m_plot(new QCustomPlot(this)) {
    m_device->setAccessibleName(tr("Device"));
    m_steps->setRange(1, 1000);
    m_steps->setValue(3);
    m_steps->setAccessibleName(tr("Measured steps"));
    m_timeLimit->setRange(5, 24 * 3600);
    m_timeLimit->setValue(300);
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setAccessibleName(tr("Time limit"));
    m_ranks->setRange(1, 8);
    m_ranks->setValue(1);
    m_ranks->setAccessibleName(tr("Ranks"));
    m_ranks->setToolTip(tr("Data parallel: this many processes train the workload together, each with "
                           "the batch, as PyTorch's DistributedDataParallel does (its own c10d Reducer). On "
                           "the CPU the ranks share this machine's cores over Gloo: the memory and the "
                           "exchange are measured, not a GPU box's speed. NCCL ranks on GPUs are not "
                           "measured yet. Follows the build's GPUs until you change it."));
    m_fitToMachine->setChecked(true);
    m_fitToMachine->setToolTip(tr("Before it starts, a run the estimate says would not fit this device, or "
                                  "would take more than half the time limit, is made smaller: fewer "
                                  "layers, a smaller batch; the estimate beside it is for that run"));
    m_cancel->setEnabled(false);
    m_cancel->setToolTip(tr("Stop the run (within a second)"));
    m_calibrate->setToolTip(tr("Later runs on this device are estimated with this run's rates and its "
                               "measured step over estimated step"));
    m_resetCalibration->setToolTip(tr("Estimate with each run's own rates again"));
    m_history->setToolTip(tr("The runs measured on this computer, with the estimates beside them"));
    m_calibrate->setEnabled(false);
    m_resetCalibration->setEnabled(false);
    m_workload->setWordWrap(true);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(tr("idle"));
    m_progress->setTextVisible(true);
    m_table->setHorizontalHeaderLabels({tr("Figure"), tr("Estimated"), tr("Measured"), tr("Error")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAccessibleName(tr("Estimated against measured"));
    m_plot->setAccessibleName(tr("Estimate's error per figure"));
    m_plot->setMinimumHeight(160);
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    enableExportMenu(*m_plot, QStringLiteral("validation-errors.png"));
    m_plot->xAxis->setLabel(tr("error, % of measured"));

    layOut();

    connect(m_run, &QPushButton::clicked, this, &ValidatePanel::run);
    connect(m_cancel, &QPushButton::clicked, m_runner, &ValidationRunner::cancel);
    connect(m_calibrate, &QPushButton::clicked, this, &ValidatePanel::calibrateWithLastRun);
    connect(m_resetCalibration, &QPushButton::clicked, this, &ValidatePanel::resetCalibration);
    connect(m_history, &QPushButton::clicked, this, &ValidatePanel::showHistory);
    connect(m_device, &QComboBox::currentIndexChanged, this, &ValidatePanel::updateCalibrationButtons);
    connect(m_device, &QComboBox::currentIndexChanged, this, &ValidatePanel::updateWorkloadText);
    connect(m_fitToMachine, &QCheckBox::toggled, this, &ValidatePanel::updateWorkloadText);
    connect(m_timeLimit, &QSpinBox::valueChanged, this, &ValidatePanel::updateWorkloadText);
    connect(m_steps, &QSpinBox::valueChanged, this, &ValidatePanel::updateWorkloadText);
    connect(m_ranks, &QSpinBox::valueChanged, this, &ValidatePanel::updateWorkloadText);
    onBuildChanged(m_document, kEstimateInputs, this, &ValidatePanel::updateWorkloadText);
    connect(m_runner, &ValidationRunner::progress, this, &ValidatePanel::showProgress);
    connect(m_runner, &ValidationRunner::finished, this, &ValidatePanel::showOutcome);
    updateWorkloadText();
}

// The worker's phase in the user's words, its step and the seconds since it started; a heartbeat
// (every 10 s while a phase runs long, as building a large model does) moves the seconds only.
void ValidatePanel::showProgress(const QString& phase, int step, double elapsed) {
    const int total = m_running ? m_running->warmupSteps + m_running->steps : 0;
    if (phase == QStringLiteral("measure") || phase == QStringLiteral("warmup")) {
        m_progress->setRange(0, std::max(1, total));
        m_progress->setValue(std::min(
            total, phase == QStringLiteral("measure") && m_running ? m_running->warmupSteps + step : step));
    }
    if (phase != QString::fromUtf8(kHeartbeatPhase.data(), static_cast<int>(kHeartbeatPhase.size()))) {
        m_phase = phase == QStringLiteral("build")     ? tr("building the model")
                  : phase == QStringLiteral("warmup")  ? tr("warm-up step %1").arg(step)
                  : phase == QStringLiteral("measure") ? tr("measured step %1").arg(step)
                  : phase == QStringLiteral("search")  ? tr("trying batch %1").arg(step)
                                                       : phase;
    }
    m_progress->setFormat(tr("%1 — %2 s").arg(m_phase).arg(elapsed, 0, 'f', 0));
}

// The device and limits over the run's buttons, the workload, progress and status, then the figures
// beside their chart.
void ValidatePanel::layOut() {
    auto* controls = new QFormLayout;
    controls->addRow(tr("Device:"), m_device);
    auto* limits = new QHBoxLayout;
    limits->addWidget(new QLabel(tr("Steps:"), this));
    limits->addWidget(m_steps);
    limits->addWidget(new QLabel(tr("Time limit:"), this));
    limits->addWidget(m_timeLimit);
    limits->addWidget(new QLabel(tr("Ranks:"), this));
    limits->addWidget(m_ranks);
    limits->addWidget(m_fitToMachine);
    limits->addStretch(1);
    limits->addWidget(m_run);
    limits->addWidget(m_cancel);
    controls->addRow(limits);
    auto* keeping = new QHBoxLayout;
    keeping->addWidget(m_calibrate);
    keeping->addWidget(m_resetCalibration);
    keeping->addStretch(1);
    keeping->addWidget(m_history);
    controls->addRow(keeping);
    auto* results = new QHBoxLayout;
    results->addWidget(m_table, 3);
    results->addWidget(m_plot, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_workload);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addLayout(results, 1);
}

void ValidatePanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (!m_probed)
        findDevices();
}

void ValidatePanel::findDevices() {
    if (m_probing)
        return;
    m_probed = true;
    m_probing = true;
    m_device->clear();
    m_devices.clear();
    m_run->setEnabled(false);
    m_status->setText(tr("Looking for this machine's devices…"));
    ValidationRunner::probeLater(m_runner->workerPath(), this,
                                 [this](const ValidationRunner::Devices& devices) { showDevices(devices); });
}

void ValidatePanel::showDevices(const Result<std::vector<ValidationDevice>>& devices) {
    m_probing = false;
    if (!devices) {
        m_status->setText(appText(devices.error().message));
        m_run->setEnabled(false);
        Q_EMIT devicesFound();
        return;
    }
    m_status->clear();
    m_devices = *devices;
    for (const auto& d : m_devices)
        m_device->addItem(QStringLiteral("%1 — %2 (%3 %4)")
                              .arg(QString::fromStdString(d.kind), QString::fromStdString(d.name))
                              .arg(memoryScale().of(double(d.totalMemoryBytes)), 0, 'f', 1)
                              .arg(memoryScale().name),
                          QString::fromStdString(d.kind));
    m_run->setEnabled(!m_devices.empty() && !m_runner->isRunning());
    updateWorkloadText();
    Q_EMIT devicesFound();
}

std::optional<estimate::Calibration> ValidatePanel::storedCalibration(const ValidationDevice& device) const {
    if (!m_catalog)
        return std::nullopt;
    if (const auto json = m_catalog->calibrationFor(device.name, device.totalMemoryBytes))
        if (auto read = estimate::readCalibration(*json))
            return *read;
    return std::nullopt;
}

std::optional<ValidationRequest> ValidatePanel::plannedRequest(QString* why) const {
    const auto* planned = m_document.currentWorkload();
    if (!planned || m_device->currentIndex() < 0 ||
        m_device->currentIndex() >= static_cast<int>(m_devices.size()))
        return std::nullopt;
    const auto& device = m_devices[static_cast<std::size_t>(m_device->currentIndex())];
    ValidationRequest request{planned->workload};
    request.device = device.kind;
    request.steps = m_steps->value();
    request.warmupSteps = 1;
    request.timeLimitSeconds = m_timeLimit->value();
    request.ranks = m_ranks->value();
    if (why)
        why->clear();
    if (!m_fitToMachine->isChecked())
        return request;
    const auto stored = storedCalibration(device);
    // CPU ranks share the machine's memory; a GPU's is its rank's own.
    const auto budget = budgetBytes(device) / (device.kind == "cpu" ? request.ranks : 1);
    const auto sized = estimate::sizeRun(request, device, budget, stored ? &*stored : nullptr);
    if (why)
        *why = runSizingText(sized, request, device);
    return sized.request;
}

void ValidatePanel::updateWorkloadText() {
    // The ranks follow the build's GPUs (a 2 × RTX 4090 build validates as two ranks) until the
    // user sets them otherwise.
    const auto gpus = plan::buildGpus(m_document.build());
    const int buildGpus = gpus ? std::clamp(gpus->gpus, 1, m_ranks->maximum()) : 1;
    if (buildGpus != m_buildGpus) {
        if (m_buildGpus == 0 || m_ranks->value() == m_buildGpus) {
            const QSignalBlocker blocker(m_ranks);
            m_ranks->setValue(buildGpus);
        }
        m_buildGpus = buildGpus;
    }
    QString why;
    const auto request = plannedRequest(&why);
    if (!request) {
        m_workload->setText(!m_document.currentWorkload()
                                ? tr("Describe a workload to validate it on this machine.")
                            : m_probing ? tr("Looking for this machine's devices…")
                                        : tr("No device of this machine to run on."));
        return;
    }
    auto name = request->model.empty() ? tr("the model file") : QString::fromStdString(request->model);
    if (const auto* zoo = findZooModel(request->model); zoo && request->inputs.layers > 0)
        name = tr("%1 with %2 of its %3 layers").arg(name).arg(request->inputs.layers).arg(zoo->layers);
    const auto where =
        request->ranks <= 1 ? QString::fromStdString(request->device)
        : request->device == "cpu"
            ? tr("%1 CPU ranks (data parallel over Gloo, sharing this machine's cores)").arg(request->ranks)
            : tr("%1 ranks of %2 (data parallel)")
                  .arg(request->ranks)
                  .arg(QString::fromStdString(request->device));
    auto text = tr("Runs %1 at batch %2, %3, on %4. %5")
                    .arg(name)
                    .arg(request->inputs.batch)
                    .arg(QString::fromUtf8(precisionId(request->precision).data()))
                    .arg(where, why);
    // A build of accelerators PyTorch reaches through a vendor's plugin: the worker cannot run there.
    if (gpus && estimate::runsThroughPlugin(gpus->spec))
        text +=
            QLatin1Char(' ') + tr("The build's %1 runs PyTorch through %2, which torchrig-validate cannot "
                                  "use yet: a run here measures this machine's device, not it.")
                                   .arg(QString::fromStdString(gpus->spec.name),
                                        QString::fromStdString(gpus->spec.pytorchBackend));
    m_workload->setText(text);
}

void ValidatePanel::run() {
    if (m_runner->isRunning())
        return;
    if (!m_probed || m_probing) {
        findDevices();
        m_status->setText(tr("Looking for this machine's devices… press Run again when they are listed."));
        return;
    }
    const auto request = plannedRequest();
    if (!request) {
        m_status->setText(tr("Nothing to run: describe a workload, and check that a device was found."));
        return;
    }
    m_running = request;
    m_comparison.reset();
    m_table->setRowCount(0);
    m_plot->clearPlottables();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    m_status->setText(tr("Running…"));
    m_progress->setRange(0, request->warmupSteps + request->steps);
    m_progress->setValue(0);
    m_phase = tr("starting the worker");
    m_progress->setFormat(m_phase);
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_runner->start(*request);
}

void ValidatePanel::showOutcome(const ValidationOutcome& outcome) {
    m_run->setEnabled(!m_devices.empty());
    m_cancel->setEnabled(false);
    m_progress->setRange(0, 1);
    m_progress->setValue(outcome.kind == ValidationOutcome::Kind::Measured ? 1 : 0);
    using Kind = ValidationOutcome::Kind;
    switch (outcome.kind) {
    case Kind::Measured: break;
    case Kind::DoesNotFit:
        m_status->setText(tr("Does not fit: %1").arg(outcome.message));
        m_progress->setFormat(tr("does not fit"));
        break;
    case Kind::Cancelled:
        m_status->setText(tr("Cancelled; nothing was measured."));
        m_progress->setFormat(tr("cancelled"));
        break;
    default:
        m_status->setText(outcome.message);
        m_progress->setFormat(tr("failed"));
        break;
    }
    if (outcome.kind == Kind::Measured && m_running) {
        // The device's stored calibration, when the user chose one; else the run's own rates.
        const auto stored = storedCalibration(outcome.result.device);
        auto compared = estimate::compareRun(*m_running, outcome.result, stored ? &*stored : nullptr);
        if (!compared) {
            m_status->setText(tr("Measured, but the estimate could not be made: %1")
                                  .arg(appText(compared.error().message)));
        } else {
            m_comparison = std::move(*compared);
            const auto& r = outcome.result;
            const auto estimatedWith =
                m_comparison->usedStoredCalibration
                    ? tr("estimated calibrated, with this device's stored run (step-time ratio %1)")
                          .arg(stored->stepTimeRatio, 0, 'f', 2)
                    : tr("estimated with this run's own matmul and copy rates");
            m_status->setText(
                tr("Measured on %1 (%2, LibTorch %3), batch %4, %5 steps: %6; this run's measured "
                   "step / estimated step = %7.")
                    .arg(QString::fromStdString(r.device.name), QString::fromStdString(r.device.kind),
                         QString::fromStdString(r.device.libtorchVersion))
                    .arg(r.inputs.batch)
                    .arg(r.measured.stepSeconds.size())
                    .arg(estimatedWith)
                    .arg(m_comparison->calibration.stepTimeRatio, 0, 'f', 2));
            auto document = nlohmann::json::parse(resultLine(r));
            estimate::addComparisonJson(document, *m_comparison);
            m_lastRunJson = document.dump(2);
            m_lastRunDevice = r.device.name;
            m_lastRunId.reset();
            if (m_catalog) {
                db::ValidationRunRecord run;
                run.deviceName = r.device.name;
                run.deviceKind = r.device.kind;
                run.libtorchVersion = r.device.libtorchVersion;
                run.model = modelLabel(r.model, r.inputs);
                run.requestJson = validationRequestToJson(*m_running);
                run.resultJson = m_lastRunJson;
                auto saved = m_catalog->addValidationRun(run);
                if (saved)
                    m_lastRunId = *saved;
            }
            m_progress->setFormat(tr("done"));
            showFigures();
            showRanks(r);
        }
    }
    m_running.reset();
    updateCalibrationButtons();
    Q_EMIT runFinished();
}

// The comparison's figures: each in the table, and their errors charted (the step time's once).
void ValidatePanel::showFigures() {
    const auto& figures = m_comparison->figures;
    m_table->setRowCount(static_cast<int>(figures.size()));
    auto* bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    bars->setName(tr("Error"));
    bars->setBrush(seriesColor(0));
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    double widest = 5;
    int charted = 0;
    for (int i = 0; i < static_cast<int>(figures.size()); ++i) {
        const auto& f = figures[static_cast<std::size_t>(i)];
        const QStringList cells = {
            figureLabel(f.key), f.estimated ? figureValue(f.key, *f.estimated) : tr("not estimated"),
            figureValue(f.key, f.measured),
            f.relativeError ? tr("%1 %").arg(*f.relativeError * 100, 0, 'f', 1) : tr("—")};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            else
                item->setToolTip(figureMeaning(f.key));
            m_table->setItem(i, c, item);
        }
        if (f.key == "samples_per_second")
            continue; // the step time's error mirrored: the table has it, the chart need not
        ++charted;
        if (f.relativeError) {
            bars->addData(charted, *f.relativeError * 100);
            widest = std::max(widest, std::abs(*f.relativeError * 100));
        }
        ticker->addTick(charted, figureLabel(f.key, true));
    }
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(0.4, static_cast<double>(charted) + 0.6);
    m_plot->yAxis->setRangeReversed(true);
    m_plot->xAxis->setRange(-widest * 1.15, widest * 1.15);
    m_plot->xAxis->ticker()->setTickCount(4);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void ValidatePanel::showRanks(const ValidationResult& result) {
    // A row of four cells; its figure's cell is returned, for a tooltip.
    auto addRow = [&](const QString& figure, const QString& estimated, const QString& measured,
                      const QString& error) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const QStringList cells = {figure, estimated, measured, error};
        for (int c = 0; c < 4; ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, c, item);
        }
        return m_table->item(row, 0);
    };
    const double estimated = static_cast<double>(m_comparison->estimate.memory.allocatedPeakBytes);
    for (const auto& rank : result.ranks) {
        const auto& dp = *rank.dataParallel;
        const double measured = static_cast<double>(rank.allocatedPeakBytes);
        addRow(tr("Rank %1 of %2: allocated peak").arg(dp.rank).arg(dp.ranks),
               figureValue("allocated_peak_bytes", estimated), figureValue("allocated_peak_bytes", measured),
               measured > 0 ? tr("%1 %").arg((estimated - measured) / measured * 100, 0, 'f', 1) : tr("—"));
        addRow(tr("Rank %1 of %2: all-reduced a step").arg(dp.rank).arg(dp.ranks), tr("—"),
               figureValue("allocated_peak_bytes", static_cast<double>(dp.allReducedBytesPerStep)), tr("—"))
            ->setToolTip(tr("The gradients' bytes, in %1 buckets").arg(dp.buckets));
        addRow(tr("Rank %1 of %2: all-reduce time").arg(dp.rank).arg(dp.ranks), tr("—"),
               tr("%1 ms (%2 hidden)")
                   .arg(dp.communicationSeconds * 1e3, 0, 'f', 1)
                   .arg(dp.overlappedSeconds * 1e3, 0, 'f', 1),
               tr("—"))
            ->setToolTip(tr("From the first bucket's all-reduce to the last one's end; in brackets, how much "
                            "of it backward's compute ran beside"));
    }
    if (!result.ranks.empty() && !result.ranks.front().dataParallel->allReduceProbe.empty()) {
        const auto& dp = *result.ranks.front().dataParallel;
        const auto& largest = dp.allReduceProbe.back();
        addRow(tr("All-reduce bus bandwidth (%1, %2)")
                   .arg(figureValue("allocated_peak_bytes", double(largest.bytes)),
                        QString::fromStdString(dp.backend)),
               tr("—"), tr("%1 GB/s").arg(largest.busBytesPerSecond(dp.ranks) / 1e9, 0, 'f', 2), tr("—"));
    }
}

void ValidatePanel::setCatalog(db::Catalog* catalog) {
    m_catalog = catalog;
    updateCalibrationButtons();
}

QString ValidatePanel::chosenDeviceName() const {
    const int i = m_device->currentIndex();
    if (i < 0 || i >= static_cast<int>(m_devices.size()))
        return {};
    return QString::fromStdString(m_devices[static_cast<std::size_t>(i)].name);
}

void ValidatePanel::updateCalibrationButtons() {
    const bool writable = m_catalog && m_catalog->userStatus().state == db::UserDatabaseState::Writable;
    m_calibrate->setEnabled(writable && !m_lastRunJson.empty() && !m_runner->isRunning());
    const auto device = chosenDeviceName();
    m_resetCalibration->setEnabled(writable && !device.isEmpty() &&
                                   m_catalog->calibrationFor(device.toStdString()).has_value());
    m_history->setEnabled(m_catalog != nullptr);
}

bool ValidatePanel::calibrateWithLastRun() {
    if (!m_catalog || m_lastRunJson.empty())
        return false;
    const bool saved = m_catalog->setCalibration(m_lastRunDevice, m_lastRunJson, m_lastRunId).ok();
    updateCalibrationButtons();
    if (saved)
        Q_EMIT calibrationChanged();
    return saved;
}

bool ValidatePanel::resetCalibration() {
    const auto device = chosenDeviceName();
    if (!m_catalog || device.isEmpty())
        return false;
    const bool reset = m_catalog->resetCalibration(device.toStdString()).ok();
    updateCalibrationButtons();
    if (reset)
        Q_EMIT calibrationChanged();
    return reset;
}

void ValidatePanel::showHistory() {
    if (!m_catalog)
        return;
    ValidationHistoryDialog dialog(m_catalog->validationRuns(), this);
    dialog.exec();
}

} // namespace torchrig::ui
