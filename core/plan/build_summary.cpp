#include "plan/build_summary.h"
#include "workload/workload_graph.h"

#include "plan/build_cost.h"
#include "plan/compatibility.h"
#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"

namespace torchrig::plan {

BuildSummary summarizeBuild(const Build& build) {
    BuildSummary s;
    s.title = build.title;
    s.nodes = build.nodes;
    for (const auto& part : build.parts)
        if (part.snapshot.category == PartCategory::Gpu) {
            s.gpus += (s.gpus.empty() ? "" : ", ") + std::to_string(part.quantity * build.nodes) + " x " +
                      part.snapshot.name;
            s.gpuCount += part.quantity * build.nodes;
        }
    const auto cost = costBuild(build, {});
    s.partsByCurrency = cost.totalsByCurrency;
    s.unpricedParts = static_cast<int>(cost.missing.size());
    s.loadWatts = cost.loadWatts;
    for (const auto& f : checkBuild(build)) {
        s.problems += f.severity == Severity::Problem ? 1 : 0;
        s.warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    const auto gpus = buildGpus(build);
    if (!gpus || build.workloads.empty())
        return s;
    const auto& planned = build.workloads.front();
    const auto& request = planned.workload;
    s.workload = workloadModelName(request) + ", batch " + std::to_string(request.inputs.batch);
    const WorkloadOnBuild workload(request, *gpus, planned.strategy);
    if (const auto& e = workload.estimate()) {
        s.fits = e->fits;
        s.devicePeakBytes = e->devicePeakBytes;
        s.usableBytes = gpus->spec.usableBytes;
        if (e->time) {
            s.stepSeconds = e->time->stepSeconds;
            s.samplesPerSecond = e->time->samplesPerSecond * gpus->gpus;
        }
    }
    return s;
}

} // namespace torchrig::plan
