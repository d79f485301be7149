#pragma once
// Where a chart's words go so that they never cover each other, the data or the edge: the legend
// in its own column beside the plot, and every text item nudged (down, then up, and inward from
// the edges) at each layout until it touches no other text and no legend.

class QCustomPlot;

namespace torchrig::ui {

// The legend beside the plot area, top-aligned, in a column the plot area shares by `share` (the
// legend's column gets 1 - share of the width, at least what the legend needs).
void placeLegendBeside(QCustomPlot& plot, double share = 0.72);

// The legend in one row under the plot (a chart whose lines fan out over the whole area).
void placeLegendBelow(QCustomPlot& plot);

// From now on, after each layout (a resize, a new range), the plot's text items keep apart and
// inside the chart. Each item's own position is its home; it is moved from there, never drifts.
void keepTextApart(QCustomPlot& plot);

} // namespace torchrig::ui
