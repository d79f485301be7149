#pragma once
// Light, dark, or the system's: Qt 6.4 (Debian 12) cannot read the desktop's colour scheme, so
// "system" keeps the platform's palette and dark is a Fusion palette of our own, chosen with
// --theme or TORCHRIG_THEME.

#include <QString>

class QApplication;

namespace torchrig::ui {

enum class Theme { System, Light, Dark };

Theme themeFromString(const QString& text); // "dark", "light"; anything else: System
void applyTheme(QApplication& app, Theme theme);

} // namespace torchrig::ui
