#include "estimate/collectives.h"

#include "estimate/estimate.h"

#include <algorithm>

namespace torchrig::estimate {

std::string_view linkClassId(LinkClass link) {
    switch (link) {
    case LinkClass::Nvlink: return "nvlink";
    case LinkClass::NvlinkBridge: return "nvlink-bridge";
    case LinkClass::PciePeerToPeer: return "pcie-p2p";
    case LinkClass::PcieThroughHost: return "pcie-host";
    case LinkClass::Network: return "network";
    case LinkClass::Unknown: break;
    }
    return "unknown";
}

// Bus fractions: the median of the fitted rows of tests/accuracy/published_nccl_bus_bandwidth.csv
// (nccl-tests all-reduce busbw over the datasheet rate each way); torchrig-collective-accuracy
// recomputes them, prints the held-out rows' errors, and a test holds these constants to the fit.
// Latencies: the smallest message's time in a posted nccl-tests run, not fitted:
//   nvlink         9.85 µs  2 × A100 over NVLink, all-reduce of 8 B (NVIDIA/nccl-tests#331)
//   nvlink-bridge 13.4 µs   2 × RTX 2080 Ti bridged, all-reduce of 32 KiB (NVIDIA/nccl-tests#44)
//   pcie-p2p      24 µs     8 × RTX PRO 6000 on PCIe, all-reduce of 256 B–32 KiB (voipmonitor/rtx6kpro)
//   pcie-host     11.9 µs   2 × RTX 4090 without peer-to-peer, all-to-all of 8 B
//                           (tinygrad/open-gpu-kernel-modules#17)
//   network       62 µs     16 nodes of 8 × H100, all-reduce of 8 B (NVIDIA/nccl#1469)
CollectiveRates collectiveRates(LinkClass link) {
    switch (link) {
    case LinkClass::Nvlink: return {0.680, 9.85e-6};
    case LinkClass::NvlinkBridge: return {0.407, 13.4e-6};
    case LinkClass::PciePeerToPeer: return {0.624, 24e-6};
    case LinkClass::PcieThroughHost: return {0.444, 11.9e-6};
    case LinkClass::Network: return {0.960, 62e-6};
    case LinkClass::Unknown: break;
    }
    return {};
}

double busBandwidth(LinkClass link, double datasheetBytesPerSecond) {
    return datasheetBytesPerSecond * collectiveRates(link).busFraction;
}

double busBandwidth(const DeviceSpec& device) {
    return busBandwidth(device.interconnectClass, device.interconnectBytesPerSecond);
}

double dataParallelOverlap(const DeviceSpec& device, bool sharded) {
    return device.communicationOverlap.value_or(sharded ? kShardedDataParallelOverlap : kDataParallelOverlap);
}

double collectiveSeconds(Collective collective, double bytes, int ranks, const DeviceSpec& device) {
    if (ranks < 2 || bytes <= 0)
        return 0;
    const double bus = busBandwidth(device);
    if (bus <= 0)
        return -1;
    const double share = static_cast<double>(ranks - 1) / ranks;
    const double moved = (collective == Collective::AllReduce ? 2 * share : share) * bytes;
    return collectiveRates(device.interconnectClass).latencySeconds + moved / bus;
}

} // namespace torchrig::estimate
