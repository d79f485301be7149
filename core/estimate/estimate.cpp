#include "estimate/estimate.h"

#include <algorithm>

namespace torchrig::estimate {

namespace {

struct OpCost {
    double flops = 0; // forward
    double bytes = 0; // forward, read + written
    bool matrix = false;
};

OpCost opCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    OpCost cost;
    auto shape = [&](TensorId id) -> const Shape& {
        return graph.tensor(id).shape;
    };
    auto count = [&](TensorId id) {
        return static_cast<double>(numel(shape(id)));
    };
    const auto out = op.outputs[0];
    switch (op.kind) {
    case OpKind::Conv2d: {
        const auto& w = shape(op.params[0]); // [out, in / groups, kh, kw]
        cost.flops = 2.0 * count(out) * static_cast<double>(w[1] * w[2] * w[3]);
        cost.matrix = true;
        break;
    }
    case OpKind::ConvTranspose2d: {
        const auto& w = shape(op.params[0]); // [in, out / groups, kh, kw]
        cost.flops = 2.0 * count(op.inputs[0]) * static_cast<double>(w[1] * w[2] * w[3]);
        cost.matrix = true;
        break;
    }
    case OpKind::Linear: {
        const auto& w = shape(op.params[0]); // [out, in]
        cost.flops = 2.0 * count(op.inputs[0]) * static_cast<double>(w[0]);
        cost.matrix = true;
        break;
    }
    case OpKind::Matmul:
        cost.flops = 2.0 * count(out) * static_cast<double>(shape(op.inputs[0]).back());
        cost.matrix = true;
        break;
    case OpKind::ScaledDotProductAttention: {
        const auto& q = shape(op.inputs[0]);
        const auto& k = shape(op.inputs[1]);
        cost.flops = 4.0 * count(op.inputs[0]) * static_cast<double>(k[k.size() - 2]);
        if (op.attributes.causal)
            cost.flops /= 2;
        (void)q;
        cost.matrix = true;
        break;
    }
    case OpKind::View:
    case OpKind::Permute:
    case OpKind::Transpose:
    case OpKind::Expand:
    case OpKind::Select:
    case OpKind::Slice:
    case OpKind::Flatten: return cost; // views move nothing
    default: break;
    }
    for (auto id : op.inputs)
        cost.bytes += count(id) * elementBytes;
    for (auto id : op.params)
        cost.bytes += count(id) * elementBytes;
    cost.bytes += count(out) * elementBytes;
    return cost;
}

double matrixRate(const DeviceSpec& d, Precision precision) {
    switch (precision) {
    case Precision::Fp32: return d.fp32Flops;
    case Precision::Tf32: return d.tf32Flops > 0 ? d.tf32Flops : d.fp32Flops;
    case Precision::AmpFp16: return d.fp16Flops > 0 ? d.fp16Flops : d.fp32Flops;
    case Precision::AmpBf16:
    case Precision::Bf16:
        return d.bf16Flops > 0 ? d.bf16Flops : (d.fp16Flops > 0 ? d.fp16Flops : d.fp32Flops);
    }
    return d.fp32Flops;
}

// The achieved matmul rate for the precision a calibration measured (0: not measured).
double calibratedRate(const Calibration& c, Precision precision) {
    switch (precision) {
    case Precision::Fp32: return c.fp32Flops;
    case Precision::Tf32: return c.tf32Flops > 0 ? c.tf32Flops : c.fp32Flops;
    case Precision::AmpFp16: return c.fp16Flops;
    case Precision::AmpBf16:
    case Precision::Bf16: return c.bf16Flops;
    }
    return 0;
}

std::optional<TimeEstimate> estimateTime(const ModelGraph& graph, const TrainingSetup& setup,
                                         const DeviceSpec& device, std::int64_t batch,
                                         const Calibration* calibration) {
    double peak = matrixRate(device, setup.precision);
    double matrixRateAchieved = peak * kMeasuredMatmulEfficiency;
    double vectorRate = device.fp32Flops * kMeasuredMatmulEfficiency;
    double bandwidth = device.bandwidthBytesPerSecond * kMeasuredCopyEfficiency;
    const bool calibrated = calibration && calibratedRate(*calibration, setup.precision) > 0 &&
                            calibration->copyBytesPerSecond > 0;
    if (calibrated) {
        matrixRateAchieved = calibratedRate(*calibration, setup.precision);
        vectorRate = calibration->fp32Flops > 0 ? calibration->fp32Flops : matrixRateAchieved;
        bandwidth = calibration->copyBytesPerSecond;
        if (peak <= 0)
            peak = matrixRateAchieved; // MFU against what was measured when no datasheet rate is known
    }
    if (peak <= 0 || bandwidth <= 0 || matrixRateAchieved <= 0)
        return std::nullopt;
    const double element = setup.precision == Precision::Fp32 || setup.precision == Precision::Tf32 ? 4 : 2;
    TimeEstimate t;
    t.calibrated = calibrated;
    double forwardFlops = 0;
    double recomputedSeconds = 0; // checkpointed blocks run their forward again in backward
    for (const auto& op : graph.ops()) {
        auto cost = opCost(graph, op, element);
        if (cost.flops == 0 && cost.bytes == 0)
            continue;
        const double rate = cost.matrix ? matrixRateAchieved : std::max(vectorRate, 1.0);
        const double seconds = std::max(cost.flops / rate, cost.bytes / bandwidth) + kKernelLaunchSeconds;
        t.forwardSeconds += seconds;
        if (setup.checkpointing == Checkpointing::Blocks && op.block >= 0)
            recomputedSeconds += seconds;
        t.backwardSeconds += 2 * seconds; // two products per matrix op; read the saved, write the gradient
        forwardFlops += cost.flops;
    }
    t.backwardSeconds += recomputedSeconds;
    // The optimizer reads and writes parameters, gradients and state: bandwidth-bound.
    const double parameterBytes = static_cast<double>(graph.parameterBytes()) * (element / 4.0);
    const double passes = setup.optimizer == OptimizerKind::Sgd           ? 3
                          : setup.optimizer == OptimizerKind::SgdMomentum ? 5
                                                                          : 7;
    t.optimizerSeconds = passes * parameterBytes / bandwidth;
    t.stepSeconds = t.forwardSeconds + t.backwardSeconds + t.optimizerSeconds;
    t.trainingFlops = 3 * forwardFlops;
    t.samplesPerSecond = t.stepSeconds > 0 ? static_cast<double>(batch) / t.stepSeconds : 0;
    t.mfu = t.stepSeconds > 0 ? t.trainingFlops / t.stepSeconds / peak : 0;
    return t;
}

std::int64_t batchOf(const ModelGraph& graph) {
    for (const auto& t : graph.tensors())
        if (t.role == TensorRole::Input && !t.shape.empty())
            return t.shape[0];
    return 1;
}

} // namespace

bool runsNatively(const TrainingSetup& setup, const DeviceSpec& device) {
    const bool bf16 = setup.precision == Precision::AmpBf16 || setup.precision == Precision::Bf16;
    return !(bf16 && device.cuda && device.bf16Flops <= 0 && device.fp32Flops > 0);
}

Estimate estimateTraining(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                          const Calibration* calibration) {
    auto memorySetup = setup;
    memorySetup.cuda = device.cuda;
    return estimateTraining(graph, setup, device, estimateMemory(graph, memorySetup), calibration);
}

Estimate estimateTraining(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                          const MemoryEstimate& memory, const Calibration* calibration) {
    Estimate e;
    e.memory = memory;
    e.reservedPeakBytes = e.memory.reservedPeakBytes;
    e.devicePeakBytes = e.memory.allocatedPeakBytes;
    if (device.cuda) {
        const bool measuredHere = calibration && calibration->contextBytes;
        e.contextBytes = measuredHere ? *calibration->contextBytes : kMeasuredCudaContextBytes;
        e.workspaceBytes = kMeasuredCudaLibraryBytes;
        e.devicePeakBytes =
            e.reservedPeakBytes.value_or(e.memory.allocatedPeakBytes) + e.contextBytes + e.workspaceBytes;
        if (!measuredHere)
            e.warnings.push_back("the CUDA context and library memory are an H200's with CUDA 13 (" +
                                 std::to_string(e.contextBytes + e.workspaceBytes) +
                                 " bytes); a validation run on your GPU measures its own");
    }
    if (calibration)
        e.warnings.push_back("calibrated with what a validation run measured on " + calibration->deviceName);
    if (device.usableBytes > 0) {
        e.fits = e.devicePeakBytes <= device.usableBytes;
        e.headroomBytes = device.usableBytes - e.devicePeakBytes;
        if (device.usableIsMarketing)
            e.warnings.push_back("the usable memory of " + device.name +
                                 " is not known: its advertised size is used, and the driver keeps some");
    } else {
        e.warnings.push_back("the memory of " + device.name +
                             " is not known, so whether it fits is not either");
    }
    if (!runsNatively(setup, device)) {
        e.warnings.push_back(device.name + " has no native bfloat16 (the catalog gives it no bf16 rate): "
                                           "PyTorch emulates it, slowly, and the time is not estimated; "
                                           "amp-fp16 is its mixed precision");
        return e;
    }
    e.time = estimateTime(graph, setup, device, batchOf(graph), calibration);
    if (!e.time)
        e.warnings.push_back("no compute rates are known for " + device.name +
                             ": the step time needs a calibration (torchrig-cli validate on it)");
    return e;
}

} // namespace torchrig::estimate
