#pragma once
// TorchRig's data-parallel scaling held against published multi-GPU training throughput
// (published_multi_gpu_throughput.csv): each GPU's throughput at N GPUs over one GPU's, measured
// and estimated. Used by torchrig-multi-gpu-accuracy and by the test that keeps the estimator's
// multi-GPU uncertainty the held-out rows' worst.

#include "catalog.h"
#include "published_throughput.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::accuracy {

struct MultiGpuCase {
    PublishedCase published; // the GPU, workload, precision and batch per GPU
    int gpus = 0;
    double samplesPerSecond = 0;          // every GPU together
    double singleGpuSamplesPerSecond = 0; // the same GPU alone
    std::string link;                     // nvlink, pcie or pcie-host
};

// Throws std::runtime_error naming the file when it is not as expected.
std::vector<MultiGpuCase> loadPublishedMultiGpu(const std::filesystem::path& path);
std::filesystem::path publishedMultiGpuPath(); // the file beside this one, in the source tree

struct MultiGpuResult {
    MultiGpuCase published;
    double measuredEfficiency = 0;  // per-GPU throughput at N GPUs over one GPU's
    double estimatedEfficiency = 0; // the same from TorchRig's estimates
    // How much longer the measured step is than the estimated one, relative: estimated efficiency
    // over measured, minus 1 (the single-GPU step time's own error apart).
    double slowdown() const { return estimatedEfficiency / measuredEfficiency - 1; }
};
// Throws std::runtime_error when the catalog lacks a GPU or an estimate has no time.
// `overlap`: the share of the exchange compute hides, for the fit to try (else the estimator's).
std::vector<MultiGpuResult> evaluateMultiGpu(const db::Catalog& catalog,
                                             const std::vector<MultiGpuCase>& cases,
                                             std::optional<double> overlap = std::nullopt);

// The fit of the overlap: each candidate's median and worst |efficiency difference| over the fitted
// rows, and the best (the lowest median, then the lowest worst); the held-out rows' are printed,
// never chosen on.
struct OverlapCandidate {
    double overlap = 0;
    double fittedMedian = 0, fittedWorst = 0;
    double heldOutMedian = 0, heldOutWorst = 0;
};
struct OverlapFit {
    std::vector<OverlapCandidate> candidates;
    double best = 0;
};
OverlapFit fitOverlap(const db::Catalog& catalog, const std::vector<MultiGpuCase>& cases);

// The largest slowdown among the held-out rows (0 with none).
double worstHeldOutSlowdown(const std::vector<MultiGpuResult>& results);

} // namespace torchrig::accuracy
