#include "chart_style.h"

#include "qcustomplot_include.h"

#include <array>

namespace torchrig::ui {

void applyChartStyle(QCustomPlot& plot, const QPalette& palette) {
    const auto text = palette.color(QPalette::Text);
    plot.setBackground(palette.color(QPalette::Base));
    for (auto* axis : plot.axisRect()->axes()) {
        axis->setBasePen(QPen(text));
        axis->setTickPen(QPen(text));
        axis->setSubTickPen(QPen(text));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->grid()->setPen(QPen(palette.color(QPalette::Mid), 0, Qt::DotLine));
    }
    plot.legend->setBrush(palette.color(QPalette::Base));
    plot.legend->setTextColor(text);
    plot.legend->setBorderPen(QPen(palette.color(QPalette::Mid)));
}

void applyNoteStyle(QCPItemText& note, const QPalette& palette) {
    note.setColor(palette.color(QPalette::Text));
    note.setBrush(palette.color(QPalette::Base));
}

QColor seriesColor(int index) {
    static const std::array<QColor, 9> colors = {
        QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
        QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
        QColor(0xF0, 0xE4, 0x42), QColor(0x99, 0x99, 0x99), QColor(0x66, 0x66, 0x66)};
    return colors[static_cast<std::size_t>(index) % colors.size()];
}

QColor capacityColor() {
    return QColor(0xD5, 0x5E, 0x00);
}

} // namespace torchrig::ui
