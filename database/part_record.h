#pragma once

#include "hardware/part_category.h"
#include "hardware/price.h"
#include "hardware/provenance.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace torchrig::db {

// One typed column's value; monostate is "not known" (SQL NULL).
using FieldValue = std::variant<std::monostate, std::int64_t, double, std::string>;

// Where a part the catalog shows comes from.
enum class PartOrigin {
    Bundled, // shipped with TorchRig
    User,    // the user's own part
    Edited,  // a bundled part the user changed: the user's row overrides the bundled one
};
std::string_view partOriginId(PartOrigin origin);

// A catalog row of any category, as the database layer moves it between SQLite, files and the UI.
// The planner's typed view of a part is in core/hardware (see part_specs.h for the conversion).
struct PartRecord {
    std::string id; // "gpu/rtx-4090": category, a slash, a slug
    PartCategory category = PartCategory::Gpu;
    std::string name;
    std::string vendor;
    std::vector<std::string> aliases;
    Provenance provenance; // for every figure that has no entry in fieldProvenance
    std::string notes;
    std::map<std::string, FieldValue, std::less<>> fields;
    std::map<std::string, Provenance, std::less<>> fieldProvenance;
    std::vector<Price> prices; // oldest first
    PartOrigin origin = PartOrigin::Bundled;

    const FieldValue& field(std::string_view column) const;
    const Provenance& provenanceOf(std::string_view column) const;
    // Same name, vendor, aliases, notes, figures and sources; prices and origin aside.
    bool sameDescription(const PartRecord& other) const;
    // The newest price of a kind, or null.
    const Price* latestPrice(PriceKind kind) const;
};

// Aliases are stored and written to CSV as one ';'-separated text.
std::vector<std::string> splitAliases(std::string_view text);
std::string joinAliases(const std::vector<std::string>& aliases);

} // namespace torchrig::db
