// The supply's 8-pin CPU (EPS) cables against the cards and the board that take them, and the CPU's
// memory channels against the modules that fill them.

#include "plan/compatibility.h"

#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

using S = std::string;
using I = std::int64_t;

using test::buildPart;

// Two data-centre cards that each take one EPS cable, on a supply with `eps` of them.
Build epsBuild(std::optional<I> eps, std::optional<I> boardEps) {
    Build b;
    std::map<std::string, SpecValue, std::less<>> supply{
        {"wattage_w", I{1600}}, {"atx_version", S("ATX 3.0")}, {"pcie_8pin", I{6}}, {"pcie_16pin", I{0}}};
    if (eps)
        supply["eps_8pin"] = *eps;
    std::map<std::string, SpecValue, std::less<>> board{{"socket", S("AM5")}, {"memory_type", S("DDR5")}};
    if (boardEps)
        board["eps_8pin"] = *boardEps;
    b.parts = {buildPart("gpu/dc", PartCategory::Gpu,
                         {{"tdp_w", 300.0}, {"power_connectors", S("1x 8-pin CPU (EPS)")}}, 2),
               buildPart("psu/p", PartCategory::Psu, supply),
               buildPart("motherboard/m", PartCategory::Motherboard, board)};
    return b;
}

std::vector<Finding> findingsOf(const Build& b, std::string_view rule) {
    std::vector<Finding> out;
    for (auto& f : checkBuild(b))
        if (f.rule == rule)
            out.push_back(std::move(f));
    return out;
}

} // namespace

TEST_CASE("Cards that take EPS cables are checked against the supply's spare ones", "[core][build][compat]") {
    SECTION("the supply's count unknown: said, not passed") {
        const auto found = findingsOf(epsBuild(std::nullopt, std::nullopt), rule::kPsuConnectors);
        REQUIRE(found.size() == 1);
        CHECK(found[0].severity == Severity::Note);
        CHECK(found[0].message.text() ==
              "the cards take 2 8-pin CPU (EPS) cable(s), not PCIe ones; the catalog "
              "does not know how many EPS cables psu/p has");
    }
    SECTION("two EPS cables, one the board's: one card short") {
        const auto found = findingsOf(epsBuild(I{2}, std::nullopt), rule::kPsuConnectors);
        REQUIRE(found.size() == 1);
        CHECK(found[0].severity == Severity::Problem);
        CHECK(found[0].message.text() ==
              "the cards take 2 8-pin CPU (EPS) cable(s); psu/p has 2, of which the board takes 1 or more");
        CHECK(found[0].fix.text() == "choose a supply with at least 3 8-pin CPU (EPS) cables");
    }
    SECTION("a board that takes two of its own") {
        const auto found = findingsOf(epsBuild(I{3}, I{2}), rule::kPsuConnectors);
        REQUIRE(found.size() == 1);
        CHECK(found[0].message.text() ==
              "the cards take 2 8-pin CPU (EPS) cable(s); psu/p has 3, of which the board takes 2");
    }
    SECTION("enough for the board and both cards") {
        CHECK(findingsOf(epsBuild(I{3}, std::nullopt), rule::kPsuConnectors).empty());
    }
}

TEST_CASE("Empty memory channels are named with the bandwidth they cost", "[core][build][compat]") {
    Build b;
    b.parts = {
        buildPart("cpu/epyc", PartCategory::Cpu,
                  {{"socket", S("SP5")}, {"memory_channels", I{12}}, {"memory_speed_mts", I{4800}}}),
        buildPart(
            "memory/k", PartCategory::MemoryKit,
            {{"memory_type", S("DDR5")}, {"modules", I{8}}, {"module_gb", I{16}}, {"speed_mts", I{5600}}})};
    auto found = findingsOf(b, rule::kMemoryChannels);
    REQUIRE(found.size() == 1);
    CHECK(found[0].severity == Severity::Warning);
    // The kit runs at the CPU's 4800 MT/s: 8 bytes a transfer, 38.4 GB/s a channel.
    CHECK(found[0].message.text() ==
          "8 memory module(s) leave 4 of cpu/epyc's 12 memory channels empty: 33 % of "
          "its memory bandwidth is unused (it reaches 307 of 461 GB/s at 4800 MT/s)");
    CHECK(found[0].fix.text() == "use 12 modules, one a channel, or a multiple of 12");
    // Two sockets: twice the channels.
    b.parts[0].quantity = 2;
    b.parts[1].quantity = 2;
    CHECK(
        findingsOf(b, rule::kMemoryChannels)[0].message.text().starts_with("16 memory module(s) leave 8 of"));
    b.parts[1].quantity = 3;
    CHECK(findingsOf(b, rule::kMemoryChannels).empty());
}
