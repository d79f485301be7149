#include "catalog_browser.h"

#include "document/message_translation.h"

#include "catalog_table_model.h"
#include "part_details_view.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabBar>
#include <QTableView>
#include <QVBoxLayout>

namespace torchrig::ui {

namespace {
constexpr int kSearchLimit = 200;
}

CatalogBrowser::CatalogBrowser(db::Catalog& catalog, QWidget* parent)
    : QWidget(parent)
    , m_catalog(catalog) {
    auto* layout = new QVBoxLayout(this);

    m_banner = new QLabel(this);
    m_banner->setWordWrap(true);
    m_banner->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_banner->setStyleSheet(
        QStringLiteral("QLabel { background: #fff4ce; border: 1px solid #e0c060; padding: 6px; }"));
    const auto& status = catalog.userStatus();
    m_banner->setText(QString::fromStdString(status.message));
    m_banner->setVisible(status.state == db::UserDatabaseState::ReadOnly ||
                         status.state == db::UserDatabaseState::Unavailable);
    layout->addWidget(m_banner);

    m_tabs = new QTabBar(this);
    m_tabs->setExpanding(false);
    for (auto category : kAllPartCategories) {
        int tab = m_tabs->addTab(catalogLabel(categoryLabel(category)));
        m_tabs->setTabData(tab, static_cast<int>(category));
    }
    int all = m_tabs->addTab(tr("All"));
    m_tabs->setTabData(all, -1);
    layout->addWidget(m_tabs);

    m_search = new QLineEdit(this);
    m_search->setPlaceholderText(tr("Search parts: 4090, a100 80, 7950x, ddr5 64…"));
    m_search->setClearButtonEnabled(true);
    layout->addWidget(m_search);
    m_searchNote = new QLabel(this);
    m_searchNote->setWordWrap(true);
    m_searchNote->setTextFormat(Qt::PlainText);
    m_search->installEventFilter(this); // Esc clears the search
    m_searchNote->setVisible(false);
    layout->addWidget(m_searchNote);

    auto* splitter = new QSplitter(Qt::Horizontal, this);
    m_split = splitter;
    m_model = new CatalogTableModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(CatalogTableModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_table = new QTableView(splitter);
    m_table->setModel(m_proxy);
    m_table->horizontalHeader()->setSortIndicator(0, Qt::AscendingOrder);
    m_table->setSortingEnabled(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setDragEnabled(true); // onto the build's parts
    m_table->setDragDropMode(QAbstractItemView::DragOnly);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionsMovable(true);
    m_details = new PartDetailsView(splitter);
    splitter->addWidget(m_table);
    splitter->addWidget(m_details);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    layout->addWidget(splitter, 1);

    connect(m_tabs, &QTabBar::currentChanged, this, &CatalogBrowser::reload);
    connect(m_search, &QLineEdit::textChanged, this, &CatalogBrowser::reload);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &CatalogBrowser::showSelected);
    reload();
}

std::optional<PartCategory> CatalogBrowser::currentCategory() const {
    int tabCategory = m_tabs->tabData(m_tabs->currentIndex()).toInt();
    if (tabCategory < 0)
        return std::nullopt;
    return static_cast<PartCategory>(tabCategory);
}

void CatalogBrowser::setCategory(std::optional<PartCategory> category) {
    for (int tab = 0; tab < m_tabs->count(); ++tab) {
        int tabCategory = m_tabs->tabData(tab).toInt();
        if ((category && tabCategory == static_cast<int>(*category)) || (!category && tabCategory < 0))
            m_tabs->setCurrentIndex(tab);
    }
}

void CatalogBrowser::setSearchText(const QString& text) {
    m_search->setText(text);
}

int CatalogBrowser::shownParts() const {
    return m_model->rowCount();
}

QString CatalogBrowser::selectedPartId() const {
    auto index = m_table->currentIndex();
    return index.isValid() ? index.data(CatalogTableModel::PartIdRole).toString() : QString();
}

void CatalogBrowser::reload() {
    auto category = currentCategory();
    auto query = m_search->text().trimmed().toStdString();
    std::vector<db::PartRecord> parts;
    if (query.empty()) {
        parts = m_catalog.list(category);
        m_table->setSortingEnabled(true);
    } else {
        for (auto& hit : m_catalog.search(query, category, kSearchLimit))
            parts.push_back(std::move(hit.part));
        // Search results come best first; a click on a header still sorts them.
        m_proxy->sort(-1);
        m_table->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    }
    showSearchCounts(query, parts.empty());
    m_model->setParts(std::move(parts), category);
    if (query.empty() && m_proxy->sortColumn() < 0)
        m_table->sortByColumn(0, Qt::AscendingOrder); // a category opens sorted by name
    m_table->resizeColumnsToContents();
    for (int column = 0; column < m_model->columnCount(); ++column)
        m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), 260));
    if (m_proxy->rowCount() > 0)
        m_table->setCurrentIndex(m_proxy->index(0, 0));
    else
        m_details->showPart(nullptr);
    Q_EMIT shownPartsChanged(m_model->rowCount());
}

void CatalogBrowser::showSearchCounts(const std::string& query, bool noneHere) {
    // While a search is typed, each tab says how many parts it finds there; a tab that finds none
    // says where they are, rather than an empty list.
    QStringList elsewhere;
    for (int tab = 0; tab < m_tabs->count(); ++tab) {
        const int tabCategory = m_tabs->tabData(tab).toInt();
        const auto category =
            tabCategory < 0 ? std::nullopt : std::optional(static_cast<PartCategory>(tabCategory));
        const auto label = category ? catalogLabel(categoryLabel(*category)) : tr("All");
        if (query.empty()) {
            m_tabs->setTabText(tab, label);
            continue;
        }
        const auto hits = static_cast<int>(m_catalog.search(query, category, kSearchLimit).size());
        m_tabs->setTabText(tab, tr("%1 (%2)").arg(label).arg(hits));
        if (hits > 0 && category)
            elsewhere << tr("%1: %2").arg(label).arg(hits);
    }
    const auto text = QString::fromStdString(query);
    m_searchNote->setText(elsewhere.isEmpty() ? tr("Nothing in the catalog matches “%1”.").arg(text)
                                              : tr("No part here matches “%1”; found in %2. Clear the search "
                                                   "(Esc) to see every part.")
                                                    .arg(text, elsewhere.join(tr(", "))));
    m_searchNote->setVisible(!query.empty() && noneHere);
}

void CatalogBrowser::showSelected() {
    auto index = m_proxy->mapToSource(m_table->currentIndex());
    m_details->showPart(index.isValid() ? m_model->partAt(index.row()) : nullptr);
}

bool CatalogBrowser::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_search && event->type() == QEvent::KeyPress &&
        static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape && !m_search->text().isEmpty()) {
        m_search->clear();
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void CatalogBrowser::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // A narrow dock (a laptop's) puts the part's details under the list, so that the list keeps the
    // dock's whole width for the parts' names; a wide one keeps them side by side.
    const auto orientation = width() < 640 ? Qt::Vertical : Qt::Horizontal;
    if (m_split->orientation() != orientation)
        m_split->setOrientation(orientation);
}

} // namespace torchrig::ui
