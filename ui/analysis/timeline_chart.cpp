#include "timeline_chart.h"

#include "chart_export.h"
#include "chart_layout.h"
#include "chart_style.h"
#include "chart_tooltips.h"
#include "qcustomplot_include.h"
#include "settings/memory_unit.h"

#include <QVBoxLayout>

namespace torchrig::ui {

TimelineChart::TimelineChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Memory through one step"));
    m_plot->xAxis->setLabel(tr("allocation events through the step"));
    m_plot->yAxis->setLabel(tr("live %1 on the GPU").arg(memoryScale().name));
    m_plot->legend->setVisible(true);
    placeLegendBelow(*m_plot);
    keepTextApart(*m_plot);
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    enableExportMenu(*m_plot, QStringLiteral("memory-timeline.png"));
}

void TimelineChart::clear() {
    m_peak = 0;
    m_points = 0;
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void TimelineChart::setMemory(const estimate::MemoryEstimate& memory) {
    clear();
    const auto unit = memoryScale();
    m_plot->yAxis->setLabel(tr("live %1 on the GPU").arg(unit.name));
    using Phase = estimate::TimelinePoint::Phase;
    const struct {
        Phase phase;
        QString name;
    } phases[] = {{Phase::Forward, tr("forward")},
                  {Phase::Backward, tr("backward")},
                  {Phase::Optimizer, tr("optimizer")}};
    // One graph per phase, so each is shaded in its own colour and named in the legend.
    for (int p = 0; p < 3; ++p) {
        auto* graph = m_plot->addGraph();
        graph->setName(phases[p].name);
        auto colour = seriesColor(p);
        graph->setPen(QPen(colour, 1.5));
        colour.setAlpha(70);
        graph->setBrush(colour);
        graph->setLineStyle(QCPGraph::lsStepLeft);
    }
    int peakIndex = 0;
    for (std::size_t i = 0; i < memory.timeline.size(); ++i) {
        const auto& point = memory.timeline[i];
        const double amount = static_cast<double>(point.liveBytes) / unit.bytesPerUnit;
        for (int p = 0; p < 3; ++p)
            if (point.phase == phases[p].phase)
                m_plot->graph(p)->addData(static_cast<double>(i), amount);
        if (amount > m_peak) {
            m_peak = amount;
            peakIndex = static_cast<int>(i);
        }
    }
    m_points = static_cast<int>(memory.timeline.size());
    auto* peak = new QCPItemTracer(m_plot);
    peak->position->setCoords(peakIndex, m_peak);
    peak->setStyle(QCPItemTracer::tsCircle);
    peak->setSize(9);
    peak->setPen(QPen(palette().color(QPalette::Text), 2));
    auto* label = new QCPItemText(m_plot);
    label->position->setParentAnchor(peak->position);
    label->position->setCoords(0, -14);
    label->setColor(palette().color(QPalette::Text));
    label->setText(tr("peak %1 %2").arg(m_peak, 0, 'f', 2).arg(unit.name));
    m_plot->xAxis->setRange(0, std::max(1, m_points));
    m_plot->yAxis->setRange(0, std::max(1e-3, m_peak * 1.15));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace torchrig::ui
