#pragma once

#include <array>
#include <optional>
#include <string_view>

namespace torchrig {

// The kinds of part the catalog holds; each has its own typed table.
enum class PartCategory {
    Gpu,
    Cpu,
    MemoryKit,
    Storage,
    Motherboard,
    Psu,
    Chassis,
    Interconnect,
    CloudInstance,
    Cooler,
    Server, // a complete GPU server: board, supplies and case in one, often with its GPUs
};

inline constexpr std::array kAllPartCategories = {
    PartCategory::Gpu,           PartCategory::Cpu,    PartCategory::MemoryKit, PartCategory::Storage,
    PartCategory::Motherboard,   PartCategory::Psu,    PartCategory::Chassis,   PartCategory::Interconnect,
    PartCategory::CloudInstance, PartCategory::Cooler, PartCategory::Server,
};

// Stable identifier used in files, the command line and table names ("gpu", "memory", "cloud").
std::string_view categoryId(PartCategory category);
// A person's label ("GPU", "Memory kit", "Cloud instance").
std::string_view categoryLabel(PartCategory category);
// Accepts the identifier and a few spellings people type ("gpus", "ram", "board", "instance").
std::optional<PartCategory> categoryFromString(std::string_view text);

} // namespace torchrig
