#pragma once
// File ▸ Compare builds: two to four build files side by side, as a table of their figures
// (plan/build_summary.h) and a chart of their throughput on their own workloads.

#include "plan/build_summary.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QCustomPlot;
class QTableWidget;

namespace torchrig::ui {

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(const std::vector<plan::Build>& builds, const QStringList& names,
                  QWidget* parent = nullptr);

    QTableWidget* table() const { return m_table; }
    const std::vector<plan::BuildSummary>& summaries() const { return m_summaries; }

private:
    QTableWidget* m_table = nullptr;
    QCustomPlot* m_plot = nullptr;
    std::vector<plan::BuildSummary> m_summaries;
};

} // namespace torchrig::ui
