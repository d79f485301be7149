#include "cli_output.h"

#include "category_schema.h"
#include "field_value.h"
#include "util/utf8_text.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <ctime>

namespace torchrig::cli {

namespace {

// Display width of UTF-8 text: count code points, not bytes.
std::size_t displayWidth(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(
        text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

} // namespace

// A column is as wide as its widest cell up to kMaxColumnWidth; a longer cell is printed whole and
// pushes only its own line, so one long name does not pad every row (or every row of 20,000 parts).
constexpr std::size_t kMaxColumnWidth = 60;

std::string formatTable(const std::vector<std::vector<std::string>>& rows) {
    std::vector<std::size_t> widths;
    for (const auto& row : rows) {
        widths.resize(std::max(widths.size(), row.size()));
        for (std::size_t c = 0; c < row.size(); ++c)
            widths[c] = std::max(widths[c], std::min(kMaxColumnWidth, displayWidth(row[c])));
    }
    std::string out;
    for (const auto& row : rows) {
        std::string line;
        for (std::size_t c = 0; c < row.size(); ++c) {
            line += row[c];
            if (c + 1 < row.size())
                line += std::string(widths[c] - std::min(widths[c], displayWidth(row[c])) + 2, ' ');
        }
        out += line + "\n";
    }
    return out;
}

std::string formatPriceTable(const std::vector<Price>& prices) {
    std::vector<std::vector<std::string>> rows = {{"DATE", "KIND", "AMOUNT", "WHERE", "SOURCE"}};
    for (const auto& price : prices) {
        const auto seenAt = priceSeenAt(price);
        rows.push_back(
            {price.date, std::string(priceKindId(price.kind)),
             fmt::format("{:.2f} {}{}", price.amount, price.currency, isHourly(price.kind) ? "/h" : ""),
             seenAt.empty() ? "-" : seenAt, price.source});
    }
    return formatTable(rows);
}

std::string partSummary(const db::PartRecord& part) {
    std::string summary;
    for (auto column : db::keyFields(part.category)) {
        const auto* field = db::findField(part.category, column);
        const auto& value = part.field(column);
        if (!field || std::holds_alternative<std::monostate>(value))
            continue;
        auto text = db::displayFieldValue(*field, value);
        if (field->unit.empty() && field->type == db::FieldType::Integer)
            text = fmt::format("{}: {}", field->label, text); // a bare count says what it counts
        summary += (summary.empty() ? "" : " · ") + text;
    }
    return summary;
}

std::string formatPartDetails(const db::PartRecord& part) {
    std::string out = fmt::format("{}  ({}, {})\n", part.name, categoryLabel(part.category), part.id);
    if (!part.vendor.empty())
        out += fmt::format("Vendor: {}\n", part.vendor);
    if (!part.aliases.empty()) {
        std::string aliases;
        for (const auto& alias : part.aliases)
            aliases += (aliases.empty() ? "" : ", ") + alias;
        out += fmt::format("Also known as: {}\n", aliases);
    }
    out += fmt::format("Origin: {}\n", db::partOriginId(part.origin));
    out += fmt::format("Source: {} (as of {}, confidence {})\n\n", part.provenance.source,
                       part.provenance.asOf, confidenceId(part.provenance.confidence));
    std::vector<std::vector<std::string>> rows = {{"FIELD", "VALUE", "SOURCE"}};
    for (const auto& field : db::categorySchema(part.category).fields) {
        auto it = part.fieldProvenance.find(field.column);
        std::string source = it == part.fieldProvenance.end()
                                 ? "(part source)"
                                 : fmt::format("{} (as of {}, {})", it->second.source, it->second.asOf,
                                               confidenceId(it->second.confidence));
        rows.push_back(
            {std::string(field.label), db::displayFieldValue(field, part.field(field.column)), source});
    }
    out += formatTable(rows);
    if (!part.prices.empty()) {
        out += "\nPrices (oldest first):\n" + formatPriceTable(part.prices);
    }
    if (!part.notes.empty())
        out += "\nNotes: " + part.notes + "\n";
    return out;
}

nlohmann::json userDatabaseJson(const db::UserDatabaseStatus& status) {
    static constexpr const char* kStates[] = {"writable", "read_only", "unavailable", "none"};
    return {{"state", kStates[static_cast<int>(status.state)]},
            {"path", status.path.string()},
            {"message", status.message}};
}

nlohmann::json optionalNumber(const std::optional<double>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

std::string shorten(const std::string& text, std::size_t most) {
    if (text.size() <= most)
        return text;
    auto cut = text.substr(0, most - 3);
    while (!cut.empty() &&
           (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80) // not inside a UTF-8 character
        cut.pop_back();
    if (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0x80))
        cut.pop_back();
    return cut + "...";
}

Result<plan::WallCircuit> parseWallCircuit(const std::string& text) {
    plan::WallCircuit circuit;
    const auto x = text.find('x');
    try {
        if (x == std::string::npos)
            throw std::invalid_argument("no x");
        circuit.amps = std::stod(text.substr(0, x));
        circuit.volts = std::stod(text.substr(x + 1));
        if (!(circuit.amps > 0) || !(circuit.volts > 0) || circuit.amps > 1e4 || circuit.volts > 1e4)
            throw std::invalid_argument("not positive");
    } catch (const std::exception&) {
        return makeError(ErrorCode::InvalidInput,
                         "--circuit \"" + textExcerpt(text) + "\": write AMPSxVOLTS, e.g. 15x120 or 10x220");
    }
    return circuit;
}

std::string todayIso() {
    auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d", std::gmtime(&now));
    return buffer;
}

} // namespace torchrig::cli
