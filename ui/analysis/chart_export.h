#pragma once
// Every chart's "Export…" (context menu): PNG at twice the screen's resolution, or PDF with the
// chart drawn as vectors. SVG waits for Qt SVG, which the project's dependencies do not include.

#include <QString>

class QCustomPlot;
class QWidget;

namespace torchrig::ui {

// Writes the plot to `path` by its suffix (.png, .pdf); false when it cannot.
bool exportPlot(QCustomPlot& plot, const QString& path);
// Adds the context menu with "Export…" to the plot.
void enableExportMenu(QCustomPlot& plot, const QString& defaultName);

} // namespace torchrig::ui
