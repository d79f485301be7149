#include "hardware/price.h"

#include "util/enum_names.h"

#include <algorithm>
#include <charconv>

namespace torchrig {

namespace {
constexpr EnumNames<PriceKind, 6> kPriceKindIds = {{
    {PriceKind::LaunchMsrp, "launch_msrp"},
    {PriceKind::Street, "street"},
    {PriceKind::OnDemandHourly, "on_demand_hourly"},
    {PriceKind::SpotHourly, "spot_hourly"},
    {PriceKind::ReservedHourly, "reserved_hourly"},
    {PriceKind::VendorQuote, "vendor_quote"},
}};

// Year, month and day of "YYYY", "YYYY-MM" or "YYYY-MM-DD"; a missing month or day is the latest one.
struct CalendarDate {
    int year = 0, month = 12, day = 31;
};

std::optional<int> digits(std::string_view text) {
    if (text.empty())
        return std::nullopt;
    int value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

std::optional<CalendarDate> readDate(std::string_view text) {
    CalendarDate date;
    auto year = digits(text.substr(0, 4));
    if (!year || text.size() < 4 || *year < 1900)
        return std::nullopt;
    date.year = *year;
    if (text.size() == 4)
        return date;
    if (text.size() < 7 || text[4] != '-')
        return std::nullopt;
    auto month = digits(text.substr(5, 2));
    if (!month || *month < 1 || *month > 12)
        return std::nullopt;
    date.month = *month;
    if (text.size() == 7)
        return date;
    if (text.size() != 10 || text[7] != '-')
        return std::nullopt;
    auto day = digits(text.substr(8, 2));
    if (!day || *day < 1 || *day > 31)
        return std::nullopt;
    date.day = *day;
    return date;
}

} // namespace

std::string_view priceKindId(PriceKind kind) {
    return enumName(kPriceKindIds, kind);
}

std::optional<PriceKind> priceKindFromString(std::string_view text) {
    return enumFromName(kPriceKindIds, text);
}

std::optional<int> priceAgeMonths(std::string_view priceDate, std::string_view today) {
    auto from = readDate(priceDate), to = readDate(today);
    if (!from || !to)
        return std::nullopt;
    int months = (to->year - from->year) * 12 + (to->month - from->month);
    if (to->day < from->day)
        --months; // not yet a whole month since the same day
    return std::max(months, 0);
}

bool isStalePrice(const Price& price, std::string_view today) {
    auto age = priceAgeMonths(price.date, today);
    return age && *age > kStalePriceMonths;
}

std::string priceSeenAt(const Price& price) {
    if (price.region.empty() || price.retailer.empty())
        return price.region + price.retailer;
    return price.region + ", " + price.retailer;
}

} // namespace torchrig
