#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

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
    Price() = default;
    // Where it was seen is said only where it tells two prices apart, so it may be left out.
    Price(double amount_, std::string currency_, std::string date_, std::string source_, PriceKind kind_,
          std::string region_ = {}, std::string retailer_ = {})
        : amount(amount_)
        , currency(std::move(currency_))
        , date(std::move(date_))
        , source(std::move(source_))
        , kind(kind_)
        , region(std::move(region_))
        , retailer(std::move(retailer_)) {}

    double amount = 0;
    std::string currency; // ISO 4217, "USD"
    std::string date;     // "YYYY-MM-DD", "YYYY-MM" or "YYYY"
    std::string source;
    PriceKind kind = PriceKind::Street;
    // Where it was seen, when one part has prices of one kind, day and currency in several places: a
    // country ("CN"), a cloud region ("us-east-1"); the shop or listing. Empty: not said.
    std::string region;
    std::string retailer;

    bool operator==(const Price&) const = default;
};

// Where a price was seen, as one text: "us-east-1", "CH, toppreise.ch: PNY retail (…)"; empty when not said.
std::string priceSeenAt(const Price& price);

// A price older than this many months is shown as old ("2022 launch price — ask for a quote").
inline constexpr int kStalePriceMonths = 12;

// Whole months from a price's date to `today` ("YYYY-MM-DD" or "YYYY-MM"). A date that gives only
// the year or the month is taken at its latest day, so that nothing is called older than it surely
// is. None when either date cannot be read.
std::optional<int> priceAgeMonths(std::string_view priceDate, std::string_view today);
// Older than kStalePriceMonths on `today`; an unreadable date is not called old (it is said as it is).
bool isStalePrice(const Price& price, std::string_view today);

} // namespace torchrig
