#include "document/message_translation.h"

#include "plan/seed_articles.h"

#include <QCoreApplication>
#include <QTranslator>

#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace torchrig::ui {

Message::Translate messageTranslation(const QString& language) {
    if (language == QStringLiteral("en"))
        return {};
    // Loaded once a language and kept: a sheet, a CLI run and the app share them.
    static std::mutex mutex;
    static std::map<QString, std::shared_ptr<QTranslator>> loaded;
    std::lock_guard lock(mutex);
    auto& translator = loaded[language];
    if (!translator) {
        auto fresh = std::make_shared<QTranslator>();
        if (!fresh->load(QStringLiteral(":/i18n/torchrig_%1.qm").arg(language)))
            return {};
        translator = std::move(fresh);
    }
    return [translator](const char* context, const char* source) {
        return translator->translate(context, source).toStdString();
    };
}

Message::Translate appTranslation() {
    return [](const char* context, const char* source) {
        return QCoreApplication::translate(context, source).toStdString();
    };
}

QString appText(const Message& message) {
    // An article by its title, as the reader finds it; the command line names our files.
    return QString::fromStdString(plan::withArticleTitles(message.text(appTranslation())));
}

QString catalogLabel(std::string_view label) {
    return QCoreApplication::translate("catalog", std::string(label).c_str());
}

} // namespace torchrig::ui
