// torch.nn.functional.dropout in training: a random mask, kept for backward.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

namespace torchrig::ops {

namespace {

void dropoutForward(ForwardMemory& m) {
    if (m.attributes().p <= 0) { // the input itself
        m.aliasInput(m.inputs[0].contiguous);
        m.inputGradient(0, 0);
        return;
    }
    // CUDA's fused kernel keeps a bool mask; the CPU path a scaled noise tensor.
    m.newOutput();
    m.saveNew(m.cuda ? m.outputCount() : m.outputBytes());
    m.inputGradient(0, m.inputBytes(0));
}

// With p = 0 ATen returns the input untouched (_dropout_impl): no kernel, as the memory has none.
OpCost dropoutCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    return op.attributes.p <= 0 ? OpCost{} : readsAndWrites(graph, op, elementBytes);
}

} // namespace

constinit const OpDescriptor kDropout = {
    .kind = OpKind::Dropout,
    .id = "dropout",
    .call = "torch.nn.functional.dropout (training)",
    .attributes = {OpAttribute::P},
    .shape = [](const ShapeCheck& check) { return check.sameAsInput(); },
    .kernel = KernelClass::RandomMask,
    .cost = dropoutCost,
    .forwardMemory = dropoutForward,
    .example =
        [] {
            return exampleModel("dropout", [](GraphBuilder& g) {
                return g.dropout("dropout", trainedInput(g, {2, 3, 5}), 0.2);
            });
        },
};

} // namespace torchrig::ops
