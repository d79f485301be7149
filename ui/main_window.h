#pragma once

#include "catalog.h"

#include <QMainWindow>

#include <memory>

namespace torchrig::ui {

class CatalogBrowser;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(std::unique_ptr<db::Catalog> catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    CatalogBrowser* catalogBrowser() const { return m_browser; }

private:
    void createMenus();
    void showAbout();

    std::unique_ptr<db::Catalog> m_catalog;
    CatalogBrowser* m_browser = nullptr;
};

} // namespace torchrig::ui
