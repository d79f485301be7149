#include "hardware/provenance.h"

#include <cctype>

namespace torchrig {

std::string_view confidenceId(Confidence confidence) {
    switch (confidence) {
    case Confidence::High: return "high";
    case Confidence::Medium: return "medium";
    case Confidence::Low: return "low";
    }
    return "medium";
}

std::optional<Confidence> confidenceFromString(std::string_view text) {
    if (text == "high")
        return Confidence::High;
    if (text == "medium")
        return Confidence::Medium;
    if (text == "low")
        return Confidence::Low;
    return std::nullopt;
}

bool isPartialIsoDate(std::string_view text) {
    auto digits = [&](std::size_t from, std::size_t count) {
        for (std::size_t i = from; i < from + count; ++i) {
            if (!std::isdigit(static_cast<unsigned char>(text[i])))
                return false;
        }
        return true;
    };
    auto number = [&](std::size_t from) {
        return (text[from] - '0') * 10 + (text[from + 1] - '0');
    };
    if (text.size() != 4 && text.size() != 7 && text.size() != 10)
        return false;
    if (!digits(0, 4))
        return false;
    if (text.size() >= 7) {
        if (text[4] != '-' || !digits(5, 2) || number(5) < 1 || number(5) > 12)
            return false;
    }
    if (text.size() == 10) {
        if (text[7] != '-' || !digits(8, 2) || number(8) < 1 || number(8) > 31)
            return false;
    }
    return true;
}

} // namespace torchrig
