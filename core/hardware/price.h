#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace torchrig {

// What a price is the price of: buying the part, or renting an instance for an hour.
enum class PriceKind { LaunchMsrp, Street, OnDemandHourly, SpotHourly, ReservedHourly };

std::string_view priceKindId(PriceKind kind);
std::optional<PriceKind> priceKindFromString(std::string_view text);
inline bool isHourly(PriceKind kind) {
    return kind != PriceKind::LaunchMsrp && kind != PriceKind::Street;
}

// One observed price. The catalog keeps every one (history); the newest of a kind is "the" price.
struct Price {
    double amount = 0;
    std::string currency; // ISO 4217, "USD"
    std::string date;     // "YYYY-MM-DD", "YYYY-MM" or "YYYY"
    std::string source;
    PriceKind kind = PriceKind::Street;
};

} // namespace torchrig
