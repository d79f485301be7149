#pragma once
// Generation with a decoder: the prompt's forward (prefill) and then one token at a time, each
// step reading every weight and the whole KV cache (transformers' DynamicCache: each layer's keys
// and values, grown by torch.cat as tokens come). Memory is the larger of the prefill's peak with
// the prompt's cache and the last decode step's with the full cache.

#include "estimate/estimate.h"

#include "util/message.h"

#include <optional>

namespace torchrig::estimate {

struct InferenceEstimate {
    Estimate prefill;                      // the prompt's forward, as estimateTraining gives it
    std::optional<Estimate> decode;        // one token's forward (absent without a decode graph)
    std::int64_t kvCacheBytesPerToken = 0; // keys and values of every layer, the whole batch
    std::int64_t kvCacheBytes = 0;         // at prompt + new tokens
    std::int64_t allocatedPeakBytes = 0;
    std::int64_t devicePeakBytes = 0;
    std::optional<bool> fits;
    std::int64_t headroomBytes = 0;
    std::optional<double> prefillSeconds;
    std::optional<double> decodeSecondsPerToken; // at the average context length
    std::optional<double> tokensPerSecond;       // generated, the whole batch
    std::vector<Message> warnings;
};

// The keys' and values' bytes per cached token: from each causal attention's key and value, traced
// back through views, expands and rotary embeddings to the projection (or slice) that made them,
// so a grouped-query model counts its key-value heads only. 0 when the graph has no causal
// attention.
std::int64_t kvCacheBytesPerToken(const ModelGraph& prefillGraph, std::int64_t promptTokens,
                                  std::int64_t elementBytes);

// `prefillGraph` at the prompt's length; `decodeGraph` the same model at one token (null: only the
// prefill is estimated). The setup's precision says the weights' dtype (bf16 / fp16 for amp).
InferenceEstimate estimateInference(const ModelGraph& prefillGraph, const ModelGraph* decodeGraph,
                                    const TrainingSetup& setup, const DeviceSpec& device,
                                    std::int64_t promptTokens, std::int64_t newTokens,
                                    const Calibration* calibration = nullptr);

} // namespace torchrig::estimate
