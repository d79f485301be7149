#include "catalog_table_model.h"

#include "document/message_translation.h"

#include <QMimeData>

#include "field_value.h"

#include <algorithm>
#include <limits>

namespace torchrig::ui {

CatalogTableModel::CatalogTableModel(QObject* parent)
    : QAbstractTableModel(parent) {}

void CatalogTableModel::setParts(std::vector<db::PartRecord> parts, std::optional<PartCategory> category) {
    beginResetModel();
    m_parts = std::move(parts);
    m_category = category;
    m_fieldColumns.clear();
    if (category) {
        auto keys = db::keyFields(*category);
        for (auto key : keys)
            m_fieldColumns.push_back(db::findField(*category, key));
        for (const auto& field : db::categorySchema(*category).fields) {
            if (std::find(keys.begin(), keys.end(), field.column) == keys.end())
                m_fieldColumns.push_back(&field);
        }
    }
    endResetModel();
}

const db::PartRecord* CatalogTableModel::partAt(int row) const {
    if (row < 0 || row >= static_cast<int>(m_parts.size()))
        return nullptr;
    return &m_parts[static_cast<std::size_t>(row)];
}

int CatalogTableModel::fixedColumns() const {
    return m_category ? 2 : 3;
}

const db::FieldSpec* CatalogTableModel::fieldAt(int column) const {
    auto index = column - fixedColumns();
    if (index < 0 || index >= static_cast<int>(m_fieldColumns.size()))
        return nullptr;
    return m_fieldColumns[static_cast<std::size_t>(index)];
}

int CatalogTableModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_parts.size());
}

int CatalogTableModel::columnCount(const QModelIndex& parent) const {
    if (parent.isValid())
        return 0;
    return fixedColumns() + static_cast<int>(m_fieldColumns.size());
}

QVariant CatalogTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || (role != Qt::DisplayRole && role != Qt::ToolTipRole))
        return {};
    if (section == NameColumn)
        return tr("Name");
    if (section == VendorColumn)
        return tr("Vendor");
    if (!m_category)
        return section == CategoryOrFirstField ? tr("Category") : QVariant();
    const auto* fieldSpec = fieldAt(section);
    if (!fieldSpec)
        return {};
    const auto& field = *fieldSpec;
    auto label = catalogLabel(field.label);
    if (role == Qt::ToolTipRole)
        return QString::fromUtf8(field.column.data(), static_cast<qsizetype>(field.column.size()));
    if (field.unit.empty())
        return label;
    return QString(label + QStringLiteral(" (") +
                   QString::fromUtf8(field.unit.data(), static_cast<qsizetype>(field.unit.size())) +
                   QStringLiteral(")"));
}

QVariant CatalogTableModel::data(const QModelIndex& index, int role) const {
    const auto* part = partAt(index.row());
    if (!part || index.column() < 0 || index.column() >= columnCount())
        return {};
    if (role == PartIdRole)
        return QString::fromStdString(part->id);
    if (index.column() == NameColumn || index.column() == VendorColumn ||
        (!m_category && index.column() == CategoryOrFirstField)) {
        if (role != Qt::DisplayRole && role != SortRole && role != Qt::ToolTipRole)
            return {};
        if (index.column() == NameColumn)
            return role == Qt::ToolTipRole ? QString::fromStdString(part->id)
                                           : QString::fromStdString(part->name);
        if (index.column() == VendorColumn)
            return QString::fromStdString(part->vendor);
        return catalogLabel(categoryLabel(part->category));
    }
    const auto& field = *fieldAt(index.column());
    const auto& value = part->field(field.column);
    bool numeric = field.type == db::FieldType::Integer || field.type == db::FieldType::Real;
    switch (role) {
    case Qt::DisplayRole:
        if (std::holds_alternative<std::monostate>(value))
            return QStringLiteral("—");
        if (field.type == db::FieldType::Boolean)
            return std::get<std::int64_t>(value) ? tr("yes") : tr("no");
        return QString::fromStdString(db::formatFieldValue(value));
    case SortRole:
        if (std::holds_alternative<std::monostate>(value))
            return numeric ? QVariant(std::numeric_limits<double>::infinity())
                           : QVariant(QString(QChar(0xFFFF)));
        if (auto* integer = std::get_if<std::int64_t>(&value))
            return static_cast<double>(*integer);
        if (auto* real = std::get_if<double>(&value))
            return *real;
        return QString::fromStdString(std::get<std::string>(value));
    case Qt::TextAlignmentRole: return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant();
    case Qt::ToolTipRole: {
        const auto& provenance = part->provenanceOf(field.column);
        return tr("Source: %1 (as of %2)")
            .arg(QString::fromStdString(provenance.source), QString::fromStdString(provenance.asOf));
    }
    default: return {};
    }
}

Qt::ItemFlags CatalogTableModel::flags(const QModelIndex& index) const {
    auto f = QAbstractTableModel::flags(index);
    return index.isValid() ? f | Qt::ItemIsDragEnabled : f;
}

QStringList CatalogTableModel::mimeTypes() const {
    return {QString::fromLatin1(kPartIdMimeType)};
}

QMimeData* CatalogTableModel::mimeData(const QModelIndexList& indexes) const {
    for (const auto& index : indexes) {
        if (const auto* part = index.isValid() ? partAt(index.row()) : nullptr) {
            auto* data = new QMimeData;
            data->setData(QString::fromLatin1(kPartIdMimeType), QByteArray::fromStdString(part->id));
            data->setText(QString::fromStdString(part->id));
            return data;
        }
    }
    return nullptr;
}

} // namespace torchrig::ui
