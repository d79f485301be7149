// torch.matmul between two activations (attention's products when written out, a graph's own).

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

#include <algorithm>

namespace torchrig::ops {

namespace {

TensorInfo matmulShape(const ShapeCheck& check) {
    check.inputCount(2, 2);
    const auto& x = check.input(0);
    const auto& y = check.input(1);
    check.rank(x, 2);
    check.rank(y, 2);
    if (x.shape.back() != y.shape[y.shape.size() - 2])
        check.fail("inner sizes differ: " + shapeToString(x.shape) + " @ " + shapeToString(y.shape));
    Shape batchX(x.shape.begin(), x.shape.end() - 2);
    Shape batchY(y.shape.begin(), y.shape.end() - 2);
    auto shape = check.broadcast(batchX, batchY);
    shape.push_back(x.shape[x.shape.size() - 2]);
    shape.push_back(y.shape.back());
    return ShapeCheck::output(shape, x.dtype);
}

OpCost matmulCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    auto cost = readsAndWrites(graph, op, elementBytes);
    const auto& a = graph.tensor(op.inputs[0]).shape; // [..., m, k] (or [k])
    const auto& out = graph.tensor(op.outputs[0]).shape;
    cost.flops = 2.0 * static_cast<double>(numel(out)) * static_cast<double>(a.back());
    const std::int64_t m = a.size() >= 2 ? a[a.size() - 2] : 1;
    const std::int64_t n = graph.tensor(op.inputs[1]).shape.size() >= 2 ? out.back() : 1;
    cost.smallestDimension = static_cast<double>(std::min({m, a.back(), n}));
    return cost;
}

void matmulForward(ForwardMemory& m) {
    const int left = m.matrixOperand(0);
    const int right = m.matrixOperand(1);
    m.newOutput();
    if (m.recording) {
        m.save(left);
        m.save(right);
    }
    m.inputGradient(0, m.inputBytes(0));
    m.inputGradient(1, m.inputBytes(1));
}

} // namespace

constinit const OpDescriptor kMatmul = {
    .kind = OpKind::Matmul,
    .id = "matmul",
    .call = "torch.matmul",
    .attributes = {},
    .shape = matmulShape,
    .autocast = AutocastRule::LowerPrecision,
    .kernel = KernelClass::Matrix,
    .inputGradientProducts = 2,
    .cost = matmulCost,
    .forwardMemory = matmulForward,
    .example =
        [] {
            return exampleModel("matmul", [](GraphBuilder& g) {
                auto x = trainedInput(g, {2, 3, 4});
                return g.matmul("product", x, g.transpose("x_t", x, 1, 2));
            });
        },
};

} // namespace torchrig::ops
