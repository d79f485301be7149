#pragma once
// The build's vendor quotes as an editable table: each cell's edit is an undoable command on the
// document; the part column offers the build's parts (or the whole build).

#include <QAbstractTableModel>

namespace torchrig::ui {

class BuildDocument;

class QuotesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        VendorColumn,
        PartColumn,
        AmountColumn,
        CurrencyColumn,
        TaxColumn, // whether the amount includes VAT (含税): checkable
        DateColumn,
        ValidUntilColumn,
        ReferenceColumn,
        ChosenBecauseColumn, // the reason the user chose this quote over the lowest valid one
        ColumnCount
    };
    static constexpr int PartIdRole = Qt::UserRole + 1; // the Part column's catalog id ("" : whole build)

    explicit QuotesModel(BuildDocument& document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

    // Dated today, valid 30 days, in `currency` (else the build's prices' one, else USD).
    void addQuote(const QString& currency);
    void removeQuote(int row);

private:
    void refresh();

    BuildDocument& m_document;
    int m_rows = 0;
};

} // namespace torchrig::ui
