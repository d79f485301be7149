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
    // Wired from the chipset, not the CPU: what a card there moves shares the chipset's uplink with
    // its drives and ports (a B550's PCIe 3.0 x4 slot).
    bool chipset = false;
    bool operator==(const PcieSlot&) const = default;
};

// The slots of a board, written in the catalog as "5.0x16@1 3.0x4@4c 3.0x1@6c": generation x electrical
// lanes @ position, a trailing c for a slot the chipset wires, separated by spaces, top to bottom.
// Every slot the board has is listed, x1 slots too (database/seed/CONVENTIONS.md).
struct PcieSlotLayout {
    std::vector<PcieSlot> slots;

    static Result<PcieSlotLayout> parse(std::string_view text);
    std::string toString() const;
    // The slots `cards` cards `cardWidth` slots wide take, top down, each below the cooler of the
    // one above; fewer when the board runs out.
    std::vector<PcieSlot> cardSlots(int cardWidth, int cards) const;
};

} // namespace torchrig
