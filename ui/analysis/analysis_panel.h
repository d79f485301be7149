#pragma once
// The analysis of the open build's workload on its GPUs: the fit and the step time in words, and
// the charts. Redrawn on every edit of the document (the estimate takes milliseconds).

#include <QWidget>

class QLabel;
class QTabWidget;

namespace torchrig::ui {

class AdvicePanel;
class BatchChart;
class StepTimeChart;
class BuildDocument;
class MemoryChart;

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPanel(BuildDocument& document, QWidget* parent = nullptr);

    MemoryChart* memoryChart() const { return m_memory; }
    AdvicePanel* advice() const { return m_advice; }
    BatchChart* batchChart() const { return m_batch; }
    StepTimeChart* stepTimeChart() const { return m_stepTime; }
    // The memory-against-batch chart's curves (tens of estimates) for the document as it is now.
    void refreshBatchChart();
    QLabel* summary() const { return m_summary; }

private:
    void refresh();

    BuildDocument& m_document;
    QLabel* m_summary = nullptr;
    MemoryChart* m_memory = nullptr;
    AdvicePanel* m_advice = nullptr;
    BatchChart* m_batch = nullptr;
    StepTimeChart* m_stepTime = nullptr;
    QTabWidget* m_tabs = nullptr;
};

} // namespace torchrig::ui
