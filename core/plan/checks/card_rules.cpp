// The cards' rules: where they sit (slots, lanes, the case), how they talk to each other, and their heat.

#include "plan/checks/rule_input.h"
#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace torchrig::plan::checks {

void checkGpuModules(const RuleInput& in, std::vector<Finding>& out) {
    if (in.parts.gpuModules)
        addFinding(
            out, Severity::Note, rule::kGpuModules,
            "SXM and OAM modules sit on the server's GPU baseboard (HGX, OAM UBB), not in the motherboard's "
            "PCIe slots: their slots, width and length are not checked",
            {in.parts.gpus.front()->partId}, "");
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
    if (in.parts.gpuCount >= 3 && std::any_of(gpus.begin(), gpus.end(), [](const BuildPart* g) {
            return text(*g, "form_factor") == "pcie";
        }))
        addFinding(
            out, Severity::Warning, rule::kCooling,
            std::to_string(in.parts.gpuCount) +
                " cards side by side: open-air coolers recirculate each other's heat and throttle",
            {gpus.front()->partId},
            "blower or water-cooled cards, a server chassis with front-to-back airflow, or a power limit");
}

} // namespace torchrig::plan::checks
