#pragma once
// Chart 5: what owning the build costs over the months (purchase, then energy) against renting the
// same work from the cheapest cloud instances that can run it, with each break-even marked.

#include "plan/rent_vs_buy.h"

#include <QWidget>

class QCustomPlot;

namespace torchrig::ui {

class RentChart : public QWidget {
    Q_OBJECT
public:
    explicit RentChart(QWidget* parent = nullptr);
    void setComparison(const plan::RentVsBuy& comparison, double months);
    void clear();

    // The lines drawn: name and cost at month 0 and at the chart's last month.
    struct Line {
        QString name;
        double atStart = 0, atEnd = 0;
    };
    const std::vector<Line>& lines() const { return m_lines; }
    QCustomPlot* plot() const { return m_plot; }

private:
    QCustomPlot* m_plot = nullptr;
    std::vector<Line> m_lines;
};

} // namespace torchrig::ui
