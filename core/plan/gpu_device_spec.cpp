#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace torchrig::plan {

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
    d.bandwidthBytesPerSecond = number("memory_bandwidth_gbs") * 1e9;
    d.tdpWatts = number("tdp_w");
    d.computeCapability = gpu.text("compute_capability"); // "8.6", "gfx90a"
    if (auto cc = gpu.number("compute_capability"); d.computeCapability.empty() && cc) {
        char text[16]; // a build file written by hand may hold it as a number
        std::snprintf(text, sizeof text, "%.1f", *cc);
        d.computeCapability = text;
    }
    if (auto gen = number("pcie_gen"); gen > 0) // ~0.985 GB/s a lane each way for gen 3, doubling since
        d.hostLinkBytesPerSecond = 0.985e9 * std::pow(2.0, gen - 3) * std::max(1.0, number("pcie_lanes"));
    // NVIDIA and AMD give the link's rate both ways together; a ring all-reduce uses each way.
    const auto link = gpu.text("gpu_link");
    if ((link == "sxm" || link == "oam") && number("gpu_link_gbs") > 0)
        d.interconnectBytesPerSecond = number("gpu_link_gbs") / 2 * 1e9;
    else
        d.interconnectBytesPerSecond = d.hostLinkBytesPerSecond;
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
    if (cpuLanes > 0 && gpusPerNode > 0 && cardLanes * gpusPerNode > cpuLanes) {
        double wired = 1;
        while (wired * 2 <= std::min(cardLanes, cpuLanes / gpusPerNode))
            wired *= 2;
        const double share = wired / cardLanes;
        const bool overPcie = result.spec.interconnectBytesPerSecond == result.spec.hostLinkBytesPerSecond;
        result.spec.hostLinkBytesPerSecond *= share;
        if (overPcie)
            result.spec.interconnectBytesPerSecond = result.spec.hostLinkBytesPerSecond;
        result.lanesPerGpu = static_cast<int>(wired);
    }
    if (bridged && first->snapshot.text("gpu_link") == "bridge")
        result.spec.interconnectBytesPerSecond =
            std::max(result.spec.interconnectBytesPerSecond,
                     first->snapshot.number("gpu_link_gbs").value_or(0) / 2 * 1e9);
    if (build.nodes > 1) // a ring over the nodes runs at its slowest hop
        result.spec.interconnectBytesPerSecond =
            networkBytes > 0 ? std::min(result.spec.interconnectBytesPerSecond, networkBytes) : 0;
    return result;
}

} // namespace torchrig::plan
