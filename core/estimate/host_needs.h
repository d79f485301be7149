#pragma once
// What a training run needs beside the GPU (../shared/design/ESTIMATOR.md, "Host RAM and storage"):
// host RAM for the data loaders, pinned buffers, an in-memory dataset and a checkpoint's CPU copy;
// storage for the dataset and the kept checkpoints, and the read rate the step time asks of it; the
// time to read a batch, and to run the epochs or tokens asked for.

#include "estimate/estimate.h"

#include "util/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::estimate {

struct DatasetSpec {
    std::int64_t samples = 0;             // in the training set (0: not given)
    std::int64_t sampleBytes = 0;         // one sample as stored (a JPEG, a tokenized sequence)
    bool cacheInRam = false;              // the whole set kept in host RAM (decoded as stored)
    int loaderWorkers = 4;                // DataLoader num_workers per GPU process
    int prefetchFactor = 2;               // DataLoader's default: batches each worker keeps ready
    bool pinMemory = true;                // pinned host copies of the batches in flight
    int keptCheckpoints = 1;              // checkpoints kept on disk
    double storageReadBytesPerSecond = 0; // what the dataset's storage reads (0: not known)
    // What one loader worker (one CPU core) decodes and augments a second (0: not known): it
    // depends on the format, the transforms and the CPU, so it is the user's figure.
    double decodeSamplesPerSecondPerWorker = 0;
    double epochs = 0; // to run (0: not asked)
    double tokens = 0; // to train on, for language models (0: not asked)

    bool operator==(const DatasetSpec&) const = default;
};

struct HostEstimate {
    // Host RAM per node, by what holds it; the CUDA runtime's host memory is not counted (no run
    // here measures it).
    std::int64_t loaderBatchBytes = 0;    // workers × prefetch × batch, every GPU process
    std::int64_t pinnedBytes = 0;         // pinned copies of the batches in flight
    std::int64_t datasetCacheBytes = 0;   // the dataset held in RAM
    std::int64_t checkpointCopyBytes = 0; // weights and optimizer state copied to the CPU to save
    std::int64_t offloadBytes = 0; // ZeRO-Offload: every GPU's optimizer state and gradients in host memory
    // Loading the pretrained weights (or a checkpoint) before training: every GPU's process builds the
    // model in host memory and reads the weights into it, twice the weights each on transformers' and
    // torchvision's default path (the model made, then the state dict beside it), once with
    // low_cpu_mem_usage=True or a meta-device model (transformers docs, "Large model loading").
    std::int64_t weightsLoadBytes = 0;
    // The processes themselves before any model or batch: each GPU's training process (Python with
    // PyTorch imported) and each of its loader workers (forked, sharing the rest), measured with
    // tests/bench/process-baseline.py.
    std::int64_t processBytes = 0;
    // The most held at once: the processes and the dataset cache beside the larger of the load and
    // the run (loaders, pinned buffers, a checkpoint's copy, the offloaded state), which do not overlap.
    std::int64_t ramBytes = 0;
    std::int64_t datasetBytes = 0;            // on disk
    std::int64_t checkpointBytes = 0;         // one checkpoint: weights and optimizer state, all GPUs
    std::int64_t storageBytes = 0;            // dataset + kept checkpoints
    double readBytesPerSecond = 0;            // what the estimated throughput reads from the dataset
    std::optional<double> dataLoadingSeconds; // a step's batches read from storage and decoded, the slower
    std::optional<double> epochSeconds;
    std::optional<double> runSeconds; // the epochs or tokens asked for
    std::vector<Message> warnings;
};

// `estimate` is one GPU's (memory per GPU, time per step); the setup's GPU count multiplies what
// every process holds. `tokensPerSample` is the sequence length for language models (0 otherwise).
HostEstimate estimateHost(const Estimate& estimate, const TrainingSetup& setup, std::int64_t batch,
                          std::int64_t tokensPerSample, const DatasetSpec& dataset);

} // namespace torchrig::estimate
