#include "hardware/price.h"

#include <array>
#include <utility>

namespace torchrig {

namespace {
constexpr std::array<std::pair<PriceKind, std::string_view>, 5> kPriceKindIds = {{
    {PriceKind::LaunchMsrp, "launch_msrp"},
    {PriceKind::Street, "street"},
    {PriceKind::OnDemandHourly, "on_demand_hourly"},
    {PriceKind::SpotHourly, "spot_hourly"},
    {PriceKind::ReservedHourly, "reserved_hourly"},
}};
} // namespace

std::string_view priceKindId(PriceKind kind) {
    for (const auto& [k, id] : kPriceKindIds) {
        if (k == kind)
            return id;
    }
    return "street";
}

std::optional<PriceKind> priceKindFromString(std::string_view text) {
    for (const auto& [k, id] : kPriceKindIds) {
        if (id == text)
            return k;
    }
    return std::nullopt;
}

} // namespace torchrig
