#include "estimate/estimate.h"

#include "estimate/step_time.h"
#include "util/printed.h"

#include <algorithm>
#include <charconv>

namespace torchrig::estimate {

std::int64_t batchOf(const ModelGraph& graph) {
    for (const auto& t : graph.tensors())
        if (t.role == TensorRole::Input && !t.shape.empty())
            return t.shape[0];
    return 1;
}

namespace {

// A link class as the user reads it.
Message linkClassWords(LinkClass link) {
    switch (link) {
    case LinkClass::Nvlink: return TORCHRIG_MESSAGE("estimate", "NVLink");
    case LinkClass::NvlinkBridge: return TORCHRIG_MESSAGE("estimate", "the NVLink bridge");
    case LinkClass::PciePeerToPeer: return TORCHRIG_MESSAGE("estimate", "PCIe, card to card");
    case LinkClass::PcieThroughHost:
        return TORCHRIG_MESSAGE("estimate", "PCIe through host memory (GeForce cards have no peer-to-peer)");
    case LinkClass::Network: return TORCHRIG_MESSAGE("estimate", "the nodes' network");
    case LinkClass::Unknown: break;
    }
    return TORCHRIG_MESSAGE("estimate", "the link");
}

int computeCapabilityMajor(const DeviceSpec& device) {
    int major = 0;
    const auto& cc = device.computeCapability;
    if (std::from_chars(cc.data(), cc.data() + cc.size(), major).ec != std::errc())
        return 0;
    return major;
}

// Every card of compute capability 8.0 and later runs half precision on tensor cores: without that
// rate in the catalog, the FP32 fallback of matrixRate() would make the step many times too slow.
bool tensorRateMissing(const TrainingSetup& setup, const DeviceSpec& device) {
    const bool half = setup.precision == Precision::AmpFp16 || setup.precision == Precision::AmpBf16 ||
                      setup.precision == Precision::Bf16;
    if (!half || !device.cuda)
        return false;
    const double rate = setup.precision == Precision::AmpFp16 ? device.fp16Flops
                        : device.bf16Flops > 0                ? device.bf16Flops
                                                              : device.fp16Flops;
    return rate <= 0 && computeCapabilityMajor(device) >= 8;
}

// fp8 asked of a device without an FP8 tensor rate: precisionRefusal says why.
bool float8Refused(const TrainingSetup& setup, const DeviceSpec& device) {
    return setup.precision == Precision::Fp8 && (!device.cuda || device.fp8Flops <= 0);
}

} // namespace

std::optional<Message> precisionRefusal(const TrainingSetup& setup, const DeviceSpec& device) {
    if (!float8Refused(setup, device))
        return std::nullopt;
    if (!device.cuda)
        return TORCHRIG_MESSAGE("estimate",
                                "fp8 trains on a GPU's FP8 tensor cores (Ada, Hopper, Blackwell); "
                                "%1 has none: choose amp-bf16")
            .arg(device.name);
    const int major = computeCapabilityMajor(device);
    const bool ada = device.computeCapability == "8.9";
    if (major >= 9 || ada)
        return TORCHRIG_MESSAGE("estimate", "the catalog has no FP8 tensor rate for %1, so fp8 is not "
                                            "estimated on it: add fp8_tflops to the part, or choose amp-bf16")
            .arg(device.name);
    if (major == 8) // Ampere: bf16 on tensor cores, no FP8
        return TORCHRIG_MESSAGE("estimate",
                                "%1 has no FP8 tensor cores (they came with Ada, Hopper and Blackwell, "
                                "compute capability 8.9 and later): float8 training cannot run on it; "
                                "choose amp-bf16")
            .arg(device.name);
    return TORCHRIG_MESSAGE("estimate",
                            "%1 has no FP8 tensor cores (they came with Ada, Hopper and Blackwell, "
                            "compute capability 8.9 and later): float8 training cannot run on it; "
                            "choose amp-fp16")
        .arg(device.name);
}

bool runsThroughPlugin(const DeviceSpec& device) {
    return !device.pytorchBackend.empty() && device.pytorchBackend != "cuda" &&
           device.pytorchBackend != "rocm";
}

bool runsNatively(const TrainingSetup& setup, const DeviceSpec& device) {
    if (float8Refused(setup, device))
        return false;
    const bool bf16 = setup.precision == Precision::AmpBf16 || setup.precision == Precision::Bf16;
    if (!bf16 || !device.cuda || device.bf16Flops > 0)
        return true;
    // Compute capability 8.0 (Ampere) and later run BF16: a missing rate is a gap in the catalog,
    // which the time estimate says itself. Before it, PyTorch emulates BF16.
    if (const int major = computeCapabilityMajor(device); major > 0)
        return major >= 8;
    return device.fp32Flops <= 0;
}

Estimate estimateTraining(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                          const Calibration* calibration) {
    auto memorySetup = setup;
    memorySetup.cuda = device.cuda;
    return estimateTraining(graph, setup, device, estimateMemory(graph, memorySetup), calibration);
}

namespace {

// What CUDA adds beside PyTorch's allocator: the context and the libraries' workspaces.
void addCudaOverhead(Estimate& e, const Calibration* calibration) {
    const bool measuredHere = calibration && calibration->contextBytes;
    e.contextBytes = measuredHere ? *calibration->contextBytes : kMeasuredCudaContextBytes;
    e.workspaceBytes = kMeasuredCudaLibraryBytes;
    e.devicePeakBytes =
        e.reservedPeakBytes.value_or(e.memory.allocatedPeakBytes) + e.contextBytes + e.workspaceBytes;
    if (!measuredHere)
        e.warnings.push_back(TORCHRIG_MESSAGE("estimate", "the CUDA context and library memory are an "
                                                          "H200's with CUDA 13 (%1 bytes); a validation run "
                                                          "on your GPU measures its own")
                                 .arg(std::to_string(e.contextBytes + e.workspaceBytes)));
}

void judgeFit(Estimate& e, const DeviceSpec& device) {
    if (device.usableBytes > 0) {
        e.fits = e.devicePeakBytes <= device.usableBytes;
        e.headroomBytes = device.usableBytes - e.devicePeakBytes;
        if (device.usableIsMarketing)
            e.warnings.push_back(TORCHRIG_MESSAGE("estimate",
                                                  "the usable memory of %1 is not known: its "
                                                  "advertised size is used, and the driver keeps some")
                                     .arg(device.name));
    } else {
        e.warnings.push_back(
            TORCHRIG_MESSAGE("estimate", "the memory of %1 is not known, so whether it fits is not either")
                .arg(device.name));
    }
}

// A vendor's plugin (torch_npu, torch_mlu, torch_musa): what the estimate assumes of it, said.
void warnPluginBackend(Estimate& e, const DeviceSpec& device) {
    if (!runsThroughPlugin(device))
        return;
    e.warnings.push_back(TORCHRIG_MESSAGE("estimate",
                                          "%1 runs PyTorch through %2: its memory is simulated as CUDA's "
                                          "caching allocator, which %2's follows, with CUDA's context and "
                                          "libraries; no run here measured it")
                             .arg(device.name)
                             .arg(device.pytorchBackend));
    e.warnings.push_back(
        TORCHRIG_MESSAGE("estimate", "not calibrated: no published training throughput on %1 was fitted, "
                                     "so its step time is its datasheet rates times the fitted GPUs' "
                                     "median fractions, within ± %2 % (a band set, not measured); "
                                     "torchrig-validate cannot run on %3 yet")
            .arg(device.name)
            .arg(std::to_string(static_cast<int>(kPluginBackendUncertainty * 100)))
            .arg(device.pytorchBackend));
}

// What the estimate models from the libraries' code but torchrig-validate has not measured.
void warnUnmeasured(Estimate& e, const ModelGraph& graph, const TrainingSetup& setup,
                    const DeviceSpec& device, const Calibration* calibration) {
    const bool quantized = std::any_of(graph.tensors().begin(), graph.tensors().end(),
                                       [](const TensorInfo& t) { return t.quantized4bit; });
    const bool frozen = std::any_of(graph.tensors().begin(), graph.tensors().end(),
                                    [](const TensorInfo& t) { return t.frozen; });
    if (quantized)
        e.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "QLoRA's 4-bit weights are counted as bitsandbytes stores NF4 with double "
                        "quantization; dequantizing them takes time that is not counted, and no run "
                        "here measured it"));
    if (frozen && setup.precision == Precision::Bf16)
        e.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "the LoRA adapters are counted in bf16 like the model; PEFT 0.12 and later "
                        "keeps them in float32 by default and casts each adapter's input to float32, "
                        "which adds an input-sized copy per adapted layer"));
    if (setup.optimizer == OptimizerKind::Adam8bit)
        e.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "adam8bit: its state is counted from bitsandbytes' code, not measured"));
    if (setup.offloadOptimizer)
        e.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "the optimizer runs in host memory: its state is in host RAM, the step time "
                        "counts moving gradients and weights over PCIe but not the CPU's update"));
    if (setup.fp32MasterWeights)
        e.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate",
            "fp32 master weights are modelled on a foreach AdamW over float32 copies, not measured"));
    if (setup.parallel.gpus > 1) {
        const bool exchangeMeasured = calibration && calibration->allReduceBusBytesPerSecond > 0;
        e.warnings.push_back(
            (exchangeMeasured
                 ? TORCHRIG_MESSAGE("estimate", "%1 over %2 GPUs is modelled per GPU from PyTorch's "
                                                "and DeepSpeed's defaults; only its exchange's rate "
                                                "was measured here")
                 : TORCHRIG_MESSAGE("estimate", "%1 over %2 GPUs is modelled per GPU from PyTorch's "
                                                "and DeepSpeed's defaults, not measured (no "
                                                "multi-GPU run here)"))
                .arg(std::string(parallelStrategyId(setup.parallel.strategy)))
                .arg(std::to_string(setup.parallel.gpus)));
        if (exchangeMeasured)
            e.warnings.push_back(
                TORCHRIG_MESSAGE("estimate",
                                 "communication at %1 GB/s, the bus bandwidth a validation run's "
                                 "all-reduce reached on %2 among %3 ranks, in place of the link's "
                                 "datasheet rate")
                    .arg(printed("%.2f", calibration->allReduceBusBytesPerSecond / 1e9))
                    .arg(calibration->deviceName)
                    .arg(std::to_string(calibration->allReduceRanks)));
        else if (device.interconnectBytesPerSecond > 0 && device.interconnectClass == LinkClass::Unknown)
            e.warnings.push_back(
                TORCHRIG_MESSAGE("estimate", "communication at the %1 GB/s each way given, as NCCL's bus "
                                             "bandwidth")
                    .arg(std::to_string(static_cast<long long>(device.interconnectBytesPerSecond / 1e9))));
        else if (device.interconnectBytesPerSecond > 0)
            e.warnings.push_back(
                TORCHRIG_MESSAGE("estimate",
                                 "communication at %1 GB/s each way, what NCCL's collectives reach over %2 "
                                 "(%3 % of its %4 GB/s, fitted to published nccl-tests runs)")
                    .arg(printed("%.1f", busBandwidth(device) / 1e9))
                    .arg(linkClassWords(device.interconnectClass))
                    .arg(std::to_string(
                        std::lround(collectiveRates(device.interconnectClass).busFraction * 100)))
                    .arg(printed("%.1f", device.interconnectBytesPerSecond / 1e9)));
        else
            e.warnings.push_back(TORCHRIG_MESSAGE("estimate", "no GPU-to-GPU bandwidth is known for %1, so "
                                                              "communication is not estimated")
                                     .arg(device.name));
    }
}

// The device with the bus bandwidth a validation run's all-reduce reached as its link, where the
// calibration measured one: taken as it is (LinkClass::Unknown: the probe's time holds the latency).
DeviceSpec withMeasuredLink(const DeviceSpec& device, const Calibration* calibration) {
    if (!calibration || !(calibration->allReduceBusBytesPerSecond > 0))
        return device;
    auto linked = device;
    linked.interconnectClass = LinkClass::Unknown;
    linked.interconnectBytesPerSecond = calibration->allReduceBusBytesPerSecond;
    return linked;
}

// A validation run's measured / estimated step time applied: the device's own work scales;
// communication not hidden by backward stays as it was.
void scaleByStepTimeRatio(TimeEstimate& t, double r) {
    const double exposed = t.stepSeconds - t.forwardSeconds - t.backwardSeconds - t.optimizerSeconds;
    t.forwardSeconds *= r;
    t.backwardSeconds *= r;
    t.optimizerSeconds *= r;
    const double before = t.stepSeconds;
    t.stepSeconds = t.forwardSeconds + t.backwardSeconds + t.optimizerSeconds + exposed;
    if (t.stepSeconds > 0) {
        t.samplesPerSecond *= before / t.stepSeconds;
        t.mfu *= before / t.stepSeconds;
    }
}

// A warning when eager PyTorch's op issue, not the GPU, sets the pace of the step.
std::optional<Message> hostBoundWarning(const TimeEstimate& t, const DeviceSpec& device) {
    if (!device.cuda || !(t.hostBoundSeconds > 0.5 * t.stepSeconds))
        return std::nullopt;
    const auto share = std::to_string(static_cast<int>(100 * t.hostBoundSeconds / t.stepSeconds));
    const auto opTime = std::to_string(static_cast<int>(1e6 * kMeasuredCudaEagerOpSeconds));
    return t.calibrated ? TORCHRIG_MESSAGE(
                              "estimate",
                              "the CPU sets the pace: for %1 % of the step the GPU waits for eager PyTorch "
                              "to issue its next op (as a validation run measured it); a larger batch, "
                              "CUDA graphs or torch.compile hide it, a CPU core faster than that host's "
                              "shortens it")
                              .arg(share)
                        : TORCHRIG_MESSAGE(
                              "estimate",
                              "the CPU sets the pace: for %1 % of the step the GPU waits for eager PyTorch "
                              "to issue its next op (%2 µs an op, as measured with the H200's host); a "
                              "larger batch, CUDA graphs or torch.compile hide it, a CPU core faster than "
                              "that host's shortens it")
                              .arg(share)
                              .arg(opTime);
}

} // namespace

Estimate estimateTraining(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                          const MemoryEstimate& memory, const Calibration* calibration) {
    Estimate e;
    e.memory = memory;
    e.reservedPeakBytes = e.memory.reservedPeakBytes;
    e.devicePeakBytes = e.memory.allocatedPeakBytes;
    if (device.cuda)
        addCudaOverhead(e, calibration);
    if (calibration)
        e.warnings.push_back(
            TORCHRIG_MESSAGE("estimate", "calibrated with what a validation run measured on %1")
                .arg(calibration->deviceName));
    judgeFit(e, device);
    warnPluginBackend(e, device);
    warnUnmeasured(e, graph, setup, device, calibration);
    if (auto why = whyTimeIsNotEstimated(setup, device)) {
        e.warnings.push_back(std::move(*why));
        return e;
    }
    e.time = detail::estimateTime(graph, setup, withMeasuredLink(device, calibration), batchOf(graph),
                                  calibration, e.memory);
    if (e.time && e.time->calibrated && calibration->stepTimeRatio > 0 && calibration->stepTimeRatio != 1)
        scaleByStepTimeRatio(*e.time, calibration->stepTimeRatio);
    if (e.time) {
        if (auto warning = hostBoundWarning(*e.time, device))
            e.warnings.push_back(std::move(*warning));
    } else {
        e.warnings.push_back(TORCHRIG_MESSAGE("estimate", "no compute rates are known for %1: the step time "
                                                          "needs a calibration (a validation run on it)")
                                 .arg(device.name));
    }
    return e;
}

std::optional<Message> whyTimeIsNotEstimated(const TrainingSetup& setup, const DeviceSpec& device) {
    if (auto refusal = precisionRefusal(setup, device))
        return refusal;
    if (!runsNatively(setup, device)) {
        return TORCHRIG_MESSAGE("estimate", "%1 has no native bfloat16 (the catalog gives it no "
                                            "bf16 rate): PyTorch emulates it, slowly, and the "
                                            "time is not estimated; amp-fp16 is its mixed precision")
            .arg(device.name);
    }
    if (tensorRateMissing(setup, device)) {
        return TORCHRIG_MESSAGE("estimate", "the catalog has no %1 tensor rate for %2, so the "
                                            "step time is not estimated")
            .arg(setup.precision == Precision::AmpFp16 ? "FP16" : "BF16")
            .arg(device.name);
    }
    return std::nullopt;
}

} // namespace torchrig::estimate
