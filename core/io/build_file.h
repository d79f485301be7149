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
// tie to its part without a word, so it refuses the file). Older formats still read.
inline constexpr int kBuildFileFormatVersion = 3;

std::string writeBuildFile(const plan::Build& build);
// `fileLabel` names the file in messages.
Result<plan::Build> readBuildFile(std::string_view text, std::string_view fileLabel);

} // namespace torchrig
