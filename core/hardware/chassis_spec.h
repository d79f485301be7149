#pragma once

#include <optional>
#include <string>

namespace torchrig {

struct ChassisSpec {
    std::string id;
    std::string name;
    std::string vendor;
    std::string kind;               // "tower", "rack 4U"
    std::string motherboardSupport; // "E-ATX, ATX, Micro-ATX"
    int expansionSlots = 0;
    std::optional<int> maxGpuLengthMm;
    std::optional<int> bays35;
    std::optional<int> bays25;
};

} // namespace torchrig
