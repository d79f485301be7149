#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM",
            qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    // Settings, autosaves and the user's data go to a test folder, never the developer's own.
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir settingsFolder;
    QCoreApplication::setOrganizationName(QStringLiteral("TorchRigTests"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsFolder.path());
    return Catch::Session().run(argc, argv);
}
