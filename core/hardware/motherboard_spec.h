#pragma once

#include "hardware/pcie_slot_layout.h"

#include <optional>
#include <string>

namespace torchrig {

struct MotherboardSpec {
    std::string id;
    std::string name;
    std::string vendor;
    std::string socket;
    std::string chipset;
    std::string formFactor; // "ATX", "E-ATX", "SSI-EEB", "Micro-ATX", "Mini-ITX"
    std::string memoryType;
    int memorySlots = 0;
    int memoryMaxGb = 0;
    bool ecc = false;
    PcieSlotLayout pcieSlots;
    int m2Slots = 0;
};

} // namespace torchrig
