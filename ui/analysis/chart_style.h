#pragma once
// The charts' shared look: the theme's colours for background, axes, grid and legend (so dark mode
// reads right), and one colour-blind-safe series palette (Okabe-Ito).

#include <QColor>
#include <QPalette>

class QCustomPlot;
class QCPItemText;

namespace torchrig::ui {

void applyChartStyle(QCustomPlot& plot, const QPalette& palette);
QColor seriesColor(int index);
QColor capacityColor(); // the usable-memory line and its label
// A note written on a chart (why it is empty, what it left out): the theme's text on its base, so
// that it reads in the dark theme as in the light.
void applyNoteStyle(QCPItemText& note, const QPalette& palette);

} // namespace torchrig::ui
