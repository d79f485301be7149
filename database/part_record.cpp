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

bool PartRecord::sameDescription(const PartRecord& other) const {
    return id == other.id && category == other.category && name == other.name && vendor == other.vendor &&
           aliases == other.aliases && provenance == other.provenance && notes == other.notes &&
           fields == other.fields && fieldProvenance == other.fieldProvenance;
}

const Price* PartRecord::latestPrice(PriceKind kind) const {
    const Price* latest = nullptr;
    for (const auto& price : prices) {
        if (price.kind == kind && (!latest || price.date >= latest->date))
            latest = &price;
    }
    return latest;
}

std::vector<std::string> splitAliases(std::string_view text) {
    std::vector<std::string> aliases;
    std::size_t start = 0;
    while (start <= text.size()) {
        auto end = text.find(';', start);
        if (end == std::string_view::npos)
            end = text.size();
        auto alias = text.substr(start, end - start);
        while (!alias.empty() && alias.front() == ' ')
            alias.remove_prefix(1);
        while (!alias.empty() && alias.back() == ' ')
            alias.remove_suffix(1);
        if (!alias.empty())
            aliases.emplace_back(alias);
        start = end + 1;
    }
    return aliases;
}

std::string joinAliases(const std::vector<std::string>& aliases) {
    std::string out;
    for (const auto& alias : aliases)
        out += (out.empty() ? "" : ";") + alias;
    return out;
}

} // namespace torchrig::db
