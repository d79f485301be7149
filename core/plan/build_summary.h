#pragma once
// One build in a few figures, for comparing builds side by side (the window's Compare, the CLI's
// build compare): its GPUs, what its priced parts cost, its power, its findings, and its own first
// workload's fit and speed on it.

#include "plan/build.h"

#include <map>
#include <optional>
#include <string>

namespace torchrig::plan {

struct BuildSummary {
    std::string title;
    int nodes = 1;
    std::string gpus; // "2 x GeForce RTX 4090"
    int gpuCount = 0;
    std::map<std::string, double> partsByCurrency; // priced parts only
    int unpricedParts = 0;
    double loadWatts = 0;
    int problems = 0, warnings = 0;
    std::string workload;             // "" when the build has none
    std::optional<bool> fits;         // per GPU
    std::int64_t devicePeakBytes = 0; // per GPU
    std::int64_t usableBytes = 0;     // per GPU
    double stepSeconds = 0;           // 0: not estimated
    double samplesPerSecond = 0;      // all GPUs
};

BuildSummary summarizeBuild(const Build& build);

} // namespace torchrig::plan
