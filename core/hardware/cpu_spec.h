#pragma once

#include <optional>
#include <string>

namespace torchrig {

struct CpuSpec {
    std::string id;
    std::string name;
    std::string vendor;
    int cores = 0;
    int threads = 0;
    std::optional<double> baseGhz;
    std::optional<double> boostGhz;
    std::string socket;
    double tdpWatts = 0;
    std::optional<int> pcieLanes; // lanes from the CPU usable for slots and M.2
    std::optional<double> pcieGen;
    std::string memoryType; // "DDR5", "DDR4/DDR5"
    std::optional<int> memorySpeedMts;
    int memoryChannels = 0;
    bool ecc = false;
    std::string launchDate;
};

} // namespace torchrig
