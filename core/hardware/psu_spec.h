#pragma once

#include <string>

namespace torchrig {

struct PsuSpec {
    std::string id;
    std::string name;
    std::string vendor;
    int wattage = 0;
    std::string efficiency; // "80 PLUS Platinum"
    std::string formFactor; // "ATX", "SFX"
    std::string atxVersion; // "ATX 3.0"
    int pcie8Pin = 0;       // 8-pin (6+2) PCIe connectors
    int pcie16Pin = 0;      // 12VHPWR / 12V-2x6 connectors
};

} // namespace torchrig
