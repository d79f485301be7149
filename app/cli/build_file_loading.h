#pragma once
// What the build subcommands share: a build file read and checked, and the workload a command
// runs on it (the flags' one, else the file's first).

#include "plan/build.h"
#include "util/result.h"
#include "workload_options.h"

#include <string>

namespace torchrig::cli {

Result<plan::Build> loadBuildFile(const std::string& path);
// The workload given by flags, else the build file's first; an error says how to give one.
Result<ValidationRequest> buildWorkload(const WorkloadOptions& flags, const plan::Build& build);

} // namespace torchrig::cli
