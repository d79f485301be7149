#include "util/utf8_text.h"

#include <algorithm>

namespace torchrig {

std::size_t firstNonUtf8Byte(std::string_view text) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t size = text.size();
    for (std::size_t i = 0; i < size;) {
        const unsigned char lead = bytes[i];
        if (lead < 0x80) {
            ++i;
            continue;
        }
        // Unicode's table of well-formed sequences (The Unicode Standard, table 3-7).
        std::size_t length = 0;
        unsigned char low = 0x80, high = 0xBF;
        if (lead >= 0xC2 && lead <= 0xDF)
            length = 2;
        else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            if (lead == 0xE0)
                low = 0xA0;
            if (lead == 0xED)
                high = 0x9F;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            if (lead == 0xF0)
                low = 0x90;
            if (lead == 0xF4)
                high = 0x8F;
        } else
            return i;
        if (i + length > size || bytes[i + 1] < low || bytes[i + 1] > high)
            return i;
        for (std::size_t k = 2; k < length; ++k)
            if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF)
                return i;
        i += length;
    }
    return std::string_view::npos;
}

bool isUtf8(std::string_view text) {
    return firstNonUtf8Byte(text) == std::string_view::npos;
}

std::string textExcerpt(std::string_view text, std::size_t maxChars) {
    if (text.size() <= maxChars && isUtf8(text))
        return std::string(text);
    std::string out;
    for (std::size_t i = 0; i < text.size() && out.size() < maxChars;) {
        const auto rest = text.substr(i, std::min<std::size_t>(4, text.size() - i));
        std::size_t length = 1;
        const auto lead = static_cast<unsigned char>(rest[0]);
        if (lead >= 0xC2 && lead <= 0xF4)
            length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
        if (length > rest.size() || !isUtf8(rest.substr(0, length))) {
            out += '?'; // an excerpt is shown to a person: a broken byte must not break the message
            ++i;
            continue;
        }
        out += rest.substr(0, length);
        i += length;
    }
    return out.size() < text.size() ? out + "…" : out;
}

} // namespace torchrig
