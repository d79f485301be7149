#include "batch_chart.h"

#include "chart_export.h"
#include "chart_layout.h"
#include "chart_style.h"
#include "chart_tooltips.h"
#include "plan/workload_on_build.h"
#include "qcustomplot_include.h"
#include "settings/memory_unit.h"

#include <QVBoxLayout>

namespace torchrig::ui {

namespace {} // namespace

BatchChart::BatchChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Memory against batch size"));
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_plot->xAxis->setLabel(tr("batch per GPU"));
    m_plot->yAxis->setLabel(tr("device peak, %1 per GPU").arg(memoryScale().name));
    m_plot->legend->setVisible(true);
    placeLegendBeside(*m_plot, 0.78);
    keepTextApart(*m_plot);
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    enableExportMenu(*m_plot, QStringLiteral("memory-vs-batch.png"));
}

void BatchChart::clear(const QString& /*why*/) {
    m_curves.clear();
    m_largestBatch = 0;
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BatchChart::setWorkload(const Workload& workload, const plan::BuildGpus& gpus,
                             estimate::ParallelStrategy strategy) {
    clear({});
    const auto unit = memoryScale();
    m_plot->yAxis->setLabel(tr("device peak, %1 per GPU").arg(unit.name));
    const plan::WorkloadOnBuild onBuild(workload, gpus, strategy);
    const double capacity = static_cast<double>(gpus.spec.usableBytes) / unit.bytesPerUnit;
    double top = capacity;
    int colour = 0;
    for (auto precision : {Precision::Fp32, Precision::AmpFp16, Precision::AmpBf16, Precision::Bf16}) {
        auto variant = workload;
        variant.precision = precision;
        if (!estimate::runsNatively(onBuild.setupFor(variant), gpus.spec))
            continue;
        Curve curve{precision, {}};
        for (std::int64_t batch = 1; batch <= 4096; batch *= 2) {
            variant.inputs.batch = batch;
            const auto e = onBuild.estimateFor(variant);
            if (!e)
                break;
            const double amount = static_cast<double>(e->devicePeakBytes) / unit.bytesPerUnit;
            curve.points.emplace_back(batch, amount);
            top = std::max(top, amount);
            if (capacity > 0 && amount > 1.5 * capacity)
                break; // well past the card: the rest says nothing more
        }
        auto* graph = m_plot->addGraph();
        graph->setName(QString::fromUtf8(precisionId(precision).data()));
        // Each precision its own dash as well as colour: two that need the same memory (amp-fp16
        // and amp-bf16) lie on one line, and the dashes show both.
        const Qt::PenStyle dashes[] = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine};
        graph->setPen(
            QPen(QBrush(seriesColor(colour)), precision == workload.precision ? 3 : 1.5, dashes[colour % 4]));
        ++colour;
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
        for (const auto& [batch, amount] : curve.points)
            graph->addData(static_cast<double>(batch), amount);
        m_curves.push_back(std::move(curve));
    }
    if (capacity > 0) {
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(1, capacity);
        line->point2->setCoords(2, capacity);
        line->setPen(QPen(capacityColor(), 2));
    }
    m_largestBatch = onBuild.largestBatch();
    if (m_largestBatch == 0 && capacity > 0) {
        // Not even one sample: said where the marker would be, with what to try.
        auto* nothing = new QCPItemText(m_plot);
        nothing->position->setType(QCPItemPosition::ptAxisRectRatio);
        nothing->position->setCoords(0.5, 0.5);
        applyNoteStyle(*nothing, palette());
        nothing->setText(tr("Nothing fits: even batch 1 needs\nmore than the %1 %2 usable.\n"
                            "Try checkpointing, LoRA, a smaller\nprecision, ZeRO or FSDP (Advice tab).")
                             .arg(capacity, 0, 'f', 1)
                             .arg(unit.name));
    }
    if (m_largestBatch > 0) {
        auto largest = workload;
        largest.inputs.batch = m_largestBatch;
        if (const auto e = onBuild.estimateFor(largest)) {
            auto* point = new QCPItemTracer(m_plot);
            point->position->setCoords(static_cast<double>(m_largestBatch),
                                       double(e->devicePeakBytes) / unit.bytesPerUnit);
            point->setStyle(QCPItemTracer::tsCircle);
            point->setSize(10);
            point->setPen(QPen(palette().color(QPalette::Text), 2));
            auto* label = new QCPItemText(m_plot);
            label->position->setParentAnchor(point->position);
            label->position->setCoords(0, -14);
            label->setColor(palette().color(QPalette::Text));
            label->setText(tr("largest batch that fits: %1").arg(m_largestBatch));
            label->setBrush(palette().color(QPalette::Base)); // legible over the curves
        }
    }
    std::int64_t maxBatch = 1;
    for (const auto& c : m_curves)
        if (!c.points.empty())
            maxBatch = std::max(maxBatch, c.points.back().first);
    m_plot->xAxis->setRange(1, static_cast<double>(maxBatch) * 1.5);
    m_plot->yAxis->setRange(0, top * 1.1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace torchrig::ui
