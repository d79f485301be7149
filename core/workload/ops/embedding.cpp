// torch.nn.functional.embedding: rows of a table looked up by integer indices.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

namespace torchrig::ops {

namespace {

TensorInfo embeddingShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& indices = check.input(0);
    if (indices.dtype != DType::Int64 && indices.dtype != DType::Int32)
        check.fail("indices '" + indices.name + "' must be integers");
    check.paramCount(1, 1);
    const auto& weight = check.weight(2);
    auto shape = indices.shape;
    shape.push_back(weight.shape[1]);
    return ShapeCheck::output(shape, weight.dtype);
}

// Its backward scatters the output's gradient into the table's: nothing is kept but the indices,
// which the graph holds anyway.
void embeddingForward(ForwardMemory& m) {
    m.output.elementBytes = m.params[0].elementBytes;
    m.newOutput();
    m.paramGradients();
}

} // namespace

constinit const OpDescriptor kEmbedding = {
    .kind = OpKind::Embedding,
    .id = "embedding",
    .call = "torch.nn.functional.embedding",
    .attributes = {},
    .shape = embeddingShape,
    .cost = readsAndWrites,
    .forwardMemory = embeddingForward,
    .example =
        [] {
            return exampleModel("embedding", [](GraphBuilder& g) {
                return g.embedding("embed", g.input("tokens", {2, 4}, DType::Int64), 10, 6);
            });
        },
};

} // namespace torchrig::ops
