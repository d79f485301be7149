#include "estimate/inference_estimate.h"

#include "util/saturating.h"
#include "workload/ops/op_descriptor.h"

#include <algorithm>

namespace torchrig::estimate {

namespace {

// The op that made a tensor (null for persistent tensors).
const Op* producer(const ModelGraph& graph, TensorId id) {
    for (const auto& op : graph.ops())
        if (!op.outputs.empty() && op.outputs[0] == id)
            return &op;
    return nullptr;
}

// Back through what only reshapes, repeats or rotates a tensor to the one that holds its values.
TensorId cachedSource(const ModelGraph& graph, TensorId id) {
    for (;;) {
        const Op* op = producer(graph, id);
        if (!op || op->inputs.empty())
            return id;
        if (!ops::opDescriptor(op->kind).kvCacheTracesThrough)
            return id;
        id = op->inputs[0];
    }
}

} // namespace

std::int64_t kvCacheBytesPerToken(const ModelGraph& graph, std::int64_t promptTokens,
                                  std::int64_t elementBytes) {
    std::int64_t elements = 0;
    for (const auto& op : graph.ops()) {
        if (op.kind != OpKind::ScaledDotProductAttention || !op.attributes.causal || op.inputs.size() < 3)
            continue;
        elements = saturatingSum({elements, numel(graph.tensor(cachedSource(graph, op.inputs[1])).shape),
                                  numel(graph.tensor(cachedSource(graph, op.inputs[2])).shape)});
    }
    return promptTokens > 0 ? saturatingProduct({elements / promptTokens, elementBytes}) : 0;
}

InferenceEstimate estimateInference(const ModelGraph& prefillGraph, const ModelGraph* decodeGraph,
                                    const TrainingSetup& trainingSetup, const DeviceSpec& device,
                                    std::int64_t promptTokens, std::int64_t newTokens,
                                    const Calibration* calibration) {
    auto setup = trainingSetup;
    setup.inference = true;
    InferenceEstimate r;
    auto prefillSetup = setup;
    prefillSetup.lastTokenHead = true;
    r.prefill = estimateTraining(prefillGraph, prefillSetup, device, calibration);
    const std::int64_t element =
        setup.precision == Precision::Fp32 || setup.precision == Precision::Tf32 ? 4 : 2;
    r.kvCacheBytesPerToken = kvCacheBytesPerToken(prefillGraph, promptTokens, element);
    // A long prompt and 2^24 new tokens times a large cache per token pass int64: they stop at
    // kSaturated (more than any device holds: it does not fit) instead of wrapping to "fits".
    r.kvCacheBytes = saturatingProduct({r.kvCacheBytesPerToken, saturatingSum({promptTokens, newTokens})});
    int layers = 0;
    for (const auto& op : prefillGraph.ops())
        layers += op.kind == OpKind::ScaledDotProductAttention && op.attributes.causal ? 1 : 0;
    if (layers == 0)
        r.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "the model has no causal attention: there is no KV cache, and generation is "
                        "not a decoder's"));

    const auto beside =
        r.prefill.devicePeakBytes - r.prefill.reservedPeakBytes.value_or(r.prefill.memory.allocatedPeakBytes);
    const auto promptCache = saturatingProduct({r.kvCacheBytesPerToken, promptTokens});
    r.allocatedPeakBytes = saturatingSum({r.prefill.memory.allocatedPeakBytes, promptCache});
    r.devicePeakBytes = saturatingSum({r.prefill.devicePeakBytes, promptCache});
    if (decodeGraph) {
        r.decode = estimateTraining(*decodeGraph, setup, device, calibration);
        // The last step: the full cache, and one layer's keys and values twice while torch.cat grows them.
        const auto growing = layers > 0 ? r.kvCacheBytes / layers : 0;
        const auto last = saturatingSum({r.decode->memory.allocatedPeakBytes, r.kvCacheBytes, growing});
        r.allocatedPeakBytes = std::max(r.allocatedPeakBytes, last);
        r.devicePeakBytes = std::max(r.devicePeakBytes, saturatingSum({last, beside}));
    } else {
        r.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "a model file has fixed shapes: only the prompt's forward is estimated, not the "
                        "decode steps"));
    }
    if (device.usableBytes > 0) {
        r.fits = r.devicePeakBytes <= device.usableBytes;
        r.headroomBytes = device.usableBytes - r.devicePeakBytes;
    }
    if (r.prefill.time) {
        r.prefillSeconds = r.prefill.time->forwardSeconds;
        if (r.decode && r.decode->time) {
            // Each step reads the cache as it stands: on average the prompt and half the new tokens.
            const double bandwidth = calibration && calibration->copyBytesPerSecond > 0
                                         ? calibration->copyBytesPerSecond
                                         : achievableBandwidth(device);
            const double averageCache = static_cast<double>(r.kvCacheBytesPerToken) *
                                        (static_cast<double>(promptTokens) + newTokens / 2.0);
            r.decodeSecondsPerToken =
                r.decode->time->forwardSeconds + (bandwidth > 0 ? averageCache / bandwidth : 0);
            r.tokensPerSecond = static_cast<double>(batchOf(prefillGraph)) / *r.decodeSecondsPerToken;
        }
    }
    r.warnings.push_back(TORCHRIG_MESSAGE(
        "estimate", "transformers' DynamicCache grows each layer's keys and values by torch.cat, which "
                    "fragments the caching allocator; the reserved memory may be higher than counted"));
    return r;
}

} // namespace torchrig::estimate
