#pragma once
// TorchRig's step time for language-model training held against published, measured tokens/s
// (published_llm_training_throughput.csv): the absolute ratio of each row, and each GPU's share of
// its group (one model at one sequence length over every GPU that ran it). Used by
// torchrig-llm-accuracy and by the test that keeps the held-out errors within bounds.

#include "catalog.h"
#include "estimate/estimate.h"
#include "workload/workload.h"

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::accuracy {

struct LlmCase {
    std::string source;    // the publisher's file: shares are within one source
    std::string gpu;       // catalog id
    std::string sourceGpu; // as the publisher named it
    std::string model;     // "mpt-7b", "llama-2-7b LoRA 16"
    Workload workload;     // the model, its sizes and setup, as the publisher ran it
    int gpus = 1;          // FSDP over these, on one node
    double tokensPerSecondPerGpu = 0;
    bool heldOut = false;
    std::string where; // "FILE:LINE", for messages
    std::int64_t seqLen() const { return workload.inputs.seqLen; }
};

// llm-foundry's MPT pre-training runs (published_llm_training_throughput.csv) and single-GPU LLM
// fine-tunes (published_llm_finetune_throughput.csv). Throw std::runtime_error naming the line
// when a file is not as expected.
std::vector<LlmCase> loadPublishedLlm(const std::filesystem::path& path);
std::filesystem::path publishedLlmPath(); // the file beside this one, in the source tree
std::vector<LlmCase> loadPublishedFinetunes(const std::filesystem::path& path);
std::filesystem::path publishedFinetunesPath();
std::vector<LlmCase> loadAllPublishedLlm(); // both files beside this one

struct LlmResult {
    LlmCase published;
    double estimated = 0;  // tokens/s per GPU
    double shareError = 0; // estimated share of the group over the published share, minus 1
    double ratio() const { return estimated / published.tokensPerSecondPerGpu; }
};

// The cases' graphs, setups and memory, simulated once (the candidates of the fit change only the
// time), and their GPUs' specs (NVLink between the 8 GPUs, as the catalog's SXM parts have).
// Throws std::runtime_error when the catalog lacks a GPU.
class PublishedLlm {
public:
    PublishedLlm(const db::Catalog& catalog, std::vector<LlmCase> cases);
    // Every case's estimate, and the shares within each model and sequence length; with candidates
    // (the share of the matrix rate fused attention reaches, the share of FSDP's exchange hidden)
    // in place of the estimator's kFusedAttentionShare and kShardedDataParallelOverlap. Throws
    // std::runtime_error when an estimate has no time.
    std::vector<LlmResult> evaluate(std::optional<double> attentionShare = std::nullopt,
                                    std::optional<double> overlap = std::nullopt) const;
    struct Prepared; // one case's graph, setup and memory

private:
    std::vector<LlmCase> m_cases;
    std::vector<std::shared_ptr<const Prepared>> m_prepared;
    std::map<std::string, estimate::DeviceSpec> m_devices;
};

struct LlmSummary {
    int cases = 0;
    double medianShare = 0, worstShare = 0; // |share error|, over the groups with two or more GPUs
    double medianRatio = 0, lowestRatio = 0, highestRatio = 0;
};
// The rows of one split whose sequence length lies in [shortest, longest], of one source file when
// `source` is not empty, the float8 rows only or the others only when `float8` is given.
LlmSummary summarizeLlm(const std::vector<LlmResult>& results, bool heldOut, std::int64_t shortest = 0,
                        std::int64_t longest = std::int64_t{1} << 40, const std::string& source = {},
                        std::optional<bool> float8 = std::nullopt);

// The fit of kFusedAttentionShare and kShardedDataParallelOverlap together, over attention shares
// 0.3, 0.35, ..., 1 and overlaps 0, 0.25, ..., 1: each pair's median and worst |estimated/published
// - 1| over the fitted rows and over the held-out rows; the best is the fitted rows' lowest median.
// The held-out rows are printed, never chosen on.
struct LlmFitCandidate {
    double attentionShare = 0, overlap = 0;
    double fittedMedian = 0, fittedWorst = 0, heldOutMedian = 0, heldOutWorst = 0;
};
struct LlmFit {
    std::vector<LlmFitCandidate> candidates;
    LlmFitCandidate best; // the lowest fitted median; of those tied, the first (the smallest overlap)
};
LlmFit fitLlm(const PublishedLlm& published);

} // namespace torchrig::accuracy
