#include "settings/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace torchrig::ui {

QString languageFor(const QString& choice, const QLocale& system) {
    if (choice == QStringLiteral("en") || choice == QStringLiteral("zh_CN"))
        return choice;
    const bool simplifiedChinese =
        system.language() == QLocale::Chinese &&
        (system.script() == QLocale::SimplifiedHanScript || system.territory() == QLocale::China ||
         system.territory() == QLocale::Singapore);
    return simplifiedChinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

QLocale localeFor(const QString& language) {
    return language == QStringLiteral("zh_CN")
               ? QLocale(QLocale::Chinese, QLocale::SimplifiedHanScript, QLocale::China)
               : QLocale(QLocale::English, QLocale::UnitedStates);
}

bool installLanguage(QCoreApplication& app, const QString& language, QString* problem) {
    const QLocale locale = localeFor(language);
    QLocale::setDefault(locale);
    // Parented to the application: they live as long as it does.
    auto* own = new QTranslator(&app);
    if (!own->load(locale, QStringLiteral("torchrig"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        if (problem)
            *problem = QStringLiteral("the translation torchrig_%1 is not in this build").arg(language);
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    if (language != QStringLiteral("en")) {
        auto* qt = new QTranslator(&app);
        // Missing when Debian's qt6-translations-l10n is not installed: Qt's buttons then stay English.
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qt);
        else
            delete qt;
    }
    return true;
}

} // namespace torchrig::ui
