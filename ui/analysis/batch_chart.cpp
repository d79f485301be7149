#include "batch_chart.h"

#include "chart_export.h"
#include "plan/workload_on_build.h"
#include "qcustomplot_include.h"

#include <QVBoxLayout>

#include <array>

namespace torchrig::ui {

namespace {
constexpr double kGiB = double(1LL << 30);
const std::array<QColor, 5> kColors = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00),
                                       QColor(0x00, 0x9E, 0x73), QColor(0xCC, 0x79, 0xA7),
                                       QColor(0x56, 0xB4, 0xE9)};
} // namespace

BatchChart::BatchChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Memory against batch size"));
    m_plot->setBackground(palette().color(QPalette::Base));
    for (auto* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(palette().color(QPalette::Text)));
        axis->setTickPen(QPen(palette().color(QPalette::Text)));
        axis->setSubTickPen(QPen(palette().color(QPalette::Text)));
        axis->setTickLabelColor(palette().color(QPalette::Text));
        axis->setLabelColor(palette().color(QPalette::Text));
        axis->grid()->setPen(QPen(palette().color(QPalette::Mid), 0, Qt::DotLine));
    }
    m_plot->xAxis->setScaleType(QCPAxis::stLogarithmic);
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    m_plot->xAxis->setLabel(tr("batch per GPU"));
    m_plot->yAxis->setLabel(tr("device peak, GiB per GPU"));
    m_plot->legend->setVisible(true);
    m_plot->legend->setBrush(palette().color(QPalette::Base));
    m_plot->legend->setTextColor(palette().color(QPalette::Text));
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    enableExportMenu(*m_plot, QStringLiteral("memory-vs-batch.png"));
}

void BatchChart::clear(const QString& /*why*/) {
    m_curves.clear();
    m_largestBatch = 0;
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void BatchChart::setWorkload(const ValidationRequest& workload, const plan::BuildGpus& gpus) {
    clear({});
    const plan::WorkloadOnBuild onBuild(workload, gpus, estimate::ParallelStrategy::Ddp);
    const double capacity = static_cast<double>(gpus.spec.usableBytes) / kGiB;
    double top = capacity;
    std::size_t colour = 0;
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
            const double gib = static_cast<double>(e->devicePeakBytes) / kGiB;
            curve.points.emplace_back(batch, gib);
            top = std::max(top, gib);
            if (capacity > 0 && gib > 1.5 * capacity)
                break; // well past the card: the rest says nothing more
        }
        auto* graph = m_plot->addGraph();
        graph->setName(QString::fromUtf8(precisionId(precision).data()));
        graph->setPen(QPen(kColors[colour++ % kColors.size()], precision == workload.precision ? 3 : 1.5));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
        for (const auto& [batch, gib] : curve.points)
            graph->addData(static_cast<double>(batch), gib);
        m_curves.push_back(std::move(curve));
    }
    if (capacity > 0) {
        auto* line = new QCPItemStraightLine(m_plot);
        line->point1->setCoords(1, capacity);
        line->point2->setCoords(2, capacity);
        line->setPen(QPen(QColor(0xD5, 0x5E, 0x00), 2));
    }
    m_largestBatch = onBuild.largestBatch();
    if (m_largestBatch > 0) {
        auto largest = workload;
        largest.inputs.batch = m_largestBatch;
        if (const auto e = onBuild.estimateFor(largest)) {
            auto* point = new QCPItemTracer(m_plot);
            point->position->setCoords(static_cast<double>(m_largestBatch),
                                       double(e->devicePeakBytes) / kGiB);
            point->setStyle(QCPItemTracer::tsCircle);
            point->setSize(10);
            point->setPen(QPen(palette().color(QPalette::Text), 2));
            auto* label = new QCPItemText(m_plot);
            label->position->setParentAnchor(point->position);
            label->position->setCoords(0, -14);
            label->setColor(palette().color(QPalette::Text));
            label->setText(tr("largest batch that fits: %1").arg(m_largestBatch));
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
