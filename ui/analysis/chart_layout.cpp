#include "chart_layout.h"

#include "qcustomplot_include.h"

#include <vector>

namespace torchrig::ui {

namespace {

constexpr char kHome[] = "torchrigHome";
constexpr double kGap = 2; // pixels between two words moved apart

QRectF rectOf(QCPItemText& text) {
    return QRectF(text.topLeft->pixelPosition(), text.bottomRight->pixelPosition()).normalized();
}

// The smallest vertical move, down or else up, that frees `rect` of every rectangle in `taken`
// and keeps it inside `bounds`; 0 when it is free already or no move frees it.
double verticalMove(const QRectF& rect, const std::vector<QRectF>& taken, const QRectF& bounds) {
    auto freeAt = [&](double dy) {
        const auto moved = rect.translated(0, dy);
        if (moved.top() < bounds.top() || moved.bottom() > bounds.bottom())
            return false;
        for (const auto& t : taken)
            if (moved.intersects(t))
                return false;
        return true;
    };
    if (freeAt(0))
        return 0;
    // The candidates: just below or just above each rectangle in the way.
    double best = 0;
    bool found = false;
    for (const auto& t : taken) {
        for (double dy : {t.bottom() + kGap - rect.top(), t.top() - kGap - rect.bottom()})
            if (freeAt(dy) && (!found || std::abs(dy) < std::abs(best))) {
                best = dy;
                found = true;
            }
    }
    return best;
}

void separate(QCustomPlot& plot) {
    const QRectF viewport = plot.viewport();
    std::vector<QRectF> taken;
    if (plot.legend && plot.legend->visible() && plot.legend->itemCount() > 0)
        taken.push_back(plot.legend->outerRect());
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* text = qobject_cast<QCPItemText*>(plot.item(i));
        if (!text || !text->visible())
            continue;
        const auto home = text->property(kHome);
        if (home.isValid())
            text->position->setCoords(home.toPointF());
        else
            text->setProperty(kHome, text->position->coords());
        // A text clipped to the plot area must stay inside it to be read whole.
        const QRectF bounds =
            text->clipToAxisRect() && text->clipAxisRect() ? QRectF(text->clipAxisRect()->rect()) : viewport;
        auto rect = rectOf(*text);
        double dx = 0;
        if (rect.left() < bounds.left())
            dx = bounds.left() - rect.left();
        else if (rect.right() > bounds.right())
            dx = bounds.right() - rect.right();
        rect.translate(dx, 0);
        const double dy = verticalMove(rect, taken, bounds);
        if (dx != 0 || dy != 0) {
            text->position->setPixelPosition(text->position->pixelPosition() + QPointF(dx, dy));
            rect.translate(0, dy);
        }
        taken.push_back(rect);
    }
}

} // namespace

void placeLegendBeside(QCustomPlot& plot, double share) {
    auto* column = new QCPLayoutGrid;
    plot.plotLayout()->addElement(0, 1, column);
    plot.axisRect()->insetLayout()->take(plot.legend);
    column->addElement(0, 0, plot.legend);
    // An empty cell under the legend takes the rest of the height, so that the legend's own small
    // height does not cap the row, and with it the plot.
    column->addElement(1, 0, new QCPLayoutElement(&plot));
    column->setRowStretchFactor(0, 0.01);
    column->setRowStretchFactor(1, 1);
    column->setMargins(QMargins(0, 10, 6, 10));
    plot.plotLayout()->setColumnStretchFactor(0, share);
    plot.plotLayout()->setColumnStretchFactor(1, 1 - share);
}

void placeLegendBelow(QCustomPlot& plot) {
    plot.axisRect()->insetLayout()->take(plot.legend);
    plot.plotLayout()->addElement(1, 0, plot.legend);
    plot.plotLayout()->setRowStretchFactor(1, 0.001);
    plot.legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot.legend->setWrap(3); // three entries a row: a narrow chart wraps rather than cuts
}

void keepTextApart(QCustomPlot& plot) {
    QObject::connect(&plot, &QCustomPlot::afterLayout, &plot, [&plot] { separate(plot); });
}

} // namespace torchrig::ui
