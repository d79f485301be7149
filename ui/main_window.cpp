#include "main_window.h"

#include "catalog_browser.h"

#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace torchrig::ui {

MainWindow::MainWindow(std::unique_ptr<db::Catalog> catalog, QWidget* parent)
    : QMainWindow(parent)
    , m_catalog(std::move(catalog)) {
    setWindowTitle(tr("TorchRig — hardware catalog"));
    m_browser = new CatalogBrowser(*m_catalog, this);
    setCentralWidget(m_browser);
    createMenus();
    auto showCount = [this](int count) {
        const auto& status = m_catalog->userStatus();
        QString user = status.state == db::UserDatabaseState::Writable
                           ? tr("your parts: %1").arg(QString::fromStdString(status.path.string()))
                           : tr("your parts database is not in use");
        statusBar()->showMessage(tr("%n part(s) shown · %1", nullptr, count).arg(user));
    };
    connect(m_browser, &CatalogBrowser::shownPartsChanged, this, showCount);
    showCount(m_browser->shownParts());
    resize(1280, 760);
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus() {
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);
    auto* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About TorchRig"), this, &MainWindow::showAbout);
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About TorchRig"),
                       tr("<p><b>TorchRig</b> plans the hardware for training PyTorch models.</p>"
                          "<p>Bundled catalog: %1</p>")
                           .arg(QString::fromStdString(m_catalog->bundledPath().string()).toHtmlEscaped()));
}

} // namespace torchrig::ui
