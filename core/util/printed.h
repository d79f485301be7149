#pragma once
// printf-style formatting into a std::string, for core code (which has no fmt and GCC 12 no
// <format>). Arguments are numbers and C strings, as printf takes them.

#include <cstdio>
#include <string>

namespace torchrig {

template <class... Args> std::string printed(const char* pattern, Args... args) {
    const int size = std::snprintf(nullptr, 0, pattern, args...);
    if (size <= 0)
        return {};
    std::string text(static_cast<std::size_t>(size), '\0');
    std::snprintf(text.data(), text.size() + 1, pattern, args...);
    return text;
}

} // namespace torchrig
