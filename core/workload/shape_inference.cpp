#include "workload/shape_inference.h"

#include "workload/ops/op_descriptor.h"
#include "workload/ops/shape_check.h"

namespace torchrig {

TensorInfo inferOutput(const ModelGraph& graph, const Op& op) {
    const ops::ShapeCheck check(graph, op);
    const auto* descriptor = ops::findOpDescriptor(op.kind);
    if (descriptor == nullptr || descriptor->shape == nullptr)
        check.fail("has no shape rule");
    auto out = descriptor->shape(check);
    out.name = op.name;
    out.role = TensorRole::Activation;
    return out;
}

} // namespace torchrig
