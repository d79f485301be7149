#include "validation/run_sizing.h"

#include "estimate/memory_estimate.h"
#include "validation/run_comparison.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <algorithm>

namespace torchrig::estimate {

namespace {
// The reference machine's figures (run_sizing.h).
constexpr double kSecondsPerParameter = 20.7e-9;
constexpr double kSetupFixedSeconds = 1.5;
constexpr double kFp32FlopsPerThread = 103e9;
constexpr double kBf16FlopsPerThread = 205e9;
constexpr double kCopyBytesPerSecond = 30e9;
} // namespace

std::optional<RunDuration> estimateRunDuration(const ValidationRequest& request,
                                               const ValidationDevice& device, const Calibration* stored) {
    const bool cpu = device.kind == "cpu";
    if (!stored && !cpu)
        return std::nullopt;
    auto graph = buildWorkloadGraph(request);
    if (!graph)
        return std::nullopt;
    Calibration rates;
    if (stored) {
        rates = *stored;
    } else {
        const double threads = std::max(1, request.threads > 0 ? request.threads : device.threads);
        rates.deviceName = device.name;
        rates.fp32Flops = rates.tf32Flops = kFp32FlopsPerThread * threads;
        rates.fp16Flops = rates.bf16Flops = kBf16FlopsPerThread * threads;
        rates.copyBytesPerSecond = kCopyBytesPerSecond;
    }
    auto setup = trainingSetupForRun(request);
    const auto spec = deviceSpecOfRun(device);
    setup.cuda = spec.cuda;
    auto estimated = graphResult([&] { return estimateTraining(*graph, setup, spec, &rates); });
    if (!estimated || !estimated->time || estimated->time->stepSeconds <= 0)
        return std::nullopt;
    RunDuration out;
    out.referenceRates = !stored;
    // A GPU's parameters are made on it, in far less time than the CPU's; its run's setup is the
    // fixed part alone.
    out.setupSeconds =
        kSetupFixedSeconds + (cpu ? kSecondsPerParameter * static_cast<double>(graph->parameterCount()) : 0);
    out.stepSeconds = estimated->time->stepSeconds;
    out.totalSeconds = out.setupSeconds + out.stepSeconds * (request.warmupSteps + request.steps);
    return out;
}

Result<std::int64_t> runPeakBytes(const ValidationRequest& request, const ValidationDevice& device) {
    auto graph = buildWorkloadGraph(request);
    if (!graph)
        return graph.error();
    auto setup = trainingSetupForRun(request);
    const auto spec = deviceSpecOfRun(device);
    setup.cuda = spec.cuda;
    return graphResult([&] { return estimateTraining(*graph, setup, spec).devicePeakBytes; });
}

namespace {

void sizeForMemory(RunSizing& sized, const ValidationDevice& device, std::int64_t ownLayers) {
    auto& request = sized.request;
    auto peak = runPeakBytes(request, device);
    if (!peak) {
        sized.cannotEstimate = peak.error().message;
        return;
    }
    const auto budget = sized.budgetBytes;
    while (*peak > budget && request.inputs.batch > 1) {
        request.inputs.batch = std::max<std::int64_t>(1, request.inputs.batch / 2);
        sized.batchForMemory = true;
        if (peak = runPeakBytes(request, device); !peak)
            return;
    }
    if (*peak > budget && ownLayers > 1) {
        request.inputs.layers = ownLayers;
        sized.layersForMemory = true;
        while (*peak > budget && request.inputs.layers > 1) {
            request.inputs.layers = std::max<std::int64_t>(1, request.inputs.layers / 2);
            if (peak = runPeakBytes(request, device); !peak)
                return;
        }
    }
    sized.peakBytes = *peak;
    sized.stillTooLarge = *peak > budget;
}

void sizeForTime(RunSizing& sized, const ValidationDevice& device, std::int64_t ownLayers,
                 const Calibration* stored) {
    auto& request = sized.request;
    const double allowed = 0.5 * request.timeLimitSeconds;
    sized.plannedDuration = sized.duration = estimateRunDuration(request, device, stored);
    auto tooLong = [&] {
        return sized.duration && sized.duration->totalSeconds > allowed;
    };
    if (!tooLong())
        return;
    sized.forTime = true;
    // Fewer blocks first: each block's work is what the run measures, at the asked batch.
    if (ownLayers > 1) {
        if (request.inputs.layers == 0)
            request.inputs.layers = ownLayers;
        while (tooLong() && request.inputs.layers > 1) {
            request.inputs.layers = std::max<std::int64_t>(1, request.inputs.layers / 2);
            sized.duration = estimateRunDuration(request, device, stored);
        }
    }
    while (tooLong() && request.inputs.batch > 1) {
        request.inputs.batch = std::max<std::int64_t>(1, request.inputs.batch / 2);
        sized.duration = estimateRunDuration(request, device, stored);
    }
    sized.stillTooLong = tooLong();
    if (auto peak = runPeakBytes(request, device))
        sized.peakBytes = *peak;
}

} // namespace

RunSizing sizeRun(const ValidationRequest& asked, const ValidationDevice& device, std::int64_t budgetBytes,
                  const Calibration* stored) {
    RunSizing sized;
    sized.request = asked;
    sized.budgetBytes = budgetBytes;
    if (!asked.modelGraphJson.empty()) // a model file is written at its own sizes
        return sized;
    const auto* zoo = findZooModel(asked.model);
    const auto ownLayers = zoo ? zoo->layers : 0;
    if (budgetBytes > 0) {
        sizeForMemory(sized, device, ownLayers);
        if (sized.cannotEstimate)
            return sized;
    }
    sized.memoryBatch = sized.request.inputs.batch;
    sized.memoryLayers = sized.request.inputs.layers;
    sizeForTime(sized, device, ownLayers, stored);
    return sized;
}

} // namespace torchrig::estimate
