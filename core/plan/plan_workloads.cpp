#include "plan/plan_workloads.h"

#include "estimate/host_needs.h"
#include "estimate/largest_batch.h"
#include "estimate/memory_estimate.h"
#include "util/printed.h"
#include "workload/workload_graph.h"

#include <algorithm>
#include <utility>

namespace torchrig::plan {

namespace {

constexpr double kLeverGibibyte = 1024.0 * 1024.0 * 1024.0;

bool allowed(const std::vector<PlanLever>& forbidden, PlanLever lever) {
    return std::find(forbidden.begin(), forbidden.end(), lever) == forbidden.end();
}

// The batch's divisors, smallest first: the micro-batches that keep the batch per optimizer step.
std::vector<std::int64_t> divisorsOf(std::int64_t batch) {
    std::vector<std::int64_t> small, large;
    for (std::int64_t d = 1; d * d <= batch; ++d)
        if (batch % d == 0) {
            small.push_back(d);
            if (d != batch / d)
                large.push_back(batch / d);
        }
    small.insert(small.end(), large.rbegin(), large.rend());
    return small;
}

// A workload in one form on the device: its time and what it asks of the host. None when it has
// no time estimate there.
struct TimedRun {
    WorkloadRun run;
    estimate::HostEstimate host;
};

std::optional<TimedRun> timeOn(WorkloadSimulations& form, const Workload& fitted,
                               const estimate::DeviceSpec& device, int gpus) {
    const auto batch = fitted.inputs.batch;
    const auto accumulation = fitted.gradientAccumulation;
    const auto* memory = form.memory(batch, accumulation, gpus);
    const auto setup = form.setup(gpus, accumulation);
    const auto estimated = graphResult(
        [&] { return estimate::estimateTraining(*form.graph(batch), setup, device, memory->memory); });
    if (!estimated || !estimated->time || estimated->time->samplesPerSecond <= 0)
        return std::nullopt;
    TimedRun timed;
    timed.run.workload = fitted;
    timed.run.levers = form.levers();
    if (accumulation != form.planned().workload.gradientAccumulation)
        timed.run.levers.insert(timed.run.levers.begin(), PlanLever::MicroBatches);
    timed.run.devicePeakBytes = estimated->devicePeakBytes;
    timed.run.samplesPerSecond = estimated->time->samplesPerSecond * gpus;
    timed.host = estimate::estimateHost(*estimated, setup, batch, effectiveInputs(fitted).seqLen,
                                        form.planned().dataset);
    if (timed.host.runSeconds && *timed.host.runSeconds > 0) {
        timed.run.seconds = *timed.host.runSeconds;
    } else {
        timed.run.seconds = kAssumedSamples / timed.run.samplesPerSecond;
        timed.run.assumesSamples = true;
    }
    return timed;
}

// Whether the form trains something else than asked: the LoRA base in 4 bits changes the forward's
// numbers, where micro-batches and checkpointing only change the time.
bool changesNumerics(const WorkloadSimulations& form) {
    const auto& levers = form.levers();
    return std::find(levers.begin(), levers.end(), PlanLever::QuantizedBase) != levers.end();
}

// The workload as asked when it fits; else the fastest form that fits and computes the same, and
// only when none does, the fastest with the base in 4 bits (as a user reaches for QLoRA last).
std::optional<TimedRun> bestRunOn(PlanWorkloadForms& workload, const estimate::DeviceSpec& device, int gpus) {
    auto& asked = workload.forms().front();
    if (auto fitted = asked.fittedOn(device.usableBytes, gpus, false))
        return timeOn(asked, *fitted, device, gpus);
    for (const bool numericsChanged : {false, true}) {
        std::optional<TimedRun> best;
        for (auto& form : workload.forms()) {
            if (changesNumerics(form) != numericsChanged)
                continue;
            auto fitted = form.fittedOn(device.usableBytes, gpus, workload.microBatches());
            if (!fitted)
                continue;
            auto timed = timeOn(form, *fitted, device, gpus);
            if (timed && (!best || timed->run.seconds < best->run.seconds))
                best = std::move(timed);
        }
        if (best)
            return best;
    }
    return std::nullopt;
}

} // namespace

WorkloadSimulations::WorkloadSimulations(PlanWorkload planned, std::vector<PlanLever> levers)
    : m_planned(std::move(planned))
    , m_levers(std::move(levers)) {}

estimate::TrainingSetup WorkloadSimulations::setup(int gpus, int accumulation) const {
    auto setup = estimate::trainingSetupFor(m_planned.workload);
    setup.cuda = true;
    setup.gradientAccumulation = accumulation;
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

const estimate::Estimate* WorkloadSimulations::memory(std::int64_t batch, int accumulation, int gpus) {
    const auto key = std::tuple{batch, accumulation, gpus};
    auto found = m_memory.find(key);
    if (found == m_memory.end()) {
        std::optional<estimate::Estimate> simulated;
        if (const auto* g = graph(batch)) {
            estimate::DeviceSpec unlimited;
            unlimited.cuda = true;
            auto estimated = graphResult(
                [&] { return estimate::estimateTraining(*g, setup(gpus, accumulation), unlimited); });
            if (estimated)
                simulated = std::move(*estimated);
            else if (m_refusal.empty())
                m_refusal = estimated.error().message;
        }
        found = m_memory.emplace(key, std::move(simulated)).first;
    }
    return found->second ? &*found->second : nullptr;
}

bool WorkloadSimulations::fits(std::int64_t batch, int accumulation, int gpus, std::int64_t usableBytes) {
    const auto* e = memory(batch, accumulation, gpus);
    return e && e->devicePeakBytes <= usableBytes;
}

std::optional<Workload> WorkloadSimulations::fittedOn(std::int64_t usableBytes, int gpus, bool microBatches) {
    auto fitted = m_planned.workload;
    const auto batch = fitted.inputs.batch;
    const auto accumulation = fitted.gradientAccumulation;
    if (m_planned.largestBatch) {
        fitted.inputs.batch = estimate::largestFittingBatch(
            [&](std::int64_t b) { return fits(b, accumulation, gpus, usableBytes); });
        return fitted.inputs.batch > 0 ? std::optional(fitted) : std::nullopt;
    }
    if (fits(batch, accumulation, gpus, usableBytes))
        return fitted;
    if (!microBatches)
        return std::nullopt;
    // Memory grows with the micro-batch: bisect the divisors below the batch for the largest that fits.
    const auto divisors = divisorsOf(batch);
    const auto fitsAt = [&](std::int64_t micro) {
        const auto steps = batch / micro;
        return steps <= kMaxMicroBatchSteps / accumulation &&
               fits(micro, accumulation * static_cast<int>(steps), gpus, usableBytes);
    };
    std::size_t low = 0, high = divisors.size() - 1; // divisors[high] (the batch) does not fit
    if (!fitsAt(divisors[low]))
        return std::nullopt;
    while (high - low > 1) {
        const auto middle = (low + high) / 2;
        (fitsAt(divisors[middle]) ? low : high) = middle;
    }
    fitted.inputs.batch = divisors[low];
    fitted.gradientAccumulation = accumulation * static_cast<int>(batch / divisors[low]);
    return fitted;
}

PlanWorkloadForms::PlanWorkloadForms(const PlanWorkload& planned, const std::vector<PlanLever>& forbidden) {
    m_forms.emplace_back(planned, std::vector<PlanLever>{});
    const auto& w = planned.workload;
    if (w.inference)
        return;
    m_microBatches =
        !planned.largestBatch && w.inputs.batch > 1 && allowed(forbidden, PlanLever::MicroBatches);
    const bool checkpointing =
        w.checkpointing == Checkpointing::None && allowed(forbidden, PlanLever::Checkpointing);
    const bool quantized =
        w.lora.rank > 0 && !w.lora.quantizeBase4bit && allowed(forbidden, PlanLever::QuantizedBase);
    auto form = [&](bool blocks, bool base4bit) {
        auto changed = planned;
        std::vector<PlanLever> levers;
        if (blocks) {
            changed.workload.checkpointing = Checkpointing::Blocks;
            levers.push_back(PlanLever::Checkpointing);
        }
        if (base4bit) {
            changed.workload.lora.quantizeBase4bit = true;
            levers.push_back(PlanLever::QuantizedBase);
        }
        m_forms.emplace_back(std::move(changed), std::move(levers));
    };
    if (checkpointing)
        form(true, false);
    if (quantized)
        form(false, true);
    if (checkpointing && quantized)
        form(true, true);
}

std::optional<WorkloadsOnGpu> workloadsOn(std::vector<PlanWorkloadForms>& workloads,
                                          const estimate::DeviceSpec& device, int gpus) {
    WorkloadsOnGpu on;
    for (auto& workload : workloads) {
        auto timed = bestRunOn(workload, device, gpus);
        if (!timed)
            return std::nullopt;
        auto& run = timed->run;
        on.rankSeconds += run.seconds;
        on.samples += run.seconds * run.samplesPerSecond;
        on.assumesSamples = on.assumesSamples || run.assumesSamples;
        if (timed->host.ramBytes > on.needs.hostRamBytes) {
            on.needs.hostRamBytes = timed->host.ramBytes;
            on.needs.datasetInRam = workload.asked().dataset.cacheInRam;
            on.needs.workload =
                workloadModelName(run.workload) + ", batch " + std::to_string(run.workload.inputs.batch);
        }
        on.needs.storageBytes = std::max(on.needs.storageBytes, timed->host.storageBytes);
        on.runs.push_back(std::move(run));
    }
    return on;
}

Message leversPulled(const Workload& asked, const PlannedWorkload& planned) {
    Message said;
    for (const auto lever : planned.levers) {
        Message one;
        switch (lever) {
        case PlanLever::MicroBatches:
            one = TORCHRIG_MESSAGE("plan", "micro-batches of %1 with %2 steps of gradient accumulation (%3 "
                                           "samples per optimizer step, as asked)")
                      .arg(std::to_string(planned.batchPerGpu))
                      .arg(std::to_string(planned.gradientAccumulation))
                      .arg(std::to_string(asked.inputs.batch * asked.gradientAccumulation));
            break;
        case PlanLever::Checkpointing:
            one = TORCHRIG_MESSAGE("plan", "activation checkpointing of every block");
            break;
        case PlanLever::QuantizedBase:
            one = TORCHRIG_MESSAGE("plan", "the base weights in 4 bits (QLoRA)");
            break;
        }
        said = said.empty() ? std::move(one)
                            : TORCHRIG_MESSAGE("plan", "%1; %2").arg(std::move(said)).arg(std::move(one));
    }
    return TORCHRIG_MESSAGE("plan", "%1 fits in %2 of %3 GiB per GPU with %4")
        .arg(workloadModelName(asked))
        .arg(printed("%.1f", double(planned.devicePeakBytes) / kLeverGibibyte))
        .arg(printed("%.1f", double(planned.usableBytes) / kLeverGibibyte))
        .arg(std::move(said));
}

} // namespace torchrig::plan
