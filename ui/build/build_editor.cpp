#include "build_editor.h"

#include "document/message_translation.h"

#include "build_parts_model.h"
#include "catalog_table_model.h"
#include "document/build_document.h"
#include "plan/build_cost.h"
#include "plan/price_standing.h"
#include "plan/sheet_money.h"

#include <QDropEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelection>
#include <QLabel>
#include <QLineEdit>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QTableView>
#include <QVBoxLayout>

namespace torchrig::ui {

BuildEditor::BuildEditor(BuildDocument& document, const BuildChecks* checks, QWidget* parent)
    : QWidget(parent)
    , m_document(document)
    , m_title(new QLineEdit(this))
    , m_nodes(new QSpinBox(this))
    , m_parts(new QTableView(this))
    , m_model(new BuildPartsModel(document, checks, this))
    , m_remove(new QPushButton(tr("Remove part"), this))
    , m_cost(new QLabel(this)) {
    m_nodes->setRange(1, 100000);
    m_parts->setModel(m_model);
    m_parts->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_parts->setSelectionMode(QAbstractItemView::SingleSelection);
    // The name takes what the figures leave: they are short and fixed, the names long.
    m_parts->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_parts->horizontalHeader()->setSectionResizeMode(BuildPartsModel::PartColumn, QHeaderView::Stretch);
    m_parts->verticalHeader()->hide();
    m_parts->setAccessibleName(tr("Parts of the build"));
    m_parts->setToolTip(tr("Drop parts here from the catalog, or select one there and press Enter"));
    m_parts->viewport()->setAcceptDrops(true);
    m_parts->viewport()->installEventFilter(this);
    m_title->setAccessibleName(tr("Build title"));
    m_nodes->setAccessibleName(tr("Nodes"));
    m_nodes->setToolTip(tr("Identical machines, each with the parts below"));
    m_cost->setWordWrap(true);
    m_remove->setShortcut(QKeySequence::Delete); // the menu's letters are Alt's; Delete is this one's
    m_remove->setToolTip(tr("Remove the selected part (Delete)"));

    auto* form = new QFormLayout;
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Nodes:"), m_nodes);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_cost, 1);
    buttons->addWidget(m_remove);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_parts, 3);
    layout->addLayout(buttons);

    connect(m_title, &QLineEdit::editingFinished, this, [this] { m_document.setTitle(m_title->text()); });
    connect(m_nodes, &QSpinBox::valueChanged, this, [this](int nodes) { m_document.setNodes(nodes); });
    connect(m_remove, &QPushButton::clicked, this, &BuildEditor::removeSelectedPart);
    connect(&m_document, &BuildDocument::buildChanged, this, &BuildEditor::refresh);
    refresh();
}

void BuildEditor::selectParts(const QStringList& partIds) {
    QItemSelection selection;
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (partIds.contains(m_model->index(r, 0).data(BuildPartsModel::PartIdRole).toString()))
            selection.select(m_model->index(r, 0), m_model->index(r, BuildPartsModel::ColumnCount - 1));
    m_parts->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (!selection.isEmpty())
        m_parts->scrollTo(selection.indexes().front());
}

bool BuildEditor::eventFilter(QObject* watched, QEvent* event) {
    if (watched != m_parts->viewport())
        return QWidget::eventFilter(watched, event);
    const auto mime = QString::fromLatin1(CatalogTableModel::kPartIdMimeType);
    switch (event->type()) {
    case QEvent::DragEnter:
    case QEvent::DragMove: {
        auto* drag = static_cast<QDropEvent*>(event);
        if (!drag->mimeData()->hasFormat(mime))
            return false;
        drag->setDropAction(Qt::CopyAction);
        drag->accept();
        return true;
    }
    case QEvent::Drop: {
        auto* drop = static_cast<QDropEvent*>(event);
        if (!drop->mimeData()->hasFormat(mime))
            return false;
        drop->setDropAction(Qt::CopyAction);
        drop->accept();
        Q_EMIT partDropped(QString::fromUtf8(drop->mimeData()->data(mime)));
        return true;
    }
    default: return QWidget::eventFilter(watched, event);
    }
}

void BuildEditor::removeSelectedPart() {
    const auto rows = m_parts->selectionModel()->selectedRows();
    if (!rows.isEmpty())
        m_document.removePart(rows.front().row());
}

void BuildEditor::refresh() {
    const auto& build = m_document.build();
    const QSignalBlocker titleBlock(m_title), nodesBlock(m_nodes);
    if (m_title->text().toStdString() != build.title) {
        m_title->setText(QString::fromStdString(build.title));
        m_title->setCursorPosition(0); // the start of a long title, not its end
    }
    m_nodes->setValue(build.nodes);

    // The parts model costs the build on each change first (it was connected first): its figures.
    const auto& cost = m_model->cost();
    const auto& options = m_model->costOptions();
    // Amounts as the sheet writes them ("¥98,342.00"): the window and the sheet say one total.
    const auto money = [](double amount, const std::string& currency) {
        return QString::fromStdString(plan::sheetMoney(amount, currency));
    };
    QStringList totals;
    for (const auto& [currency, amount] : cost.totalsByCurrency)
        totals << money(amount, currency);
    for (const auto& [currency, amount] : cost.hourlyByCurrency)
        totals << tr("%1 an hour").arg(money(amount, currency));
    QString text = totals.isEmpty()         ? tr("No prices")
                   : options.taxPercent > 0 ? tr("Parts before tax: %1").arg(totals.join(tr(" + ")))
                                            : tr("Parts: %1").arg(totals.join(tr(" + ")));
    // The one total the plan, buy-or-rent and the sheet count: each price taxed once (a price that
    // includes the tax is not taxed again), with the shipping of Preferences.
    if (cost.total && (options.taxPercent > 0 || options.shipping > 0))
        text += tr(" · <b>total %1</b> with %2 % tax and %3 shipping")
                    .arg(money(*cost.total, cost.currency))
                    .arg(options.taxPercent, 0, 'g', 3)
                    .arg(money(options.shipping, cost.currency));
    if (cost.toBeQuotedLines > 0)
        text += tr(" + %n line(s) to be quoted", nullptr, cost.toBeQuotedLines);
    if (cost.missing.size() > static_cast<std::size_t>(cost.toBeQuotedLines))
        text += tr(" (a price in a currency without a rate: set it in Preferences)");
    // Missing prices are said above ("to be quoted"); how much rests on old ones, here.
    if (const auto standing = plan::staleShareSummary(cost, priceWords()); !standing.empty())
        text += QStringLiteral(" · ") + QString::fromStdString(standing).toHtmlEscaped();
    if (cost.loadWatts > 0)
        text += tr(" · %1 W at load").arg(cost.loadWatts, 0, 'f', 0);
    for (const auto& rate : cost.ratesUsed)
        text += tr(" · at %1").arg(appText(rate));
    // A rate left at its default, or never dated, is not a rate: said where the totals are (the
    // catalog's reference rates are dated).
    const auto usd = options.rates.find("USD");
    if (usd != options.rates.end() && !options.referenceRateDates.count("USD") &&
        (usd->second == 1.0 || options.ratesDate.empty()))
        text += QStringLiteral(" · <b>%1</b>")
                    .arg(usd->second == 1.0
                             ? tr("the rate from USD is the default 1.0: set it in Edit ▸ Preferences")
                             : tr("the rate has no date: give it in Edit ▸ Preferences"));
    m_cost->setText(text);
}

void BuildEditor::setCostOptions(plan::CostOptions options) {
    m_model->setCostOptions(std::move(options));
    refresh();
}

} // namespace torchrig::ui
