// torch.nn.functional.cross_entropy: log_softmax, then nll_loss, averaged over the batch.

#include "workload/graph_builder.h"
#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/shape_check.h"

namespace torchrig::ops {

namespace {

TensorInfo crossEntropyShape(const ShapeCheck& check) {
    check.inputCount(2, 2);
    const auto& logits = check.input(0);
    const auto& target = check.input(1);
    check.rank(logits, 2);
    Shape expected = logits.shape;
    expected.erase(expected.begin() + 1);
    if (target.shape != expected)
        check.fail("target '" + target.name + "' is " + shapeToString(target.shape) + " but logits " +
                   shapeToString(logits.shape) + " need " + shapeToString(expected));
    if (target.dtype != DType::Int64)
        check.fail("target '" + target.name + "' must hold int64 class indices");
    return ShapeCheck::output({}, logits.dtype);
}

// log_softmax (saves its output) then nll_loss (saves the same, and a total weight).
void crossEntropyForward(ForwardMemory& m) {
    const auto n = m.count(m.op().inputs[0]);
    const auto logProbs = m.alloc(n * m.inputs[0].elementBytes);
    m.newOutput();
    if (m.recording) {
        m.save(logProbs);
        m.saveNew(4);
    }
    m.release(logProbs);
    m.inputGradient(0, m.inputBytes(0));
    m.setBackwardTemporaries(n * m.inputs[0].elementBytes); // nll_loss's gradient, read by log_softmax's
}

} // namespace

constinit const OpDescriptor kCrossEntropy = {
    .kind = OpKind::CrossEntropy,
    .id = "cross_entropy",
    .call = "torch.nn.functional.cross_entropy",
    .attributes = {OpAttribute::IgnoreIndex},
    .shape = crossEntropyShape,
    .autocast = AutocastRule::Float32,
    .cost = readsAndWrites,
    .forwardMemory = crossEntropyForward,
    .example =
        [] { // a per-position loss over a sequence: logits [N, C, S], targets [N, S]
            GraphBuilder g("example cross_entropy", "TorchRig's check of one op kind");
            auto logits = g.permute("as_classes", g.linear("head", g.input("x", {2, 4, 6}), 3), {0, 2, 1});
            g.crossEntropy("loss", logits, g.target("labels", {2, 4}));
            return g.finish();
        },
};

} // namespace torchrig::ops
