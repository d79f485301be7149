#include "build_parts_model.h"

#include "build_checks.h"
#include "document/build_document.h"
#include "document/message_translation.h"
#include "hardware/part_category.h"

#include "plan/price_standing.h"
#include "plan/sheet_money.h"

#include <QApplication>
#include <QDate>
#include <QLocale>
#include <QStyle>

namespace torchrig::ui {

namespace {
// As the sheet and the totals write an amount: "¥13,499.00", "$589.00".
QString shownMoney(double amount, const std::string& currency) {
    return QString::fromStdString(plan::sheetMoney(amount, currency));
}
} // namespace

BuildPartsModel::BuildPartsModel(BuildDocument& document, const BuildChecks* checks, QObject* parent)
    : QAbstractTableModel(parent)
    , m_document(document)
    , m_checks(checks)
    , m_rows(static_cast<int>(document.build().parts.size())) {
    connect(&m_document, &BuildDocument::buildChanged, this, &BuildPartsModel::refresh);
    if (m_checks)
        connect(m_checks, &BuildChecks::findingsChanged, this, [this] {
            // The checks may hear of a new build before this model does: its rows wait for the reset.
            if (m_rows > 0 && static_cast<std::size_t>(m_rows) == m_document.build().parts.size())
                Q_EMIT dataChanged(index(0, PartColumn), index(m_rows - 1, PartColumn),
                                   {Qt::DecorationRole, Qt::ToolTipRole});
        });
}

void BuildPartsModel::refresh() {
    // A build has tens of parts at most: a reset is cheaper to get right than row moves.
    beginResetModel();
    m_rows = static_cast<int>(m_document.build().parts.size());
    auto options = m_costOptions;
    options.today = QDate::currentDate().toString(Qt::ISODate).toStdString(); // prices' age, as of today
    m_cost = plan::costBuild(m_document.build(), options);
    endResetModel();
}

void BuildPartsModel::setCostOptions(plan::CostOptions options) {
    m_costOptions = std::move(options);
    refresh();
    Q_EMIT headerDataChanged(Qt::Horizontal, UnitPriceColumn, SubtotalColumn);
}

int BuildPartsModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int BuildPartsModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

plan::Words priceWords() {
    return plan::Words(appTranslation());
}

QVariant BuildPartsModel::data(const QModelIndex& index, int role) const {
    const auto& build = m_document.build();
    if (!index.isValid() || index.row() >= m_rows ||
        static_cast<std::size_t>(index.row()) >= build.parts.size())
        return {};
    const auto& part = build.parts[static_cast<std::size_t>(index.row())];
    const auto* line = static_cast<std::size_t>(index.row()) < m_cost.lines.size()
                           ? &m_cost.lines[static_cast<std::size_t>(index.row())]
                           : nullptr;
    const auto& price = line ? line->unitPrice : part.snapshot.price;
    const bool hourly = price && isHourly(price->kind);
    if (role == PartIdRole)
        return QString::fromStdString(part.partId);
    if (m_checks && index.column() == PartColumn && (role == Qt::DecorationRole || role == Qt::ToolTipRole)) {
        const auto findings = m_checks->findingsFor(part.partId);
        if (role == Qt::DecorationRole) {
            if (findings.empty())
                return {};
            const auto severity = findings.front()->severity;
            return QApplication::style()->standardIcon(
                severity == plan::Severity::Problem   ? QStyle::SP_MessageBoxCritical
                : severity == plan::Severity::Warning ? QStyle::SP_MessageBoxWarning
                                                      : QStyle::SP_MessageBoxInformation);
        }
        // The whole name first: a narrow table elides it.
        QStringList lines{QString::fromStdString(part.snapshot.name), QString::fromStdString(part.partId)};
        for (const auto* f : findings)
            lines << appText(f->message);
        return lines.join(QLatin1Char('\n'));
    }
    if (role == Qt::DecorationRole && index.column() == UnitPriceColumn && line && line->stale)
        return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    if (role == Qt::ToolTipRole) {
        if (index.column() == UnitPriceColumn && price)
            return QString(
                (line && line->stale
                     ? QString::fromStdString(plan::stalePriceLabel(*price, priceWords())) + QLatin1Char('\n')
                     : QString()) +
                (line && line->quoted ? tr("Vendor quote: ") : QString()) +
                tr("%1 %2, %3, %4")
                    .arg(price->amount, 0, 'f', 2)
                    .arg(QString::fromStdString(price->currency), QString::fromStdString(price->date),
                         QString::fromStdString(price->source)));
        if (index.column() == UnitPriceColumn && line && line->toBeQuoted)
            return tr("No price to buy it at: ask a vendor and enter the quote under Purchasing");
        return QString::fromStdString(part.snapshot.name + "\n" + part.partId);
    }
    if (role == Qt::TextAlignmentRole && index.column() >= QuantityColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case PartColumn: return QString::fromStdString(part.snapshot.name);
    case CategoryColumn: return catalogLabel(categoryLabel(part.snapshot.category));
    case QuantityColumn: return part.quantity;
    case UnitPriceColumn:
        if (line && !line->includedIn.empty())
            return role == Qt::DisplayRole ? QVariant(tr("in the server")) : QVariant();
        if (!line || !line->unitAmount)
            return role == Qt::DisplayRole ? QVariant(tr("to be quoted")) : QVariant();
        return role == Qt::DisplayRole
                   ? QVariant(tr("%1%2%3").arg(
                         shownMoney(*line->unitAmount, line->subtotal ? line->currency : price->currency),
                         hourly ? tr("/h") : QString(), line->quoted ? tr(" (quote)") : QString()))
                   : QVariant(*line->unitAmount);
    case SubtotalColumn: {
        if (!line || !line->subtotal)
            return role == Qt::DisplayRole ? QVariant(QStringLiteral("—")) : QVariant();
        return role == Qt::DisplayRole ? QVariant(tr("%1%2").arg(shownMoney(*line->subtotal, line->currency),
                                                                 hourly ? tr("/h") : QString()))
                                       : QVariant(*line->subtotal);
    }
    default: return {};
    }
}

QVariant BuildPartsModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole && section == SubtotalColumn)
        return tr("Unit price x quantity x nodes");
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case PartColumn: return tr("Part");
    case CategoryColumn: return tr("Category");
    case QuantityColumn: return tr("Qty per node");
    case UnitPriceColumn: return tr("Unit price");
    case SubtotalColumn: return tr("Subtotal");
    default: return {};
    }
}

Qt::ItemFlags BuildPartsModel::flags(const QModelIndex& index) const {
    auto f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() == QuantityColumn)
        f |= Qt::ItemIsEditable;
    return f;
}

bool BuildPartsModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.column() != QuantityColumn || role != Qt::EditRole)
        return false;
    bool ok = false;
    const int quantity = value.toInt(&ok);
    if (!ok || quantity < 1 || quantity > 1000)
        return false;
    m_document.setPartQuantity(index.row(), quantity); // refreshes through buildChanged
    return true;
}

} // namespace torchrig::ui
