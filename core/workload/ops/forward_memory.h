#pragma once
// What an op's memory rule is given when the estimator's step simulation runs the op's forward
// (estimate/step_simulation.h): the values it reads as the running step holds them, the storage to
// allocate from, and the plan of its backward to fill in. A rule says, in PyTorch's terms, what the
// forward allocates, what it keeps for backward (derivatives.yaml's saved variables), and what its
// backward makes; the simulation does the rest the same way for every op.

#include "workload/model_graph.h"

#include <cstdint>
#include <vector>

namespace torchrig::ops {

inline constexpr int kNoStorage = -1;

// Where an allocation's bytes are counted in the estimate's breakdown.
enum class Bytes { Activation, Temporary };

// The simulation's storages: reference-counted, as tensors share storage through views and
// autograd's saved variables. Implemented by the estimator's ledger.
class StorageLedger {
public:
    virtual ~StorageLedger() = default;
    virtual int alloc(std::int64_t bytes, Bytes kind) = 0;
    virtual void retain(int storage) = 0;
    virtual void release(int storage) = 0; // kNoStorage: nothing
};

// A tensor of the running step: its storage (shared by views), layout and element size.
struct Operand {
    int storage = kNoStorage;
    bool contiguous = true;
    std::int64_t elementBytes = 4;
    bool requiresGrad = false;
};

// What an op's backward does, decided when its forward runs.
struct BackwardPlan {
    bool runs = false;
    std::vector<int> saved; // storages held until the op's backward ran
    struct InputGrad {
        TensorId input;
        std::int64_t bytes; // 0: the output's gradient itself (or a view of it) flows on
    };
    std::vector<InputGrad> inputGrads;
    struct ParamGrad {
        TensorId param;
        std::int64_t lowPrecisionBytes; // autocast: the gradient of the weight's copy, then cast up
    };
    std::vector<ParamGrad> paramGrads;
    std::int64_t temporaryBytes = 0; // inside the backward kernels, at once with the new gradients
};

// One op's forward, as its memory rule sees it. The simulation fills the public fields before the
// rule runs and takes `output` and `backward` after it.
class ForwardMemory {
public:
    ForwardMemory(const ModelGraph& graph, const Op& op, StorageLedger& ledger, BackwardPlan& backward)
        : m_graph(graph)
        , m_op(op)
        , m_ledger(ledger)
        , m_backward(backward) {}

    const ModelGraph& graph() const { return m_graph; }
    const Op& op() const { return m_op; }
    const OpAttributes& attributes() const { return m_op.attributes; }
    const Shape& shapeOf(TensorId id) const { return m_graph.tensor(id).shape; }

    // --- what the simulation sets ---------------------------------------------------------------
    std::vector<Operand> inputs;       // as autocast casts them for this op
    std::vector<Operand> params;       // likewise (a cast parameter is autocast's cached copy)
    std::vector<Operand> storedParams; // the parameters as the model holds them
    Operand output;                    // its elementBytes and requiresGrad set; the rule gives it a storage
    bool recording = true;             // autograd records the op (not in no-grad, and some input needs one)
    bool cuda = false;
    bool fusedAttention = false; // the flash / memory-efficient kernels, not the math path
    bool float8 = false;         // a block's linear under Precision::Fp8: torch._scaled_mm of float8 casts
    const std::vector<bool>* split = nullptr; // tensor parallel: the tensors each GPU holds a part of
    int gpus = 1;
    std::vector<int> releasedAtEnd; // storages the op frees when it returns (its casts and copies)

    // --- sizes ------------------------------------------------------------------------------------
    // Elements of a tensor this GPU holds (a share of it under tensor parallel).
    std::int64_t count(TensorId id) const;
    std::int64_t outputCount() const { return count(m_op.outputs[0]); }
    std::int64_t outputBytes() const { return outputCount() * output.elementBytes; }
    std::int64_t inputBytes(std::size_t k) const { return count(m_op.inputs[k]) * inputs[k].elementBytes; }
    // Attention heads this GPU runs: a share of them when the input is split by tensor parallel.
    std::int64_t localHeads(TensorId input, std::int64_t heads) const;

    // --- the forward's allocations --------------------------------------------------------------
    int alloc(std::int64_t bytes, Bytes kind = Bytes::Activation) { return m_ledger.alloc(bytes, kind); }
    void release(int storage) { m_ledger.release(storage); }
    // Allocated and freed at once: a buffer that lives inside one kernel.
    void transient(std::int64_t bytes, Bytes kind = Bytes::Temporary);
    // Freed when the op returns.
    int allocUntilReturn(std::int64_t bytes, Bytes kind = Bytes::Activation);
    void newOutput() { output.storage = alloc(outputBytes()); }
    // The output is a view of the first input (or the input itself, modified in place).
    void aliasInput(bool contiguous);
    // A product reads its operands as matrices: a non-contiguous one is copied first, and the copy
    // is what backward keeps.
    int matrixOperand(std::size_t k);

    // --- what backward keeps and makes -----------------------------------------------------------
    void save(int storage); // kept until backward (kNoStorage: nothing)
    void saveInput(std::size_t k) { saveIfRecording(inputs[k].storage); }
    void saveOutput() { saveIfRecording(output.storage); }
    // A new tensor of `bytes` made for backward (a mask, statistics, indices), when recording.
    void saveNew(std::int64_t bytes);
    // A storage the rule allocated, handed to backward as it is (no second reference).
    void keepForBackward(int storage) { m_backward.saved.push_back(storage); }
    // Backward makes input k's gradient: `bytes` new (0: the output's gradient flows on as it is).
    void inputGradient(std::size_t k, std::int64_t bytes);
    // Backward makes each trained parameter's gradient (and its low-precision one first under autocast).
    void paramGradients();
    void setBackwardTemporaries(std::int64_t bytes) { m_backward.temporaryBytes = bytes; }
    void addBackwardTemporaries(std::int64_t bytes) { m_backward.temporaryBytes += bytes; }

private:
    void saveIfRecording(int storage) {
        if (recording)
            save(storage);
    }

    const ModelGraph& m_graph;
    const Op& m_op;
    StorageLedger& m_ledger;
    BackwardPlan& m_backward;
};

} // namespace torchrig::ops
