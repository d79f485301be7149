#include "hardware/pcie_slot_layout.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <sstream>

namespace torchrig {

namespace {

Result<PcieSlot> parseSlot(std::string_view entry) {
    auto bad = [&](const char* why) {
        return makeError(
            ErrorCode::InvalidInput,
            "PCIe slot \"" + std::string(entry) + "\": " + why +
                " (expected GENxLANES@POSITION, e.g. 5.0x16@1, or 3.0x4@5c for a slot the chipset wires)");
    };
    auto x = entry.find('x');
    auto at = entry.find('@');
    if (x == std::string_view::npos || at == std::string_view::npos || at < x)
        return bad("not in the form GENxLANES@POSITION");
    PcieSlot slot;
    std::string genText(entry.substr(0, x));
    char* end = nullptr;
    slot.gen = std::strtod(genText.c_str(), &end);
    if (genText.empty() || *end != '\0' || slot.gen < 1 || slot.gen > 7)
        return bad("generation must be between 1.0 and 7.0");
    auto lanes = entry.substr(x + 1, at - x - 1);
    auto [lanesEnd, lanesErr] =
        std::from_chars(lanes.data(), lanes.data() + lanes.size(), slot.electricalLanes);
    if (lanesErr != std::errc{} || lanesEnd != lanes.data() + lanes.size() ||
        (slot.electricalLanes != 1 && slot.electricalLanes != 2 && slot.electricalLanes != 4 &&
         slot.electricalLanes != 8 && slot.electricalLanes != 16))
        return bad("lanes must be 1, 2, 4, 8 or 16");
    auto position = entry.substr(at + 1);
    if (!position.empty() && position.back() == 'c') {
        slot.chipset = true;
        position.remove_suffix(1);
    }
    auto [posEnd, posErr] =
        std::from_chars(position.data(), position.data() + position.size(), slot.position);
    if (posErr != std::errc{} || posEnd != position.data() + position.size() || slot.position < 1 ||
        slot.position > 16)
        return bad("position must be a whole number from 1 to 16");
    return slot;
}

} // namespace

Result<PcieSlotLayout> PcieSlotLayout::parse(std::string_view text) {
    PcieSlotLayout layout;
    std::size_t start = 0;
    while (start < text.size()) {
        auto end = text.find(' ', start);
        if (end == std::string_view::npos)
            end = text.size();
        auto entry = text.substr(start, end - start);
        if (!entry.empty()) {
            auto slot = parseSlot(entry);
            if (!slot)
                return slot.error();
            if (!layout.slots.empty() && slot->position <= layout.slots.back().position)
                return makeError(ErrorCode::InvalidInput,
                                 "PCIe slots must be listed top to bottom with increasing positions (\"" +
                                     std::string(entry) + "\")");
            layout.slots.push_back(*slot);
        }
        start = end + 1;
    }
    return layout;
}

std::string PcieSlotLayout::toString() const {
    std::string out;
    for (const auto& slot : slots) {
        if (!out.empty())
            out += ' ';
        char gen[16];
        std::snprintf(gen, sizeof gen, "%.1f", slot.gen);
        out += gen;
        out += 'x' + std::to_string(slot.electricalLanes) + '@' + std::to_string(slot.position);
        if (slot.chipset)
            out += 'c';
    }
    return out;
}

std::vector<PcieSlot> PcieSlotLayout::cardSlots(int cardWidth, int cards) const {
    auto byPosition = slots;
    std::sort(byPosition.begin(), byPosition.end(),
              [](const PcieSlot& a, const PcieSlot& b) { return a.position < b.position; });
    std::vector<PcieSlot> taken;
    int nextFree = 0;
    for (const auto& slot : byPosition)
        // An x1 slot is a short x1 connector on the boards the catalog has: no card goes there.
        if (slot.electricalLanes > 1 && slot.position >= nextFree && static_cast<int>(taken.size()) < cards) {
            taken.push_back(slot);
            nextFree = slot.position + std::max(1, cardWidth);
        }
    return taken;
}

} // namespace torchrig
