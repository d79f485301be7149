#pragma once
// Chart 3: the memory live on one GPU through one steady training step, event by event, with the
// forward, backward and optimizer phases shaded and the peak marked.

#include "estimate/memory_estimate.h"

#include <QWidget>

class QCustomPlot;

namespace torchrig::ui {

class TimelineChart : public QWidget {
    Q_OBJECT
public:
    explicit TimelineChart(QWidget* parent = nullptr);
    void setMemory(const estimate::MemoryEstimate& memory);
    void clear();

    double peak() const { return m_peak; } // the highest point drawn, in the display unit
    int points() const { return m_points; }
    QCustomPlot* plot() const { return m_plot; }

private:
    QCustomPlot* m_plot = nullptr;
    double m_peak = 0;
    int m_points = 0;
};

} // namespace torchrig::ui
