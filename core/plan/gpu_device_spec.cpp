#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace torchrig::plan {

namespace {

// ~0.985 GB/s a lane each way for PCIe 3.0, doubling with each generation since.
double pcieBytesPerSecond(double gen, double lanes) {
    return 0.985e9 * std::pow(2.0, gen - 3) * std::max(1.0, lanes);
}

// The largest power of two of lanes within `lanes` and the card's own.
double wiredLanes(double cardLanes, double lanes) {
    double wired = 1;
    while (wired * 2 <= std::min(cardLanes, lanes))
        wired *= 2;
    return wired;
}

const BuildPart* boardOf(const Build& build) {
    for (const auto& part : build.parts)
        if (part.snapshot.category == PartCategory::Motherboard)
            return &part;
    return nullptr;
}

// The cards in the board's slots (as the checks place them): each card's link is the narrower of the
// card and its slot, a CPU-wired slot's also its share of the CPU's lanes, a chipset-wired one's
// shared with the chipset's drives; the slowest card paces the exchange. None: no board or layout.
std::optional<double> slowestSlotLink(const BuildPart& gpu, const BuildPart& board, int cards,
                                      double cpuLanes, BuildGpus& result) {
    const auto layout = PcieSlotLayout::parse(board.snapshot.text("pcie_slots"));
    if (!layout || layout->slots.empty())
        return std::nullopt;
    const int width = static_cast<int>(std::ceil(gpu.snapshot.number("slot_width").value_or(2)));
    const auto slots = layout->cardSlots(width, cards);
    const double cardLanes = gpu.snapshot.number("pcie_lanes").value_or(16);
    const double cardGen = gpu.snapshot.number("pcie_gen").value_or(0);
    const auto onCpu =
        std::count_if(slots.begin(), slots.end(), [](const PcieSlot& s) { return !s.chipset; });
    double cpuShare = 0; // lanes each CPU-wired card gets, when the CPU has fewer than they take
    if (cpuLanes > 0 && onCpu > 0 && cardLanes * static_cast<double>(onCpu) > cpuLanes)
        cpuShare = wiredLanes(cardLanes, cpuLanes / static_cast<double>(onCpu));
    std::optional<double> slowest;
    for (const auto& slot : slots) {
        const double gen = cardGen > 0 ? std::min(cardGen, slot.gen) : slot.gen;
        double lanes = std::min(cardLanes, static_cast<double>(slot.electricalLanes));
        if (!slot.chipset && cpuShare > 0 && cpuShare < lanes) {
            lanes = cpuShare;
            result.lanesPerGpu = static_cast<int>(cpuShare);
        }
        if (slot.chipset && !result.chipsetSlot)
            result.chipsetSlot = slot;
        const double rate = pcieBytesPerSecond(gen, lanes);
        slowest = slowest ? std::min(*slowest, rate) : rate;
    }
    return slowest;
}

// NVIDIA's driver gives GeForce cards no peer-to-peer over PCIe (the RTX 3090 only over its
// bridge): NCCL then copies every chunk through host memory.
estimate::LinkClass pcieLinkClass(const PartSnapshot& gpu) {
    const bool geforce = gpu.name.find("GeForce") != std::string::npos;
    return geforce ? estimate::LinkClass::PcieThroughHost : estimate::LinkClass::PciePeerToPeer;
}

} // namespace

estimate::DeviceSpec gpuDeviceSpec(const std::string& partId, const PartSnapshot& gpu) {
    auto number = [&](std::string_view column) {
        return gpu.number(column).value_or(0);
    };
    estimate::DeviceSpec d;
    d.id = partId;
    d.name = gpu.name;
    d.cuda = true;
    if (auto usable = number("vram_usable_mib"); usable > 0) {
        d.usableBytes = static_cast<std::int64_t>(usable) << 20;
    } else if (auto gb = number("vram_gb"); gb > 0) {
        d.usableBytes = static_cast<std::int64_t>(gb * double(1LL << 30)); // NVIDIA's "24 GB" is GiB
        d.usableIsMarketing = true;
    }
    d.fp32Flops = number("fp32_tflops") * 1e12;
    d.tf32Flops = number("tf32_tflops") * 1e12;
    d.fp16Flops = number("fp16_tflops") * 1e12;
    d.bf16Flops = number("bf16_tflops") * 1e12;
    d.fp8Flops = number("fp8_tflops") * 1e12;
    d.bandwidthBytesPerSecond = number("memory_bandwidth_gbs") * 1e9;
    d.tdpWatts = number("tdp_w");
    d.computeCapability = gpu.text("compute_capability"); // "8.6", "gfx90a"
    d.pytorchBackend = gpu.text("pytorch_backend");
    if (auto cc = gpu.number("compute_capability"); d.computeCapability.empty() && cc) {
        char text[16]; // a build file written by hand may hold it as a number
        std::snprintf(text, sizeof text, "%.1f", *cc);
        d.computeCapability = text;
    }
    if (auto gen = number("pcie_gen"); gen > 0)
        d.hostLinkBytesPerSecond = pcieBytesPerSecond(gen, number("pcie_lanes"));
    // NVIDIA and AMD give the link's rate both ways together; a ring all-reduce uses each way.
    const auto link = gpu.text("gpu_link");
    if ((link == "sxm" || link == "oam") && number("gpu_link_gbs") > 0) {
        d.interconnectBytesPerSecond = number("gpu_link_gbs") / 2 * 1e9;
        d.interconnectClass = estimate::LinkClass::Nvlink;
    } else {
        d.interconnectBytesPerSecond = d.hostLinkBytesPerSecond;
        d.interconnectClass = pcieLinkClass(gpu);
    }
    return d;
}

std::optional<BuildGpus> buildGpus(const Build& build) {
    const BuildPart* first = nullptr;
    BuildGpus result;
    bool bridged = false;
    double networkBytes = 0;
    for (const auto& part : build.parts) {
        if (part.snapshot.category == PartCategory::Gpu) {
            if (first && first->partId != part.partId)
                result.mixed = true;
            if (!first)
                first = &part;
            result.gpus += part.quantity * build.nodes;
        } else if (part.snapshot.category == PartCategory::Interconnect) {
            const auto kind = part.snapshot.text("kind");
            const double gbits = part.snapshot.number("link_gbits").value_or(0);
            if (kind == "nvlink_bridge")
                bridged = true;
            else if (gbits > 0) // InfiniBand or Ethernet between nodes, each way
                networkBytes = std::max(networkBytes, gbits / 8 * 1e9 * part.quantity);
        }
    }
    if (!first)
        return std::nullopt;
    result.spec = gpuDeviceSpec(first->partId, first->snapshot);
    // The CPU's lanes shared among the cards of a node: a desktop CPU's 16 or 20 lanes run two cards
    // at x8 each, halving what each card moves to the host and to the other card.
    double cpuLanes = 0;
    for (const auto& part : build.parts)
        if (part.snapshot.category == PartCategory::Cpu)
            cpuLanes += part.snapshot.number("pcie_lanes").value_or(0) * part.quantity;
    const double cardLanes = first->snapshot.number("pcie_lanes").value_or(16);
    const double gpusPerNode = static_cast<double>(result.gpus) / std::max(1, build.nodes);
    const bool overPcie = result.spec.interconnectBytesPerSecond == result.spec.hostLinkBytesPerSecond;
    const auto* board = boardOf(build);
    const bool inSlots = first->snapshot.text("form_factor") == "pcie";
    if (const auto slotted = board && inSlots ? slowestSlotLink(*first, *board, static_cast<int>(gpusPerNode),
                                                                cpuLanes, result)
                                              : std::nullopt) {
        result.spec.hostLinkBytesPerSecond = std::min(result.spec.hostLinkBytesPerSecond, *slotted);
    } else if (cpuLanes > 0 && gpusPerNode > 0 && cardLanes * gpusPerNode > cpuLanes) {
        // No slot layout to read: the CPU's lanes shared evenly among the cards.
        const double wired = wiredLanes(cardLanes, cpuLanes / gpusPerNode);
        result.spec.hostLinkBytesPerSecond *= wired / cardLanes;
        result.lanesPerGpu = static_cast<int>(wired);
    }
    if (overPcie)
        result.spec.interconnectBytesPerSecond = result.spec.hostLinkBytesPerSecond;
    // A bridge joins two cards: with more in a node, NCCL's rings also cross PCIe.
    const double bridgeBytes = first->snapshot.number("gpu_link_gbs").value_or(0) / 2 * 1e9;
    if (bridged && first->snapshot.text("gpu_link") == "bridge" && gpusPerNode <= 2 && bridgeBytes > 0) {
        result.spec.interconnectBytesPerSecond = bridgeBytes;
        result.spec.interconnectClass = estimate::LinkClass::NvlinkBridge;
    }
    if (build.nodes > 1) { // a ring over the nodes runs at its slowest hop
        result.networkBytesPerSecond = networkBytes;
        if (networkBytes <= 0)
            result.spec.interconnectBytesPerSecond = 0;
        else if (estimate::busBandwidth(estimate::LinkClass::Network, networkBytes) <
                 estimate::busBandwidth(result.spec)) {
            result.spec.interconnectBytesPerSecond = networkBytes;
            result.spec.interconnectClass = estimate::LinkClass::Network;
        }
    }
    return result;
}

} // namespace torchrig::plan
