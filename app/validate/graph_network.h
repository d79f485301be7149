#pragma once
// The model graph as a LibTorch computation: each op is the ATen call PyTorch's module makes, on
// parameters created with the graph's shapes, so the network is exactly the graph (no hidden
// copies, attention as the graph says). Includes LibTorch: only app/validate may include this.

#include "workload/block_spans.h"
#include "workload/model_graph.h"

#include <ATen/ATen.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace torchrig::validate {

// torch.autocast's state for one device, so that a checkpointed block's recomputation in backward
// runs under the autocast its forward ran under, as torch.utils.checkpoint replays it.
struct AutocastState {
    bool enabled = false;
    at::DeviceType device = at::kCPU;
    at::ScalarType dtype = at::kBFloat16;
};

// Enters torch.autocast(device, dtype) for its lifetime (or until exit()); on leaving the outermost
// scope autocast's cache of low-precision weight copies is cleared, as Python's context manager does.
class AutocastScope {
public:
    explicit AutocastScope(const AutocastState& state);
    ~AutocastScope() { exit(); }
    void exit();
    AutocastScope(const AutocastScope&) = delete;
    AutocastScope& operator=(const AutocastScope&) = delete;

private:
    AutocastState m_state;
};

class GraphNetwork {
public:
    // floatingType: every floating-point parameter, buffer and input in this type instead of the
    // graph's (pure bf16 training: model.to(torch.bfloat16) and the batch with it).
    GraphNetwork(const ModelGraph& graph, at::Device device, std::uint64_t seed,
                 std::optional<at::ScalarType> floatingType = std::nullopt);

    // Runs the graph on its synthetic batch (made once, kept like a loaded batch) and returns the loss.
    // Runs the ops before `end` (all of them by default) and returns the loss, or an undefined
    // tensor when the loss is not reached (generation's prefill stops before the head).
    at::Tensor forward(std::size_t end = static_cast<std::size_t>(-1));
    // Activation checkpointing per block, as torch.utils.checkpoint(use_reentrant=True) does it (the
    // Hugging Face default): a block's forward keeps only its inputs; backward recomputes the block
    // under the forward's autocast state and backpropagates through it. Throws GraphError when the
    // graph marks no blocks, or a block's ops are not contiguous.
    void enableCheckpointing(const AutocastState& autocast);
    // Runs one block's ops on the given inputs (its activations from outside the block) and returns
    // its outputs; used by the checkpointed forward and its recomputation.
    std::vector<at::Tensor> runBlock(int block, const std::vector<at::Tensor>& inputs);
    const AutocastState& autocast() const { return m_autocast; }
    std::vector<at::Tensor>& parameters() { return m_parameters; }
    const std::vector<at::Tensor>& buffers() const { return m_buffers; } // running statistics, position ids
    std::int64_t parameterCount() const;                                 // frozen ones included

private:
    at::Tensor runOp(const Op& op);
    void releaseAfter(std::size_t opIndex); // activations whose last reader is this op
    const at::Tensor& value(TensorId id) const;

    const ModelGraph& m_graph;
    at::Device m_device;
    std::vector<at::Tensor> m_persistent; // parameters, buffers, inputs, targets by TensorId
    std::vector<at::Tensor> m_values;     // activations of the running forward
    std::vector<int> m_lastUse;           // op index after which an activation is no longer needed
    std::vector<at::Tensor> m_parameters; // the trained ones
    std::vector<at::Tensor> m_buffers;
    std::int64_t m_parameterCount = 0; // all, frozen ones too
    std::vector<BlockSpan> m_blocks;   // by block index, when checkpointing
    AutocastState m_autocast;
};

} // namespace torchrig::validate
