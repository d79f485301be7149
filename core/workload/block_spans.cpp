#include "workload/block_spans.h"

#include <algorithm>

namespace torchrig {

std::vector<BlockSpan> blockSpans(const ModelGraph& graph) {
    const auto& ops = graph.ops();
    std::vector<BlockSpan> spans(graph.blocks().size());
    if (spans.empty())
        throw GraphError(TORCHRIG_MESSAGE("model",
                                          "model '%1' marks no blocks, so there is nothing to "
                                          "checkpoint; ask for checkpointing \"none\", or mark blocks "
                                          "on its ops (\"block\" in a model file)")
                             .arg(graph.name()));
    std::vector<int> producer(graph.tensors().size(), -1); // the op that makes each activation
    std::vector<int> lastUse(graph.tensors().size(), -1);  // the last op that reads it
    for (std::size_t i = 0; i < ops.size(); ++i) {
        producer[static_cast<std::size_t>(ops[i].outputs[0])] = static_cast<int>(i);
        for (auto id : ops[i].inputs)
            lastUse[static_cast<std::size_t>(id)] = static_cast<int>(i);
    }
    std::vector<bool> seen(spans.size(), false);
    for (std::size_t i = 0; i < ops.size();) {
        const int block = ops[i].block;
        if (block < 0) {
            ++i;
            continue;
        }
        auto& span = spans[static_cast<std::size_t>(block)];
        if (seen[static_cast<std::size_t>(block)])
            throw GraphError(TORCHRIG_MESSAGE("model",
                                              "block '%1': its ops are not contiguous, so it cannot be "
                                              "checkpointed as one piece")
                                 .arg(graph.blocks()[static_cast<std::size_t>(block)]));
        seen[static_cast<std::size_t>(block)] = true;
        span.begin = i;
        while (i < ops.size() && ops[i].block == block)
            ++i;
        span.end = i;
        auto inside = [&](TensorId id) {
            auto made = producer[static_cast<std::size_t>(id)];
            return made >= static_cast<int>(span.begin) && made < static_cast<int>(span.end);
        };
        for (std::size_t k = span.begin; k < span.end; ++k) {
            for (auto id : ops[k].inputs) {
                if (graph.tensor(id).role == TensorRole::Activation && !inside(id) &&
                    std::find(span.inputs.begin(), span.inputs.end(), id) == span.inputs.end())
                    span.inputs.push_back(id);
            }
            auto out = ops[k].outputs[0];
            if (lastUse[static_cast<std::size_t>(out)] >= static_cast<int>(span.end) || out == graph.loss())
                span.outputs.push_back(out);
        }
    }
    return spans;
}

} // namespace torchrig
