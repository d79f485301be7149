#pragma once
// The whole estimate for one workload on one device: the memory simulation, what the device adds
// beside it, whether it fits, and the step time from a roofline of the graph's ops.

#include "estimate/achievable_rates.h"
#include "estimate/collectives.h"
#include "estimate/device_measurements.h"
#include "estimate/memory_estimate.h"

#include "util/message.h"

#include <optional>
#include <string>
#include <vector>

namespace torchrig::estimate {

// The device an estimate is for, as the catalog (or this machine) describes it. Rates are the
// datasheet's; achievable rates are these times the efficiencies below unless calibrated.
struct DeviceSpec {
    std::string id;   // "cpu", "gpu/rtx-4090"
    std::string name; // "GeForce RTX 4090"
    bool cuda = false;
    std::int64_t usableBytes = 0;   // what PyTorch can allocate in (0: unknown)
    bool usableIsMarketing = false; // usableBytes is the advertised size, not a measured one
    double fp32Flops = 0, tf32Flops = 0, fp16Flops = 0, bf16Flops = 0; // per second, 0: none
    double fp8Flops = 0; // FP8 tensor cores (Ada, Hopper, Blackwell), dense; 0: none
    double bandwidthBytesPerSecond = 0;
    // Between this GPU and the others of a data-parallel run, each way: NVLink/NVSwitch for SXM
    // and OAM parts, else PCIe as the card is wired (datasheet rates). 0: unknown.
    double interconnectBytesPerSecond = 0;
    // What kind of link that is, which sets how much of it NCCL reaches (estimate/collectives.h).
    LinkClass interconnectClass = LinkClass::Unknown;
    double hostLinkBytesPerSecond = 0; // to host memory: PCIe as the card is wired, each way (0: unknown)
    std::string computeCapability;     // "8.6", "gfx90a": which architecture's achievable rates apply
    // How PyTorch reaches it: empty for CUDA (NVIDIA, and AMD's ROCm through the same API), else a
    // vendor's plugin ("torch_npu", "torch_mlu", "torch_musa"; the catalog's pytorch_backend).
    std::string pytorchBackend;
    double tdpWatts = 0; // the board's power limit (0: unknown): what clock it holds
    // What this device reaches of its datasheet rates, instead of its architecture's fitted fractions
    // (estimate/achievable_rates.h): the fit tries its candidates through it.
    std::optional<AchievableFractions> fractions;
    // The share of the gradient exchange that compute hides, instead of the fitted one
    // (estimate/collectives.h): the multi-GPU fit tries its candidates through it.
    std::optional<double> communicationOverlap;
    // The share of the matrix rate fused attention reaches, instead of kFusedAttentionShare: the
    // LLM fit tries its candidates through it.
    std::optional<double> fusedAttentionShare;
};

// A device PyTorch reaches through a vendor's plugin rather than CUDA or ROCm: no published training
// throughput on one was fitted here and torchrig-validate cannot run there, so its step time is the
// datasheet rates times the fitted GPUs' median fractions, within kPluginBackendUncertainty.
bool runsThroughPlugin(const DeviceSpec& device);
// The band said for such a device: set, not measured (no held-out figure exists to measure it).
inline constexpr double kPluginBackendUncertainty = 0.5;

// What a validation run measured on the device itself (torchrig-cli validate --json): achieved
// matmul rates per dtype, copy bandwidth and, on CUDA, the context. They replace the datasheet
// rates times the efficiencies, and the H200's context; the estimate then says it is calibrated.
struct Calibration {
    std::string deviceName;                                            // as the worker saw it ("NVIDIA H200")
    double fp32Flops = 0, tf32Flops = 0, fp16Flops = 0, bf16Flops = 0; // achieved; 0: not measured
    double copyBytesPerSecond = 0;                                     // read + write
    std::optional<std::int64_t> contextBytes;
    // The kernel classes' own rates, the dispatch floor and (CPU) the cost of fresh pages, when
    // the worker measured them: convolutions, depthwise convolutions and every matrix op's backward
    // then run at their own rates rather than the large matmul's.
    KernelRates kernels;
    // A run's measured step over what these rates alone predicted for it (validation/run_comparison.h):
    // what the roofline misses on this machine (dispatch, kernels below the rates). 1: none known.
    double stepTimeRatio = 1;
    // A data-parallel run's all-reduce, as its probe's largest size reached it (nccl-tests' bus
    // bandwidth, bytes/s) among allReduceRanks ranks: it replaces the datasheet link's rate in
    // multi-GPU estimates on this device. 0: not measured.
    double allReduceBusBytesPerSecond = 0;
    int allReduceRanks = 0;
};

// What a CUDA device holds beside the caching allocator's blocks, measured on an H200 with CUDA
// 13.0 and PyTorch 2.11 (tests/gpu/README.md): the context, and cuBLAS/cuDNN handles and loaded
// kernels. A validation run on the user's own GPU replaces them.
constexpr std::int64_t kMeasuredCudaContextBytes = 552'402'944;
constexpr std::int64_t kMeasuredCudaLibraryBytes = 240LL << 20;

// Achieved over datasheet rates for large matmuls and a device-to-device copy, measured by
// torchrig-validate on the same H200 (fp32 51.2 of 67, tf32 405 of 494.7, bf16 778 of 989.4
// TFLOP/s; 4.19 of 4.8 TB/s). A GPU's training step reaches less: its architecture's fitted
// fractions (achievable_rates.h) apply there; these are the CPU's and the float32 vector rate's.
constexpr double kMeasuredMatmulEfficiency = 0.78;
constexpr double kMeasuredCopyEfficiency = 0.87;

// The fractions of its datasheet rates this device's training step reaches: the device's own when
// set, its architecture's on CUDA, the large-matmul and copy measurements above on the CPU.
AchievableFractions achievableFractions(const DeviceSpec& device);
// What the device's memory-bound kernels reach, bytes/s (the bandwidth fraction as this card reaches it).
double achievableBandwidth(const DeviceSpec& device);
// The least time an op takes in eager PyTorch: the CPU's work to dispatch it, record it for
// autograd and launch its kernel, which a short kernel cannot hide. On CUDA fitted to the H200
// runs of tests/gpu (torchrig-validate, LibTorch 2.11): 40 µs brings the step time's median error
// over the 17 cases from 54 % to 11 % (tests/gpu/README.md). On the CPU an op runs where it is
// issued; 5 µs is a dispatch, not measured.
constexpr double kMeasuredCudaEagerOpSeconds = 40e-6;
constexpr double kCpuEagerOpSeconds = 5e-6;

struct TimeEstimate {
    double forwardSeconds = 0;
    double backwardSeconds = 0;
    double optimizerSeconds = 0;
    double communicationSeconds = 0; // all of it; the step adds what backward does not hide
    bool communicationKnown = true;  // false: several GPUs but no interconnect rate
    double stepSeconds = 0;
    double samplesPerSecond = 0; // per GPU: batch × gradient accumulation per step
    double mfu = 0;              // model FLOPs per second over the device's peak for the dtype
    double trainingFlops = 0;    // forward + backward (as computed: frozen weights get no product), per step
    bool calibrated = false;     // rates measured on this device rather than datasheet × efficiency
    // How far the step time may be off, relative (±): the held-out error of the device's
    // architecture (achievable_rates.h). 0: not known (the CPU).
    double uncertainty = 0;
    // Several GPUs: how much longer the step may be besides, relative (+): the scaling losses
    // published multi-GPU runs show beyond the model (estimate/collectives.h). 0: one GPU.
    double scalingUncertainty = 0;
    // Of the forward and backward, the time the GPU waits for eager PyTorch to issue ops from the
    // CPU (ops whose kernel is shorter than their issue): where it is most of the step, the CPU
    // sets the pace.
    double hostBoundSeconds = 0;
};

struct Estimate {
    MemoryEstimate memory;
    std::optional<std::int64_t> reservedPeakBytes; // the caching allocator's replay (CUDA)
    std::int64_t devicePeakBytes = 0;              // + context and library memory (CUDA)
    std::int64_t contextBytes = 0;
    std::int64_t workspaceBytes = 0;
    std::optional<bool> fits;         // unknown when the device's capacity is
    std::int64_t headroomBytes = 0;   // usable − device peak
    std::optional<TimeEstimate> time; // absent when the device has no rates
    std::vector<Message> warnings;    // what the estimate does not know or cover
};

// Whether the device computes in the setup's precision natively: a GPU without a bfloat16 rate
// (NVIDIA before compute capability 8.0) only emulates amp-bf16 and bf16, slowly.
bool runsNatively(const TrainingSetup& setup, const DeviceSpec& device);
// Why the setup cannot train on the device at all (fp8 without FP8 tensor cores), or nothing. The
// CLI refuses such an estimate; the planner and the charts leave the device out.
std::optional<Message> precisionRefusal(const TrainingSetup& setup, const DeviceSpec& device);
// Why no step time is given for this setup on this device (the refusal above, an emulated
// precision, a tensor rate the catalog lacks), or nothing.
std::optional<Message> whyTimeIsNotEstimated(const TrainingSetup& setup, const DeviceSpec& device);

// The batch a graph is built for: its first input's leading size (1 without one).
std::int64_t batchOf(const ModelGraph& graph);

Estimate estimateTraining(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                          const Calibration* calibration = nullptr);
// The same from a memory simulation already run for this graph and setup on this kind of device
// (CUDA or not): the memory does not depend on which card, so a sweep over the catalog simulates
// once per graph and setup.
Estimate estimateTraining(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                          const MemoryEstimate& memory, const Calibration* calibration = nullptr);

} // namespace torchrig::estimate
