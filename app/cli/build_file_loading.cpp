#include "build_file_loading.h"

#include "io/build_file.h"
#include "util/text_file.h"

namespace torchrig::cli {

Result<plan::Build> loadBuildFile(const std::string& path) {
    auto text = readTextFile(path);
    if (!text)
        return text.error();
    return readBuildFile(*text, path);
}

Result<ValidationRequest> buildWorkload(const WorkloadOptions& flags, const plan::Build& build) {
    if (flags.given())
        return flags.toRequest();
    if (!build.workloads.empty())
        return build.workloads.front();
    return makeError(ErrorCode::InvalidInput,
                     "the build file has no workload: give one (--model bert-base-uncased --batch 32, "
                     "and --seq-len, --precision … as for torchrig-cli estimate)");
}

} // namespace torchrig::cli
