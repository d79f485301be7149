#include "plan/build.h"

#include <algorithm>

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

std::optional<std::string> buildSizeProblem(const Build& build) {
    const std::int64_t nodes = std::max(1, build.nodes);
    std::int64_t gpus = 0;
    for (std::size_t i = 0; i < build.parts.size(); ++i) {
        const std::int64_t count = std::int64_t{std::max(1, build.parts[i].quantity)} * nodes;
        if (count > kMaxPartsAcrossNodes)
            return "parts[" + std::to_string(i) + "]: " + std::to_string(build.parts[i].quantity) +
                   " per node x " + std::to_string(nodes) + " nodes is " + std::to_string(count) +
                   "; TorchRig plans up to " + std::to_string(kMaxPartsAcrossNodes) +
                   " of a part across the nodes";
        if (build.parts[i].snapshot.category == PartCategory::Gpu)
            gpus += count;
    }
    if (gpus > kMaxPartsAcrossNodes)
        return "parts: " + std::to_string(gpus) + " GPUs across the nodes; TorchRig plans up to " +
               std::to_string(kMaxPartsAcrossNodes);
    return std::nullopt;
}

const VendorQuote* quoteFor(const Purchasing& purchasing, const std::string& partId) {
    for (auto q = purchasing.quotes.rbegin(); q != purchasing.quotes.rend(); ++q)
        if (!partId.empty() && q->partId == partId)
            return &*q;
    return nullptr;
}

} // namespace torchrig::plan
