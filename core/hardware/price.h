#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace torchrig {

// What a price is the price of: buying the part (at its launch, at a named shop, in a vendor's
// quote), or renting an instance for an hour.
enum class PriceKind { LaunchMsrp, Street, OnDemandHourly, SpotHourly, ReservedHourly, VendorQuote };

std::string_view priceKindId(PriceKind kind);
std::optional<PriceKind> priceKindFromString(std::string_view text);
inline bool isHourly(PriceKind kind) {
    return kind != PriceKind::LaunchMsrp && kind != PriceKind::Street && kind != PriceKind::VendorQuote;
}

// One observed price. The catalog keeps every one (history); the newest of a kind is "the" price.
struct Price {
    double amount = 0;
    std::string currency; // ISO 4217, "USD"
    std::string date;     // "YYYY-MM-DD", "YYYY-MM" or "YYYY"
    std::string source;
    PriceKind kind = PriceKind::Street;

    bool operator==(const Price&) const = default;
};

// A price older than this many months is shown as old ("2022 launch price — ask for a quote").
inline constexpr int kStalePriceMonths = 12;

// Whole months from a price's date to `today` ("YYYY-MM-DD" or "YYYY-MM"). A date that gives only
// the year or the month is taken at its latest day, so that nothing is called older than it surely
// is. None when either date cannot be read.
std::optional<int> priceAgeMonths(std::string_view priceDate, std::string_view today);
// Older than kStalePriceMonths on `today`; an unreadable date is not called old (it is said as it is).
bool isStalePrice(const Price& price, std::string_view today);

} // namespace torchrig
