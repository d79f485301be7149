#include "workload/shape_inference.h"

#include "workload/ops/op_descriptor.h"
#include "workload/ops/shape_check.h"

#include "util/saturating.h"

namespace torchrig {

namespace {
// The most elements one tensor has: the graph as a whole is refused past 2^56 bytes when it is
// estimated (estimate/memory_estimate.cpp); this stops a shape rule from reading a count that
// wrapped before it gets there.
constexpr std::int64_t kMaxTensorElements = std::int64_t{1} << 56;
} // namespace

TensorInfo inferOutput(const ModelGraph& graph, const Op& op) {
    const ops::ShapeCheck check(graph, op);
    const auto* descriptor = ops::findOpDescriptor(op.kind);
    if (descriptor == nullptr || descriptor->shape == nullptr)
        check.fail("has no shape rule");
    auto out = descriptor->shape(check);
    // A batch x sequence x vocabulary beyond int64 wrapped to a tensor of "[0, 16777216]" that the
    // next reshape took for a size; far below that, its bytes summed over a step's tensors would.
    const auto elements = checkedProduct(out.shape);
    if (!elements || *elements > kMaxTensorElements)
        check.fail("its output " + shapeToString(out.shape) +
                   " has more elements than TorchRig estimates (2^56), far beyond any machine; lower the "
                   "batch, the sequence or the image size");
    out.name = op.name;
    out.role = TensorRole::Activation;
    return out;
}

} // namespace torchrig
