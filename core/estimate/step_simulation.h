#pragma once
// The engine of the allocated-memory estimate (memory_estimate.h): one training step (or
// inference's forward) played op by op on a ledger of storages. step_simulation.cpp schedules the
// step: micro-batches, checkpointed blocks, backward; parallel_step.cpp holds what ZeRO-3, FSDP and
// pipeline stages change, optimizer_step.cpp the optimizers' state and update; op_forward.cpp runs
// one op: autocast's casts around the op's own rule of what it allocates and keeps for backward
// (its descriptor's, workload/ops/: PyTorch's rules, tools/autograd/derivatives.yaml, as measured).
// Internal to core/estimate.

#include "estimate/memory_estimate.h"
#include "estimate/memory_ledger.h"
#include "workload/block_spans.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_descriptor.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace torchrig::estimate::detail {

constexpr int kNone = kNoStorage;
static_assert(kNoStorage == ops::kNoStorage, "op rules and the ledger mean the same by no storage");
constexpr std::int64_t kCublasWorkspaceBytes = 65LL << 20;

// One tensor of the running step, and what an op's backward does (decided when its forward runs):
// the terms op rules speak in (workload/ops/forward_memory.h).
using Value = ops::Operand;
using Backward = ops::BackwardPlan;

// The ledger as op rules see it: their allocations are activations or temporaries.
class OpLedger final : public ops::StorageLedger {
public:
    explicit OpLedger(MemoryLedger& ledger)
        : m_ledger(ledger) {}
    int alloc(std::int64_t bytes, ops::Bytes kind) override {
        return m_ledger.alloc(bytes, kind == ops::Bytes::Activation ? MemoryCategory::Activations
                                                                    : MemoryCategory::Temporaries);
    }
    void retain(int storage) override { m_ledger.retain(storage); }
    void release(int storage) override { m_ledger.release(storage); }

private:
    MemoryLedger& m_ledger;
};

// The ops one GPU runs: all of them, or a pipeline stage's.
struct StageRange {
    std::size_t begin = 0, end = 0;
    int stage = -1;                 // -1: no pipeline
    std::int64_t inFlightBytes = 0; // the other micro-batches' saved activations, held meanwhile
};

class Simulation {
public:
    Simulation(const ModelGraph& graph, const TrainingSetup& setup, StageRange range = {});

    MemoryEstimate run();
    // A pipeline stage's saved activations from one micro-batch's forward (run on a fresh simulation).
    std::int64_t savedByOneForward();

private:
    std::int64_t floatBytes(DType dtype) const;
    std::int64_t lowBytes() const { return 2; }
    std::int64_t count(TensorId id) const;
    std::int64_t bytesOf(TensorId id, std::int64_t elementBytes) const { return count(id) * elementBytes; }
    const Value& value(TensorId id) const { return m_values[static_cast<std::size_t>(id)]; }
    Value& value(TensorId id) { return m_values[static_cast<std::size_t>(id)]; }

    void createPersistent(MemoryEstimate& result);

    std::int64_t shardOf(std::int64_t bytes) const { return (bytes + m_gpus - 1) / m_gpus; }

    bool producedBefore(TensorId id) const;
    // What this stage sends on: made here, read by a later stage.
    std::vector<TensorId> sentOn() const;

    // --- Zero3 / FSDP: a block's parameters gathered while it runs ------------------------------
    std::int64_t fullBytes(const std::vector<TensorId>& params) const;
    void gather(int block);
    void reshard(int block);
    // The block backward visits after this one: the one before it in the forward order.
    int blockBefore(int block) const;

    // --- one training step, as the worker (and a Python loop) runs it --------------------------
    void step(bool first);

    void forward();

    void releaseInputs(std::size_t opIndex);

    // --- activation checkpointing --------------------------------------------------------------
    // A block and, while its forward has run and its backward not, the inputs it keeps.
    struct Span : BlockSpan {
        std::vector<int> saved;
    };

    void findBlocks();

    // The block runs without recording (no saved tensors); its inputs are what the checkpoint keeps.
    std::size_t checkpointedForward(Span& span);

    // Runs a span's ops, freeing what the span makes after its last reader inside the span.
    void runSpan(const Span& span, bool recording);

    void releaseOuterInputs(const Span& span, std::size_t k);

    // Backward reaches the checkpoint: recompute the block from its saved inputs with recording,
    // backpropagate through it, free what it made.
    void checkpointedBackward(Span& span);

    // --- one op's forward (op_forward.cpp) --------------------------------------------------------
    // Autocast's cast of a floating value to another element size: a new tensor (kept in autocast's
    // cache for the whole forward when it is a parameter), or the value itself.
    Value castFor(TensorId id, std::int64_t elementBytes, std::vector<int>& temporaries);

    enum class AutocastPolicy { Lower, Float32, Promote };
    AutocastPolicy policy(ops::AutocastRule rule) const;
    // Before the op's own rule: autocast's type, else the widest floating input's.
    std::int64_t outputElementBytes(const Op& op, AutocastPolicy rule, const std::vector<Value>& in) const;

    void forwardOp(std::size_t index, bool recording);
    // An in-place op on a tensor autograd needs, refused as PyTorch would refuse it (op_forward.cpp).
    void refuseInvalidInPlace(std::size_t index, const Op& op, const Value& input) const;

    // --- backward --------------------------------------------------------------------------------
    void backward();

    void accumulate(TensorId id, int incoming, MemoryCategory category);

    void backwardOp(std::size_t index);

    // --- the optimizer step (PyTorch 2.x torch.optim, bitsandbytes, lion-pytorch) ----------------
    // The state each optimizer keeps for one parameter of `bytes` (in the parameter's dtype, or
    // float32 beside fp32 master weights): momentum buffers, Adam's moments, Adafactor's factored
    // second moment, 8-bit Adam's quantized moments with their block constants.
    std::vector<std::int64_t> stateFor(TensorId p, std::int64_t bytes) const;

    void optimizerStep(bool first);

    const ModelGraph& m_graph;
    TrainingSetup m_setup;
    MemoryLedger m_ledger;
    OpLedger m_opLedger{m_ledger};
    std::vector<Value> m_values;
    std::vector<int> m_grads;
    std::vector<int> m_lastUse;
    std::vector<int> m_producer; // the op that makes each tensor (-1: persistent)
    std::vector<Backward> m_backward;
    std::vector<TensorId> m_params;
    std::vector<int> m_state;
    std::vector<Span> m_spans;
    std::vector<int> m_autocastCache;
    std::vector<std::pair<TensorId, int>> m_autocastCopies;
    int m_gpus = 1;
    bool m_shardState = false, m_shardGrads = false, m_shardParams = false;
    std::vector<bool> m_gradInPlace;
    std::vector<int> m_pendingGrad; // contributions summed in autograd's input buffer
    std::vector<int> m_received, m_uses;
    StageRange m_range;
    std::int64_t m_offloadedStateBytes = 0;
    std::vector<bool> m_split;                   // tensor parallel: the tensors each GPU holds 1/gpus of
    std::vector<bool> m_inRange;                 // tensors the range's ops read
    std::vector<TensorId> m_receivedActivations; // a pipeline stage's inputs from the stage before
    std::vector<std::vector<TensorId>> m_blockParams;
    std::vector<TensorId> m_rootParams;
    std::vector<int> m_gathered;
    bool m_fusedAttention = false;
    bool m_autocast = false;
    OptimizerImpl m_impl = OptimizerImpl::SingleTensor;
};

} // namespace torchrig::estimate::detail
