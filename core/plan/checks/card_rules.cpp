// The cards' rules: where they sit (slots, lanes, the case), how they talk to each other, and their heat.

#include "plan/checks/rule_input.h"
#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace torchrig::plan::checks {

// SXM and OAM modules need a baseboard: a server that holds that kind of module, enough of them.
void checkGpuModules(const RuleInput& in, std::vector<Finding>& out) {
    if (!in.parts.gpuModules)
        return;
    const auto* gpu = in.parts.gpus.front();
    const auto form = text(*gpu, "form_factor");
    const auto* server = in.parts.server;
    const auto kind = form == "oam" ? std::string("OAM") : std::string("SXM");
    if (!server) {
        addFinding(
            out, Severity::Problem, rule::kGpuModules,
            TORCHRIG_MESSAGE("compatibility",
                             "%1 is an %2 module: it sits on a server's GPU baseboard (%3), not in a "
                             "motherboard's PCIe slot")
                .arg(gpu->snapshot.name)
                .arg(kind)
                .arg(form == "oam" ? "OAM UBB" : "HGX"),
            {gpu->partId},
            TORCHRIG_MESSAGE("compatibility", "add a GPU server that holds %1 modules, or choose PCIe cards")
                .arg(kind));
        return;
    }
    if (text(*server, "gpu_form_factor") != form)
        addFinding(out, Severity::Problem, rule::kGpuModules,
                   TORCHRIG_MESSAGE("compatibility", "%1 is an %2 module; %3 holds %4 GPUs")
                       .arg(gpu->snapshot.name)
                       .arg(kind)
                       .arg(server->snapshot.name)
                       .arg(upper(text(*server, "gpu_form_factor"))),
                   {gpu->partId, server->partId},
                   TORCHRIG_MESSAGE("compatibility", "choose a server for %1 modules").arg(kind));
    else if (auto places = number(*server, "gpu_slots");
             places && in.parts.gpuCount > *places * server->quantity)
        addFinding(out, Severity::Problem, rule::kGpuModules,
                   TORCHRIG_MESSAGE("compatibility", "%1 GPUs for %2 places in %3")
                       .arg(std::to_string(in.parts.gpuCount))
                       .arg(std::to_string(static_cast<int>(*places * server->quantity)))
                       .arg(server->snapshot.name),
                   {gpu->partId, server->partId},
                   TORCHRIG_MESSAGE("compatibility", "use fewer GPUs, or another server"));
    else if (auto shipped = text(*server, "gpu_part_id"); !shipped.empty() && shipped != gpu->partId)
        addFinding(out, Severity::Warning, rule::kGpuModules,
                   TORCHRIG_MESSAGE("compatibility", "%1 ships with %2, not %3")
                       .arg(server->snapshot.name)
                       .arg(shipped)
                       .arg(gpu->snapshot.name),
                   {gpu->partId, server->partId},
                   TORCHRIG_MESSAGE("compatibility", "choose the server's own GPUs, or a barebone server"));
}

// The lowest card's cooler must end within the case's expansion slots (slot 1 is the first, so a
// card in slot 7 of a 7-slot case may be one slot wide).
void checkChassisSlots(const RuleInput& in, std::vector<Finding>& out) {
    const auto* chassis = in.parts.chassisPart;
    if (!in.placement || !chassis || in.placement->placed == 0)
        return;
    const auto& cards = *in.placement;
    if (auto caseSlots = number(*chassis, "expansion_slots"); caseSlots && cards.nextFree - 1 > *caseSlots)
        addFinding(
            out, Severity::Problem, rule::kChassisSlots,
            TORCHRIG_MESSAGE("compatibility",
                             "the lowest card, in slot %1 and %2 slots wide, reaches slot %3; %4 has %5 "
                             "expansion slots")
                .arg(std::to_string(cards.nextFree - cards.width))
                .arg(std::to_string(cards.width))
                .arg(std::to_string(cards.nextFree - 1))
                .arg(chassis->snapshot.name)
                .arg(std::to_string(static_cast<int>(*caseSlots))),
            {chassis->partId, in.parts.gpus.front()->partId},
            TORCHRIG_MESSAGE(
                "compatibility",
                "a case with more expansion slots (8 or more for a wide card in the last slot)"));
}

void checkGpuSlots(const RuleInput& in, std::vector<Finding>& out) {
    if (!in.placement || in.placement->placed >= in.parts.gpuCount)
        return;
    const auto& cards = *in.placement;
    addFinding(
        out, Severity::Problem, rule::kGpuSlots,
        TORCHRIG_MESSAGE("compatibility",
                         "%1 GPUs of %2 slots' width: %3's slots (%4) take %5 without one covering the next")
            .arg(std::to_string(in.parts.gpuCount))
            .arg(std::to_string(cards.width))
            .arg(in.parts.board->snapshot.name)
            .arg(cards.slots)
            .arg(std::to_string(cards.placed)),
        {in.parts.board->partId, in.parts.gpus.front()->partId},
        TORCHRIG_MESSAGE(
            "compatibility",
            "choose a board with slots further apart, narrower (blower) cards, or riser cables"));
}

// What the CPU can give the cards and the NVMe drives.
void checkPcieLanes(const RuleInput& in, std::vector<Finding>& out) {
    const auto* cpu = in.parts.cpu;
    if (!in.placement || !cpu)
        return;
    const auto lanes = number(*cpu, "pcie_lanes");
    if (!lanes)
        return;
    int nvme = 0;
    for (const auto* drive : in.parts.storage)
        if (upper(text(*drive, "interface")).find("NVME") != std::string::npos)
            nvme += drive->quantity;
    const int wanted = 16 * in.parts.gpuCount + 4 * nvme;
    if (wanted > *lanes)
        addFinding(out, Severity::Warning, rule::kPcieLanes,
                   TORCHRIG_MESSAGE("compatibility",
                                    "%1 GPUs at x16 and %2 NVMe drives at x4 want %3 PCIe lanes; %4 has %5")
                       .arg(std::to_string(in.parts.gpuCount))
                       .arg(std::to_string(nvme))
                       .arg(std::to_string(wanted))
                       .arg(cpu->snapshot.name)
                       .arg(std::to_string(static_cast<int>(*lanes))),
                   {cpu->partId, in.parts.board->partId},
                   TORCHRIG_MESSAGE("compatibility",
                                    "expect the cards at x8 (data-parallel all-reduce slows), or a "
                                    "workstation CPU with more lanes"));
}

// NVLink only between cards that have it.
void checkNvlink(const RuleInput& in, std::vector<Finding>& out) {
    for (const auto* link : in.parts.interconnects) {
        if (text(*link, "kind") != "nvlink_bridge")
            continue;
        const auto supported = text(*link, "for_gpus");
        for (const auto* gpu : in.parts.gpus) {
            const bool hasLink = text(*gpu, "gpu_link") == "bridge";
            if (!hasLink || (!supported.empty() && supported.find(gpu->snapshot.name) == std::string::npos &&
                             gpu->snapshot.name.find(supported) == std::string::npos))
                addFinding(out, Severity::Problem, rule::kNvlink,
                           (hasLink ? TORCHRIG_MESSAGE("compatibility", "%1 is not a card %2 joins")
                                    : TORCHRIG_MESSAGE("compatibility",
                                                       "%1 has no NVLink connector: %2 cannot join it"))
                               .arg(gpu->snapshot.name)
                               .arg(link->snapshot.name),
                           {gpu->partId, link->partId},
                           hasLink ? TORCHRIG_MESSAGE("compatibility", "choose the bridge made for this card")
                                   : TORCHRIG_MESSAGE("compatibility",
                                                      "remove the bridge; the cards talk over PCIe (an RTX "
                                                      "3090, A6000 or A5000 pair has NVLink)"));
        }
    }
}

// Data parallel between the GPUs of a node: the seed article's rule of >= 100 GB/s.
void checkGpuInterconnect(const RuleInput& in, std::vector<Finding>& out) {
    if (in.parts.gpuCount < 2)
        return;
    // As the estimator wires them (plan/gpu_device_spec.h): NVLink when bridged or SXM, else PCIe
    // at the lanes the CPU leaves each card; within one node.
    Build node = in.build;
    node.nodes = 1;
    const auto wired = buildGpus(node);
    const double gbs =
        wired ? 2 * wired->spec.interconnectBytesPerSecond / 1e9 : 0; // both ways, as the article counts
    if (gbs <= 0 || gbs >= 100)
        return;
    const auto speed = std::to_string(static_cast<int>(std::lround(gbs)));
    if (const auto& slot = wired->chipsetSlot) {
        char gen[16];
        std::snprintf(gen, sizeof gen, "%.1f", slot->gen);
        addFinding(out, Severity::Warning, rule::kGpuInterconnect,
                   TORCHRIG_MESSAGE(
                       "compatibility",
                       "a GPU sits in %1's slot %2, PCIe %3 x%4 wired from the chipset and shared "
                       "with its drives and ports: the GPUs talk at about %5 GB/s (both ways); "
                       "the research workstation's article asks >= 100 GB/s between GPUs for data parallel")
                       .arg(in.parts.board->snapshot.name)
                       .arg(std::to_string(slot->position))
                       .arg(gen)
                       .arg(std::to_string(slot->electricalLanes))
                       .arg(speed),
                   {in.parts.board->partId, in.parts.gpus.front()->partId},
                   TORCHRIG_MESSAGE("compatibility", "choose a board that wires every card from the CPU "
                                                     "(x8/x8 at least), or expect the all-reduce to show "
                                                     "in the step time"));
        return;
    }
    auto message =
        wired->lanesPerGpu > 0
            ? TORCHRIG_MESSAGE("compatibility",
                               "the GPUs talk at about %1 GB/s (both ways, x%2 each on the CPU's lanes); "
                               "the research workstation's article asks >= 100 GB/s between GPUs for "
                               "data parallel (it also names PCIe 4.0 x16, which gives about 63)")
                  .arg(speed)
                  .arg(std::to_string(wired->lanesPerGpu))
            : TORCHRIG_MESSAGE("compatibility",
                               "the GPUs talk at about %1 GB/s (both ways); the research workstation's "
                               "article asks >= 100 GB/s between GPUs for data parallel (it also names "
                               "PCIe 4.0 x16, which gives about 63)")
                  .arg(speed);
    addFinding(
        out, Severity::Warning, rule::kGpuInterconnect, std::move(message), {in.parts.gpus.front()->partId},
        TORCHRIG_MESSAGE("compatibility", "expect the all-reduce to show in the step time (the estimate "
                                          "of a workload on these GPUs says how much), or choose cards "
                                          "with NVLink"));
}

void checkGpuLength(const RuleInput& in, std::vector<Finding>& out) {
    const auto* chassis = in.parts.chassisPart;
    if (!chassis)
        return;
    const auto maxLength = number(*chassis, "max_gpu_length_mm");
    if (!maxLength)
        return;
    for (const auto* gpu : in.parts.gpus)
        if (auto length = number(*gpu, "length_mm"); length && *length > *maxLength)
            addFinding(out, Severity::Problem, rule::kGpuLength,
                       TORCHRIG_MESSAGE("compatibility", "%1 is %2 mm long; %3 takes %4 mm")
                           .arg(gpu->snapshot.name)
                           .arg(std::to_string(static_cast<int>(*length)))
                           .arg(chassis->snapshot.name)
                           .arg(std::to_string(static_cast<int>(*maxLength))),
                       {gpu->partId, chassis->partId},
                       TORCHRIG_MESSAGE("compatibility", "choose a longer case"));
}

// Three or more cards side by side.
void checkCooling(const RuleInput& in, std::vector<Finding>& out) {
    const auto& gpus = in.parts.gpus;
    // Blower cards exhaust out of the case's back and are made to sit side by side.
    if (in.parts.gpuCount >= 3 && std::any_of(gpus.begin(), gpus.end(), [](const BuildPart* g) {
            return text(*g, "form_factor") == "pcie" && text(*g, "cooler_style") != "blower";
        }))
        addFinding(out, Severity::Warning, rule::kCooling,
                   TORCHRIG_MESSAGE(
                       "compatibility",
                       "%1 cards side by side: open-air coolers recirculate each other's heat and throttle")
                       .arg(std::to_string(in.parts.gpuCount)),
                   {gpus.front()->partId},
                   TORCHRIG_MESSAGE("compatibility", "blower or water-cooled cards, a server chassis with "
                                                     "front-to-back airflow, or a power limit"));
}

// Slots that split their lanes when both hold a card, as the board's own row says ("1,2:x8/x8").
void checkSlotSharing(const RuleInput& in, std::vector<Finding>& out) {
    const auto* board = in.parts.board;
    if (!in.placement || !board || in.placement->positions.size() < 2)
        return;
    const auto& used = in.placement->positions;
    std::istringstream groups(text(*board, "slot_sharing"));
    for (std::string group; std::getline(groups, group, ';');) {
        const auto colon = group.find(':');
        if (colon == std::string::npos)
            continue;
        std::istringstream positions(group.substr(0, colon));
        std::vector<int> shared;
        for (std::string position; std::getline(positions, position, ',');) {
            int value = 0;
            position.erase(0, position.find_first_not_of(' '));
            if (std::from_chars(position.data(), position.data() + position.size(), value).ec == std::errc())
                shared.push_back(value);
        }
        const auto occupied = std::count_if(shared.begin(), shared.end(), [&](int position) {
            return std::find(used.begin(), used.end(), position) != used.end();
        });
        if (shared.size() >= 2 && occupied == static_cast<long>(shared.size())) {
            std::string slots;
            for (auto position : shared)
                slots += (slots.empty() ? "" : ", ") + std::to_string(position);
            addFinding(out, Severity::Warning, rule::kSlotSharing,
                       TORCHRIG_MESSAGE("compatibility",
                                        "slots %1 of %2 share their lanes: with a card in each they run %3")
                           .arg(slots)
                           .arg(board->snapshot.name)
                           .arg(group.substr(colon + 1)),
                       {board->partId, in.parts.gpus.front()->partId},
                       TORCHRIG_MESSAGE("compatibility",
                                        "expect the cards' host transfers and all-reduce at that "
                                        "width, or a board with more lanes"));
        }
    }
}

} // namespace torchrig::plan::checks
