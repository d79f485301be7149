#pragma once

#include "workload/model_graph.h"

namespace torchrig {

// The output an op produces from its inputs, by its kind's shape rule (PyTorch's, in the kind's
// descriptor: workload/ops/op_descriptor.h); throws GraphError naming the op and the shapes that
// disagree. Also checks the op's parameters and buffers.
TensorInfo inferOutput(const ModelGraph& graph, const Op& op);

} // namespace torchrig
