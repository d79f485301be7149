#pragma once
// What the build subcommands share: a build file read and checked, and the workload a command
// runs on it (the flags' one, else the file's first).

#include "dataset_flags.h"
#include "plan/build.h"
#include "util/result.h"
#include "workload_options.h"

#include <string>

namespace torchrig::cli {

Result<plan::Build> loadBuildFile(const std::string& path);
// The workload given by flags, else the build file's first with its own parallel strategy and
// dataset; a --strategy flag ("" when not given) and data flags given (may be null) override the
// file's. An error says how to give a workload.
Result<plan::BuildWorkload> buildWorkload(const WorkloadOptions& flags, const std::string& strategyFlag,
                                          const DatasetFlags* dataFlags, const plan::Build& build);

} // namespace torchrig::cli
