#include "rent_chart.h"

#include "chart_export.h"
#include "chart_layout.h"
#include "chart_style.h"
#include "chart_tooltips.h"
#include "qcustomplot_include.h"

#include <QVBoxLayout>

#include <algorithm>

namespace torchrig::ui {

namespace {
constexpr std::size_t kCloudLines = 4; // the cheapest few: more lines read as noise
} // namespace

RentChart::RentChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Buy or rent"));
    m_plot->xAxis->setLabel(tr("months of use"));
    // The legend below the plot: the lines fan out over the whole area.
    m_plot->legend->setVisible(true);
    placeLegendBelow(*m_plot);
    m_plot->legend->setWrap(1); // one entry a row: each names an option and its break-even
    keepTextApart(*m_plot);
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    enableExportMenu(*m_plot, QStringLiteral("buy-or-rent.png"));
}

void RentChart::clear() {
    m_lines.clear();
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void RentChart::setComparison(const plan::RentVsBuy& r, double months) {
    clear();
    m_plot->yAxis->setLabel(tr("cumulative cost, %1").arg(QString::fromStdString(r.currency)));
    double top = 0;
    auto addLine = [&](const QString& name, double start, double perMonth, const QColor& colour,
                       Qt::PenStyle style) {
        auto* graph = m_plot->addGraph();
        graph->setName(name);
        graph->setPen(QPen(colour, 2, style));
        graph->addData(0, start);
        graph->addData(months, start + perMonth * months);
        m_lines.push_back({name, start, start + perMonth * months});
        top = std::max(top, start + perMonth * months);
    };
    if (r.purchase)
        addLine(tr("buy: %1%2 %3 + energy")
                    .arg(r.purchaseIsLowerBound ? tr(">= ") : QString())
                    .arg(*r.purchase, 0, 'f', 0)
                    .arg(QString::fromStdString(r.currency)),
                *r.purchase, r.energyCostPerMonth, seriesColor(0), Qt::SolidLine);
    std::vector<const plan::RunOption*> cloud;
    for (const auto& o : r.cloud)
        if (o.costPerMonth)
            cloud.push_back(&o);
    std::sort(cloud.begin(), cloud.end(), [](const plan::RunOption* a, const plan::RunOption* b) {
        return *a->costPerMonth < *b->costPerMonth;
    });
    for (std::size_t i = 0; i < std::min(cloud.size(), kCloudLines); ++i) {
        const auto& o = *cloud[i];
        const auto breakEven = o.breakEvenMonths ? tr(" (buy pays off: %1%2 mo)")
                                                       .arg(r.purchaseIsLowerBound ? tr(">= ") : QString())
                                                       .arg(*o.breakEvenMonths, 0, 'f', 1)
                                                 : tr(" (renting stays cheaper)");
        addLine(tr("%1%2").arg(QString::fromStdString(o.name), breakEven), 0, *o.costPerMonth,
                seriesColor(static_cast<int>(i) + 1), Qt::DashLine);
        if (o.breakEvenMonths && *o.breakEvenMonths <= months && r.purchase) {
            auto* mark = new QCPItemTracer(m_plot);
            mark->position->setCoords(*o.breakEvenMonths, *o.breakEvenMonths * *o.costPerMonth);
            mark->setStyle(QCPItemTracer::tsCircle);
            mark->setSize(8);
            mark->setPen(QPen(seriesColor(static_cast<int>(i) + 1), 2));
        }
    }
    // What the chart leaves out, said on it: the instances past the cheapest few, and energy.
    QStringList leftOut;
    if (cloud.size() > kCloudLines)
        leftOut << tr("the %1 cheapest of %2 instances that fit").arg(kCloudLines).arg(cloud.size());
    if (r.purchase && r.energyCostPerMonth <= 0)
        leftOut << tr("energy not counted: give an electricity price in Preferences");
    if (!leftOut.isEmpty()) {
        auto* note = new QCPItemText(m_plot);
        note->position->setType(QCPItemPosition::ptAxisRectRatio);
        note->position->setCoords(0.02, 0.02);
        note->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        note->setTextAlignment(Qt::AlignLeft);
        applyNoteStyle(*note, palette());
        note->setText(leftOut.join(QLatin1Char('\n')));
    }
    m_plot->xAxis->setRange(0, months);
    m_plot->yAxis->setRange(0, std::max(1.0, top * 1.05));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace torchrig::ui
