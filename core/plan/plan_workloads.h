#pragma once
// The planner's workloads over the catalog (plan/planner.h): each workload's graphs and memory
// simulations, made once and shared by every GPU and cloud instance the search tries (the memory
// does not depend on which card, estimate.h: only on the batch, the accumulation and the GPU
// count), the variants of it the planner's levers make, and the workloads estimated on one kind of
// GPU. Internal to the planner and its tests.
#include "estimate/estimate.h"
#include "plan/compatibility.h"
#include "plan/planner.h"
#include "workload/model_graph.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace torchrig::plan {

// A workload without a run to time counts as this many samples, so that workloads weigh alike.
inline constexpr double kAssumedSamples = 1e6;
// Micro-batches an optimizer step may take at most: what a build file holds.
inline constexpr int kMaxMicroBatchSteps = 1 << 16;

// One form of a workload (as asked, or with levers pulled) and its simulations.
class WorkloadSimulations {
public:
    WorkloadSimulations(PlanWorkload planned, std::vector<PlanLever> levers);

    const PlanWorkload& planned() const { return m_planned; }
    const std::vector<PlanLever>& levers() const { return m_levers; }
    estimate::TrainingSetup setup(int gpus, int accumulation) const;
    // The graph at a batch; null when the model cannot be built.
    const ModelGraph* graph(std::int64_t batch);
    // The estimate per GPU at a batch and accumulation over `gpus` GPUs on a device without a limit
    // (its device peak is what a card must hold); null when the model cannot be built or estimated.
    const estimate::Estimate* memory(std::int64_t batch, int accumulation, int gpus);
    bool fits(std::int64_t batch, int accumulation, int gpus, std::int64_t usableBytes);
    // The workload as it runs on a GPU of this size: at the asked batch when it fits, or the largest
    // that fits when asked for (doubling, then bisecting), or with `microBatches` the largest divisor
    // of the asked batch that fits, the accumulation making up the rest. None when none fits.
    std::optional<Workload> fittedOn(std::int64_t usableBytes, int gpus, bool microBatches);
    // Why the model could not be built or estimated, the first time it could not ("" when it could).
    const Message& refusal() const { return m_refusal; }

private:
    PlanWorkload m_planned;
    std::vector<PlanLever> m_levers;
    std::map<std::int64_t, std::optional<ModelGraph>> m_graphs;
    std::map<std::tuple<std::int64_t, int, int>, std::optional<estimate::Estimate>> m_memory;
    Message m_refusal;
};

// A workload of the plan: as asked first, then the forms the levers allowed make of it.
class PlanWorkloadForms {
public:
    PlanWorkloadForms(const PlanWorkload& planned, const std::vector<PlanLever>& forbidden);

    const PlanWorkload& asked() const { return m_forms.front().planned(); }
    const Message& refusal() const { return m_forms.front().refusal(); }
    std::vector<WorkloadSimulations>& forms() { return m_forms; }
    bool microBatches() const { return m_microBatches; }

private:
    std::vector<WorkloadSimulations> m_forms;
    bool m_microBatches = false;
};

// One workload as it runs on a kind of GPU.
struct WorkloadRun {
    Workload workload;                // at its batch per GPU, with the levers pulled
    std::vector<PlanLever> levers;    // none: as asked
    std::int64_t devicePeakBytes = 0; // per GPU
    double samplesPerSecond = 0;      // all GPUs
    double seconds = 0;               // its run, or kAssumedSamples without one
    bool assumesSamples = false;
};

// Every workload on `gpus` GPUs of one kind (all nodes): what the ranking and the host search need.
struct WorkloadsOnGpu {
    std::vector<WorkloadRun> runs;
    double rankSeconds = 0; // the runs' time (kAssumedSamples for a workload without one)
    bool assumesSamples = false;
    double samples = 0;  // what rankSeconds trains, every workload together
    WorkloadNeeds needs; // the most host RAM any asks, the most storage any keeps
};

// None when a workload does not fit the device in any form or has no time estimate on it. A
// workload that fits as asked runs as asked; one that does not runs in the fastest form that fits
// and computes the same numbers (micro-batches, checkpointing), and only when none does, in the
// fastest with LoRA's base in 4 bits.
std::optional<WorkloadsOnGpu> workloadsOn(std::vector<PlanWorkloadForms>& workloads,
                                          const estimate::DeviceSpec& device, int gpus);

} // namespace torchrig::plan
