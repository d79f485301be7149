#pragma once
// What the estimator needs to know of a GPU, read from a part's specs as a build file keeps them
// (or as the catalog has them now): one reading for estimate, fit, builds and rent-vs-buy.

#include "estimate/estimate.h"
#include "hardware/pcie_slot_layout.h"
#include "plan/build.h"

#include <optional>
#include <string>

namespace torchrig::plan {

estimate::DeviceSpec gpuDeviceSpec(const std::string& partId, const PartSnapshot& gpu);

// A build's GPUs as the estimator sees them: the first GPU part's spec with the link between the
// cards as wired (an NVLink bridge when the build has one for a bridged card, PCIe at the lanes
// the CPU has for each card) and, over several
// nodes, no faster than the nodes' network; `gpus` is every node's cards together.
struct BuildGpus {
    estimate::DeviceSpec spec;
    int gpus = 0;
    bool mixed = false;  // more than one kind of GPU: the first is the one estimated
    int lanesPerGpu = 0; // the CPU's lanes per card when they are fewer than the cards take (0: as the card)
    // The board's slot a card sits in that the chipset wires (the first such), when one does: the
    // cards' link is then that slot's, shared with the chipset's drives and ports.
    std::optional<PcieSlot> chipsetSlot;
    // Over several nodes: the network's rate each way per node (0: one node, or no network part).
    // The spec's link is the slower of it and the link within a node, as NCCL reaches them.
    double networkBytesPerSecond = 0;
};
std::optional<BuildGpus> buildGpus(const Build& build);

} // namespace torchrig::plan
