#pragma once
// The language the app speaks: English or 简体中文, from --lang, else TORCHRIG_LANG, else Edit ▸
// Preferences, else the system's locale. The translations are embedded (:/i18n); Qt's own (the
// standard buttons and dialogs) come from the system's Qt translations when they are installed.

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace torchrig::ui {

// "en" or "zh_CN" for a choice of "system", "en" or "zh_CN" (anything else reads as "system"):
// a Chinese system locale in Simplified script, or of mainland China or Singapore, gets Chinese.
QString languageFor(const QString& choice, const QLocale& system = QLocale::system());

// The locale numbers, dates and plural forms follow for `language` ("en" or "zh_CN").
QLocale localeFor(const QString& language);

// Installs the app's and Qt's translations for `language` into `app` and makes its locale the
// default. False, with `problem` set, when the app's own translation could not be loaded.
bool installLanguage(QCoreApplication& app, const QString& language, QString* problem = nullptr);

} // namespace torchrig::ui
