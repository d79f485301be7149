#include "step_time_chart.h"

#include "chart_export.h"
#include "chart_layout.h"
#include "chart_style.h"
#include "chart_tooltips.h"
#include "qcustomplot_include.h"

#include <QLocale>
#include <QVBoxLayout>

#include <algorithm>

namespace torchrig::ui {

QString stepTimeText(const estimate::TimeEstimate& time) {
    const double stepMs = time.stepSeconds * 1e3;
    if (time.scalingUncertainty > 0)
        return StepTimeChart::tr("%1 ms −%2 % / +%3 %")
            .arg(stepMs, 0, 'f', 1)
            .arg(100 * time.uncertainty, 0, 'f', 0)
            .arg(100 * (time.uncertainty + time.scalingUncertainty), 0, 'f', 0);
    return time.uncertainty > 0 ? StepTimeChart::tr("%1 ms ± %2 %")
                                      .arg(stepMs, 0, 'f', 1)
                                      .arg(100 * time.uncertainty, 0, 'f', 0)
                                : StepTimeChart::tr("%1 ms").arg(stepMs, 0, 'f', 1);
}

QString throughputText(double samplesPerSecond, std::int64_t tokensPerSample) {
    if (tokensPerSample <= 0)
        return StepTimeChart::tr("%1 samples/s").arg(samplesPerSecond, 0, 'f', 0);
    return StepTimeChart::tr("%1 tokens/s (%2 samples/s)")
        .arg(QLocale().toString(samplesPerSecond * static_cast<double>(tokensPerSample), 'f', 0))
        .arg(samplesPerSecond, 0, 'f', 1);
}

StepTimeChart::StepTimeChart(QWidget* parent)
    : QWidget(parent)
    , m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setAccessibleName(tr("Step time"));
    applyChartStyle(*m_plot, palette());
    installChartTooltips(*m_plot);
    keepTextApart(*m_plot);
    m_plot->xAxis->setLabel(tr("milliseconds per step"));
    m_plot->plotLayout()->insertRow(0);
    m_plot->plotLayout()->addElement(
        0, 0, new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize())));
    enableExportMenu(*m_plot, QStringLiteral("step-time.png"));
}

void StepTimeChart::clear(const QString& why) {
    m_parts.clear();
    m_samplesPerSecond = 0;
    m_stepBand = {};
    m_plot->clearPlottables();
    if (auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0)))
        title->setText(why);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void StepTimeChart::setTime(const estimate::TimeEstimate& time, int gpus, std::int64_t tokensPerSample) {
    const double exposed =
        std::max(0.0, time.stepSeconds - time.forwardSeconds - time.backwardSeconds - time.optimizerSeconds);
    m_parts = {{tr("Forward"), time.forwardSeconds * 1e3},
               {tr("Backward"), time.backwardSeconds * 1e3},
               {tr("Optimizer"), time.optimizerSeconds * 1e3},
               {tr("Communication not hidden"), exposed * 1e3}};
    m_samplesPerSecond = time.samplesPerSecond * gpus;
    const double stepMs = time.stepSeconds * 1e3;
    // Several GPUs may lose more than the model says (published runs): the band reaches further up.
    const double below = stepMs * time.uncertainty;
    const double above = stepMs * (time.uncertainty + time.scalingUncertainty);
    m_stepBand = {stepMs - below, stepMs + above};
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
    // The whole step on top, its band as error bars: how far the estimate may be off on this
    // architecture (estimate/achievable_rates.h).
    auto* step = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    step->setName(
        below != above ? tr("Whole step: %1 ms, may be %2 ms shorter or %3 ms longer")
                             .arg(stepMs, 0, 'f', 1)
                             .arg(below, 0, 'f', 1)
                             .arg(above, 0, 'f', 1)
        : below > 0
            ? tr("Whole step: %1 ms, may be off by ± %2 ms").arg(stepMs, 0, 'f', 1).arg(below, 0, 'f', 1)
            : tr("Whole step: %1 ms").arg(stepMs, 0, 'f', 1));
    step->setProperty(kNameHasValue, true);
    step->setBrush(seriesColor(1));
    step->setPen(QPen(seriesColor(1).darker(130)));
    step->setData(QVector<double>{0}, QVector<double>{stepMs});
    ticker->addTick(0, below != above ? tr("Whole step\n%1 −%2 / +%3 ms")
                                            .arg(stepMs, 0, 'f', 1)
                                            .arg(below, 0, 'f', 1)
                                            .arg(above, 0, 'f', 1)
                       : below > 0 ? tr("Whole step\n%1 ± %2 ms").arg(stepMs, 0, 'f', 1).arg(below, 0, 'f', 1)
                                   : tr("Whole step\n%1 ms").arg(stepMs, 0, 'f', 1));
    if (above > 0) {
        auto* band = new QCPErrorBars(m_plot->yAxis, m_plot->xAxis);
        band->setErrorType(QCPErrorBars::etValueError);
        band->setDataPlottable(step);
        band->setData(QVector<double>{below}, QVector<double>{above});
        band->setPen(QPen(palette().color(QPalette::Text), 1.5));
        band->setWhiskerWidth(12);
        band->setSymbolGap(0);
    }
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(-0.6, static_cast<double>(m_parts.size()) + 0.6);
    m_plot->yAxis->setRangeReversed(true);
    const double longest = std::max_element(m_parts.begin(), m_parts.end(), [](const Part& a, const Part& b) {
                               return a.milliseconds < b.milliseconds;
                           })->milliseconds;
    m_plot->xAxis->setRange(0, std::max(1e-3, std::max(longest, m_stepBand.second) * 1.1));
    if (auto* title = qobject_cast<QCPTextElement*>(m_plot->plotLayout()->element(0, 0))) {
        title->setTextColor(palette().color(QPalette::Text));
        title->setText(tr("step %1 · %2 over %n GPU(s) · MFU %3 %", nullptr, gpus)
                           .arg(stepTimeText(time), throughputText(m_samplesPerSecond, tokensPerSample))
                           .arg(100 * time.mfu, 0, 'f', 0));
    }
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

} // namespace torchrig::ui
