#pragma once
// --lang for the commands that print what people read (build check, build advise): core's messages
// in English or Chinese, through the translations the report library embeds.

#include "util/message.h"
#include "util/result.h"

#include <string>

namespace torchrig::cli {

// The lookup for "zh_CN" (also "zh-CN", "zh"); none for "en". An error when this torchrig-cli was
// built without Qt, which holds the translations.
Result<Message::Translate> messageTranslationFor(const std::string& language);

} // namespace torchrig::cli
