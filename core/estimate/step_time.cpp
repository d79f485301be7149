// The step-time model: each op's time at the rates the card reaches (roofline of matrix rate and
// bandwidth, or this machine's measured kernels), the optimizer's update, what several GPUs exchange
// and how much of it the backward hides. See ESTIMATOR.md, "Step time".

#include "estimate/step_time.h"

#include "workload/ops/op_descriptor.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <string_view>

namespace torchrig::estimate {

namespace {

double matrixRate(const DeviceSpec& d, Precision precision) {
    switch (precision) {
    case Precision::Fp32: return d.fp32Flops;
    case Precision::Tf32: return d.tf32Flops > 0 ? d.tf32Flops : d.fp32Flops;
    case Precision::AmpFp16: return d.fp16Flops > 0 ? d.fp16Flops : d.fp32Flops;
    case Precision::AmpBf16:
    case Precision::Bf16:
    case Precision::Fp8: // what is not a block's linear runs as amp-bf16
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
    case Precision::Bf16:
    case Precision::Fp8: return c.bf16Flops;
    }
    return 0;
}

// How a card's matrix fraction differs from its architecture's reference card's: the share of its
// boost clock it holds on its power, and the peak exponent (achievable_rates.h).
double cardMatrixScale(const DeviceSpec& device, const AchievableFractions& f, bool halfPrecision) {
    const double perWatt = halfPrecision ? f.halfPrecisionFlopsPerWatt : f.tf32FlopsPerWatt;
    const double peak = halfPrecision ? (device.fp16Flops > 0 ? device.fp16Flops : device.bf16Flops)
                                      : (device.tf32Flops > 0 ? device.tf32Flops : device.fp32Flops);
    if (peak <= 0)
        return 1;
    double scale = 1;
    if (perWatt > 0 && device.tdpWatts > 0 && f.powerExponent > 0)
        scale *= std::pow(std::min(1.0, device.tdpWatts * perWatt / peak), f.powerExponent);
    const double referencePeak = halfPrecision ? f.referenceHalfPrecisionPeak : f.referenceTf32Peak;
    if (referencePeak > 0 && f.peakExponent != 0)
        scale *= std::pow(referencePeak / peak, f.peakExponent);
    return scale;
}

// The architecture's matrix fraction as this card reaches it. A card smaller than the fitted
// ones gains by the peak exponent, but no card runs faster than its datasheet.
double reachedFraction(double fraction, const DeviceSpec& device, const AchievableFractions& f,
                       bool halfPrecision) {
    return std::min(1.0, fraction * cardMatrixScale(device, f, halfPrecision));
}

// The fraction of its datasheet bandwidth a card's memory-bound kernels reach (achievable_rates.h).
double bandwidthFraction(const DeviceSpec& device, const AchievableFractions& f) {
    if (f.referenceBandwidth <= 0 || f.bandwidthExponent == 0 || device.bandwidthBytesPerSecond <= 0)
        return f.bandwidth;
    return f.bandwidth * std::pow(f.referenceBandwidth / device.bandwidthBytesPerSecond, f.bandwidthExponent);
}

// The rates the ops run at on this device and precision: the datasheet's times the measured
// efficiencies, or a calibration's measurements.
struct Rates {
    double peak = 0; // the datasheet's matrix rate (or the measured one without a datasheet): MFU's base
    double matrix = 0, vector = 0, bandwidth = 0, convolution = 0;
    double depthwise = 0, depthwiseBackward = 0;                        // 0: as any convolution
    double matrixBackwardSlowdown = 1, convolutionBackwardSlowdown = 1; // backward over forward
    double opOverhead = 0;      // eager PyTorch's time to issue one op
    double narrowDimension = 0; // AchievableFractions::narrowDimension
    bool fusedAttention = true; // scaled_dot_product_attention as one kernel (memory_estimate.h)
    double attention = 0;       // that kernel's rate (estimate/achievable_rates.h, fusedAttentionShare)
    double float8 = 0;          // Precision::Fp8: a block's linear, at the FP8 tensor rate (0: none)
    bool calibrated = false;
    const KernelRates* measuredKernels = nullptr;
};

std::optional<Rates> ratesFor(const TrainingSetup& setup, const DeviceSpec& device,
                              const Calibration* calibration) {
    Rates r;
    const auto fractions = achievableFractions(device);
    const bool halfPrecision = setup.precision != Precision::Fp32 && setup.precision != Precision::Tf32;
    const double matrixFraction = halfPrecision ? fractions.halfPrecisionMatrix : fractions.tf32Matrix;
    r.peak = matrixRate(device, setup.precision);
    r.matrix = r.peak * reachedFraction(matrixFraction, device, fractions, halfPrecision);
    if (device.cuda && setup.precision == Precision::Fp32 && device.tf32Flops > 0)
        // Float32 matmuls on a GPU with TF32 run on the CUDA cores: no published row measured them
        // (Lambda's "FP32" ran TF32), so the large float32 matmul measured on the H200 stands.
        r.matrix = r.peak * kMeasuredMatmulEfficiency;
    r.vector = device.fp32Flops * kMeasuredMatmulEfficiency;
    r.bandwidth = device.bandwidthBytesPerSecond * bandwidthFraction(device, fractions);
    r.narrowDimension = fractions.narrowDimension;
    r.fusedAttention = setup.attention == AttentionKernel::Fused ||
                       (setup.attention == AttentionKernel::Default && device.cuda);
    r.calibrated = calibration && calibratedRate(*calibration, setup.precision) > 0 &&
                   calibration->copyBytesPerSecond > 0;
    if (r.calibrated) {
        r.matrix = calibratedRate(*calibration, setup.precision);
        r.vector = calibration->fp32Flops > 0 ? calibration->fp32Flops : r.matrix;
        r.bandwidth = calibration->copyBytesPerSecond;
        if (r.peak <= 0)
            r.peak = r.matrix; // MFU against what was measured when no datasheet rate is known
    }
    if (r.peak <= 0 || r.bandwidth <= 0 || r.matrix <= 0)
        return std::nullopt;
    // Float8 matmuls reach the share of their own peak that bf16 ones reach of theirs (not fitted:
    // no published float8 run was fitted to).
    const double bf16Peak = matrixRate(device, Precision::Bf16);
    if (setup.precision == Precision::Fp8 && device.fp8Flops > 0 && bf16Peak > 0)
        r.float8 = r.matrix * device.fp8Flops / bf16Peak;
    r.attention = r.matrix * fusedAttentionShare(device.cuda ? architectureOf(device.computeCapability)
                                                             : GpuArchitecture::Unknown,
                                                 device.fusedAttentionShare.value_or(kFusedAttentionShare));
    // cuDNN runs float32 convolutions on TF32 tensor cores unless told not to
    // (torch.backends.cudnn.allow_tf32 defaults to True); matmuls stay float32 unless tf32 is asked.
    r.convolution = r.matrix;
    if (device.cuda && setup.precision == Precision::Fp32 && device.tf32Flops > 0)
        r.convolution =
            r.calibrated && calibration->tf32Flops > 0
                ? calibration->tf32Flops
                : device.tf32Flops * reachedFraction(fractions.tf32Matrix, device, fractions, false);
    // A calibration's kernel classes (fp32 and tf32 only: the worker times them in float32): a
    // class's forward rate, and its backward as a slowdown over its forward measured on one shape.
    r.measuredKernels = r.calibrated && calibration->kernels.any() ? &calibration->kernels : nullptr;
    const bool fullPrecision = setup.precision == Precision::Fp32 || setup.precision == Precision::Tf32;
    if (const auto* k = r.measuredKernels; k && fullPrecision) {
        auto slowdown = [](double forward, double backward) {
            return forward > 0 && backward > 0 ? std::max(1.0, forward / backward) : 1.0;
        };
        r.matrixBackwardSlowdown = slowdown(k->linearFlopsPerSecond, k->linearBackwardFlopsPerSecond);
        r.convolutionBackwardSlowdown =
            slowdown(k->convolutionFlopsPerSecond, k->convolutionBackwardFlopsPerSecond);
        if (k->convolutionFlopsPerSecond > 0)
            r.convolution = k->convolutionFlopsPerSecond;
        r.depthwise = k->depthwiseFlopsPerSecond;
        r.depthwiseBackward = k->depthwiseBackwardFlopsPerSecond;
    }
    r.opOverhead = r.measuredKernels && r.measuredKernels->eagerOpSeconds > 0
                       ? r.measuredKernels->eagerOpSeconds
                   : device.cuda ? kMeasuredCudaEagerOpSeconds
                                 : kCpuEagerOpSeconds;
    return r;
}

// What torchao's tensor-wise float8 casts cost a linear, eager: each cast tensor is read for its
// absolute maximum (a reduction kernel) and read again to write one byte an element (a cast kernel):
// 5 bytes an element of bf16. Forward casts the input and the weight; backward the output's
// gradient, and the input and the weight again (their transposes for the two products).
struct Float8Casts {
    double forwardSeconds = 0, backwardSeconds = 0;
};
Float8Casts float8Casts(const ModelGraph& graph, const Op& op, const Rates& r) {
    const double input = static_cast<double>(numel(graph.tensor(op.inputs[0]).shape));
    const double weight = static_cast<double>(numel(graph.tensor(op.params[0]).shape));
    const double output = static_cast<double>(numel(graph.tensor(op.outputs[0]).shape));
    auto cast = [&](double elements) {
        return std::max(5 * elements / r.bandwidth, 2 * r.opOverhead);
    };
    return {cast(input) + cast(weight), cast(output) + cast(input) + cast(weight)};
}

// The graph's ops once forward and once backward, each at its kernel class's rate.
struct OpsTime {
    double forwardSeconds = 0, backwardSeconds = 0;
    double recomputedSeconds = 0; // checkpointed blocks run their forward again in backward
    double hostBoundSeconds = 0;  // of forward and backward: issue time beyond the kernels'
    double forwardFlops = 0, backwardFlops = 0;
    double allReducedBytes = 0; // tensor parallel: the row-parallel outputs, all-reduced
    double dispatchedBytes = 0; // expert parallel: the tokens gathered for the experts
};

// For each op of a mixture's experts (".experts.<e>." in its name), how many experts its layer has
// (0 for the other ops): an op per expert in transformers' loop, one grouped kernel for them all.
std::vector<int> expertsOfLayer(const ModelGraph& graph) {
    std::map<std::string, int> layers; // the name before ".experts.": the most experts seen
    std::vector<std::string> keys(graph.ops().size());
    for (std::size_t i = 0; i < graph.ops().size(); ++i) {
        const auto& name = graph.ops()[i].name;
        constexpr std::string_view kExperts = ".experts.";
        const auto at = name.find(kExperts);
        if (at == std::string::npos)
            continue;
        keys[i] = name.substr(0, at);
        const int expert = std::atoi(name.c_str() + at + kExperts.size());
        auto& most = layers[keys[i]];
        most = std::max(most, expert + 1);
    }
    std::vector<int> experts(graph.ops().size(), 0);
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (!keys[i].empty())
            experts[i] = layers[keys[i]];
    return experts;
}

OpsTime opsTime(const ModelGraph& graph, const TrainingSetup& setup, const Rates& r, double element) {
    OpsTime t;
    // Which values need a gradient: trained parameters and what is computed from them. Backward
    // computes a matrix op's product for each operand that needs one (a frozen weight's is
    // skipped, as LoRA's base layers are), and nothing for an op no gradient passes through.
    const auto& tensors = graph.tensors();
    std::vector<bool> needsGrad(tensors.size(), false);
    for (std::size_t id = 0; id < tensors.size(); ++id)
        needsGrad[id] = !setup.inference && tensors[id].role == TensorRole::Parameter && !tensors[id].frozen;
    const auto end = setup.inference && setup.lastTokenHead ? headOpIndex(graph) : graph.ops().size();
    const int gpuCount = std::max(1, setup.parallel.gpus);
    const bool tensorParallel = gpuCount > 1 && setup.parallel.strategy == ParallelStrategy::Tensor;
    const auto split = tensorParallel ? tensorParallelSplit(graph) : std::vector<bool>{};
    // Expert parallel: a GPU runs only its share of each layer's experts, each on every GPU's tokens
    // for it (the same FLOPs, 1/n of the kernels); grouped, one kernel covers all of them.
    const bool expertParallel = gpuCount > 1 && setup.parallel.strategy == ParallelStrategy::Expert;
    const auto experts = setup.groupedExperts || expertParallel ? expertsOfLayer(graph) : std::vector<int>{};
    for (std::size_t index = 0; index < end; ++index) {
        const auto& op = graph.ops()[index];
        bool inputGrad = false, paramGrad = false;
        for (auto id : op.inputs)
            inputGrad = inputGrad || needsGrad[static_cast<std::size_t>(id)];
        for (auto id : op.params)
            paramGrad = paramGrad || needsGrad[static_cast<std::size_t>(id)];
        needsGrad[static_cast<std::size_t>(op.outputs[0])] = inputGrad || paramGrad;
        const auto& descriptor = ops::opDescriptor(op.kind);
        auto cost = descriptor.cost(graph, op, element);
        if (cost.flops == 0 && cost.bytes == 0)
            continue;
        if (op.kind == OpKind::GatherRows &&
            graph.tensor(op.inputs[0]).shape.back() > 1) // tokens, not weights
            t.dispatchedBytes += static_cast<double>(numel(graph.tensor(op.outputs[0]).shape)) * element;
        if (tensorParallel && split[static_cast<std::size_t>(op.outputs[0])]) {
            cost.flops /= gpuCount, cost.bytes /= gpuCount, cost.unfusedBytes /= gpuCount;
        } else if (tensorParallel && op.kind == OpKind::Linear &&
                   split[static_cast<std::size_t>(op.params[0])]) {
            cost.flops /= gpuCount, cost.bytes /= gpuCount; // row-parallel
            t.allReducedBytes += static_cast<double>(numel(graph.tensor(op.outputs[0]).shape)) * element;
        }
        // Run as separate kernels, an op's passes over its intermediates add to its matrix products,
        // in forward and about as many in backward (softmax's and dropout's backward).
        const double unfused = r.fusedAttention ? 0 : cost.unfusedBytes / r.bandwidth;
        double issue = r.opOverhead * (1 + (r.fusedAttention ? 0 : cost.unfusedKernels));
        if (const int layerExperts = experts.empty() ? 0 : experts[index]; layerExperts > 0)
            issue /= setup.groupedExperts ? layerExperts : (expertParallel ? gpuCount : 1);
        const bool convolution = descriptor.kernel == ops::KernelClass::Convolution;
        const bool depthwise = convolution && op.attributes.groups > 1 && r.depthwise > 0 &&
                               graph.tensor(op.params[0]).shape[1] == 1;
        const double narrow = cost.smallestDimension > 0 && r.narrowDimension > 0
                                  ? cost.smallestDimension / (cost.smallestDimension + r.narrowDimension)
                                  : 1.0;
        const bool fusedAttention = r.fusedAttention && op.kind == OpKind::ScaledDotProductAttention;
        const bool float8 = r.float8 > 0 && op.kind == OpKind::Linear && op.block >= 0;
        const double rate = depthwise             ? r.depthwise
                            : float8              ? r.float8 * narrow
                            : fusedAttention      ? r.attention
                            : convolution         ? r.convolution * narrow
                            : descriptor.matrix() ? r.matrix * narrow
                                                  : std::max(r.vector, 1.0);
        // Eager PyTorch issues one op after another from the CPU: a kernel shorter than the time
        // to issue it leaves the GPU waiting.
        const double roofline = std::max(cost.flops / rate, cost.bytes / r.bandwidth);
        double kernel = roofline;
        if (descriptor.kernel == ops::KernelClass::RandomMask && op.attributes.p > 0 && !setup.inference &&
            r.measuredKernels && r.measuredKernels->dropoutElementsPerSecond > 0)
            kernel = std::max(kernel, static_cast<double>(numel(graph.tensor(op.outputs[0]).shape)) /
                                          r.measuredKernels->dropoutElementsPerSecond);
        const double seconds = std::max(kernel, issue);
        t.hostBoundSeconds += std::max(0.0, issue - kernel);
        const auto casts = float8 ? float8Casts(graph, op, r) : Float8Casts{};
        t.forwardSeconds += seconds + unfused + casts.forwardSeconds;
        t.backwardSeconds += (inputGrad || paramGrad ? unfused + casts.backwardSeconds : 0);
        if (setup.checkpointing == Checkpointing::Blocks && op.block >= 0)
            t.recomputedSeconds += seconds + unfused + casts.forwardSeconds;
        // A matrix op's backward: one product per operand needing a gradient (a matmul's two
        // inputs both count); an elementwise op's reads the saved values and writes the gradient.
        double products = 0;
        if (descriptor.matrix()) {
            products = (inputGrad ? (fusedAttention ? kFusedAttentionBackwardProducts
                                                    : descriptor.inputGradientProducts)
                                  : 0) +
                       (paramGrad ? descriptor.parameterGradientProducts : 0);
            double product = seconds;
            if (depthwise && r.depthwiseBackward > 0)
                product = std::max({cost.flops / r.depthwiseBackward, cost.bytes / r.bandwidth, issue});
            else if (convolution || r.matrixBackwardSlowdown > 1)
                product = std::max(
                    kernel * (convolution ? r.convolutionBackwardSlowdown : r.matrixBackwardSlowdown), issue);
            t.backwardSeconds += products * product;
        } else if (inputGrad || paramGrad) {
            products = 2;
            t.backwardSeconds += std::max(2 * roofline, issue); // dropout's: a product with its mask
        }
        t.forwardFlops += cost.flops;
        t.backwardFlops += descriptor.matrix() ? products * cost.flops : 0;
    }
    return t;
}

// The optimizer reads and writes trained parameters, gradients and state, bandwidth-bound, in as
// many passes as its kernels make: PyTorch's AdamW (foreach or single-tensor) runs lerp, mul,
// addcmul, sqrt, div, add, addcdiv and the decay's mul, 20 tensor-sized reads and writes; the fused
// kernel reads parameter, gradient and moments once and writes three (amp computes in half
// precision on float32 weights: trainedBytes counts them as stored).
double optimizerSeconds(const ModelGraph& graph, const TrainingSetup& setup, const DeviceSpec& device,
                        const Rates& r, double trainedBytes) {
    if (setup.inference)
        return 0;
    const int gpus = std::max(1, setup.parallel.gpus);
    const bool shardedState = gpus > 1 && setup.parallel.strategy != ParallelStrategy::Ddp;
    if (setup.offloadOptimizer) {
        // The gradients go down to host memory and the updated weights come back, over PCIe; the
        // update itself runs on the CPU and is not counted.
        return device.hostLinkBytesPerSecond > 0
                   ? 2 * trainedBytes / (shardedState ? gpus : 1) / device.hostLinkBytesPerSecond
                   : 0;
    }
    const bool fused = setup.optimizerImpl == OptimizerImpl::Fused;
    double passes = fused ? 7 : 20;
    double kernels = fused ? 1 : 9; // per parameter tensor (single-tensor) or per list (foreach)
    switch (setup.optimizer) {
    case OptimizerKind::Sgd: passes = 3, kernels = 1; break;
    case OptimizerKind::SgdMomentum: passes = fused ? 5 : 8, kernels = fused ? 1 : 3; break;
    case OptimizerKind::Lion: passes = 9, kernels = 6; break;
    case OptimizerKind::Adam8bit: passes = 6, kernels = 1; break; // moments in one byte each, one kernel
    case OptimizerKind::Adafactor: passes = 12, kernels = 10; break;
    default: break;
    }
    std::int64_t trainedTensors = 0;
    for (const auto& tensor : graph.tensors())
        trainedTensors += tensor.role == TensorRole::Parameter && !tensor.frozen ? 1 : 0;
    const bool foreach = setup.optimizerImpl == OptimizerImpl::Foreach ||
                         (setup.optimizerImpl == OptimizerImpl::Default && device.cuda);
    const double issued =
        (foreach || fused ? kernels : kernels * static_cast<double>(trainedTensors)) * r.opOverhead;
    return std::max(passes * trainedBytes / r.bandwidth / (shardedState ? gpus : 1), issued);
}

// DDP's gradient buckets (torch/csrc/distributed/c10d/reducer.cpp, compute_bucket_assignment_by_size):
// filled in reverse order of the parameters, the first closing at 1 MiB and the others at 25 MiB
// (DistributedDataParallel's defaults). The last bucket holds the model's first parameters, whose
// gradients backward produces last: its all-reduce has nothing left to hide behind.
double lastBucketBytes(const ModelGraph& graph, double elementBytes) {
    std::vector<double> sizes;
    for (const auto& tensor : graph.tensors())
        if (tensor.role == TensorRole::Parameter && !tensor.frozen)
            sizes.push_back(static_cast<double>(numel(tensor.shape)) * elementBytes);
    double bucket = 0, closed = 0, cap = 1 << 20;
    for (auto size = sizes.rbegin(); size != sizes.rend(); ++size) {
        bucket += *size;
        if (bucket >= cap) {
            closed = bucket;
            bucket = 0;
            cap = 25 << 20;
        }
    }
    return bucket > 0 ? bucket : closed;
}

// What several GPUs add: tensor parallel's all-reduces, a pipeline's fill and drain, data
// parallel's gradient exchange (and ZeRO-3's and FSDP's gathers) as far as backward (and, for the
// gathers, forward) hides it. Returns the communication no compute hides.
double parallelSeconds(TimeEstimate& t, const TrainingSetup& setup, const DeviceSpec& device,
                       double trainedBytes, double allReducedBytes, double dispatchedBytes, int micro,
                       double lastBucket) {
    const int gpus = std::max(1, setup.parallel.gpus);
    const auto strategy = setup.parallel.strategy;
    if (gpus == 1)
        return 0;
    if (strategy == ParallelStrategy::Pipeline) {
        // Each stage runs its share of every micro-batch, and the pipeline fills and drains:
        // (micro-batches + stages - 1) slots of a stage's forward and backward.
        const double slots = static_cast<double>(micro + gpus - 1) / gpus / micro;
        t.forwardSeconds *= slots;
        t.backwardSeconds *= slots;
        return 0;
    }
    if (busBandwidth(device) <= 0) {
        t.communicationKnown = false;
        return 0;
    }
    auto exchange = [&](Collective collective, double bytes) {
        return collectiveSeconds(collective, bytes, gpus, device);
    };
    if (strategy == ParallelStrategy::Tensor) {
        // Each row-parallel output is all-reduced in forward, and its input's gradient in
        // backward, with nothing to hide behind; the data-parallel gradient all-reduce is absent.
        t.communicationSeconds = 2 * exchange(Collective::AllReduce, allReducedBytes) * micro;
        return t.communicationSeconds;
    }
    if (strategy == ParallelStrategy::Expert) {
        // The routed tokens go to their experts' GPUs and come back (all-to-all) in forward and
        // again in backward, waiting on nothing else; the replicated part's gradients are
        // all-reduced behind backward as under DDP.
        const double allToAll = 4 * exchange(Collective::AllToAll, dispatchedBytes) * micro;
        const double ring = exchange(Collective::AllReduce, trainedBytes);
        t.communicationSeconds = allToAll + ring;
        return allToAll + std::max(0.0, ring - dataParallelOverlap(device, false) * t.backwardSeconds);
    }
    // DDP and ZeRO-1/2 all-reduce the gradients, bucket by bucket (25 MiB each); ZeRO-3 and FSDP
    // gather the parameters for forward and again for backward and reduce-scatter the gradients.
    const bool gathers = strategy == ParallelStrategy::Zero3 || strategy == ParallelStrategy::Fsdp;
    const double buckets = std::max(1.0, std::ceil(trainedBytes / (25 << 20)));
    const double latency = collectiveRates(device.interconnectClass).latencySeconds;
    const double perMicro = gathers ? 2 * exchange(Collective::AllGather, trainedBytes) +
                                          exchange(Collective::ReduceScatter, trainedBytes) +
                                          (buckets - 1) * 3 * latency
                                    : exchange(Collective::AllReduce, trainedBytes) + (buckets - 1) * latency;
    // Without sharded gradients, accumulation all-reduces once per step (no_sync()).
    const int reductions =
        strategy == ParallelStrategy::Ddp || strategy == ParallelStrategy::Zero1 ? 1 : micro;
    t.communicationSeconds = perMicro * reductions;
    const double overlap =
        dataParallelOverlap(device, gathers) * (t.backwardSeconds + (gathers ? t.forwardSeconds : 0));
    // Bucketed all-reduces (DDP, ZeRO-1/2) end with the last bucket's, after backward.
    const double tail = gathers ? 0 : exchange(Collective::AllReduce, std::min(lastBucket, trainedBytes));
    return std::max({0.0, t.communicationSeconds - overlap, tail});
}

} // namespace

std::optional<TimeEstimate> detail::estimateTime(const ModelGraph& graph, const TrainingSetup& setup,
                                                 const DeviceSpec& device, std::int64_t batch,
                                                 const Calibration* calibration,
                                                 const MemoryEstimate& memory) {
    const auto rates = ratesFor(setup, device, calibration);
    if (!rates)
        return std::nullopt;
    const auto& r = *rates;
    const double element = setup.precision == Precision::Fp32 || setup.precision == Precision::Tf32 ? 4 : 2;
    const auto ops = opsTime(graph, setup, r, element);
    TimeEstimate t;
    t.calibrated = r.calibrated;
    t.uncertainty = runsThroughPlugin(device) ? kPluginBackendUncertainty
                    : device.cuda ? architectureRates(architectureOf(device.computeCapability)).uncertainty
                                  : 0;
    t.scalingUncertainty = setup.parallel.gpus > 1 ? kMultiGpuScalingUncertainty : 0;
    t.forwardSeconds = ops.forwardSeconds;
    t.backwardSeconds = ops.backwardSeconds + ops.recomputedSeconds;
    const int micro = std::max(1, setup.gradientAccumulation);
    t.forwardSeconds *= micro;
    t.backwardSeconds *= micro;
    // Parameters, gradients and optimizer state are stored in float32 but for pure bf16.
    const double trainedBytes =
        static_cast<double>(graph.trainableParameterCount()) * (setup.precision == Precision::Bf16 ? 2 : 4);
    // Expert parallel: each GPU updates its share of the experts, and all-reduces only the rest.
    double expertBytes = 0;
    const int gpuCount = std::max(1, setup.parallel.gpus);
    if (setup.parallel.strategy == ParallelStrategy::Expert && gpuCount > 1)
        for (const auto& p : graph.tensors())
            if (p.role == TensorRole::Parameter && !p.frozen && p.name.find(".experts.") != std::string::npos)
                expertBytes +=
                    static_cast<double>(numel(p.shape)) * (setup.precision == Precision::Bf16 ? 2 : 4);
    t.optimizerSeconds =
        optimizerSeconds(graph, setup, device, r, trainedBytes - expertBytes + expertBytes / gpuCount);
    const double exposed = parallelSeconds(
        t, setup, device, trainedBytes - expertBytes, ops.allReducedBytes, ops.dispatchedBytes, micro,
        lastBucketBytes(graph, setup.precision == Precision::Bf16 ? 2 : 4));
    if (r.measuredKernels && !device.cuda && r.measuredKernels->firstTouchBytesPerSecond > 0) {
        // What malloc gives back to the kernel and takes again, faulted in page by page.
        const double rate = r.measuredKernels->firstTouchBytesPerSecond;
        const auto fresh = memory.freshPageBytes.value_or(PhaseBytes{});
        t.forwardSeconds += static_cast<double>(fresh.forward) / rate;
        t.backwardSeconds += static_cast<double>(fresh.backward) / rate;
        t.optimizerSeconds += static_cast<double>(fresh.optimizer) / rate;
    }
    t.stepSeconds = t.forwardSeconds + t.backwardSeconds + exposed + t.optimizerSeconds;
    // Backward issues about as many ops as forward, each as short: counted twice.
    t.hostBoundSeconds = std::min(2 * ops.hostBoundSeconds * micro, t.forwardSeconds + t.backwardSeconds);
    t.trainingFlops = (ops.forwardFlops + ops.backwardFlops) * micro;
    // Per GPU: a pipeline's and tensor parallel's GPUs share each sample, data parallel's each have their
    // own.
    const int gpus = std::max(1, setup.parallel.gpus);
    const bool sharesSamples = gpus > 1 && (setup.parallel.strategy == ParallelStrategy::Pipeline ||
                                            setup.parallel.strategy == ParallelStrategy::Tensor);
    const bool pipeline = gpus > 1 && setup.parallel.strategy == ParallelStrategy::Pipeline;
    t.samplesPerSecond = t.stepSeconds > 0
                             ? static_cast<double>(batch) * micro / t.stepSeconds / (sharesSamples ? gpus : 1)
                             : 0;
    t.mfu = t.stepSeconds > 0 ? t.trainingFlops / (pipeline ? gpus : 1) / t.stepSeconds / r.peak : 0;
    return t;
}

AchievableFractions achievableFractions(const DeviceSpec& device) {
    if (device.fractions)
        return *device.fractions;
    if (device.cuda)
        return architectureRates(architectureOf(device.computeCapability)).fractions;
    return {kMeasuredMatmulEfficiency, kMeasuredMatmulEfficiency, kMeasuredCopyEfficiency};
}

double achievableBandwidth(const DeviceSpec& device) {
    return device.bandwidthBytesPerSecond * bandwidthFraction(device, achievableFractions(device));
}

} // namespace torchrig::estimate
