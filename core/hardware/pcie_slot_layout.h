#pragma once

#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace torchrig {

// One full-length or short PCIe slot as the board wires it. position counts expansion-slot pitches
// from the top (1 = first slot position of the case), so two slots' distance tells whether a
// 3-slot card in the upper one blocks the lower one.
struct PcieSlot {
    double gen = 0;
    int electricalLanes = 0;
    int position = 0;
    bool operator==(const PcieSlot&) const = default;
};

// The slots of a board, written in the catalog as "5.0x16@1 4.0x4@4": generation x electrical
// lanes @ position, separated by spaces, top to bottom.
struct PcieSlotLayout {
    std::vector<PcieSlot> slots;

    static Result<PcieSlotLayout> parse(std::string_view text);
    std::string toString() const;
};

} // namespace torchrig
