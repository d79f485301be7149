// torchrig: the desktop planner.

#include "catalog.h"
#include "main_window.h"
#include "paths.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QStandardPaths>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TorchRig"));
    QApplication::setApplicationName(QStringLiteral("torchrig"));
    QApplication::setApplicationDisplayName(QStringLiteral("TorchRig"));

    torchrig::db::CatalogOpenOptions options;
    options.bundledPath = torchrig::db::defaultBundledCatalogPath();
    if (qEnvironmentVariableIsSet("TORCHRIG_USER_DB"))
        options.userPath = torchrig::db::defaultUserDatabasePath();
    else
        options.userPath = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                               .filePath(QStringLiteral("user-catalog.sqlite"))
                               .toStdString();
    auto catalog = torchrig::db::Catalog::open(options);
    if (!catalog) {
        QMessageBox::critical(nullptr, QObject::tr("TorchRig cannot start"),
                              QString::fromStdString(catalog.error().message));
        return 7;
    }
    torchrig::ui::MainWindow window(std::move(*catalog));
    // torchrig [BUILD.torchrig]: the build to open.
    const auto arguments = QApplication::arguments();
    if (arguments.size() > 1)
        window.openFile(arguments.at(1));
    window.show();
    if (arguments.size() <= 1)
        window.offerRecovery();
    return app.exec();
}
