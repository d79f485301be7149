#include "memory_chart.h"

#include "chart_export.h"
#include "chart_layout.h"
#include "chart_style.h"
#include "chart_tooltips.h"
#include "help/glossary.h"
#include "qcustomplot_include.h"
#include "settings/memory_unit.h"

#include <QVBoxLayout>

namespace torchrig::ui {

namespace {

// What a bar's kind means, from the glossary (none where the name says it).
QString categoryMeaning(std::size_t segment) {
    switch (segment) {
    case static_cast<std::size_t>(estimate::MemoryCategory::Activations):
        return glossaryTip(Term::Activations);
    case static_cast<std::size_t>(estimate::MemoryCategory::Temporaries):
        return glossaryTip(Term::Temporaries);
    case static_cast<std::size_t>(estimate::MemoryCategory::Workspace): return glossaryTip(Term::Workspace);
    case estimate::kMemoryCategoryCount: return glossaryTip(Term::AllocatorCache);
    case estimate::kMemoryCategoryCount + 1: return glossaryTip(Term::Device);
    default: return {};
    }
}

// Three significant figures or so: 0.75, 12.6, 1004 (a legend that stays narrow at any size).
int significantDecimals(double amount) {
    return amount >= 100 ? 0 : amount >= 10 ? 1 : 2;
}

QString categoryLabel(estimate::MemoryCategory category) {
    switch (category) {
    case estimate::MemoryCategory::Weights: return MemoryChart::tr("Weights");
    case estimate::MemoryCategory::Gradients: return MemoryChart::tr("Gradients");
    case estimate::MemoryCategory::OptimizerState: return MemoryChart::tr("Optimizer state");
    case estimate::MemoryCategory::Activations: return MemoryChart::tr("Activations");
    case estimate::MemoryCategory::Temporaries: return MemoryChart::tr("Temporaries");
    case estimate::MemoryCategory::Inputs: return MemoryChart::tr("Inputs");
    case estimate::MemoryCategory::Workspace: return MemoryChart::tr("Workspace");
    }
    return {};
}

} // namespace

MemoryChart::MemoryChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Memory per GPU"));
    m_plot->setMinimumHeight(220);
    // The legend beside the plot, not over the bar and its marks.
    m_plot->legend->setVisible(true);
    placeLegendBeside(*m_plot, 0.5);
    keepTextApart(*m_plot);
    // The marks' figures in a row of their own above the plot: marks a few MiB apart, or at the
    // bar's top, never print over each other or over the bar.
    m_plot->plotLayout()->insertRow(0);
    m_figures = new QCPTextElement(m_plot, QString(), font());
    m_figures->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    m_figures->setTextColor(palette().color(QPalette::Text)); // readable in the dark theme too
    m_figures->setMargins(QMargins(8, 4, 8, 0));
    m_plot->plotLayout()->addElement(0, 0, m_figures);
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    m_plot->yAxis->setLabel(tr("%1 per GPU").arg(memoryScale().name));
    m_plot->xAxis->setTicks(false);
    m_plot->xAxis->setRange(0, 3.0);
    enableExportMenu(*m_plot, QStringLiteral("memory-per-gpu.png"));
}

void MemoryChart::clear(const QString& why) {
    m_segments.clear();
    m_capacity.reset();
    m_plot->clearPlottables();
    m_plot->clearItems();
    m_figures->setText(QString());
    auto* note = new QCPItemText(m_plot);
    note->position->setType(QCPItemPosition::ptAxisRectRatio);
    note->position->setCoords(0.5, 0.5);
    note->setText(why);
    applyNoteStyle(*note, palette());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void MemoryChart::setEstimate(const estimate::Estimate& estimate, std::int64_t usableBytes) {
    const auto unit = memoryScale();
    const double bytesPerUnit = unit.bytesPerUnit;
    m_plot->yAxis->setLabel(tr("%1 per GPU").arg(unit.name));
    m_segments.clear();
    m_plot->clearPlottables();
    m_plot->clearItems();
    const auto& m = estimate.memory;
    for (std::size_t i = 0; i < estimate::kMemoryCategoryCount; ++i)
        m_segments.push_back({categoryLabel(static_cast<estimate::MemoryCategory>(i)),
                              static_cast<double>(m.breakdownAtPeak[i]) / bytesPerUnit});
    const auto allocated = m.allocatedPeakBytes;
    const auto reserved = estimate.reservedPeakBytes.value_or(allocated);
    m_segments.push_back({tr("Allocator cache"), static_cast<double>(reserved - allocated) / bytesPerUnit});
    m_segments.push_back(
        {tr("CUDA context"), static_cast<double>(estimate.devicePeakBytes - reserved) / bytesPerUnit});

    QCPBars* below = nullptr;
    for (std::size_t i = 0; i < m_segments.size(); ++i) {
        if (m_segments[i].amount <= 0)
            continue;
        auto* bars = new QCPBars(m_plot->xAxis, m_plot->yAxis);
        bars->setName(tr("%1: %2 %3")
                          .arg(m_segments[i].label)
                          .arg(m_segments[i].amount, 0, 'f', significantDecimals(m_segments[i].amount))
                          .arg(unit.name));
        bars->setProperty(kNameHasValue, true);
        bars->setProperty(kMeaning, categoryMeaning(i));
        bars->setBrush(seriesColor(static_cast<int>(i)));
        bars->setPen(QPen(seriesColor(static_cast<int>(i)).darker(130)));
        bars->setWidth(0.8);
        bars->setData({0.6}, {m_segments[i].amount});
        if (below)
            bars->moveAbove(below);
        below = bars;
    }
    double top = static_cast<double>(estimate.devicePeakBytes) / bytesPerUnit;
    // A line across the bar for each mark; their figures above the plot, each after its line's look.
    QStringList figures;
    auto mark = [&](double amount, const QString& text, Qt::PenStyle style) {
        auto* line = new QCPItemLine(m_plot);
        line->start->setCoords(0.1, amount);
        line->end->setCoords(1.1, amount);
        line->setPen(QPen(palette().color(QPalette::Text), 1, style));
        figures << text;
    };
    mark(top, tr("── device %1 %2").arg(top, 0, 'f', 2).arg(unit.name), Qt::SolidLine);
    if (estimate.reservedPeakBytes)
        mark(static_cast<double>(reserved) / bytesPerUnit,
             tr("- - reserved %1 %2").arg(double(reserved) / bytesPerUnit, 0, 'f', 2).arg(unit.name),
             Qt::DashLine);
    mark(static_cast<double>(allocated) / bytesPerUnit,
         tr("··· allocated %1 %2").arg(double(allocated) / bytesPerUnit, 0, 'f', 2).arg(unit.name),
         Qt::DotLine);
    m_capacity.reset();
    if (usableBytes > 0) {
        m_capacity = static_cast<double>(usableBytes) / bytesPerUnit;
        auto* capacity = new QCPItemStraightLine(m_plot);
        capacity->point1->setCoords(0, *m_capacity);
        capacity->point2->setCoords(1, *m_capacity);
        capacity->setPen(QPen(capacityColor(), 2));
        figures << tr("━ usable %1 %2").arg(*m_capacity, 0, 'f', 1).arg(unit.name);
        top = std::max(top, *m_capacity);
    }
    // Two marks a line: the row stays readable in a narrow chart.
    QStringList lines;
    for (int i = 0; i < figures.size(); i += 2)
        lines << figures.mid(i, 2).join(QStringLiteral("   "));
    m_figures->setText(lines.join(QLatin1Char('\n')));
    m_plot->yAxis->setRange(0, top * 1.15);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace torchrig::ui
