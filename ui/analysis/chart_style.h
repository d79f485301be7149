#pragma once
// The charts' shared look: the theme's colours for background, axes, grid and legend (so dark mode
// reads right), and one colour-blind-safe series palette (Okabe-Ito).

#include <QColor>
#include <QPalette>

class QCustomPlot;

namespace torchrig::ui {

void applyChartStyle(QCustomPlot& plot, const QPalette& palette);
QColor seriesColor(int index);
QColor capacityColor(); // the usable-memory line and its label

} // namespace torchrig::ui
