#pragma once
// Chart 4: where one training step's time goes on a GPU (forward, backward, optimizer, the
// communication backward cannot hide) as horizontal bars, the whole step above them with the band
// the estimate may be off by for this GPU's architecture, and the throughput over all GPUs.

#include "estimate/estimate.h"

#include <QString>
#include <QWidget>

#include <utility>
#include <vector>

class QCustomPlot;

namespace torchrig::ui {

// "12.3 ms ± 16 %": a step time with the uncertainty its architecture carries, when one is known.
QString stepTimeText(const estimate::TimeEstimate& time);
// "6,144 tokens/s (6.0 samples/s)" for a language model (`tokensPerSample` its sequence length),
// "2519 samples/s" for another (0).
QString throughputText(double samplesPerSecond, std::int64_t tokensPerSample);

class StepTimeChart : public QWidget {
    Q_OBJECT
public:
    struct Part {
        QString label;
        double milliseconds = 0;
    };

    explicit StepTimeChart(QWidget* parent = nullptr);
    // `tokensPerSample`: a language model's sequence length, so that its rate reads in tokens/s
    // as well (0: not a language model).
    void setTime(const estimate::TimeEstimate& time, int gpus, std::int64_t tokensPerSample = 0);
    void clear(const QString& why);

    const std::vector<Part>& parts() const { return m_parts; }
    double samplesPerSecond() const { return m_samplesPerSecond; }
    // The whole step's band in milliseconds, {low, high}; both the step when no uncertainty is known.
    std::pair<double, double> stepBand() const { return m_stepBand; }
    QCustomPlot* plot() const { return m_plot; }

private:
    QCustomPlot* m_plot = nullptr;
    std::vector<Part> m_parts;
    double m_samplesPerSecond = 0;
    std::pair<double, double> m_stepBand;
};

} // namespace torchrig::ui
