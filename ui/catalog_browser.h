#pragma once

#include "catalog.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTabBar;
class QSplitter;
class QTableView;

namespace torchrig::ui {

class CatalogTableModel;
class PartDetailsView;

// The catalog part of the main window: a tab per category (and All), search as you type, a
// sortable table whose headers carry units, and the selected part's figures with their sources.
class CatalogBrowser : public QWidget {
    Q_OBJECT
public:
    explicit CatalogBrowser(db::Catalog& catalog, QWidget* parent = nullptr);

    void setCategory(std::optional<PartCategory> category);
    void setSearchText(const QString& text);
    QString selectedPartId() const;

    // For tests and the status bar.
    QLineEdit* searchField() const { return m_search; }
    QLabel* searchNote() const { return m_searchNote; }
    QTabBar* categoryTabs() const { return m_tabs; }
    QTableView* table() const { return m_table; }
    PartDetailsView* details() const { return m_details; }
    int shownParts() const;

Q_SIGNALS:
    void shownPartsChanged(int count);

private:
    void showSearchCounts(const std::string& query, bool noneHere);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void reload();
    void showSelected();
    std::optional<PartCategory> currentCategory() const;

    db::Catalog& m_catalog;
    QLabel* m_banner = nullptr;
    QTabBar* m_tabs = nullptr;
    QLineEdit* m_search = nullptr;
    QLabel* m_searchNote = nullptr; // where a search finds parts when this tab shows none
    QTableView* m_table = nullptr;
    CatalogTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    PartDetailsView* m_details = nullptr;
    QSplitter* m_split = nullptr;
};

} // namespace torchrig::ui
