#include "catalog_chart.h"

#include "chart_export.h"
#include "chart_layout.h"
#include "chart_style.h"
#include "document/message_translation.h"
#include "estimate/estimate.h"
#include "qcustomplot_include.h"
#include "settings/memory_unit.h"
#include "workload/workload_graph.h"

#include <QToolTip>
#include <QVBoxLayout>

namespace torchrig::ui {

CatalogChart::CatalogChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("The catalog's GPUs for this workload"));
    m_plot->xAxis->setLabel(tr("usable memory per GPU, %1").arg(memoryScale().name));
    m_plot->yAxis->setLabel(tr("samples/s per 1,000 USD"));
    m_plot->legend->setVisible(true);
    placeLegendBelow(*m_plot);
    keepTextApart(*m_plot);
    applyChartStyle(*m_plot, palette());
    enableExportMenu(*m_plot, QStringLiteral("catalog-gpus.png"));
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* event) { showNameAt(event->pos()); });
}

namespace {
// The text in lines about `columns` wide (a CJK character counts two), broken at a space where the
// line has one, else between characters (Chinese has no spaces).
QString wrapped(const QString& text, int columns) {
    QString out, line;
    int width = 0;
    for (const QChar c : text) {
        line += c;
        width += c.unicode() >= 0x2E80 ? 2 : 1;
        if (width <= columns)
            continue;
        const auto space = line.lastIndexOf(QLatin1Char(' '));
        const auto cut = space > 0 ? space : line.size() - 1;
        out += line.left(cut) + QLatin1Char('\n');
        line = line.mid(space > 0 ? cut + 1 : cut);
        width = 0;
        for (const QChar rest : line)
            width += rest.unicode() >= 0x2E80 ? 2 : 1;
    }
    return out + line;
}
} // namespace

void CatalogChart::setCatalog(std::vector<db::CatalogGpu> gpus) {
    m_gpus = std::move(gpus);
}

void CatalogChart::clear(const QString& why) {
    m_points.clear();
    m_unplotted = 0;
    m_plot->clearGraphs();
    m_plot->clearItems();
    m_emptyBecause = why;
    if (!why.isEmpty()) {
        // In the middle of the chart, not of its plot area (which an empty legend can narrow), and
        // in lines short enough for a narrow dock.
        auto* note = new QCPItemText(m_plot);
        note->setClipToAxisRect(false);
        note->position->setType(QCPItemPosition::ptViewportRatio);
        note->position->setCoords(0.5, 0.5);
        note->setText(wrapped(why, 56));
        applyNoteStyle(*note, palette());
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CatalogChart::setWorkload(const Workload& workload) {
    clear();
    const auto unit = memoryScale();
    m_plot->xAxis->setLabel(tr("usable memory per GPU, %1").arg(unit.name));
    auto graph = buildWorkloadGraph(workload);
    if (!graph)
        return clear(tr("The workload cannot be built: %1").arg(appText(graph.error().message)));
    auto setup = estimate::trainingSetupFor(workload);
    setup.cuda = true;
    const auto estimated = graphResult([&] { return estimate::estimateMemory(*graph, setup); });
    if (!estimated)
        return clear(tr("The workload cannot be estimated: %1").arg(appText(estimated.error().message)));
    const auto& memory = *estimated;
    double maxX = 1, maxY = 1;
    for (const auto& gpu : m_gpus) {
        if (gpu.launchPriceUsd <= 0 || gpu.spec.usableBytes <= 0 ||
            !estimate::runsNatively(setup, gpu.spec)) {
            ++m_unplotted;
            continue;
        }
        const auto e = estimate::estimateTraining(*graph, setup, gpu.spec, memory);
        if (!e.time) {
            ++m_unplotted;
            continue;
        }
        Point p{QString::fromStdString(gpu.spec.name), unit.of(double(gpu.spec.usableBytes)),
                e.time->samplesPerSecond / gpu.launchPriceUsd * 1000, e.fits.value_or(false)};
        maxX = std::max(maxX, p.memory);
        maxY = std::max(maxY, p.samplesPerSecondPer1000Usd);
        m_points.push_back(std::move(p));
    }
    if (m_points.empty()) {
        const int unplotted = m_unplotted;
        clear(tr(
            "No catalog GPU has a launch price in US dollars and the rates to estimate this workload on."));
        m_unplotted = unplotted;
        return;
    }
    for (int fits = 1; fits >= 0; --fits) {
        auto* scatter = m_plot->addGraph();
        scatter->setName(fits ? tr("fits") : tr("does not fit"));
        scatter->setLineStyle(QCPGraph::lsNone);
        scatter->setScatterStyle(QCPScatterStyle(fits ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssCircle,
                                                 fits ? seriesColor(2) : seriesColor(7), 8));
        for (const auto& p : m_points)
            if (p.fits == (fits == 1))
                scatter->addData(p.memory, p.samplesPerSecondPer1000Usd);
    }
    m_plot->xAxis->setRange(0, maxX * 1.08);
    m_plot->yAxis->setRange(0, maxY * 1.1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void CatalogChart::showNameAt(const QPoint& at) {
    const Point* nearest = nullptr;
    double best = 12 * 12; // pixels², squared
    for (const auto& p : m_points) {
        const double dx = m_plot->xAxis->coordToPixel(p.memory) - at.x();
        const double dy = m_plot->yAxis->coordToPixel(p.samplesPerSecondPer1000Usd) - at.y();
        if (dx * dx + dy * dy < best) {
            best = dx * dx + dy * dy;
            nearest = &p;
        }
    }
    if (nearest)
        QToolTip::showText(m_plot->mapToGlobal(at),
                           tr("%1: %2 %5, %3 samples/s per 1,000 USD%4")
                               .arg(nearest->name)
                               .arg(nearest->memory, 0, 'f', 1)
                               .arg(nearest->samplesPerSecondPer1000Usd, 0, 'f', 1)
                               .arg(nearest->fits ? tr(", fits") : tr(", does not fit"))
                               .arg(memoryScale().name),
                           m_plot);
    else
        QToolTip::hideText();
}

} // namespace torchrig::ui
