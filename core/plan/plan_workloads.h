#pragma once
// The planner's workloads over the catalog (plan/planner.h): each workload's graphs and memory
// simulations, made once and shared by every GPU and cloud instance the search tries (the memory
// does not depend on which card, estimate.h: only on the batch and the GPU count), and the
// workloads estimated on one kind of GPU. Internal to the planner and its tests.
#include "estimate/estimate.h"
#include "plan/compatibility.h"
#include "plan/planner.h"
#include "workload/model_graph.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace torchrig::plan {

// A workload without a run to time counts as this many samples, so that workloads weigh alike.
inline constexpr double kAssumedSamples = 1e6;

class WorkloadSimulations {
public:
    explicit WorkloadSimulations(const PlanWorkload& planned);

    const PlanWorkload& planned() const { return m_planned; }
    estimate::TrainingSetup setup(int gpus) const;
    // The graph at a batch; null when the model cannot be built.
    const ModelGraph* graph(std::int64_t batch);
    // The estimate per GPU at a batch over `gpus` GPUs on a device without a limit (its device
    // peak is what a card must hold); null when the model cannot be built or estimated there.
    const estimate::Estimate* memory(std::int64_t batch, int gpus);
    bool fits(std::int64_t batch, int gpus, std::int64_t usableBytes);
    // The batch per GPU the plan runs on a GPU of this size: the request's when it fits, or the
    // largest that fits when asked for (doubling, then bisecting); 0 when none does.
    std::int64_t batchFor(std::int64_t usableBytes, int gpus);
    // Why the model could not be built or estimated, the first time it could not ("" when it could).
    const Message& refusal() const { return m_refusal; }

private:
    const PlanWorkload& m_planned;
    std::map<std::int64_t, std::optional<ModelGraph>> m_graphs;
    std::map<std::pair<std::int64_t, int>, std::optional<estimate::Estimate>> m_memory;
    Message m_refusal;
};

// Every workload on `gpus` GPUs of one kind (all nodes): what the ranking and the host search need.
struct WorkloadsOnGpu {
    std::vector<std::int64_t> batches;
    std::vector<double> samplesPerSecond; // all GPUs
    double rankSeconds = 0;               // the runs' time (kAssumedSamples for a workload without one)
    bool assumesSamples = false;
    double samples = 0;  // what rankSeconds trains, every workload together
    WorkloadNeeds needs; // the most host RAM any asks, the most storage any keeps
};

// None when a workload does not fit the device or has no time estimate on it.
std::optional<WorkloadsOnGpu> workloadsOn(std::vector<WorkloadSimulations>& workloads,
                                          const estimate::DeviceSpec& device, int gpus);

} // namespace torchrig::plan
