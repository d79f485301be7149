#include "plan/build.h"

namespace torchrig::plan {

std::optional<double> PartSnapshot::number(std::string_view column) const {
    auto found = fields.find(column);
    if (found == fields.end())
        return std::nullopt;
    if (const auto* i = std::get_if<std::int64_t>(&found->second))
        return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&found->second))
        return *d;
    return std::nullopt;
}

std::string PartSnapshot::text(std::string_view column) const {
    auto found = fields.find(column);
    if (found == fields.end())
        return {};
    if (const auto* s = std::get_if<std::string>(&found->second))
        return *s;
    return {};
}

double nodeRamBytes(const Build& build) {
    double bytes = 0;
    for (const auto& part : build.parts)
        if (part.snapshot.category == PartCategory::MemoryKit)
            bytes += part.snapshot.number("modules").value_or(0) *
                     part.snapshot.number("module_gb").value_or(0) * 1e9 * part.quantity;
    return bytes;
}

} // namespace torchrig::plan
