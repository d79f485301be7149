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

Result<plan::BuildWorkload> buildWorkload(const WorkloadOptions& flags, const std::string& strategyFlag,
                                          const DatasetFlags* dataFlags, const plan::Build& build) {
    plan::BuildWorkload workload;
    if (flags.given()) {
        auto request = flags.toWorkload();
        if (!request)
            return request.error();
        workload.workload = std::move(*request);
    } else if (!build.workloads.empty()) {
        workload = build.workloads.front();
    } else {
        return makeError(ErrorCode::InvalidInput,
                         "the build file has no workload: give one (--model bert-base-uncased --batch 32, "
                         "and --seq-len, --precision … as for torchrig-cli estimate)");
    }
    if (!strategyFlag.empty())
        workload.strategy = estimate::parallelStrategyFromString(strategyFlag).value_or(workload.strategy);
    if (dataFlags && (flags.given() || dataFlags->given()))
        workload.dataset = dataFlags->spec();
    return workload;
}

} // namespace torchrig::cli
