#pragma once

#include "part_record.h"

#include <QTextBrowser>

namespace torchrig::ui {

// One part in full: every figure with its unit, where it comes from and how old it is, how sure
// the catalog is, and the price history with each price's date.
class PartDetailsView : public QTextBrowser {
    Q_OBJECT
public:
    explicit PartDetailsView(QWidget* parent = nullptr);
    void showPart(const db::PartRecord* part);

    static QString toHtml(const db::PartRecord& part);
};

} // namespace torchrig::ui
