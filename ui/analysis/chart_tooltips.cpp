#include "chart_tooltips.h"

#include "qcustomplot_include.h"

#include <QToolTip>

namespace torchrig::ui {

namespace {

// A bar chart's categories are tick labels at whole keys; other keys are numbers on their axis.
QString keyText(QCPAxis& axis, double key) {
    if (auto ticker = axis.ticker().dynamicCast<QCPAxisTickerText>()) {
        const auto label = ticker->ticks().value(key);
        return QString(label).replace(QLatin1Char('\n'), QLatin1Char(' '));
    }
    return QStringLiteral("%1 %2").arg(QString::number(key, 'g', 4), axis.label()).trimmed();
}

} // namespace

QString describeChartPoint(QCustomPlot& plot, const QPoint& at) {
    QCPAbstractPlottable* nearest = nullptr;
    int nearestIndex = -1;
    double best = plot.selectionTolerance();
    for (int i = 0; i < plot.plottableCount(); ++i) {
        auto* plottable = plot.plottable(i);
        if (!plottable->visible() || !plottable->interface1D() || plottable->name().isEmpty())
            continue;
        QVariant details;
        const double distance = plottable->selectTest(at, false, &details);
        const auto selection = details.value<QCPDataSelection>();
        if (distance >= 0 && distance <= best && !selection.isEmpty()) {
            best = distance;
            nearest = plottable;
            nearestIndex = selection.dataRange().begin();
        }
    }
    if (!nearest)
        return {};
    auto* data = nearest->interface1D();
    const double key = data->dataMainKey(nearestIndex);
    const double value = data->dataMainValue(nearestIndex);
    QString text = nearest->property(kNameHasValue).toBool()
                       ? nearest->name()
                       : QStringLiteral("%1: %2 %3")
                             .arg(nearest->name(), QString::number(value, 'f', value < 10 ? 2 : 1),
                                  nearest->valueAxis()->label());
    const auto where = keyText(*nearest->keyAxis(), key);
    if (!where.isEmpty())
        text += QStringLiteral(" (%1)").arg(where);
    if (const auto meaning = nearest->property(kMeaning).toString(); !meaning.isEmpty())
        text = text.trimmed() + QStringLiteral("\n") + meaning;
    return text.trimmed();
}

void installChartTooltips(QCustomPlot& plot) {
    QObject::connect(&plot, &QCustomPlot::mouseMove, &plot, [&plot](QMouseEvent* event) {
        const auto text = describeChartPoint(plot, event->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(plot.mapToGlobal(event->pos()), text, &plot);
    });
}

} // namespace torchrig::ui
