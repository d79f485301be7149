#pragma once
// The plan dialog's read-only table cells, shared by its workload list and its proposals.

#include <QTableWidgetItem>

namespace torchrig::ui {

inline QTableWidgetItem* planTableCell(const QString& text,
                                       Qt::Alignment alignment = Qt::AlignLeft | Qt::AlignVCenter) {
    auto* item = new QTableWidgetItem(text);
    item->setTextAlignment(alignment);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

inline constexpr Qt::Alignment kPlanTableNumber = Qt::AlignRight | Qt::AlignVCenter;

} // namespace torchrig::ui
