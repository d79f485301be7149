#include "part_snapshot.h"

#include <variant>

namespace torchrig::db {

plan::PartSnapshot partSnapshot(const PartRecord& part) {
    plan::PartSnapshot s;
    s.name = part.name;
    s.category = part.category;
    for (const auto& [column, value] : part.fields)
        s.fields[column] = std::visit([](const auto& v) -> plan::SpecValue { return v; }, value);
    for (auto kind : {PriceKind::Street, PriceKind::LaunchMsrp, PriceKind::OnDemandHourly}) {
        if (const auto* price = part.latestPrice(kind)) {
            s.price = *price;
            break;
        }
    }
    return s;
}

} // namespace torchrig::db
