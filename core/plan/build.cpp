#include "plan/build.h"

#include "util/printed.h"

#include <algorithm>
#include <chrono>
#include <tuple>

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
        const auto& part = build.parts[i];
        if (part.quantity > kMaxQuantityPerNode)
            return "parts[" + std::to_string(i) + "].quantity: " + std::to_string(part.quantity) +
                   " of one part on a node; a build holds up to " + std::to_string(kMaxQuantityPerNode);
        const auto tdp = part.snapshot.number("tdp_w").value_or(0);
        if ((part.snapshot.category == PartCategory::Gpu || part.snapshot.category == PartCategory::Cpu) &&
            tdp > kMaxPartWatts)
            return "parts[" + std::to_string(i) + "].snapshot.fields.tdp_w: " + printed("%g", tdp) +
                   " W; no GPU or CPU draws more than " + printed("%g", kMaxPartWatts) + " W";
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

bool isCalendarDate(std::string_view text) {
    if (text.size() != 10 || text[4] != '-' || text[7] != '-')
        return false;
    int fields[3] = {};
    for (auto [from, count, index] : {std::tuple{0, 4, 0}, std::tuple{5, 2, 1}, std::tuple{8, 2, 2}}) {
        for (int i = from; i < from + count; ++i) {
            const char c = text[static_cast<std::size_t>(i)];
            if (c < '0' || c > '9')
                return false;
            fields[index] = fields[index] * 10 + (c - '0');
        }
    }
    const auto [year, month, day] = fields;
    // The calendar's own rules (month lengths, leap years) are <chrono>'s.
    return year >= 1900 && std::chrono::year_month_day(std::chrono::year(year),
                                                       std::chrono::month(static_cast<unsigned>(month)),
                                                       std::chrono::day(static_cast<unsigned>(day)))
                               .ok();
}

bool isCurrencyCode(std::string_view text) {
    return text.size() == 3 &&
           std::all_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

bool quoteExpired(const VendorQuote& quote, std::string_view today) {
    // ISO dates order as text; a date that is not one (an older file's, or none) never expires.
    return isCalendarDate(quote.validUntil) && isCalendarDate(today) && quote.validUntil < today;
}

std::vector<const VendorQuote*> quotesFor(const Purchasing& purchasing, const std::string& partId) {
    std::vector<const VendorQuote*> out;
    for (const auto& q : purchasing.quotes)
        if (!partId.empty() && q.partId == partId && q.amount > 0 && !q.currency.empty())
            out.push_back(&q);
    return out;
}

} // namespace torchrig::plan
