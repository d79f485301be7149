// torchrig: the desktop planner.

#include "catalog.h"
#include "main_window.h"
#include "paths.h"
#include "settings/language.h"
#include "settings/planning_settings.h"
#include "theme.h"
#include "torchrig_version.h"

#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTimer>

#include <cstdio>
#include <cstring>

namespace {

// Answered before the application starts, so that they work without a display.
const char* const usage =
    "Usage: torchrig [--theme system|light|dark] [--lang en|zh_CN] [BUILD.torchrig]\n"
    "\n"
    "Plans the hardware for training PyTorch models: a catalog of parts and cloud instances, builds\n"
    "checked for compatibility, the memory and step time of a workload, cost, power, and a PDF build\n"
    "sheet. Without a build file it opens on the start page.\n"
    "\n"
    "Options:\n"
    "  --theme THEME  the colours: system, light or dark (default: Edit > Preferences; also\n"
    "                 TORCHRIG_THEME)\n"
    "  --lang LANG    the language: en or zh_CN (default: Edit > Preferences, else the system's\n"
    "                 locale; also TORCHRIG_LANG)\n"
    "  --version      print the version and exit\n"
    "  --help         print this and exit\n";

} // namespace

int main(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--version") == 0) {
            std::printf("torchrig %s\n", TORCHRIG_VERSION);
            return 0;
        }
        if (std::strcmp(argv[i], "--help") == 0) {
            std::fputs(usage, stdout);
            return 0;
        }
    }
    QApplication app(argc, argv);
    QApplication::setApplicationVersion(QStringLiteral(TORCHRIG_VERSION));
    QApplication::setOrganizationName(QStringLiteral("TorchRig"));
    QApplication::setApplicationName(QStringLiteral("torchrig"));
    QApplication::setApplicationDisplayName(QStringLiteral("TorchRig"));

    // torchrig [--theme dark|light] [--lang en|zh_CN] [BUILD.torchrig]
    auto arguments = QApplication::arguments();
    const auto settings = torchrig::ui::PlanningSettings::load();
    // The flag, else the environment, else Edit ▸ Preferences.
    auto takeOption = [&arguments](const QString& flag, QString value) {
        if (const auto at = arguments.indexOf(flag); at > 0 && at + 1 < arguments.size()) {
            value = arguments.at(at + 1);
            arguments.remove(at, 2);
        }
        return value;
    };
    const QString theme =
        takeOption(QStringLiteral("--theme"), qEnvironmentVariable("TORCHRIG_THEME", settings.theme));
    const QString language = torchrig::ui::languageFor(
        takeOption(QStringLiteral("--lang"), qEnvironmentVariable("TORCHRIG_LANG", settings.language)));
    QString languageProblem;
    if (!torchrig::ui::installLanguage(app, language, &languageProblem))
        qWarning("torchrig: %s; the app speaks English", qPrintable(languageProblem));
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
    options.labUrl =
        takeOption(QStringLiteral("--lab"), qEnvironmentVariable("TORCHRIG_LAB", settings.labUrl))
            .toStdString();
    auto catalog = torchrig::db::Catalog::open(options);
    if (!catalog && !options.labUrl.empty()) {
        // A lab that refuses (not set up, not a member, a wrong address) is the lab's to fix: the app
        // starts without it and says why, rather than not at all.
        const auto why = QString::fromStdString(catalog.error().text());
        options.labUrl.clear();
        catalog = torchrig::db::Catalog::open(options);
        if (catalog)
            QTimer::singleShot(0, [why] {
                QMessageBox::warning(nullptr, QObject::tr("Lab database not used"),
                                     QObject::tr("TorchRig started without the lab database: %1").arg(why));
            });
    }
    if (!catalog) {
        QMessageBox::critical(nullptr, QObject::tr("TorchRig cannot start"),
                              QString::fromStdString(catalog.error().text()));
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
