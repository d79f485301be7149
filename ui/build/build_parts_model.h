#pragma once
// The build's parts as a table: part, category, quantity per node (editable: an undoable edit),
// unit price and the subtotal over all nodes in the Preferences' currency (a vendor's quote in
// place of the catalog's price, marked), with the price's date and source in the tooltip. With the build's
// checks, a part the findings concern is marked with the most severe one's icon and lists them in its
// tooltip.

#include "plan/build_cost.h"
#include "plan/sheet_words.h"

#include <QAbstractTableModel>

namespace torchrig::ui {

class BuildChecks;
class BuildDocument;

class BuildPartsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PartColumn, CategoryColumn, QuantityColumn, UnitPriceColumn, SubtotalColumn, ColumnCount };
    static constexpr int PartIdRole = Qt::UserRole + 1;

    explicit BuildPartsModel(BuildDocument& document, const BuildChecks* checks = nullptr,
                             QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;

    // The currency and rates prices are shown in (Preferences); none: each in its own.
    void setCostOptions(plan::CostOptions options);
    const plan::CostOptions& costOptions() const { return m_costOptions; }
    // The build's cost at those options, kept with the table (refreshed on every change).
    const plan::BuildCost& cost() const { return m_cost; }

private:
    void refresh();
    plan::CostOptions m_costOptions;
    plan::BuildCost m_cost; // the build's lines at those options, one per part

    BuildDocument& m_document;
    const BuildChecks* m_checks = nullptr;
    int m_rows = 0;
};

// The words of a price's age and a total's standing (plan/price_standing.h) in the UI's language:
// Chinese for a Chinese locale, until the UI's own words go through Qt Linguist.
plan::Words priceWords();

} // namespace torchrig::ui
