#pragma once
// A graph's checkpointable blocks as runs of ops: where each starts and ends, the activations it
// reads from before it, and which of its results are read after it. Activation checkpointing (the
// worker's and the estimator's) runs a block as one piece.

#include "workload/model_graph.h"

#include <cstddef>
#include <vector>

namespace torchrig {

struct BlockSpan {
    std::size_t begin = 0, end = 0; // ops [begin, end)
    std::vector<TensorId> inputs;   // activations made before the block and read in it
    std::vector<TensorId> outputs;  // made in the block and read after it (or the loss)
};

// By block index. Throws GraphError when the graph marks no blocks, or a block's ops are not
// contiguous, with what to do about it.
std::vector<BlockSpan> blockSpans(const ModelGraph& graph);

} // namespace torchrig
