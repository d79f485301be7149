#pragma once
// Enum <-> identifier tables: one pair per value, looked up both ways.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchrig {

template <class E, std::size_t N> using EnumNames = std::array<std::pair<E, std::string_view>, N>;

// The value's identifier; the first entry's when the table lacks it (a programmer error).
template <class E, std::size_t N> constexpr std::string_view enumName(const EnumNames<E, N>& names, E value) {
    for (const auto& [e, name] : names) {
        if (e == value)
            return name;
    }
    return names[0].second;
}

template <class E, std::size_t N>
constexpr std::optional<E> enumFromName(const EnumNames<E, N>& names, std::string_view text) {
    for (const auto& [e, name] : names) {
        if (name == text)
            return e;
    }
    return std::nullopt;
}

// The identifiers in the table's order: a command line's choices.
template <class E, std::size_t N> std::vector<std::string> enumIds(const EnumNames<E, N>& names) {
    std::vector<std::string> out;
    for (const auto& entry : names)
        out.emplace_back(entry.second);
    return out;
}

// "a, b, c": the identifiers, for messages that list the choices.
template <class E, std::size_t N> std::string enumNameList(const EnumNames<E, N>& names) {
    std::string out;
    for (const auto& entry : names)
        out += (out.empty() ? "" : ", ") + std::string(entry.second);
    return out;
}

} // namespace torchrig
