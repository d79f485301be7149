// torchrig: the desktop planner.

#include "catalog.h"
#include "main_window.h"
#include "paths.h"
#include "settings/planning_settings.h"
#include "theme.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTimer>

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("TorchRig"));
    QApplication::setApplicationName(QStringLiteral("torchrig"));
    QApplication::setApplicationDisplayName(QStringLiteral("TorchRig"));

    // torchrig [--theme dark|light] [BUILD.torchrig]
    auto arguments = QApplication::arguments();
    // The flag, else the environment, else Edit ▸ Preferences.
    QString theme = qEnvironmentVariable("TORCHRIG_THEME", torchrig::ui::PlanningSettings::load().theme);
    if (const auto at = arguments.indexOf(QStringLiteral("--theme")); at > 0 && at + 1 < arguments.size()) {
        theme = arguments.at(at + 1);
        arguments.remove(at, 2);
    }
    torchrig::ui::applyTheme(app, torchrig::ui::themeFromString(theme));

    torchrig::db::CatalogOpenOptions options;
    options.bundledPath = torchrig::db::defaultBundledCatalogPath();
    if (qEnvironmentVariableIsSet("TORCHRIG_USER_DB"))
        options.userPath = torchrig::db::defaultUserDatabasePath();
    else
        options.userPath = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                               .filePath(QStringLiteral("user-catalog.sqlite"))
                               .toStdString();
    options.installedPackPath = torchrig::db::installedPackPathFor(*options.userPath);
    auto catalog = torchrig::db::Catalog::open(options);
    if (!catalog) {
        QMessageBox::critical(nullptr, QObject::tr("TorchRig cannot start"),
                              QString::fromStdString(catalog.error().message));
        return 7;
    }
    torchrig::ui::MainWindow window(std::move(*catalog));
    window.show();
    // The window first, then the file: a file that cannot be opened is refused over the window (its
    // start page), not in a dialog with nothing behind it.
    const auto file = arguments.size() > 1 ? arguments.at(1) : QString();
    QTimer::singleShot(0, &window, [&window, file] {
        if (file.isEmpty())
            window.offerRecovery();
        else
            window.openFile(file);
    });
    return app.exec();
}
