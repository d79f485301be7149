#include "hardware/pcie_slot_layout.h"
#include "hardware/provenance.h"

#include <catch2/catch.hpp>

using namespace torchrig;

TEST_CASE("PcieSlotLayout reads slots top to bottom and writes them back", "[core][pcie]") {
    auto layout = PcieSlotLayout::parse("5.0x8@1 5.0x8@4 4.0x4@6");
    REQUIRE(layout.ok());
    REQUIRE(layout->slots.size() == 3);
    CHECK(layout->slots[1] == PcieSlot{5.0, 8, 4});
    CHECK(layout->toString() == "5.0x8@1 5.0x8@4 4.0x4@6");
    // A slot the chipset wires keeps its mark both ways.
    auto b550 = PcieSlotLayout::parse("4.0x16@2 3.0x4@5c");
    REQUIRE(b550.ok());
    CHECK_FALSE(b550->slots[0].chipset);
    CHECK(b550->slots[1] == PcieSlot{3.0, 4, 5, true});
    CHECK(b550->toString() == "4.0x16@2 3.0x4@5c");
    CHECK_FALSE(PcieSlotLayout::parse("4.0x16@2c5").ok());
}

TEST_CASE("Cards take the slots top down, each below the cooler of the one above", "[core][pcie]") {
    const auto board = PcieSlotLayout::parse("4.0x16@2 3.0x4@5c").value();
    auto two = board.cardSlots(3, 2); // 3-slot coolers: the card in slot 2 covers 3 and 4
    REQUIRE(two.size() == 2);
    CHECK(two[1].position == 5);
    CHECK(two[1].chipset);
    CHECK(board.cardSlots(4, 2).size() == 1); // a 4-slot cooler covers slot 5
    CHECK(board.cardSlots(2, 1).size() == 1);
    // An x1 slot is a short connector: a card does not go there, whatever is free.
    const auto withX1 = PcieSlotLayout::parse("4.0x16@1 3.0x1@4c 3.0x2@6c").value().cardSlots(2, 3);
    REQUIRE(withX1.size() == 2);
    CHECK(withX1[1].position == 6);
}

TEST_CASE("PcieSlotLayout names the bad slot and the expected form", "[core][pcie]") {
    auto badLanes = PcieSlotLayout::parse("5.0x16@1 4.0x3@4");
    REQUIRE_FALSE(badLanes.ok());
    CHECK(
        badLanes.error().text() ==
        "PCIe slot \"4.0x3@4\": lanes must be 1, 2, 4, 8 or 16 (expected GENxLANES@POSITION, e.g. 5.0x16@1, "
        "or 3.0x4@5c for a slot the chipset wires)");
    auto unordered = PcieSlotLayout::parse("4.0x16@4 4.0x16@1");
    REQUIRE_FALSE(unordered.ok());
    CHECK(unordered.error().text() ==
          "PCIe slots must be listed top to bottom with increasing positions (\"4.0x16@1\")");
}

TEST_CASE("As-of dates accept year, month or day precision only", "[core][provenance]") {
    CHECK(isPartialIsoDate("2026"));
    CHECK(isPartialIsoDate("2026-11"));
    CHECK(isPartialIsoDate("2026-11-30"));
    CHECK_FALSE(isPartialIsoDate("2026-13"));
    CHECK_FALSE(isPartialIsoDate("30.11.2026"));
    CHECK_FALSE(isPartialIsoDate("2026-11-3"));
}
