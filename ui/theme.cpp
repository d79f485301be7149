#include "theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace torchrig::ui {

Theme themeFromString(const QString& text) {
    if (text.compare(QStringLiteral("dark"), Qt::CaseInsensitive) == 0)
        return Theme::Dark;
    if (text.compare(QStringLiteral("light"), Qt::CaseInsensitive) == 0)
        return Theme::Light;
    return Theme::System;
}

void applyTheme(QApplication& app, Theme theme) {
    if (theme == Theme::System)
        return;
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (theme == Theme::Light) {
        app.setPalette(app.style()->standardPalette());
        return;
    }
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2e), base(0x1e, 0x1e, 0x20), text(0xe8, 0xe8, 0xe8);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x6b, 0x6b));
    p.setColor(QPalette::Mid, QColor(0x55, 0x55, 0x5a));
    p.setColor(QPalette::Link, QColor(0x56, 0xB4, 0xE9));
    p.setColor(QPalette::Highlight, QColor(0x00, 0x72, 0xB2));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0xa0));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
        p.setColor(QPalette::Disabled, role, QColor(0x80, 0x80, 0x86));
    app.setPalette(p);
}

} // namespace torchrig::ui
