#include "cli_language.h"

#include "plan/build_sheet.h"

#ifdef TORCHRIG_WITH_REPORT
#include "document/message_translation.h"
#endif

namespace torchrig::cli {

Result<Message::Translate> messageTranslationFor(const std::string& language) {
    const auto parsed = plan::sheetLanguageFromString(language);
    if (!parsed)
        return makeError(ErrorCode::InvalidInput,
                         "--lang " + language + " is not a language here: en or zh_CN");
    if (*parsed == plan::SheetLanguage::English)
        return Message::Translate{};
#ifdef TORCHRIG_WITH_REPORT
    if (auto translate = ui::messageTranslation(QStringLiteral("zh_CN")))
        return translate;
    return makeError(ErrorCode::NotFound, "the Chinese translation is missing from this torchrig-cli");
#else
    return makeError(ErrorCode::InvalidInput, "this torchrig-cli was built without Qt, which holds the "
                                              "translations: it speaks English only (leave out --lang)");
#endif
}

} // namespace torchrig::cli
