#pragma once
// A workload estimated on a build's GPUs (as wired: count, lanes, links), and again with a change
// to it; what the advisor and the build's checks ask of the estimator.

#include "estimate/estimate.h"
#include "estimate/host_needs.h"
#include "plan/compatibility.h"
#include "plan/gpu_device_spec.h"
#include "workload/workload.h"

#include <cstdint>
#include <optional>
#include <string>

namespace torchrig::plan {

// What a change to the workload does, per GPU, as the estimator computes it.
struct ChangeEffect {
    std::int64_t allocatedBefore = 0, allocatedAfter = 0;
    std::int64_t devicePeakBefore = 0, devicePeakAfter = 0;
    std::optional<bool> fitsBefore, fitsAfter;
    double stepSecondsBefore = 0, stepSecondsAfter = 0;           // 0: no time estimate
    double samplesPerSecondBefore = 0, samplesPerSecondAfter = 0; // all GPUs
};

class WorkloadOnBuild {
public:
    // With a calibration measured on a GPU like the build's (validation/run_comparison.h), its rates,
    // context and step-time ratio replace the datasheet's.
    WorkloadOnBuild(const Workload& request, const BuildGpus& gpus, estimate::ParallelStrategy strategy,
                    std::optional<estimate::Calibration> calibration = std::nullopt);

    const std::optional<estimate::Estimate>& estimate() const { return m_estimate; } // none: not estimable
    // Why there is no estimate, as the CLI says it ("model 'vgg16' marks no blocks, …"); "" when there is
    // one.
    const Message& refusal() const { return m_refusal; }
    const Workload& workload() const { return m_workload; }
    std::int64_t parameterCount() const { return m_parameterCount; }
    estimate::TrainingSetup setupFor(const Workload& request) const;
    // None when the changed workload cannot be built or estimated.
    std::optional<estimate::Estimate> estimateFor(const Workload& request) const;
    std::optional<ChangeEffect> effectOf(const Workload& changed) const;
    // The largest batch per GPU whose device peak fits (0: none): estimate::largestFittingBatch.
    std::int64_t largestBatch() const;
    // Host RAM and storage per node for the run (none when the workload could not be estimated).
    std::optional<estimate::HostEstimate> hostNeeds(const estimate::DatasetSpec& dataset) const;

private:
    Result<estimate::Estimate> estimateOn(const ModelGraph& graph, const Workload& request) const;

    Workload m_workload;
    BuildGpus m_gpus;
    estimate::ParallelStrategy m_strategy;
    std::optional<estimate::Calibration> m_calibration;
    std::optional<estimate::Estimate> m_estimate;
    Message m_refusal;
    std::int64_t m_parameterCount = 0;
};

// The checks' options for a build: the circuit given, and the host RAM and storage its first
// workload needs per node (none when it has no workload, no GPU, or one that cannot be estimated).
CheckOptions checkOptionsFor(const Build& build, WallCircuit circuit = {});

} // namespace torchrig::plan
