#pragma once
// The allocated-memory estimate: one training step simulated op by op, as PyTorch runs it, with
// PyTorch's saved-tensor rules (tools/autograd/derivatives.yaml) deciding what lives until
// backward. The result is a timeline of live bytes, its peak and what was live at the peak.
// ../shared/design/ESTIMATOR.md says what each number means; tests/accuracy holds the simulation
// against torchrig-validate's measurement. The engine is step_simulation.h and the files it names.

#include "estimate/device_measurements.h"
#include "workload/model_graph.h"
#include "workload/workload.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::estimate {

// Where an allocation's bytes are counted in the breakdown at the peak.
enum class MemoryCategory {
    Weights,        // parameters and buffers (and autocast's low-precision weight copies)
    Gradients,      // parameters' gradients
    OptimizerState, // momentum buffers, Adam's moments and step counters
    Activations,    // tensors an op saved for backward, and forward values still to be read
    Temporaries,    // activations' gradients and the short-lived buffers inside ops
    Inputs,         // the batch: inputs and targets
    Workspace,      // libraries' buffers in the allocator (CUDA: cuBLAS's workspaces)
};
constexpr std::size_t kMemoryCategoryCount = 7;
std::string_view memoryCategoryId(MemoryCategory category); // "weights", "optimizer_state", …

// How scaled-dot-product attention runs: Math materialises the s×s scores and probabilities (what
// LibTorch 1.13 does, and PyTorch's fallback); Fused keeps the output and a log-sum-exp only (the
// flash and memory-efficient kernels of PyTorch 2.x). Default: Fused on CUDA, Math on the CPU.
enum class AttentionKernel { Default, Math, Fused };

// How several GPUs share one training run. Memory is always per GPU.
//  Ddp:   a full replica on each, and DDP's gradient buckets (none with gradient_as_bucket_view);
//  Zero1: optimizer state (and fp32 master weights) sharded over the GPUs;
//  Zero2: and gradients, each reduce-scattered to its shard as backward makes it;
//  Zero3, Fsdp: and parameters, each block's gathered while it runs (FSDP FULL_SHARD wrapping
//         every block; backward prefetches the next block's). Zero2 and Zero3 also keep
//         DeepSpeed's reduce bucket.
//  Pipeline: the blocks split evenly over the GPUs as stages (the first also runs what comes
//         before the blocks, the last what follows), 1F1B with the gradient-accumulation steps as
//         micro-batches: stage s holds min(micro-batches, stages - s) micro-batches' saved
//         activations at once. The estimate is the stage with the highest peak.
//  Tensor: Megatron's tensor parallel inside the blocks: a linear reading the replicated stream is
//         split by its outputs (column-parallel), what follows is split with it (attention heads,
//         the MLP's hidden units), and the linear that reads a split tensor is split by its inputs
//         (row-parallel) and all-reduces its output. Embeddings, norms and the head stay whole.
//  Expert: a mixture of experts' experts spread over the GPUs (each holds experts / GPUs of every
//         layer, with their gradients and optimizer state), the rest replicated as under DDP; the
//         tokens go to their experts' GPUs and back by all-to-all, so a GPU's experts receive as
//         many tokens as all the experts would on one (balanced routing).
enum class ParallelStrategy { Ddp, Zero1, Zero2, Zero3, Fsdp, Pipeline, Tensor, Expert };
std::string_view parallelStrategyId(ParallelStrategy strategy); // "ddp", "zero1", …
std::optional<ParallelStrategy> parallelStrategyFromString(std::string_view text);
// Every strategy's id, and those of the data-parallel ones a build's workloads choose from (ddp to
// fsdp): a command line's choices.
std::vector<std::string> parallelStrategyIds();
std::vector<std::string> dataParallelStrategyIds();
std::string parallelStrategyIdList(); // "ddp, zero1, …, ep", for messages

struct ParallelSetup {
    ParallelStrategy strategy = ParallelStrategy::Ddp;
    int gpus = 1;            // 1: one GPU, no data parallel at all
    bool bucketView = false; // DDP's gradient_as_bucket_view
};

struct TrainingSetup {
    Precision precision = Precision::Fp32;
    OptimizerKind optimizer = OptimizerKind::AdamW;
    OptimizerImpl optimizerImpl = OptimizerImpl::Default; // foreach on CUDA, single-tensor on the CPU
    Checkpointing checkpointing = Checkpointing::None;
    bool cuda = false; // the caching allocator's 512-byte rounding, CUDA's autocast lists
    AttentionKernel attention = AttentionKernel::Default;
    // A mixture of experts' experts as one grouped GEMM per projection (Transformer Engine's
    // GroupedLinear, MegaBlocks, torch._grouped_mm) rather than transformers' eager loop over the
    // experts, one small GEMM each: the time only (the memory is the same tokens and weights).
    bool groupedExperts = false;
    int gradientAccumulation = 1; // forward and backward this many times per optimizer step
    // Pure bf16 with an fp32 copy of each trained weight that the optimizer updates (and fp32
    // optimizer state), as DeepSpeed's bf16 and Megatron do.
    bool fp32MasterWeights = false;
    // ZeRO-Offload: the optimizer's state and step in host memory (DeepSpeed's offload_optimizer).
    bool offloadOptimizer = false;
    ParallelSetup parallel;
    // A forward without autograd (torch.inference_mode()): nothing saved, no gradients, no
    // optimizer; the loss op, if the graph has one, runs as a forward op.
    bool inference = false;
    // With inference: the output head (the last linear) and what follows it run for the prompt's
    // last token only, as transformers' generate() asks (logits_to_keep = 1): counted as nothing.
    bool lastTokenHead = false;
};

// A pipeline's stages as op ranges [begin, end): the blocks split evenly, the first stage also
// taking what runs before them and the last what follows. Throws GraphError with fewer blocks
// than stages.
std::vector<std::pair<std::size_t, std::size_t>> pipelineStages(const ModelGraph& graph, int stages);

// Which tensors tensor parallelism splits over the GPUs (see ParallelStrategy::Tensor): split
// activations and the column- and row-parallel weights (a row-parallel bias stays whole).
std::vector<bool> tensorParallelSplit(const ModelGraph& graph);
// Which tensors expert parallelism splits: the experts' parameters (".experts." in the name).
// Throws GraphError for a model without experts, or experts that do not divide over the GPUs.
std::vector<bool> expertParallelSplit(const ModelGraph& graph, int gpus);

// The first op a last-token head leaves out: the graph's last linear (ops().size() when none).
std::size_t headOpIndex(const ModelGraph& graph);

// The setup a workload request (the worker's, the CLI's flags) asks for, on the CPU.
TrainingSetup trainingSetupFor(const Workload& workload);

struct TimelinePoint {
    std::int64_t liveBytes = 0;
    int op = -1; // the graph op this event belongs to (-1: none)
    enum class Phase { Start, Forward, Backward, Optimizer } phase = Phase::Start;
};

struct MemoryEstimate {
    std::int64_t allocatedPeakBytes = 0;           // a steady-state step
    std::int64_t firstStepAllocatedPeakBytes = 0;  // the first step: no gradients or optimizer state yet
    std::optional<std::int64_t> reservedPeakBytes; // CUDA: the caching allocator's, replayed
    // CPU: the fresh pages the steady step faults in under glibc's malloc, replayed
    // (estimate/glibc_heap_model.h): the time they cost is in the step-time estimate.
    std::optional<PhaseBytes> freshPageBytes;
    std::array<std::int64_t, kMemoryCategoryCount> breakdownAtPeak{};
    TimelinePoint peakAt;                     // where the steady step peaks
    std::vector<TimelinePoint> timeline;      // the steady step, after each event
    std::int64_t parameterBytes = 0;          // weights as stored (this GPU's shard under Zero3/Fsdp)
    std::int64_t optimizerStateBytes = 0;     // in the steady state, on this GPU
    std::int64_t gradientBytes = 0;           // the trained weights' gradients, on every GPU before sharding
    int pipelineStage = -1;                   // Pipeline: the stage this is (the one with the highest peak)
    std::int64_t hostOptimizerStateBytes = 0; // offloaded: this GPU's optimizer state in host memory
};

// Throws GraphError when the setup cannot apply (checkpointing a graph without blocks).
MemoryEstimate estimateMemory(const ModelGraph& graph, const TrainingSetup& setup);
// How many memory simulations this process has run, every thread's: the cost of an estimate, which
// a test counts to show what does not re-estimate.
std::uint64_t memorySimulationsRun();

} // namespace torchrig::estimate
