#include "plan/workload_on_build.h"

#include "estimate/largest_batch.h"
#include "workload/workload_graph.h"

#include <algorithm>

namespace torchrig::plan {

WorkloadOnBuild::WorkloadOnBuild(const Workload& request, const BuildGpus& gpus,
                                 estimate::ParallelStrategy strategy,
                                 std::optional<estimate::Calibration> calibration)
    : m_workload(request)
    , m_gpus(gpus)
    , m_strategy(strategy)
    , m_calibration(std::move(calibration)) {
    // The graph once, for the estimate and the parameter count both: this runs on every edit.
    auto graph = buildWorkloadGraph(request);
    if (!graph) {
        m_refusal = graph.error().message;
        return;
    }
    m_parameterCount = graph->parameterCount();
    if (auto estimated = estimateOn(*graph, request))
        m_estimate = std::move(*estimated);
    else
        m_refusal = estimated.error().message;
}

Result<estimate::Estimate> WorkloadOnBuild::estimateOn(const ModelGraph& graph,
                                                       const Workload& request) const {
    return graphResult([&] {
        return estimate::estimateTraining(graph, setupFor(request), m_gpus.spec,
                                          m_calibration ? &*m_calibration : nullptr);
    });
}

estimate::TrainingSetup WorkloadOnBuild::setupFor(const Workload& request) const {
    auto setup = estimate::trainingSetupFor(request);
    setup.cuda = true;
    setup.parallel.gpus = m_gpus.gpus;
    setup.parallel.strategy = m_strategy;
    return setup;
}

std::optional<estimate::Estimate> WorkloadOnBuild::estimateFor(const Workload& request) const {
    auto graph = buildWorkloadGraph(request);
    if (!graph)
        return std::nullopt;
    auto estimated = estimateOn(*graph, request);
    if (!estimated)
        return std::nullopt;
    return std::move(*estimated);
}

std::optional<ChangeEffect> WorkloadOnBuild::effectOf(const Workload& changed) const {
    auto after = estimateFor(changed);
    if (!m_estimate || !after)
        return std::nullopt;
    ChangeEffect e;
    e.allocatedBefore = m_estimate->memory.allocatedPeakBytes;
    e.allocatedAfter = after->memory.allocatedPeakBytes;
    e.devicePeakBefore = m_estimate->devicePeakBytes;
    e.devicePeakAfter = after->devicePeakBytes;
    e.fitsBefore = m_estimate->fits;
    e.fitsAfter = after->fits;
    if (m_estimate->time && after->time) {
        e.stepSecondsBefore = m_estimate->time->stepSeconds;
        e.stepSecondsAfter = after->time->stepSeconds;
        e.samplesPerSecondBefore = m_estimate->time->samplesPerSecond * m_gpus.gpus;
        e.samplesPerSecondAfter = after->time->samplesPerSecond * m_gpus.gpus;
    }
    return e;
}

std::int64_t WorkloadOnBuild::largestBatch() const {
    auto fits = [&](std::int64_t batch) {
        auto r = m_workload;
        r.inputs.batch = batch;
        auto e = estimateFor(r);
        return e && e->fits.value_or(false);
    };
    return estimate::largestFittingBatch(fits);
}

std::optional<estimate::HostEstimate> WorkloadOnBuild::hostNeeds(const estimate::DatasetSpec& dataset) const {
    if (!m_estimate)
        return std::nullopt;
    return estimate::estimateHost(*m_estimate, setupFor(m_workload), m_workload.inputs.batch,
                                  effectiveInputs(m_workload).seqLen, dataset);
}

CheckOptions checkOptionsFor(const Build& build, WallCircuit circuit) {
    CheckOptions options;
    options.circuit = circuit;
    if (build.workloads.empty())
        return options;
    const auto gpus = buildGpus(build);
    if (!gpus)
        return options;
    // Every workload the build is for: the one that needs the most host RAM names the RAM check,
    // and the storage check holds the most any of them keeps.
    for (const auto& planned : build.workloads) {
        const WorkloadOnBuild workload(planned.workload, *gpus, planned.strategy);
        const auto host = workload.hostNeeds(planned.dataset);
        if (!host)
            continue;
        const auto& r = planned.workload;
        WorkloadNeeds needs{host->ramBytes, host->storageBytes, planned.dataset.cacheInRam,
                            workloadModelName(r) + ", batch " + std::to_string(r.inputs.batch)};
        if (!options.needs) {
            options.needs = std::move(needs);
            continue;
        }
        const auto storage = std::max(options.needs->storageBytes, needs.storageBytes);
        if (needs.hostRamBytes > options.needs->hostRamBytes)
            options.needs = std::move(needs);
        options.needs->storageBytes = storage;
    }
    return options;
}

} // namespace torchrig::plan
