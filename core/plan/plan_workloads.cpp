#include "plan/plan_workloads.h"

#include "estimate/host_needs.h"
#include "estimate/largest_batch.h"
#include "estimate/memory_estimate.h"
#include "workload/workload_graph.h"

#include <algorithm>

namespace torchrig::plan {

WorkloadSimulations::WorkloadSimulations(const PlanWorkload& planned)
    : m_planned(planned) {}

estimate::TrainingSetup WorkloadSimulations::setup(int gpus) const {
    auto setup = estimate::trainingSetupFor(m_planned.workload);
    setup.cuda = true;
    setup.parallel.gpus = gpus;
    setup.parallel.strategy = m_planned.strategy;
    return setup;
}

const ModelGraph* WorkloadSimulations::graph(std::int64_t batch) {
    auto found = m_graphs.find(batch);
    if (found == m_graphs.end()) {
        auto request = m_planned.workload;
        request.inputs.batch = batch;
        auto built = buildWorkloadGraph(request);
        if (!built && m_refusal.empty())
            m_refusal = built.error().message;
        found = m_graphs.emplace(batch, built ? std::optional<ModelGraph>(std::move(*built)) : std::nullopt)
                    .first;
    }
    return found->second ? &*found->second : nullptr;
}

const estimate::Estimate* WorkloadSimulations::memory(std::int64_t batch, int gpus) {
    const auto key = std::pair{batch, gpus};
    auto found = m_memory.find(key);
    if (found == m_memory.end()) {
        std::optional<estimate::Estimate> simulated;
        if (const auto* g = graph(batch)) {
            estimate::DeviceSpec unlimited;
            unlimited.cuda = true;
            auto estimated =
                graphResult([&] { return estimate::estimateTraining(*g, setup(gpus), unlimited); });
            if (estimated)
                simulated = std::move(*estimated);
            else if (m_refusal.empty())
                m_refusal = estimated.error().message;
        }
        found = m_memory.emplace(key, std::move(simulated)).first;
    }
    return found->second ? &*found->second : nullptr;
}

bool WorkloadSimulations::fits(std::int64_t batch, int gpus, std::int64_t usableBytes) {
    const auto* e = memory(batch, gpus);
    return e && e->devicePeakBytes <= usableBytes;
}

std::int64_t WorkloadSimulations::batchFor(std::int64_t usableBytes, int gpus) {
    if (!m_planned.largestBatch) {
        const auto batch = m_planned.workload.inputs.batch;
        return fits(batch, gpus, usableBytes) ? batch : 0;
    }
    return estimate::largestFittingBatch([&](std::int64_t batch) { return fits(batch, gpus, usableBytes); });
}

std::optional<WorkloadsOnGpu> workloadsOn(std::vector<WorkloadSimulations>& workloads,
                                          const estimate::DeviceSpec& device, int gpus) {
    WorkloadsOnGpu on;
    for (auto& workload : workloads) {
        const auto batch = workload.batchFor(device.usableBytes, gpus);
        if (batch == 0)
            return std::nullopt;
        const auto* memory = workload.memory(batch, gpus);
        const auto setup = workload.setup(gpus);
        const auto estimated = graphResult([&] {
            return estimate::estimateTraining(*workload.graph(batch), setup, device, memory->memory);
        });
        if (!estimated)
            return std::nullopt;
        const auto& estimate = *estimated;
        if (!estimate.time || estimate.time->samplesPerSecond <= 0)
            return std::nullopt;
        const double samplesPerSecond = estimate.time->samplesPerSecond * gpus;
        const auto& request = workload.planned().workload;
        const auto host = estimate::estimateHost(estimate, setup, batch, effectiveInputs(request).seqLen,
                                                 workload.planned().dataset);
        if (host.runSeconds && *host.runSeconds > 0) {
            on.rankSeconds += *host.runSeconds;
            on.samples += *host.runSeconds * samplesPerSecond;
        } else {
            on.rankSeconds += kAssumedSamples / samplesPerSecond;
            on.samples += kAssumedSamples;
            on.assumesSamples = true;
        }
        if (host.ramBytes > on.needs.hostRamBytes) {
            on.needs.hostRamBytes = host.ramBytes;
            on.needs.datasetInRam = workload.planned().dataset.cacheInRam;
            on.needs.workload = workloadModelName(request) + ", batch " + std::to_string(batch);
        }
        on.needs.storageBytes = std::max(on.needs.storageBytes, host.storageBytes);
        on.batches.push_back(batch);
        on.samplesPerSecond.push_back(samplesPerSecond);
    }
    return on;
}

} // namespace torchrig::plan
