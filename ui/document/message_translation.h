#pragma once
// core's messages (util/message.h) said in a language the app, the CLI and the build sheet may
// choose apart from the app's own: a lookup into the translations embedded with the report library
// (resources/translations, under :/i18n).

#include "util/message.h"

#include <QString>

#include <string_view>

namespace torchrig::ui {

// The lookup for "zh_CN"; none (English) for "en" or a language without a translation.
Message::Translate messageTranslation(const QString& language);

// The app's language: the translators installed in the application.
Message::Translate appTranslation();
// A message in the app's language.
QString appText(const Message& message);
// A catalog label (a category's name, a field's: TORCHRIG_TEXT_NOOP("catalog", …)) in the app's
// language.
QString catalogLabel(std::string_view label);

} // namespace torchrig::ui
