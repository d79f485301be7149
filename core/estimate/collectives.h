#pragma once
// What NCCL's collectives take between the GPUs of a data-, tensor- or expert-parallel run: a fixed
// latency per call plus the bytes each GPU moves over the bus bandwidth NCCL reaches on the link
// class the GPUs share (the nccl-tests convention: busbw = algbw × 2(n-1)/n for all-reduce,
// × (n-1)/n for all-gather, reduce-scatter and all-to-all, so one busbw serves every collective).

#include <string_view>

namespace torchrig::estimate {

struct DeviceSpec;

// How the GPUs of a run exchange data; each class reaches its own share of its datasheet rate.
enum class LinkClass {
    Unknown,         // a rate given by hand: used as it is, with no latency
    Nvlink,          // SXM/OAM modules: NVSwitch or a point-to-point NVLink mesh
    NvlinkBridge,    // two PCIe cards joined by NVLink bridges
    PciePeerToPeer,  // PCIe cards that write into each other's memory (workstation and datacenter)
    PcieThroughHost, // GeForce cards: no peer-to-peer, NCCL stages every chunk in host memory
    Network,         // the nodes' network (InfiniBand, RoCE, Ethernet): NCCL's rings cross it once per node
};

std::string_view linkClassId(LinkClass link); // "nvlink", "pcie-host"…

// What NCCL reaches on a link class, fitted or measured (collectives.cpp cites each figure).
struct CollectiveRates {
    double busFraction = 1;    // bus bandwidth over the link's datasheet rate each way
    double latencySeconds = 0; // one small collective, end to end
};
CollectiveRates collectiveRates(LinkClass link);

// The bus bandwidth a link of this class and datasheet rate (each way) reaches, bytes/s; the
// device's run over its interconnect (0: no link known).
double busBandwidth(LinkClass link, double datasheetBytesPerSecond);
double busBandwidth(const DeviceSpec& device);

// The share of a data-parallel run's exchange that backward (and forward, for gathers) hides: fitted
// to the published multi-GPU runs' fitted rows over 0, 0.25, 0.5, 0.75 and 1 (torchrig-multi-gpu-accuracy
// prints the grid, a test keeps this its best). They are matched best with none hidden: PyTorch's DDP
// launches each bucket's all-reduce during backward, but on these systems the step grows by about the
// whole exchange (the held-out rows agree: median 0.026 to 0.017, worst 0.252 to 0.200).
constexpr double kDataParallelOverlap = 0;
// The same for ZeRO-3 and FSDP, whose gathers of the next block's weights are issued ahead of its
// compute (FSDP's backward prefetch, limit_all_gathers): fitted apart, to the A100 80GB rows of
// published FSDP runs on 8 GPUs (tests/accuracy/published_llm_training_throughput.csv) over the same
// grid, with the fused attention share (torchrig-llm-accuracy prints both; a test keeps them the fit's).
constexpr double kShardedDataParallelOverlap = 0.5;
// The device's candidate, else the fitted one for a sharded (ZeRO-3, FSDP) or a replicated run.
double dataParallelOverlap(const DeviceSpec& device, bool sharded);

// How much slower a multi-GPU step may be than estimated, relative, beside the single-GPU error: the
// worst held-out row of published data-parallel runs (tests/accuracy/published_multi_gpu_throughput.csv,
// torchrig-multi-gpu-accuracy prints it, a test keeps this the report's). Those runs lose time in
// proportion to their gradients that no link class explains (an A100 pair over NVLink as much as over
// PCIe), so the band is one-sided and wide.
constexpr double kMultiGpuScalingUncertainty = 0.27;

enum class Collective { AllReduce, AllGather, ReduceScatter, AllToAll };
// One collective of `bytes` (the whole buffer, as nccl-tests counts size) among `ranks` GPUs.
// 0 when there is nothing to exchange; a negative value when no link is known.
double collectiveSeconds(Collective collective, double bytes, int ranks, const DeviceSpec& device);

} // namespace torchrig::estimate
