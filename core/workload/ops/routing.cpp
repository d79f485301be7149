// A mixture of experts' routing, as transformers' sparse MoE blocks run it (MixtralSparseMoeBlock,
// Qwen2MoeSparseMoeBlock, DeepseekV2MoE): the router's probabilities cut to the top k
// (torch.topk), each expert's tokens gathered from the flattened hidden states
// (hidden_states[top_x], an index_select), and each expert's output added back at its tokens' rows
// (final_hidden_states.index_add_). Which tokens an expert receives is the graph's to say: the
// families route evenly (or with an imbalance) and the worker gathers the same rows, so that what
// is measured is what is estimated. Row i of an expert is row (start + i) modulo the rows there are.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

#include <algorithm>

namespace torchrig::ops {

namespace {

constexpr std::int64_t kIndexBytes = 8; // int64 indices

TensorInfo topKShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 1);
    const auto k = check.attributes().k;
    if (k < 1 || k > x.shape.back())
        check.fail("k = " + std::to_string(k) + " is not between 1 and the last dimension of " +
                   shapeToString(x.shape));
    auto shape = x.shape;
    shape.back() = k;
    return ShapeCheck::output(shape, x.dtype);
}

// Values and indices come out together; backward scatters the values' gradient into a zero tensor
// of the input's size at the indices it kept (derivatives.yaml: topk, value_selecting_reduction_backward).
void topKForward(ForwardMemory& m) {
    const auto indices = m.outputCount() * kIndexBytes;
    m.newOutput();
    if (m.recording)
        m.keepForBackward(m.alloc(indices));
    else
        m.allocUntilReturn(indices);
    m.inputGradient(0, m.inputBytes(0));
}

TensorInfo gatherRowsShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 1);
    const auto& a = check.attributes();
    if (a.rows < 1 || a.start < 0)
        check.fail("takes " + std::to_string(a.rows) + " rows from row " + std::to_string(a.start) +
                   ": both must be positive, at least one row");
    auto shape = x.shape;
    shape[0] = a.rows;
    return ShapeCheck::output(shape, x.dtype);
}

// The index is made first and kept for backward, which adds the gradient's rows into a zero tensor
// of the input's size (derivatives.yaml: index_select).
void gatherRowsForward(ForwardMemory& m) {
    const auto indexBytes = m.attributes().rows * kIndexBytes;
    const int index = m.recording ? m.alloc(indexBytes) : m.allocUntilReturn(indexBytes);
    m.newOutput();
    if (m.recording)
        m.keepForBackward(index);
    m.inputGradient(0, m.inputBytes(0));
}

TensorInfo indexAddRowsShape(const ShapeCheck& check) {
    check.inputCount(1, 2);
    const auto& a = check.attributes();
    const bool accumulates = check.op().inputs.size() == 2;
    const auto& source = check.input(accumulates ? 1 : 0);
    check.rank(source, 1);
    if (a.start < 0)
        check.fail("starts at row " + std::to_string(a.start) + ": it must not be negative");
    Shape shape = source.shape;
    if (accumulates) {
        const auto& into = check.input(0);
        if (into.shape.size() != source.shape.size() ||
            !std::equal(into.shape.begin() + 1, into.shape.end(), source.shape.begin() + 1))
            check.fail("cannot add rows of " + shapeToString(source.shape) + " into " +
                       shapeToString(into.shape));
        shape = into.shape;
    } else {
        if (a.rows < 1)
            check.fail("with one input it needs the rows it makes (rows ≥ 1), not " + std::to_string(a.rows));
        shape[0] = a.rows;
    }
    if (source.shape[0] > shape[0])
        check.fail(std::to_string(source.shape[0]) + " rows cannot go into " + std::to_string(shape[0]) +
                   " without two landing on one");
    return ShapeCheck::output(shape, source.dtype);
}

// The index is made first and kept, and the source too; backward passes the gradient on to what
// was added into and gathers the source's rows of it (derivatives.yaml: index_add). With one input
// the zeros are made first and the out-of-place index_add copies them: transformers adds into its
// zeros in place, the graph (and the worker, which runs the graph) out of place, one [rows, …]
// tensor for the moment of the copy.
void indexAddRowsForward(ForwardMemory& m) {
    const std::size_t source = m.op().inputs.size() - 1;
    const auto indexBytes = m.shapeOf(m.op().inputs[source])[0] * kIndexBytes;
    if (source == 0) // the zeros it adds into, which the out-of-place index_add copies
        m.allocUntilReturn(m.outputBytes());
    const int index = m.recording ? m.alloc(indexBytes) : m.allocUntilReturn(indexBytes);
    m.newOutput();
    if (m.recording)
        m.keepForBackward(index);
    // The source's gradient is grad.index_select(0, index).expand_as(source): autograd keeps the
    // source itself for that (measured: one expert output per expert and layer).
    m.saveInput(source);
    if (source == 1)
        m.inputGradient(0, 0);
    m.inputGradient(source, m.inputBytes(source));
}

// The kernels touch the rows they select or add, not the whole tensor they index (transformers adds
// into its zeros in place: the graph's out-of-place copy is the worker's, for memory, not a pass).
OpCost gatherRowsCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    OpCost cost;
    const auto& out = graph.tensor(op.outputs[0]).shape;
    cost.bytes =
        2 * static_cast<double>(numel(out)) * elementBytes + static_cast<double>(out[0] * kIndexBytes);
    return cost;
}

OpCost indexAddRowsCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    OpCost cost;
    const auto& source = graph.tensor(op.inputs.back()).shape;
    // Read the source's rows, read and write the rows they add into; the first expert's zeros too.
    cost.bytes =
        3 * static_cast<double>(numel(source)) * elementBytes + static_cast<double>(source[0] * kIndexBytes);
    if (op.inputs.size() == 1)
        cost.bytes += static_cast<double>(numel(graph.tensor(op.outputs[0]).shape)) * elementBytes;
    return cost;
}

} // namespace

constinit const OpDescriptor kTopK = {
    .kind = OpKind::TopK,
    .id = "topk",
    .call = "torch.topk(x, k, dim=-1).values",
    .attributes = {OpAttribute::K},
    .shape = topKShape,
    .cost = readsAndWrites,
    .forwardMemory = topKForward,
    .example =
        [] {
            return exampleModel("topk", [](GraphBuilder& g) {
                return g.topK("topk", trainedInput(g, {4, 6}), 2);
            });
        },
};

constinit const OpDescriptor kGatherRows = {
    .kind = OpKind::GatherRows,
    .id = "gather_rows",
    .call = "torch.index_select(x, 0, (start + arange(rows)) % x.size(0))",
    .attributes = {OpAttribute::Start, OpAttribute::Rows},
    .shape = gatherRowsShape,
    .cost = gatherRowsCost,
    .forwardMemory = gatherRowsForward,
    .example =
        [] {
            return exampleModel("gather_rows", [](GraphBuilder& g) {
                return g.gatherRows("gather", trainedInput(g, {6, 5}), 4, 3);
            });
        },
};

constinit const OpDescriptor kIndexAddRows = {
    .kind = OpKind::IndexAddRows,
    .id = "index_add_rows",
    .call = "torch.index_add(into, 0, (start + arange(len(source))) % into.size(0), source); with one "
            "input into zeros of `rows` rows",
    .attributes = {OpAttribute::Start, OpAttribute::Rows},
    .shape = indexAddRowsShape,
    .cost = indexAddRowsCost,
    .forwardMemory = indexAddRowsForward,
    .example =
        [] {
            return exampleModel("index_add_rows", [](GraphBuilder& g) {
                auto x = trainedInput(g, {6, 5});
                auto first = g.indexAddRows("first", std::nullopt, g.gatherRows("take", x, 4, 3), 4, 6);
                return g.indexAddRows("add", first, g.gatherRows("take2", x, 1, 2), 1);
            });
        },
};

} // namespace torchrig::ops
