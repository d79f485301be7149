#pragma once
// Tooltips for the charts: the data point or bar under the pointer, named by its series, with its
// value and key in the axes' own units ("Forward: 49.0 ms"). A series whose name already gives its
// value (a legend entry "Activations: 3.21 GiB") sets the property kNameHasValue to true.

#include <QPoint>
#include <QString>

class QCustomPlot;

namespace torchrig::ui {

inline constexpr const char* kNameHasValue = "torchrigNameHasValue";
// A plottable's property holding what its name means (the glossary's words), shown under its tooltip.
inline constexpr const char* kMeaning = "torchrigMeaning";

// Shows, as the pointer moves over the plot, what describeChartPoint says of the point under it.
void installChartTooltips(QCustomPlot& plot);

// The series, value and key of the data nearest `at` (plot pixels) within a few pixels, or "".
QString describeChartPoint(QCustomPlot& plot, const QPoint& at);

} // namespace torchrig::ui
