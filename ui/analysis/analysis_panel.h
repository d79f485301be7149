#pragma once
// The analysis of the open build's workload on its GPUs: the fit and the step time in words, and
// the charts. Redrawn on every edit of the document (the estimate takes milliseconds).

#include <QWidget>

class QLabel;

namespace torchrig::ui {

class AdvicePanel;
class BuildDocument;
class MemoryChart;

class AnalysisPanel : public QWidget {
    Q_OBJECT
public:
    explicit AnalysisPanel(BuildDocument& document, QWidget* parent = nullptr);

    MemoryChart* memoryChart() const { return m_memory; }
    AdvicePanel* advice() const { return m_advice; }
    QLabel* summary() const { return m_summary; }

private:
    void refresh();

    BuildDocument& m_document;
    QLabel* m_summary = nullptr;
    MemoryChart* m_memory = nullptr;
    AdvicePanel* m_advice = nullptr;
};

} // namespace torchrig::ui
