#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace torchrig {

// How sure the catalog is of a figure: High = read from a datasheet or vendor page; Medium =
// derived from published figures or from a secondary source; Low = recalled or disputed, check it.
enum class Confidence { High, Medium, Low };

std::string_view confidenceId(Confidence confidence);
std::optional<Confidence> confidenceFromString(std::string_view text);

// Where a figure comes from and how old it is. asOf is an ISO date, "YYYY-MM" or "YYYY".
struct Provenance {
    std::string source;
    std::string asOf;
    Confidence confidence = Confidence::Medium;
    bool operator==(const Provenance&) const = default;
};

// True for "YYYY", "YYYY-MM" and "YYYY-MM-DD" with a plausible month and day.
bool isPartialIsoDate(std::string_view text);

} // namespace torchrig
