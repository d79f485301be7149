#pragma once
// What a build draws: one function that the compatibility checks, the cost and the advice share.

#include "plan/build.h"

namespace torchrig::plan {

// A platform allowance for the board, memory, drives and fans, beside the CPUs' and GPUs' power
// (a stated assumption, not a measurement).
inline constexpr double kPlatformWatts = 75;

// One node at full load: the rated power (TDP) of every GPU and every CPU it holds, times their
// quantities, and the platform allowance. A dual-socket node listed as one CPU line of quantity two
// or as two lines draws the same.
struct NodeLoad {
    double gpuWatts = 0;
    double cpuWatts = 0;
    double platformWatts = kPlatformWatts;
    double total() const { return gpuWatts + cpuWatts + platformWatts; }
};

NodeLoad nodeLoad(const Build& build);

} // namespace torchrig::plan
