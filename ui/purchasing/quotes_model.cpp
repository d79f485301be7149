#include "quotes_model.h"

#include "document/build_document.h"
#include "plan/build_cost.h"

#include <QDate>

#include <algorithm>
#include <cmath>

namespace torchrig::ui {

namespace {
// As the build file reader takes an amount (core/io/build_file.cpp): more is refused on opening.
constexpr double kMaxQuoteAmount = 1e12;

std::string today() {
    return QDate::currentDate().toString(Qt::ISODate).toStdString();
}
} // namespace

QuotesModel::QuotesModel(BuildDocument& document, QObject* parent)
    : QAbstractTableModel(parent)
    , m_document(document)
    , m_rows(static_cast<int>(document.build().purchasing.quotes.size())) {
    connect(&m_document, &BuildDocument::buildChanged, this, &QuotesModel::refresh);
}

void QuotesModel::refresh() {
    beginResetModel();
    m_rows = static_cast<int>(m_document.build().purchasing.quotes.size());
    endResetModel();
}

int QuotesModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : m_rows;
}

int QuotesModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QuotesModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole && section == PartColumn)
        return tr("The part the quote prices (its amount is the unit price), or the whole build");
    if (role == Qt::ToolTipRole && (section == DateColumn || section == ValidUntilColumn))
        return tr("YYYY-MM-DD");
    if (role == Qt::ToolTipRole && section == TaxColumn)
        return tr(
            "Checked: the amount includes VAT (含税), as Chinese vendors quote; unchecked: VAT is added "
            "once at the rate of Preferences");
    if (role == Qt::ToolTipRole && section == ChosenBecauseColumn)
        return tr("Empty: the lowest valid quote prices the part. A reason here makes this quote the one "
                  "used, and the sheet prints the reason");
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case VendorColumn: return tr("Vendor");
    case PartColumn: return tr("For");
    case AmountColumn: return tr("Amount");
    case CurrencyColumn: return tr("Currency");
    case TaxColumn: return tr("Incl. VAT");
    case DateColumn: return tr("Date");
    case ValidUntilColumn: return tr("Valid until");
    case ReferenceColumn: return tr("Reference");
    case ChosenBecauseColumn: return tr("Chosen because");
    default: return {};
    }
}

QVariant QuotesModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= m_rows)
        return {};
    const auto& build = m_document.build();
    const auto& q = build.purchasing.quotes[static_cast<std::size_t>(index.row())];
    if (role == PartIdRole)
        return QString::fromStdString(q.partId);
    if (role == Qt::TextAlignmentRole && index.column() == AmountColumn)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::CheckStateRole && index.column() == TaxColumn)
        return plan::quoteIncludesTax(q) ? Qt::Checked : Qt::Unchecked;
    const bool expired = plan::quoteExpired(q, today());
    if (role == Qt::ToolTipRole && index.column() == ValidUntilColumn && expired)
        return tr("This quote has expired: ask the vendor for a new one");
    if (role != Qt::DisplayRole && role != Qt::EditRole)
        return {};
    switch (index.column()) {
    case VendorColumn: return QString::fromStdString(q.vendor);
    case PartColumn: {
        if (q.partId.empty())
            return tr("the whole build");
        for (const auto& part : build.parts)
            if (part.partId == q.partId)
                return QString::fromStdString(part.snapshot.name);
        return tr("%1 (not in the build)").arg(QString::fromStdString(q.partId));
    }
    case AmountColumn:
        return role == Qt::EditRole ? QVariant(q.amount) : QVariant(QString::number(q.amount, 'f', 2));
    case CurrencyColumn: return QString::fromStdString(q.currency);
    case DateColumn: return QString::fromStdString(q.date);
    case ValidUntilColumn:
        // Set aside in every total once expired (plan/build_cost.h): said where the date is.
        return role == Qt::DisplayRole && expired
                   ? tr("%1 (expired)").arg(QString::fromStdString(q.validUntil))
                   : QString::fromStdString(q.validUntil);
    case ReferenceColumn: return QString::fromStdString(q.reference);
    case ChosenBecauseColumn: return QString::fromStdString(q.chosenBecause);
    default: return {};
    }
}

Qt::ItemFlags QuotesModel::flags(const QModelIndex& index) const {
    if (index.column() == TaxColumn)
        return QAbstractTableModel::flags(index) | Qt::ItemIsUserCheckable;
    return QAbstractTableModel::flags(index) | Qt::ItemIsEditable;
}

bool QuotesModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!index.isValid() || index.row() >= m_rows)
        return false;
    if (index.column() == TaxColumn) {
        if (role != Qt::CheckStateRole)
            return false;
        const bool included = value.toInt() == Qt::Checked;
        const auto row = static_cast<std::size_t>(index.row());
        m_document.edit(tr("Edit a vendor quote"),
                        [&](plan::Build& b) { b.purchasing.quotes[row].taxIncluded = included; });
        return true;
    }
    if (role != Qt::EditRole && role != PartIdRole)
        return false;
    const auto row = static_cast<std::size_t>(index.row());
    const auto text = value.toString().trimmed().toStdString();
    const auto& quote = m_document.build().purchasing.quotes[row];
    // What the build file reader would refuse on opening is refused here, so a saved build opens.
    switch (index.column()) {
    case AmountColumn: {
        bool ok = false;
        const double amount = value.toDouble(&ok);
        if (!ok || !std::isfinite(amount) || amount < 0 || amount > kMaxQuoteAmount)
            return false;
        break;
    }
    case CurrencyColumn:
        if (!plan::isCurrencyCode(text))
            return false;
        break;
    case DateColumn:
        if (!text.empty() &&
            (!plan::isCalendarDate(text) || (!quote.validUntil.empty() && quote.validUntil < text)))
            return false;
        break;
    case ValidUntilColumn:
        if (!text.empty() && (!plan::isCalendarDate(text) || (!quote.date.empty() && text < quote.date)))
            return false;
        break;
    default: break;
    }
    m_document.edit(tr("Edit a vendor quote"),
                    [&](plan::Build& b) {
                        auto& q = b.purchasing.quotes[row];
                        switch (index.column()) {
                        case VendorColumn: q.vendor = text; break;
                        case PartColumn: q.partId = text; break;
                        case AmountColumn: q.amount = value.toDouble(); break;
                        case CurrencyColumn: q.currency = text; break;
                        case DateColumn: q.date = text; break;
                        case ValidUntilColumn: q.validUntil = text; break;
                        case ReferenceColumn: q.reference = text; break;
                        case ChosenBecauseColumn: q.chosenBecause = text; break;
                        default: break;
                        }
                    },
                    {MergeField::QuoteCell, index.row(), index.column()}); // typing in one cell is one step
    return true;
}

void QuotesModel::addQuote(const QString& currency) {
    plan::VendorQuote quote;
    quote.date = today();
    quote.validUntil = QDate::currentDate().addDays(30).toString(Qt::ISODate).toStdString();
    // Never without a currency (no preference set): the build's own prices' one, else USD.
    quote.currency = currency.toStdString();
    for (const auto& part : m_document.build().parts)
        if (!plan::isCurrencyCode(quote.currency) && part.snapshot.price &&
            plan::isCurrencyCode(part.snapshot.price->currency))
            quote.currency = part.snapshot.price->currency;
    if (!plan::isCurrencyCode(quote.currency))
        quote.currency = "USD";
    m_document.edit(tr("Add a vendor quote"), [&](plan::Build& b) { b.purchasing.quotes.push_back(quote); });
}

void QuotesModel::removeQuote(int row) {
    if (row < 0 || row >= m_rows)
        return;
    m_document.edit(tr("Remove a vendor quote"),
                    [&](plan::Build& b) { b.purchasing.quotes.erase(b.purchasing.quotes.begin() + row); });
}

} // namespace torchrig::ui
