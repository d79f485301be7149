// Each compatibility rule on a build made by hand: one that fires it and one that does not.

#include "plan/build_cost.h"
#include "plan/compatibility.h"
#include "plan/finding_fixes.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <set>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

BuildPart part(std::string id, PartCategory category, std::string name,
               std::map<std::string, SpecValue, std::less<>> fields, int quantity = 1) {
    BuildPart p;
    p.partId = std::move(id);
    p.quantity = quantity;
    p.snapshot.name = std::move(name);
    p.snapshot.category = category;
    p.snapshot.fields = std::move(fields);
    return p;
}

using S = std::string;
using I = std::int64_t;

// A workstation that passes every rule: two 2-slot cards on a board with slots three apart.
Build goodBuild() {
    Build b;
    b.parts = {
        part("gpu/a", PartCategory::Gpu, "Card A",
             {{"tdp_w", 300.0},
              {"slot_width", 2.0},
              {"form_factor", S("pcie")},
              {"gpu_link", S("bridge")},
              {"gpu_link_gbs", 112.5},
              {"pcie_gen", 4.0},
              {"pcie_lanes", I{16}},
              {"length_mm", I{300}},
              {"power_connectors", S("2x 8-pin")}},
             2),
        part("cpu/x", PartCategory::Cpu, "CPU X",
             {{"socket", S("AM5")}, {"tdp_w", 170.0}, {"pcie_lanes", I{48}}}),
        part("motherboard/m", PartCategory::Motherboard, "Board M",
             {{"socket", S("AM5")},
              {"memory_type", S("DDR5")},
              {"memory_slots", I{4}},
              {"memory_max_gb", I{192}},
              {"pcie_slots", S("5.0x16@1 5.0x16@4")},
              {"form_factor", S("ATX")}}),
        part("memory/k", PartCategory::MemoryKit, "Kit K",
             {{"memory_type", S("DDR5")},
              {"module_form", S("UDIMM")},
              {"modules", I{2}},
              {"module_gb", I{32}}}),
        part("storage/s", PartCategory::Storage, "SSD S",
             {{"interface", S("NVMe PCIe 4.0 x4")}, {"capacity_gb", I{1000}}}),
        part("psu/p", PartCategory::Psu, "PSU P",
             {{"wattage_w", I{1600}},
              {"atx_version", S("ATX 3.0")},
              {"pcie_8pin", I{6}},
              {"pcie_16pin", I{0}}}),
        part("chassis/c", PartCategory::Chassis, "Case C",
             {{"motherboard_support", S("E-ATX, ATX")},
              {"max_gpu_length_mm", I{400}},
              {"expansion_slots", I{7}}}),
        part("interconnect/bridge", PartCategory::Interconnect, "Bridge for Card A",
             {{"kind", S("nvlink_bridge")}, {"for_gpus", S("Card A")}}),
    };
    return b;
}

std::vector<std::string> rules(const Build& b, const CheckOptions& options = {}) {
    std::vector<std::string> out;
    for (const auto& f : checkBuild(b, options))
        out.push_back(f.rule);
    return out;
}

bool fires(const Build& b, const std::string& rule, const CheckOptions& options = {}) {
    auto r = rules(b, options);
    return std::find(r.begin(), r.end(), rule) != r.end();
}

BuildPart& find(Build& b, const std::string& id) {
    return *std::find_if(b.parts.begin(), b.parts.end(), [&](const BuildPart& p) { return p.partId == id; });
}

} // namespace

TEST_CASE("A build whose parts go together has no findings", "[core][build][compat]") {
    INFO(::Catch::Detail::stringify(rules(goodBuild())));
    CHECK(checkBuild(goodBuild()).empty());
}

TEST_CASE("Each compatibility rule fires on the fault it looks for", "[core][build][compat]") {
    auto b = goodBuild();
    find(b, "cpu/x").snapshot.fields["socket"] = S("LGA1700");
    CHECK(fires(b, "cpu-socket"));

    b = goodBuild();
    find(b, "memory/k").snapshot.fields["memory_type"] = S("DDR4");
    CHECK(fires(b, "memory-type"));

    b = goodBuild();
    find(b, "memory/k").snapshot.fields["module_form"] = S("RDIMM");
    CHECK(fires(b, "memory-registered"));

    b = goodBuild();
    find(b, "memory/k").quantity = 3; // six modules, four slots
    CHECK(fires(b, "memory-slots"));

    b = goodBuild();
    find(b, "memory/k").snapshot.fields["module_gb"] = I{128}; // 256 GB on a 192 GB board
    CHECK(fires(b, "memory-capacity"));

    b = goodBuild();
    find(b, "gpu/a").snapshot.fields["slot_width"] = 3.5; // covers the slot three positions down
    CHECK(fires(b, "gpu-slots"));

    b = goodBuild();
    find(b, "cpu/x").snapshot.fields["pcie_lanes"] = I{20};
    CHECK(fires(b, "pcie-lanes"));

    b = goodBuild(); // the seed article's 2x RTX 4090 "with NVLink"
    find(b, "gpu/a").snapshot.fields["gpu_link"] = S("none");
    find(b, "gpu/a").snapshot.name = "GeForce RTX 4090";
    CHECK(fires(b, "nvlink"));
    CHECK(fires(b, "gpu-interconnect")); // and over PCIe 4.0 x16 they talk at ~63 GB/s

    b = goodBuild();
    find(b, "interconnect/bridge").snapshot.fields["for_gpus"] = S("Another Card");
    CHECK(fires(b, "nvlink"));

    b = goodBuild();
    find(b, "psu/p").snapshot.fields["wattage_w"] = I{700}; // 600 + 170 + 75 W
    CHECK(fires(b, "psu-capacity"));

    b = goodBuild();
    find(b, "psu/p").snapshot.fields["wattage_w"] = I{1000}; // 845 W is over 80 %
    CHECK(fires(b, "psu-headroom"));
    CHECK_FALSE(fires(b, "psu-capacity"));

    b = goodBuild();
    find(b, "psu/p").snapshot.fields["atx_version"] = S("ATX 2.52"); // 2 x 600 + 245 W > 1600 W? no: 1445
    CHECK_FALSE(fires(b, "gpu-transients"));
    find(b, "psu/p").snapshot.fields["wattage_w"] = I{1300};
    CHECK(fires(b, "gpu-transients"));

    b = goodBuild();
    find(b, "gpu/a").quantity = 4;
    find(b, "motherboard/m").snapshot.fields["pcie_slots"] = S("5.0x16@1 5.0x16@3 5.0x16@5 5.0x16@7");
    CHECK(fires(b, "wall-circuit")); // 1,445 W against 1,440 W continuous on 15 A x 120 V
    CHECK(fires(b, "cooling"));      // four cards side by side
    CheckOptions china;
    china.circuit = {220, 16};
    CHECK_FALSE(fires(b, "wall-circuit", china));

    b = goodBuild(); // cards in slots 1 and 4; a three-slot card in slot 4 ends at slot 6 of 7
    find(b, "gpu/a").snapshot.fields["slot_width"] = 3.0;
    CHECK_FALSE(fires(b, "chassis-slots"));
    find(b, "motherboard/m").snapshot.fields["pcie_slots"] = S("5.0x16@1 5.0x16@6");
    CHECK(fires(b, "chassis-slots")); // slot 6, three wide: slot 8 of a 7-slot case

    b = goodBuild();
    find(b, "chassis/c").snapshot.fields["motherboard_support"] = S("Micro-ATX, Mini-ITX");
    CHECK(fires(b, "chassis-board"));

    b = goodBuild();
    find(b, "gpu/a").snapshot.fields["length_mm"] = I{450};
    CHECK(fires(b, "gpu-length"));

    b = goodBuild();
    find(b, "gpu/a").snapshot.fields["form_factor"] = S("sxm");
    CHECK(fires(b, "gpu-modules")); // an SXM module on an ATX board: a problem, not a note
    CHECK_FALSE(fires(b, "gpu-slots"));

    // In a server that holds them, with its board and supplies, the modules pass; a complete
    // system (its CPUs, memory and drives included) needs nothing else.
    Build server;
    server.parts = {part("server/hgx", PartCategory::Server, "HGX server",
                         {{"gpu_form_factor", S("sxm")},
                          {"gpu_slots", I{8}},
                          {"gpu_part_id", S("gpu/a")},
                          {"gpu_count", I{8}},
                          {"cpu_included", S("2x Xeon")},
                          {"psu_count", I{6}},
                          {"psu_w", I{3300}},
                          {"psu_redundancy", S("4+2")}}),
                    part("gpu/a", PartCategory::Gpu, "Module A",
                         {{"tdp_w", 700.0}, {"form_factor", S("sxm")}, {"gpu_link", S("sxm")}}, 8)};
    CHECK(rules(server).empty());
    find(server, "gpu/a").quantity = 9;
    CHECK(fires(server, "gpu-modules")); // nine modules for eight places
    find(server, "gpu/a").quantity = 8;
    find(server, "server/hgx").snapshot.fields["psu_redundancy"] = S("1+5"); // one 3300 W supply carries it
    CHECK(fires(server, "psu-capacity"));
    find(server, "server/hgx").snapshot.fields["gpu_form_factor"] = S("oam");
    CHECK(fires(server, "gpu-modules"));

    b = goodBuild();
    find(b, "psu/p").snapshot.fields["pcie_8pin"] = I{3}; // two cards of two 8-pin inputs each
    CHECK(fires(b, "psu-connectors"));
    b = goodBuild(); // two RTX 4090-like cards on a supply without 16-pin cables
    find(b, "gpu/a").snapshot.fields["power_connectors"] =
        S("1x 16-pin (12VHPWR); or 3x 8-pin PCIe through the adapter in the box");
    auto adapters = checkBuild(b);
    auto connectors = std::find_if(adapters.begin(), adapters.end(),
                                   [](const Finding& f) { return f.rule == "psu-connectors"; });
    REQUIRE(connectors != adapters.end());
    CHECK(connectors->severity == Severity::Warning); // six 8-pin cables feed both adapters
    find(b, "psu/p").snapshot.fields["pcie_8pin"] = I{4};
    adapters = checkBuild(b);
    connectors = std::find_if(adapters.begin(), adapters.end(),
                              [](const Finding& f) { return f.rule == "psu-connectors"; });
    REQUIRE(connectors != adapters.end());
    CHECK(connectors->severity == Severity::Problem);
    find(b, "psu/p").snapshot.fields["pcie_16pin"] = I{2};
    CHECK_FALSE(fires(b, "psu-connectors"));
    find(b, "gpu/a").snapshot.fields["power_connectors"] = S("1x 8-pin CPU (EPS)");
    CHECK(fires(b, "psu-connectors")); // a note: the supply's EPS cables are not in the catalog

    b = goodBuild(); // a workload's needs: 64 GB of RAM and a 1 TB drive
    CheckOptions needs;
    needs.needs = WorkloadNeeds{10'000'000'000, 100'000'000'000, false, "a workload"};
    CHECK_FALSE(fires(b, "host-ram-needs", needs));
    CHECK_FALSE(fires(b, "storage-needs", needs));
    needs.needs->hostRamBytes = 100'000'000'000;
    needs.needs->storageBytes = 2'000'000'000'000;
    CHECK(fires(b, "host-ram-needs", needs));
    CHECK(fires(b, "storage-needs", needs));

    b = goodBuild();
    b.parts.erase(b.parts.begin() + 4); // no storage
    CHECK(fires(b, "incomplete"));
    CHECK(fires(Build{}, "empty"));
}

namespace {

CatalogChoice choice(BuildPart p, std::optional<double> usd = std::nullopt) {
    if (usd)
        p.snapshot.price = Price{*usd, "USD", "2026-11-01", "test", PriceKind::Street};
    return {p.partId, p.snapshot};
}

const Finding& findingOf(const std::vector<Finding>& findings, const std::string& rule) {
    auto it =
        std::find_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.rule == rule; });
    REQUIRE(it != findings.end());
    return *it;
}

} // namespace

TEST_CASE("A finding's offered fixes are changes the checker agrees remove it",
          "[core][build][compat][fixes]") {
    SECTION("an undersized supply: the cheapest catalog supply that carries the load") {
        auto b = goodBuild();
        find(b, "psu/p").snapshot.fields["wattage_w"] = I{600};
        const auto findings = checkBuild(b);
        const auto& f = findingOf(findings, "psu-capacity");
        auto psu = [](std::string id, I watts) {
            return part("psu/" + id, PartCategory::Psu, "PSU " + id,
                        {{"wattage_w", watts}, {"atx_version", S("ATX 3.0")}, {"pcie_8pin", I{6}}});
        };
        const std::vector<CatalogChoice> catalog = {
            choice(psu("small", 750), 90), choice(psu("huge", 2000), 500), choice(psu("big", 1600), 300)};
        const auto fixes = fixesFor(f, b, catalog);
        REQUIRE(fixes.size() == 2); // the 750 W one does not carry 2 × 300 W + CPU + platform
        CHECK(fixes[0].label.text() == "Replace PSU P with PSU big");
        CHECK(fixes[1].label.text() == "Replace PSU P with PSU huge");
        for (const auto& fix : fixes) {
            CHECK_FALSE(fires(fix.after, "psu-capacity"));
            CHECK(fix.after.parts.size() == b.parts.size());
        }
    }
    SECTION("a bridge on cards without NVLink: removing it") {
        auto b = goodBuild();
        find(b, "gpu/a").snapshot.fields["gpu_link"] = S("none");
        const auto findings = checkBuild(b);
        const auto fixes = fixesFor(findingOf(findings, "nvlink"), b, {});
        REQUIRE_FALSE(fixes.empty());
        CHECK(fixes[0].label.text() == "Remove Bridge for Card A");
        CHECK_FALSE(fires(fixes[0].after, "nvlink"));
    }
    SECTION("too many memory modules: fewer kits before another board") {
        auto b = goodBuild();
        find(b, "memory/k").quantity = 3; // 6 modules, 4 slots
        const auto findings = checkBuild(b);
        auto board8 = part("motherboard/eight", PartCategory::Motherboard, "Board Eight",
                           find(b, "motherboard/m").snapshot.fields);
        board8.snapshot.fields["memory_slots"] = I{8};
        const auto fixes = fixesFor(findingOf(findings, "memory-slots"), b, {choice(board8, 400)});
        REQUIRE(fixes.size() == 3);
        CHECK(fixes[0].label.text() == "2 × Kit K instead of 3");
        CHECK(fixes[1].label.text() == "1 × Kit K instead of 3");
        CHECK(fixes[2].label.text() == "Replace Board M with Board Eight");
        for (const auto& fix : fixes)
            CHECK_FALSE(fires(fix.after, "memory-slots"));
    }
    SECTION("a missing supply: adding one from the catalog") {
        auto b = goodBuild();
        b.parts.erase(std::find_if(b.parts.begin(), b.parts.end(),
                                   [](const BuildPart& p) { return p.partId == "psu/p"; }));
        const auto findings = checkBuild(b);
        const auto& f = findingOf(findings, "incomplete");
        const auto supply =
            part("psu/big", PartCategory::Psu, "PSU big",
                 {{"wattage_w", I{1600}}, {"atx_version", S("ATX 3.0")}, {"pcie_8pin", I{6}}});
        const auto fixes = fixesFor(f, b, {choice(supply, 300)});
        REQUIRE(fixes.size() == 1);
        CHECK(fixes[0].label.text() == "Add PSU big");
        CHECK_FALSE(fires(fixes[0].after, "incomplete"));
    }
    SECTION("nothing offered when nothing tried helps, and no fix that adds a problem") {
        auto b = goodBuild();
        find(b, "cpu/x").snapshot.fields["socket"] = S("LGA1700");
        const auto findings = checkBuild(b);
        const auto& f = findingOf(findings, "cpu-socket");
        CHECK(fixesFor(f, b, {}).empty());
        // A board of the CPU's socket that takes other memory trades one problem for another.
        auto intelBoard = part("motherboard/intel", PartCategory::Motherboard, "Board Intel",
                               find(b, "motherboard/m").snapshot.fields);
        intelBoard.snapshot.fields["socket"] = S("LGA1700");
        intelBoard.snapshot.fields["memory_type"] = S("DDR4");
        CHECK(fixesFor(f, b, {choice(intelBoard)}).empty());
        intelBoard.snapshot.fields["memory_type"] = S("DDR5");
        const auto fixes = fixesFor(f, b, {choice(intelBoard)});
        REQUIRE(fixes.size() == 1);
        CHECK(checkBuild(fixes[0].after).empty());
    }
}

namespace {

// A fault for each registered rule, made on the build that passes every rule.
struct Fault {
    std::string_view rule;
    std::function<void(Build&, CheckOptions&)> make;
};

// The platform's rules (plan/checks/platform_rules.cpp): what the build lacks, socket, memory, case, cooler.
std::vector<Fault> platformFaults() {
    return {
        {rule::kEmpty,
         [](Build& b, CheckOptions&) {
             b.parts.clear();
         }},
        {rule::kIncomplete,
         [](Build& b, CheckOptions&) {
             b.parts.erase(b.parts.begin() + 4);
         }},
        {rule::kCpuSocket,
         [](Build& b, CheckOptions&) {
             find(b, "cpu/x").snapshot.fields["socket"] = S("LGA1700");
         }},
        {rule::kMemoryType,
         [](Build& b, CheckOptions&) {
             find(b, "memory/k").snapshot.fields["memory_type"] = S("DDR4");
         }},
        {rule::kMemoryRegistered,
         [](Build& b, CheckOptions&) {
             find(b, "memory/k").snapshot.fields["module_form"] = S("RDIMM");
         }},
        {rule::kMemorySlots,
         [](Build& b, CheckOptions&) {
             find(b, "memory/k").quantity = 3;
         }},
        {rule::kMemoryCapacity,
         [](Build& b, CheckOptions&) {
             find(b, "memory/k").snapshot.fields["module_gb"] = I{128};
         }},
        {rule::kMemoryChannels,
         [](Build& b, CheckOptions&) {
             find(b, "cpu/x").snapshot.fields["memory_channels"] = I{4};
         }},
        {rule::kChassisBoard,
         [](Build& b, CheckOptions&) {
             find(b, "chassis/c").snapshot.fields["motherboard_support"] = S("Micro-ATX, Mini-ITX");
         }},
        {rule::kCoolerSocket,
         [](Build& b, CheckOptions&) {
             b.parts.push_back(part("cooler/q", PartCategory::Cooler, "Cooler Q",
                                    {{"kind", S("air")}, {"sockets", S("LGA1700;LGA1851")}}));
         }},
        {rule::kCoolerHeight,
         [](Build& b, CheckOptions&) {
             b.parts.push_back(part("cooler/q", PartCategory::Cooler, "Cooler Q",
                                    {{"kind", S("air")}, {"sockets", S("AM4;AM5")}, {"height_mm", I{168}}}));
             find(b, "chassis/c").snapshot.fields["max_cooler_height_mm"] = I{160};
         }},
    };
}

// The cards' rules (card_rules.cpp): modules, slots, lanes, links, length, heat.
std::vector<Fault> cardFaults() {
    return {
        {rule::kGpuModules,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").snapshot.fields["form_factor"] = S("sxm");
         }},
        {rule::kChassisSlots,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").snapshot.fields["slot_width"] = 3.0;
             find(b, "motherboard/m").snapshot.fields["pcie_slots"] = S("5.0x16@1 5.0x16@6");
         }},
        {rule::kGpuSlots,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").snapshot.fields["slot_width"] = 3.5;
         }},
        {rule::kPcieLanes,
         [](Build& b, CheckOptions&) {
             find(b, "cpu/x").snapshot.fields["pcie_lanes"] = I{20};
         }},
        {rule::kNvlink,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").snapshot.fields["gpu_link"] = S("none");
         }},
        {rule::kGpuInterconnect,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").snapshot.fields["gpu_link"] = S("none");
         }},
        {rule::kGpuLength,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").snapshot.fields["length_mm"] = I{450};
         }},
        {rule::kCooling,
         [](Build& b, CheckOptions&) {
             find(b, "gpu/a").quantity = 3;
         }},
        {rule::kSlotSharing,
         [](Build& b, CheckOptions&) {
             find(b, "motherboard/m").snapshot.fields["slot_sharing"] = S("1,4:x8/x8");
         }},
    };
}

// The power rules (power_rules.cpp): the supply, its cables and the wall.
std::vector<Fault> powerFaults() {
    return {
        {rule::kPsuCapacity,
         [](Build& b, CheckOptions&) {
             find(b, "psu/p").snapshot.fields["wattage_w"] = I{700};
         }},
        {rule::kPsuHeadroom,
         [](Build& b, CheckOptions&) {
             find(b, "psu/p").snapshot.fields["wattage_w"] = I{1000};
         }},
        {rule::kGpuTransients,
         [](Build& b, CheckOptions&) {
             find(b, "psu/p").snapshot.fields["atx_version"] = S("ATX 2.52");
             find(b, "psu/p").snapshot.fields["wattage_w"] = I{1300};
         }},
        {rule::kPsuConnectors,
         [](Build& b, CheckOptions&) {
             find(b, "psu/p").snapshot.fields["pcie_8pin"] = I{3};
         }},
        {rule::kWallCircuit,
         [](Build&, CheckOptions& o) {
             o.circuit = {120, 5};
         }},
    };
}

// The workload's rules (workload_rules.cpp): host RAM and drives against the run's needs.
std::vector<Fault> workloadFaults() {
    return {
        {rule::kHostRamNeeds,
         [](Build&, CheckOptions& o) {
             o.needs = WorkloadNeeds{100'000'000'000, 0, true, "a workload"};
         }},
        {rule::kStorageNeeds,
         [](Build&, CheckOptions& o) {
             o.needs = WorkloadNeeds{0, 2'000'000'000'000, false, "a workload"};
         }},
    };
}

const std::vector<Fault>& faults() {
    static const std::vector<Fault> list = [] {
        std::vector<Fault> all;
        for (auto group : {platformFaults(), cardFaults(), powerFaults(), workloadFaults()})
            all.insert(all.end(), group.begin(), group.end());
        return all;
    }();
    return list;
}

} // namespace

TEST_CASE(
    "Every registered rule has a fault it reports, no graver than registered, about the parts it concerns",
    "[core][build][compat]") {
    std::set<std::string_view> registered;
    for (const auto& r : compatibilityRules()) {
        CHECK(registered.insert(r.id).second); // one entry an id
        CHECK(findCompatibilityRule(r.id) == &r);
        CHECK(r.check != nullptr);
        const bool tested =
            std::any_of(faults().begin(), faults().end(), [&](const Fault& f) { return f.rule == r.id; });
        INFO("rule " << r.id << ": add its fault to faults() in this file");
        CHECK(tested);
    }
    for (const auto& fault : faults()) {
        INFO("fault for " << fault.rule);
        auto b = goodBuild();
        CheckOptions options;
        fault.make(b, options);
        const auto findings = checkBuild(b, options);
        CHECK(std::any_of(findings.begin(), findings.end(),
                          [&](const Finding& f) { return f.rule == fault.rule; }));
        for (const auto& f : findings) {
            INFO("finding " << f.rule << ": " << f.message.text());
            const auto* r = findCompatibilityRule(f.rule);
            REQUIRE(r != nullptr);
            CHECK(static_cast<int>(f.severity) >= static_cast<int>(r->severity)); // Problem < Warning < Note
            for (const auto& id : f.parts) {
                const auto part = std::find_if(b.parts.begin(), b.parts.end(),
                                               [&](const BuildPart& p) { return p.partId == id; });
                REQUIRE(part != b.parts.end());
                CHECK(std::find(r->concerns.begin(), r->concerns.end(), part->snapshot.category) !=
                      r->concerns.end());
            }
        }
    }
}

TEST_CASE("The checks, the cost and the advice count the same load: every GPU and every CPU",
          "[core][build]") {
    auto b = goodBuild();
    b.parts.push_back(
        part("cpu/second", PartCategory::Cpu, "Second CPU", {{"socket", S("AM5")}, {"tdp_w", 120.0}}));
    b.nodes = 2;
    const auto load = nodeLoad(b);
    CHECK(load.gpuWatts == 600);
    CHECK(load.cpuWatts == 290); // both CPU lines
    CHECK(load.total() == 600 + 290 + kPlatformWatts);
    // The supply's check and the cost say the same wattage (the cost for both nodes).
    find(b, "psu/p").snapshot.fields["wattage_w"] = I{1000};
    const auto findings = checkBuild(b);
    const auto headroom = std::find_if(findings.begin(), findings.end(),
                                       [](const Finding& f) { return f.rule == rule::kPsuHeadroom; });
    REQUIRE(headroom != findings.end());
    CHECK(headroom->message.text().find("the load of 965 W (GPUs 600 W, CPU 290 W, platform 75 W)") !=
          std::string::npos);
    CHECK(costBuild(b, {}).loadWatts == 2 * load.total());
}

TEST_CASE("The findings a proposal may carry are each rule's own property: notes, and the two speed warnings",
          "[core][build][compat][planner]") {
    std::set<std::string_view> kept;
    for (const auto& r : compatibilityRules())
        if (r.plannerKeeps == PlannerKeeps::TheWarning) {
            CHECK(r.severity == Severity::Warning); // a problem is never kept, a note always is
            kept.insert(r.id);
        }
    CHECK(kept == std::set<std::string_view>{rule::kPcieLanes, rule::kGpuInterconnect});
    auto finding = [](Severity severity, std::string_view id) {
        Finding f;
        f.severity = severity;
        f.rule = std::string(id);
        return f;
    };
    CHECK(plannerMayKeep(finding(Severity::Warning, rule::kPcieLanes)));
    CHECK(plannerMayKeep(finding(Severity::Note, rule::kPsuHeadroom)));
    CHECK_FALSE(plannerMayKeep(finding(Severity::Warning, rule::kPsuHeadroom)));
    CHECK_FALSE(plannerMayKeep(finding(Severity::Problem, rule::kGpuInterconnect)));
    CHECK_FALSE(plannerMayKeep(finding(Severity::Warning, "a-rule-nobody-declared")));
}
