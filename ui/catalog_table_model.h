#pragma once

#include "category_schema.h"
#include "part_record.h"

#include <QAbstractTableModel>

#include <optional>
#include <vector>

namespace torchrig::ui {

// Parts of one category (or of a search across categories) as a table: name, vendor, then every
// typed field of the category (its key fields first) with its unit in the header. Sorting uses SortRole,
// which gives numbers as numbers and puts unknown figures last.
class CatalogTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;
    static constexpr int PartIdRole = Qt::UserRole + 2;
    // What a part dragged out of the catalog carries: its id, as UTF-8.
    static constexpr const char* kPartIdMimeType = "application/x-torchrig-part-id";

    explicit CatalogTableModel(QObject* parent = nullptr);

    // Columns follow the category; a search across categories shows only the common columns.
    void setParts(std::vector<db::PartRecord> parts, std::optional<PartCategory> category);
    const db::PartRecord* partAt(int row) const;
    std::optional<PartCategory> category() const { return m_category; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;

private:
    enum FixedColumn { NameColumn, VendorColumn, CategoryOrFirstField };
    int fixedColumns() const;
    const db::FieldSpec* fieldAt(int column) const;

    std::vector<db::PartRecord> m_parts;
    std::optional<PartCategory> m_category;
    std::vector<const db::FieldSpec*> m_fieldColumns; // the key fields first, then the rest in table order
};

} // namespace torchrig::ui
