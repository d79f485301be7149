#include "hardware/price.h"

#include "util/enum_names.h"

namespace torchrig {

namespace {
constexpr EnumNames<PriceKind, 5> kPriceKindIds = {{
    {PriceKind::LaunchMsrp, "launch_msrp"},
    {PriceKind::Street, "street"},
    {PriceKind::OnDemandHourly, "on_demand_hourly"},
    {PriceKind::SpotHourly, "spot_hourly"},
    {PriceKind::ReservedHourly, "reserved_hourly"},
}};
} // namespace

std::string_view priceKindId(PriceKind kind) {
    return enumName(kPriceKindIds, kind);
}

std::optional<PriceKind> priceKindFromString(std::string_view text) {
    return enumFromName(kPriceKindIds, text);
}

} // namespace torchrig
