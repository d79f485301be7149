#pragma once
// The seed articles' rules of thumb, shown beside what the estimator computes so that a user sees
// both and where each comes from (../shared/seeds, ../shared/design/SEED-ERRATA.md).

#include <cstdint>
#include <string_view>

namespace torchrig::estimate {

// Article 000 ("entry configuration", for CNN/RNN models at batch sizes up to 64):
// batch_size = 32 if torch.cuda.get_device_properties(0).total_memory < 12e9 else 64.
constexpr std::int64_t seedRuleOfThumbBatch(std::int64_t totalMemoryBytes) {
    return totalMemoryBytes < 12'000'000'000 ? 32 : 64;
}
inline constexpr std::string_view kSeedRuleOfThumbSource =
    "seed article 000 (entry configuration): batch 32 on a GPU under 12e9 bytes, else 64, for CNN/RNN models";

} // namespace torchrig::estimate
