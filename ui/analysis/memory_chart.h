#pragma once
// Chart 1: one GPU's memory at the step's peak as a stacked bar (what the allocator holds, by
// kind; the allocator's cached slack; the CUDA context and libraries) against the usable
// capacity, with the allocated, reserved and device marks. QCustomPlot stays behind this class.

#include "estimate/estimate.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QCustomPlot;
class QCPTextElement;

namespace torchrig::ui {

class MemoryChart : public QWidget {
    Q_OBJECT
public:
    struct Segment {
        QString label;
        double amount = 0; // in the display unit (settings/memory_unit.h)
    };

    explicit MemoryChart(QWidget* parent = nullptr);

    void setEstimate(const estimate::Estimate& estimate, std::int64_t usableBytes);
    void clear(const QString& why);

    // What is drawn, in the display unit, for tests and tooltips.
    const std::vector<Segment>& segments() const { return m_segments; }
    std::optional<double> capacity() const { return m_capacity; }
    QCustomPlot* plot() const { return m_plot; }

private:
    QCustomPlot* m_plot = nullptr;
    QCPTextElement* m_figures = nullptr; // the marks' figures, above the plot
    std::vector<Segment> m_segments;
    std::optional<double> m_capacity;
};

} // namespace torchrig::ui
