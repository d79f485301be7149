#include "step_time_chart.h"

#include "chart_export.h"
#include "chart_style.h"
#include "chart_tooltips.h"
#include "qcustomplot_include.h"

#include <QVBoxLayout>

#include <algorithm>

namespace torchrig::ui {

StepTimeChart::StepTimeChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Step time"));
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    m_plot->xAxis->setLabel(tr("milliseconds per step"));
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize())));
    enableExportMenu(*m_plot, QStringLiteral("step-time.png"));
}

void StepTimeChart::clear(const QString& why) {
    m_parts.clear();
    m_samplesPerSecond = 0;
    m_plot->clearPlottables();
    if (auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0)))
        title->setText(why);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void StepTimeChart::setTime(const estimate::TimeEstimate& time, int gpus) {
    const double exposed =
        std::max(0.0, time.stepSeconds - time.forwardSeconds - time.backwardSeconds - time.optimizerSeconds);
    m_parts = {{tr("Forward"), time.forwardSeconds * 1e3},
               {tr("Backward"), time.backwardSeconds * 1e3},
               {tr("Optimizer"), time.optimizerSeconds * 1e3},
               {tr("Communication not hidden"), exposed * 1e3}};
    m_samplesPerSecond = time.samplesPerSecond * gpus;
    m_plot->clearPlottables();
    auto* bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    bars->setName(tr("Time"));
    bars->setBrush(seriesColor(0));
    bars->setPen(QPen(seriesColor(0).darker(130)));
    QVector<double> keys, values;
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    for (std::size_t i = 0; i < m_parts.size(); ++i) {
        keys << static_cast<double>(i + 1);
        values << m_parts[i].milliseconds;
        ticker->addTick(static_cast<double>(i + 1),
                        tr("%1\n%2 ms").arg(m_parts[i].label).arg(m_parts[i].milliseconds, 0, 'f', 1));
    }
    bars->setData(keys, values);
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(0.4, static_cast<double>(m_parts.size()) + 0.6);
    m_plot->yAxis->setRangeReversed(true);
    const double longest = std::max_element(m_parts.begin(), m_parts.end(), [](const Part& a, const Part& b) {
                               return a.milliseconds < b.milliseconds;
                           })->milliseconds;
    m_plot->xAxis->setRange(0, std::max(1e-3, longest * 1.1));
    if (auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))) {
        title->setTextColor(palette().color(QPalette::Text));
        title->setText(tr("step %1 ms · %2 samples/s over %n GPU(s) · MFU %3 %", nullptr, gpus)
                           .arg(time.stepSeconds * 1e3, 0, 'f', 1)
                           .arg(m_samplesPerSecond, 0, 'f', 0)
                           .arg(100 * time.mfu, 0, 'f', 0));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace torchrig::ui
