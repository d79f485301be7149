#pragma once
// Chart 2: a GPU's device peak against the batch for each precision the GPU runs natively, the
// usable capacity, and the largest batch that fits at the workload's precision.

#include "plan/gpu_device_spec.h"
#include "workload/workload.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QCustomPlot;

namespace torchrig::ui {

class BatchChart : public QWidget {
    Q_OBJECT
public:
    struct Curve {
        Precision precision = Precision::Fp32;
        std::vector<std::pair<std::int64_t, double>> points; // batch, device peak in the display unit
    };

    explicit BatchChart(QWidget* parent = nullptr);
    // Estimates the curves: tens of estimates, so the panel calls it only while the chart shows.
    void setWorkload(const Workload& workload, const plan::BuildGpus& gpus,
                     estimate::ParallelStrategy strategy = estimate::ParallelStrategy::Ddp);
    void clear(const QString& why);

    const std::vector<Curve>& curves() const { return m_curves; }
    std::int64_t largestBatch() const { return m_largestBatch; }
    QCustomPlot* plot() const { return m_plot; }

private:
    QCustomPlot* m_plot = nullptr;
    std::vector<Curve> m_curves;
    std::int64_t m_largestBatch = 0;
};

} // namespace torchrig::ui
