#pragma once
// The largest batch per GPU that fits, searched one way for every caller: `fit`, the batch chart,
// the planner's largest-batch workloads and the defaults.

#include <cstdint>
#include <functional>

namespace torchrig::estimate {

// No search goes past this many samples per GPU; a workload that fits it is reported at it. Far
// above any batch a training script runs per GPU, and small enough that a search costs at most
// 2 × 16 estimates.
inline constexpr std::int64_t kLargestBatchSearched = 1 << 16;

// The largest b in [1, kLargestBatchSearched] with fits(b), for a `fits` that holds up to some
// batch and not beyond (memory grows with the batch); 0 when not even batch 1 fits. Doubles from 1
// until a batch does not fit, then bisects between the last that did and the first that did not.
std::int64_t largestFittingBatch(const std::function<bool(std::int64_t batch)>& fits);

} // namespace torchrig::estimate
