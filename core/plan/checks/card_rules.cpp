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
        addFinding(out, Severity::Problem, rule::kGpuModules,
                   gpu->snapshot.name + " is an " + kind + " module: it sits on a server's GPU baseboard (" +
                       (form == "oam" ? "OAM UBB" : "HGX") + "), not in a motherboard's PCIe slot",
                   {gpu->partId}, "add a GPU server that holds " + kind + " modules, or choose PCIe cards");
        return;
    }
    if (text(*server, "gpu_form_factor") != form)
        addFinding(out, Severity::Problem, rule::kGpuModules,
                   gpu->snapshot.name + " is an " + kind + " module; " + server->snapshot.name + " holds " +
                       upper(text(*server, "gpu_form_factor")) + " GPUs",
                   {gpu->partId, server->partId}, "choose a server for " + kind + " modules");
    else if (auto places = number(*server, "gpu_slots");
             places && in.parts.gpuCount > *places * server->quantity)
        addFinding(out, Severity::Problem, rule::kGpuModules,
                   std::to_string(in.parts.gpuCount) + " GPUs for " +
                       std::to_string(static_cast<int>(*places * server->quantity)) + " places in " +
                       server->snapshot.name,
                   {gpu->partId, server->partId}, "use fewer GPUs, or another server");
    else if (auto shipped = text(*server, "gpu_part_id"); !shipped.empty() && shipped != gpu->partId)
        addFinding(out, Severity::Warning, rule::kGpuModules,
                   server->snapshot.name + " ships with " + shipped + ", not " + gpu->snapshot.name,
                   {gpu->partId, server->partId}, "choose the server's own GPUs, or a barebone server");
}

// The lowest card's cooler must end within the case's expansion slots (slot 1 is the first, so a
// card in slot 7 of a 7-slot case may be one slot wide).
void checkChassisSlots(const RuleInput& in, std::vector<Finding>& out) {
    const auto* chassis = in.parts.chassisPart;
    if (!in.placement || !chassis || in.placement->placed == 0)
        return;
    const auto& cards = *in.placement;
    if (auto caseSlots = number(*chassis, "expansion_slots"); caseSlots && cards.nextFree - 1 > *caseSlots)
        addFinding(out, Severity::Problem, rule::kChassisSlots,
                   "the lowest card, in slot " + std::to_string(cards.nextFree - cards.width) + " and " +
                       std::to_string(cards.width) + " slots wide, reaches slot " +
                       std::to_string(cards.nextFree - 1) + "; " + chassis->snapshot.name + " has " +
                       std::to_string(static_cast<int>(*caseSlots)) + " expansion slots",
                   {chassis->partId, in.parts.gpus.front()->partId},
                   "a case with more expansion slots (8 or more for a wide card in the last slot)");
}

void checkGpuSlots(const RuleInput& in, std::vector<Finding>& out) {
    if (!in.placement || in.placement->placed >= in.parts.gpuCount)
        return;
    const auto& cards = *in.placement;
    addFinding(out, Severity::Problem, rule::kGpuSlots,
               std::to_string(in.parts.gpuCount) + " GPUs of " + std::to_string(cards.width) +
                   " slots' width: " + in.parts.board->snapshot.name + "'s slots (" + cards.slots +
                   ") take " + std::to_string(cards.placed) + " without one covering the next",
               {in.parts.board->partId, in.parts.gpus.front()->partId},
               "choose a board with slots further apart, narrower (blower) cards, or riser cables");
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
        addFinding(
            out, Severity::Warning, rule::kPcieLanes,
            std::to_string(in.parts.gpuCount) + " GPUs at x16 and " + std::to_string(nvme) +
                " NVMe drives at x4 want " + std::to_string(wanted) + " PCIe lanes; " + cpu->snapshot.name +
                " has " + std::to_string(static_cast<int>(*lanes)),
            {cpu->partId, in.parts.board->partId},
            "expect the cards at x8 (data-parallel all-reduce slows), or a workstation CPU with more lanes");
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
                addFinding(
                    out, Severity::Problem, rule::kNvlink,
                    gpu->snapshot.name +
                        (hasLink ? " is not a card " + link->snapshot.name + " joins"
                                 : " has no NVLink connector: " + link->snapshot.name + " cannot join it"),
                    {gpu->partId, link->partId},
                    hasLink ? "choose the bridge made for this card"
                            : "remove the bridge; the cards talk over PCIe (an RTX 3090, A6000 or A5000 pair "
                              "has NVLink)");
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
    std::ostringstream message;
    message << "the GPUs talk at about " << static_cast<int>(std::lround(gbs)) << " GB/s (both ways"
            << (wired->lanesPerGpu > 0
                    ? ", x" + std::to_string(wired->lanesPerGpu) + " each on the CPU's lanes"
                    : std::string())
            << "); seed article 000 asks >= 100 GB/s between GPUs for data parallel "
               "(it also names PCIe 4.0 x16, which gives about 63)";
    addFinding(
        out, Severity::Warning, rule::kGpuInterconnect, message.str(), {in.parts.gpus.front()->partId},
        "expect the all-reduce to show in the step time (torchrig-cli estimate --gpus N shows how much), "
        "or choose cards with NVLink");
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
                       gpu->snapshot.name + " is " + std::to_string(static_cast<int>(*length)) +
                           " mm long; " + chassis->snapshot.name + " takes " +
                           std::to_string(static_cast<int>(*maxLength)) + " mm",
                       {gpu->partId, chassis->partId}, "choose a longer case");
}

// Three or more cards side by side.
void checkCooling(const RuleInput& in, std::vector<Finding>& out) {
    const auto& gpus = in.parts.gpus;
    // Blower cards exhaust out of the case's back and are made to sit side by side.
    if (in.parts.gpuCount >= 3 && std::any_of(gpus.begin(), gpus.end(), [](const BuildPart* g) {
            return text(*g, "form_factor") == "pcie" && text(*g, "cooler_style") != "blower";
        }))
        addFinding(
            out, Severity::Warning, rule::kCooling,
            std::to_string(in.parts.gpuCount) +
                " cards side by side: open-air coolers recirculate each other's heat and throttle",
            {gpus.front()->partId},
            "blower or water-cooled cards, a server chassis with front-to-back airflow, or a power limit");
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
                slots += (slots.empty() ? "" : " and ") + std::to_string(position);
            addFinding(
                out, Severity::Warning, rule::kSlotSharing,
                "slots " + slots + " of " + board->snapshot.name +
                    " share their lanes: with a card in each they run " + group.substr(colon + 1),
                {board->partId, in.parts.gpus.front()->partId},
                "expect the cards' host transfers and all-reduce at that width, or a board with more lanes");
        }
    }
}

} // namespace torchrig::plan::checks
