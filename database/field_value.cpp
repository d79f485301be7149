#include "field_value.h"

#include "hardware/pcie_slot_layout.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fmt/format.h>

namespace torchrig::db {

namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

std::string expected(const FieldSpec& field) {
    switch (field.type) {
    case FieldType::Integer:
        return field.unit.empty() ? "a whole number" : fmt::format("a whole number of {}", field.unit);
    case FieldType::Real: return field.unit.empty() ? "a number" : fmt::format("a number of {}", field.unit);
    case FieldType::Boolean: return "yes or no (1 or 0)";
    case FieldType::Choice: {
        std::string list;
        for (auto choice : field.choices)
            list += (list.empty() ? "" : ", ") + std::string(choice);
        return "one of " + list;
    }
    case FieldType::Text: return "text";
    }
    return "a value";
}

Error invalid(const FieldSpec& field, std::string_view text, std::string_view why) {
    return makeError(ErrorCode::InvalidInput,
                     fmt::format("{}: \"{}\" {} (expected {})", field.column, text, why, expected(field)));
}

Status checkRange(const FieldSpec& field, double number, std::string_view text) {
    if (!std::isfinite(number) || number < field.min || number > field.max)
        return invalid(field, text, fmt::format("is outside {}..{}", field.min, field.max));
    return Ok{};
}

} // namespace

Result<FieldValue> parseFieldValue(const FieldSpec& field, std::string_view raw) {
    auto text = trim(raw);
    if (text.empty()) {
        if (field.required)
            return makeError(ErrorCode::InvalidInput, fmt::format("{}: a value is required (expected {})",
                                                                  field.column, expected(field)));
        return FieldValue{};
    }
    switch (field.type) {
    case FieldType::Integer: {
        std::int64_t number = 0;
        auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (err != std::errc{} || end != text.data() + text.size())
            return invalid(field, text, "is not a whole number");
        if (auto range = checkRange(field, static_cast<double>(number), text); !range)
            return range.error();
        return FieldValue{number};
    }
    case FieldType::Real: {
        std::string copy(text);
        char* end = nullptr;
        double number = std::strtod(copy.c_str(), &end);
        if (end != copy.c_str() + copy.size())
            return invalid(field, text, "is not a number");
        if (auto range = checkRange(field, number, text); !range)
            return range.error();
        return FieldValue{number};
    }
    case FieldType::Boolean: {
        std::string lower(text);
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return std::tolower(c); });
        if (lower == "1" || lower == "yes" || lower == "true")
            return FieldValue{std::int64_t{1}};
        if (lower == "0" || lower == "no" || lower == "false")
            return FieldValue{std::int64_t{0}};
        return invalid(field, text, "is not yes or no");
    }
    case FieldType::Choice:
        for (auto choice : field.choices) {
            if (choice == text)
                return FieldValue{std::string(choice)};
        }
        return invalid(field, text, "is not a known choice");
    case FieldType::Text:
        if (field.column == "pcie_slots") {
            auto layout = PcieSlotLayout::parse(text);
            if (!layout)
                return makeError(ErrorCode::InvalidInput,
                                 fmt::format("{}: {}", field.column, layout.error().text()));
        }
        return FieldValue{std::string(text)};
    }
    return FieldValue{};
}

Status checkFieldValue(const FieldSpec& field, const FieldValue& value) {
    if (std::holds_alternative<std::monostate>(value)) {
        if (field.required)
            return makeError(ErrorCode::InvalidInput, fmt::format("{}: a value is required", field.column));
        return Ok{};
    }
    // Re-reading the written form applies exactly the rules a file is held to.
    auto text = formatFieldValue(value);
    bool typeMatches = std::visit(
        [&](const auto& v) {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::string>)
                return field.type == FieldType::Text || field.type == FieldType::Choice;
            else if constexpr (std::is_same_v<V, std::int64_t>)
                return field.type == FieldType::Integer || field.type == FieldType::Boolean ||
                       field.type == FieldType::Real;
            else
                return field.type == FieldType::Real;
        },
        value);
    if (!typeMatches)
        return invalid(field, text, "has the wrong type");
    auto parsed = parseFieldValue(field, text);
    if (!parsed)
        return parsed.error();
    return Ok{};
}

std::string formatFieldValue(const FieldValue& value) {
    return std::visit(
        [](const auto& v) -> std::string {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>)
                return {};
            else if constexpr (std::is_same_v<V, std::int64_t>)
                return std::to_string(v);
            else if constexpr (std::is_same_v<V, double>)
                return fmt::format("{}", v); // shortest form that reads back exactly
            else
                return v;
        },
        value);
}

std::string displayFieldValue(const FieldSpec& field, const FieldValue& value) {
    if (std::holds_alternative<std::monostate>(value))
        return "—";
    if (field.type == FieldType::Boolean)
        return std::get<std::int64_t>(value) ? "yes" : "no";
    auto text = formatFieldValue(value);
    if (field.unit.empty())
        return text;
    return text + " " + std::string(field.unit);
}

} // namespace torchrig::db
