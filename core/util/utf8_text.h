#pragma once
// Text that came from outside (files, catalog rows, the worker) is UTF-8 or refused; these say
// whether it is, and cut it to an excerpt a message can quote.

#include <string>
#include <string_view>

namespace torchrig {

// Whether `text` is well-formed UTF-8 (no overlong forms, no surrogates, nothing above U+10FFFF).
bool isUtf8(std::string_view text);
// The byte offset of the first byte that breaks UTF-8, or npos.
std::size_t firstNonUtf8Byte(std::string_view text);

// At most about `maxChars` bytes of `text`, never cut inside a character, a broken byte shown as
// "?", ending "…" when cut; for messages that quote what a person gave.
std::string textExcerpt(std::string_view text, std::size_t maxChars = 60);

} // namespace torchrig
