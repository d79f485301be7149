#pragma once
// Chart 6: every GPU of the catalog for the workload at hand: usable memory against throughput per
// 1,000 USD of launch price, the cards it fits highlighted; a GPU's name shows under the pointer.

#include "part_snapshot.h"
#include "workload/workload.h"

#include <QString>
#include <QWidget>

#include <vector>

class QCustomPlot;

namespace torchrig::ui {

class CatalogChart : public QWidget {
    Q_OBJECT
public:
    struct Point {
        QString name;
        double memory = 0; // usable, in the display unit
        double samplesPerSecondPer1000Usd = 0;
        bool fits = false;
    };

    explicit CatalogChart(QWidget* parent = nullptr);
    void setCatalog(std::vector<db::CatalogGpu> gpus);
    // One memory simulation, then each GPU's time from it: tens of milliseconds, run while shown.
    // A workload that cannot be built or estimated leaves the chart empty, saying why.
    void setWorkload(const Workload& workload);
    void clear(const QString& why = {});

    const std::vector<Point>& points() const { return m_points; }
    int unplotted() const { return m_unplotted; }                  // no price, no rates or no known memory
    const QString& emptyBecause() const { return m_emptyBecause; } // "" when it shows points
    QCustomPlot* plot() const { return m_plot; }

private:
    void showNameAt(const QPoint& at);

    QCustomPlot* m_plot = nullptr;
    std::vector<db::CatalogGpu> m_gpus;
    std::vector<Point> m_points;
    int m_unplotted = 0;
    QString m_emptyBecause;
};

} // namespace torchrig::ui
