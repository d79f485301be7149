#include "estimate/host_needs.h"

#include "util/saturating.h"

#include <algorithm>
#include <cmath>

namespace torchrig::estimate {

namespace {
// transformers' PreTrainedModel.from_pretrained without low_cpu_mem_usage: "one for the randomly
// initialized model, one for the weights" (docs/source/en/main_classes/model.md, "Large model
// loading"); torchvision's weights= path alike (the model, then load_state_dict of the file).
constexpr std::int64_t kWeightCopiesWhileLoading = 2;
// A training process and a loader worker before any model or batch, measured 2026-12-07 with
// tests/bench/process-baseline.py on Debian 12's python3-torch 1.13.1 (CPU): Python with torch
// imported and a few small training steps run held 256 MiB (RSS; 241 MiB of it private); each of
// four DataLoader workers forked from it added 33 MiB of private pages (its PSS, 62 MiB, shares the
// parent's). A CUDA build's process holds more (the CUDA libraries and context); not measured here.
constexpr std::int64_t kTrainingProcessBytes = 256LL << 20;
constexpr std::int64_t kLoaderWorkerBytes = 33LL << 20;
} // namespace

HostEstimate estimateHost(const Estimate& estimate, const TrainingSetup& setup, std::int64_t batch,
                          std::int64_t tokensPerSample, const DatasetSpec& dataset) {
    HostEstimate h;
    const int gpus = std::max(1, setup.parallel.gpus);
    const int micro = std::max(1, setup.gradientAccumulation);
    const auto batchBytes = estimate.memory.breakdownAtPeak[static_cast<std::size_t>(MemoryCategory::Inputs)];
    // Each GPU's process runs its own DataLoader: every worker keeps prefetch_factor batches ready,
    // and with pin_memory the batch being moved and the next wait in pinned pages.
    h.loaderBatchBytes =
        saturatingProduct({gpus, dataset.loaderWorkers, std::max(1, dataset.prefetchFactor), batchBytes});
    h.pinnedBytes = dataset.pinMemory ? saturatingProduct({gpus, 2, batchBytes}) : 0;
    h.datasetBytes = saturatingProduct({dataset.samples, dataset.sampleBytes});
    h.datasetCacheBytes = dataset.cacheInRam ? h.datasetBytes : 0;
    // A checkpoint holds the weights and the optimizer state of the whole model, whichever GPU
    // holds which shard; saving copies it to host memory first (the process that saves, or each
    // rank its shard: the node holds all of it either way on one node).
    const auto shardFactor = [&](bool sharded) {
        return sharded && gpus > 1 ? gpus : 1;
    };
    const bool stateSharded = setup.parallel.strategy != ParallelStrategy::Ddp;
    const bool weightsSharded = setup.parallel.strategy == ParallelStrategy::Zero3 ||
                                setup.parallel.strategy == ParallelStrategy::Fsdp;
    h.checkpointBytes =
        saturatingSum({saturatingProduct({estimate.memory.parameterBytes, shardFactor(weightsSharded)}),
                       saturatingProduct({estimate.memory.optimizerStateBytes, shardFactor(stateSharded)})});
    h.checkpointCopyBytes = h.checkpointBytes;
    if (setup.offloadOptimizer) {
        // The state lives in host memory (a checkpoint saves it from there), beside a host copy of
        // the gradients it is updated from.
        const auto shards = stateSharded && gpus > 1 ? gpus : 1;
        const auto hostState = saturatingProduct({gpus, estimate.memory.hostOptimizerStateBytes});
        h.offloadBytes =
            saturatingSum({hostState, saturatingProduct({estimate.memory.gradientBytes / shards, gpus})});
        h.checkpointBytes = saturatingSum({h.checkpointBytes, hostState});
        h.checkpointCopyBytes =
            saturatingProduct({estimate.memory.parameterBytes, shardFactor(weightsSharded)});
    }
    // Each process loads the whole model whatever its strategy (a sharded one shards it after), on
    // the libraries' default path: the model made, then the weights read beside it.
    const auto modelWeights =
        saturatingProduct({estimate.memory.parameterBytes, shardFactor(weightsSharded)});
    h.weightsLoadBytes = saturatingProduct({gpus, kWeightCopiesWhileLoading, modelWeights});
    const auto running =
        saturatingSum({h.loaderBatchBytes, h.pinnedBytes, h.checkpointCopyBytes, h.offloadBytes});
    h.processBytes = saturatingProduct(
        {gpus, saturatingSum({kTrainingProcessBytes,
                              saturatingProduct({std::max(0, dataset.loaderWorkers), kLoaderWorkerBytes})})});
    h.ramBytes = saturatingSum({h.processBytes, h.datasetCacheBytes, std::max(h.weightsLoadBytes, running)});
    h.storageBytes =
        saturatingSum({h.datasetBytes, saturatingProduct({dataset.keptCheckpoints, h.checkpointBytes})});

    const double samplesPerStep = static_cast<double>(batch) * micro * gpus;
    if (estimate.time && dataset.sampleBytes > 0) {
        const double samplesPerSecond = estimate.time->samplesPerSecond * gpus;
        h.readBytesPerSecond =
            dataset.cacheInRam ? 0 : samplesPerSecond * static_cast<double>(dataset.sampleBytes);
        if (!dataset.cacheInRam && dataset.storageReadBytesPerSecond > 0) {
            h.dataLoadingSeconds =
                samplesPerStep * static_cast<double>(dataset.sampleBytes) / dataset.storageReadBytesPerSecond;
            if (*h.dataLoadingSeconds > estimate.time->stepSeconds)
                h.warnings.push_back(TORCHRIG_MESSAGE(
                    "estimate", "reading the data takes longer than the step: storage, not the GPU, sets "
                                "the pace; cache the dataset in RAM or use faster storage"));
        }
    }
    if (estimate.time && dataset.decodeSamplesPerSecondPerWorker > 0) {
        // Each GPU's loader workers decode its share of the step's samples in parallel.
        const double workers = std::max(1, dataset.loaderWorkers);
        const double decode =
            static_cast<double>(batch) * micro / (workers * dataset.decodeSamplesPerSecondPerWorker);
        h.dataLoadingSeconds = std::max(h.dataLoadingSeconds.value_or(0), decode);
        if (decode > estimate.time->stepSeconds)
            h.warnings.push_back(TORCHRIG_MESSAGE(
                "estimate", "decoding the batches takes longer than the step: the CPU, not the GPU, sets the "
                            "pace; add loader workers (cores) or decode on the GPU"));
    }
    if (estimate.time) {
        // The loader runs beside the GPU: a step takes the longer of the two.
        const double step = std::max(estimate.time->stepSeconds, h.dataLoadingSeconds.value_or(0));
        if (dataset.samples > 0)
            h.epochSeconds = std::ceil(static_cast<double>(dataset.samples) / samplesPerStep) * step;
        if (dataset.tokens > 0 && tokensPerSample > 0)
            h.runSeconds =
                std::ceil(dataset.tokens / (samplesPerStep * static_cast<double>(tokensPerSample))) * step;
        else if (dataset.epochs > 0 && h.epochSeconds)
            h.runSeconds = dataset.epochs * *h.epochSeconds;
    }
    if (dataset.samples == 0 || dataset.sampleBytes == 0)
        h.warnings.push_back(TORCHRIG_MESSAGE(
            "estimate", "no dataset size given (samples and bytes a sample): host RAM and storage "
                        "count the loaders and checkpoints only"));
    h.warnings.push_back(TORCHRIG_MESSAGE(
        "estimate", "host RAM counts each GPU's process loading the weights twice (the libraries' default "
                    "path; low_cpu_mem_usage=True loads them once) and each process and loader worker as "
                    "measured on a CPU build of PyTorch; it leaves out the CUDA runtime's host memory, "
                    "which no run here measures"));
    return h;
}

} // namespace torchrig::estimate
