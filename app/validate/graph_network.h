#pragma once
// The model graph as a LibTorch computation: each op is the ATen call PyTorch's module makes, on
// parameters created with the graph's shapes, so the network is exactly the graph (no hidden
// copies, attention as the graph says). Includes LibTorch: only app/validate may include this.

#include "workload/model_graph.h"

#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

namespace torchrig::validate {

class GraphNetwork {
public:
    GraphNetwork(const ModelGraph& graph, at::Device device, std::uint64_t seed);

    // Runs the graph on its synthetic batch (made once, kept like a loaded batch) and returns the loss.
    at::Tensor forward();
    std::vector<at::Tensor>& parameters() { return m_parameters; }
    std::int64_t parameterCount() const;

private:
    at::Tensor runOp(const Op& op);
    const at::Tensor& value(TensorId id) const;

    const ModelGraph& m_graph;
    at::Device m_device;
    std::vector<at::Tensor> m_persistent; // parameters, buffers, inputs, targets by TensorId
    std::vector<at::Tensor> m_values;     // activations of the running forward
    std::vector<int> m_lastUse;           // op index after which an activation is no longer needed
    std::vector<at::Tensor> m_parameters;
};

} // namespace torchrig::validate
