#pragma once
// The workload a user would start from when they pick a model for a build: the model's own input
// size, a precision the build's GPU runs natively, and for a large language model the fine-tune
// people actually run on such a card (bf16, LoRA on the attention projections when the full
// fine-tune cannot fit). The user changes it freely; the app says in one line what was chosen.

#include "plan/build.h"
#include "workload/model_zoo.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::plan {

struct WorkloadDefaults {
    BuildWorkload planned;
    // Why LoRA: the full fine-tune's device peak per GPU at the chosen batch (none: LoRA not chosen).
    std::optional<std::int64_t> fullFineTuneBytes;
    bool fits = false; // the defaults fit the build's GPUs (false also when there is no GPU to ask)
};

// At least this many parameters make a model a large language model (LoRA becomes a default).
inline constexpr std::int64_t kLargeLanguageModelParameters = 1'000'000'000;

WorkloadDefaults defaultWorkloadFor(const ZooModel& model, const Build& build);

} // namespace torchrig::plan
