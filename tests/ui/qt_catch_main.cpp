// The ui suite's main(): a QApplication around Catch2's session (whose implementation is
// torchrig_catch's, support/catch_implementation.cpp).
#include "catch_session.h"

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM",
            qgetenv("QT_QPA_PLATFORM").isEmpty() ? QByteArray("offscreen") : qgetenv("QT_QPA_PLATFORM"));
    // Settings, autosaves and the user's data go to a test folder, never the developer's own, and
    // each process has its own: ctest runs the suite's cases two at a time, and the test mode's
    // folders (~/.qttest) would otherwise be one for both.
    QTemporaryDir home;
    qputenv("HOME", home.path().toLocal8Bit());
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QTemporaryDir settingsFolder;
    QCoreApplication::setOrganizationName(QStringLiteral("TorchRigTests"));
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsFolder.path());
    return torchrig::test::runCatchSession(argc, argv);
}
