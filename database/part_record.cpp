#include "part_record.h"

namespace torchrig::db {

std::string_view partOriginId(PartOrigin origin) {
    switch (origin) {
    case PartOrigin::Bundled: return "bundled";
    case PartOrigin::User: return "user";
    case PartOrigin::Edited: return "edited";
    }
    return "bundled";
}

const FieldValue& PartRecord::field(std::string_view column) const {
    static const FieldValue unknown;
    auto it = fields.find(column);
    return it == fields.end() ? unknown : it->second;
}

const Provenance& PartRecord::provenanceOf(std::string_view column) const {
    auto it = fieldProvenance.find(column);
    return it == fieldProvenance.end() ? provenance : it->second;
}

const Price* PartRecord::latestPrice(PriceKind kind) const {
    const Price* latest = nullptr;
    for (const auto& price : prices) {
        if (price.kind == kind && (!latest || price.date >= latest->date))
            latest = &price;
    }
    return latest;
}

} // namespace torchrig::db
