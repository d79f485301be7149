#pragma once
// The build file, `.torchrig`: JSON with "format": "torchrig-build" and a "format_version". A file
// that is truncated, someone else's, from a newer TorchRig or broken by hand is refused with what
// is wrong and where, and nothing is guessed.

#include "plan/build.h"
#include "util/result.h"

#include <string>
#include <string_view>

namespace torchrig {

// 1: the first; 2: each workload also keeps its parallel strategy and dataset; 3: a vendor quote
// may price one part ("part") and have a "valid_until" (an older TorchRig would drop the quote's
// tie to its part without a word, so it refuses the file); 4: a quote says whether it includes VAT
// ("tax_included") and why it was chosen ("chosen_because"), the purchasing a budget amount
// ("budget", "budget_currency") and the answers to the office's own fields ("fields"). Older
// formats still read.
inline constexpr int kBuildFileFormatVersion = 4;
// The most workloads a build file holds (the reader refuses more, so the app adds no more).
inline constexpr std::size_t kMaxBuildWorkloads = 64;
// The longest name, title or source a build file holds, in bytes: a page's worth is already wrong.
inline constexpr std::size_t kMaxBuildTextBytes = 4096;

std::string writeBuildFile(const plan::Build& build);
// `fileLabel` names the file in messages.
Result<plan::Build> readBuildFile(std::string_view text, std::string_view fileLabel);

} // namespace torchrig
