// 2-D pooling: max_pool2d, avg_pool2d and adaptive_avg_pool2d.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

namespace torchrig::ops {

namespace {

TensorInfo windowShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& a = check.attributes();
    const auto& x = check.input(0);
    check.rank(x, 4, 4);
    auto shape = x.shape;
    for (int i = 0; i < 2; ++i) {
        shape[2 + i] = pooledSize(x.shape[2 + i], a.kernel[i], a.stride[i], a.padding[i], 1);
        if (shape[2 + i] < 1)
            check.fail("input " + shapeToString(x.shape) + " is too small for the window");
    }
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo adaptiveShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 4, 4);
    const auto& size = check.attributes().outputSize;
    return ShapeCheck::output({x.shape[0], x.shape[1], size[0], size[1]}, x.dtype);
}

void maxPoolForward(ForwardMemory& m) {
    m.newOutput();
    m.saveInput(0);
    m.saveNew(m.outputCount() * 8); // int64 indices
    m.inputGradient(0, m.inputBytes(0));
}

void avgPoolForward(ForwardMemory& m) {
    m.newOutput();
    m.saveInput(0);
    m.inputGradient(0, m.inputBytes(0));
}

// To 1x1 PyTorch takes the mean over height and width, which keeps nothing for backward.
void adaptiveAvgPoolForward(ForwardMemory& m) {
    m.newOutput();
    const auto& size = m.attributes().outputSize;
    if (size[0] != 1 || size[1] != 1)
        m.saveInput(0);
    m.inputGradient(0, m.inputBytes(0));
}

} // namespace

constinit const OpDescriptor kMaxPool2d = {
    .kind = OpKind::MaxPool2d,
    .id = "max_pool2d",
    .call = "torch.nn.functional.max_pool2d",
    .attributes = {OpAttribute::Kernel, OpAttribute::Stride, OpAttribute::Padding},
    .shape = windowShape,
    .cost = readsAndWrites,
    .forwardMemory = maxPoolForward,
    .example =
        [] {
            return exampleModel("max_pool2d", [](GraphBuilder& g) {
                return g.maxPool2d("pool", trainedInput(g, {2, 3, 8, 8}), 3, 2, 1);
            });
        },
};

constinit const OpDescriptor kAvgPool2d = {
    .kind = OpKind::AvgPool2d,
    .id = "avg_pool2d",
    .call = "torch.nn.functional.avg_pool2d",
    .attributes = {OpAttribute::Kernel, OpAttribute::Stride, OpAttribute::Padding},
    .shape = windowShape,
    .cost = readsAndWrites,
    .forwardMemory = avgPoolForward,
    .example =
        [] {
            return exampleModel("avg_pool2d", [](GraphBuilder& g) {
                return g.avgPool2d("pool", trainedInput(g, {2, 3, 8, 8}), 2, 2);
            });
        },
};

constinit const OpDescriptor kAdaptiveAvgPool2d = {
    .kind = OpKind::AdaptiveAvgPool2d,
    .id = "adaptive_avg_pool2d",
    .call = "torch.nn.functional.adaptive_avg_pool2d",
    .attributes = {OpAttribute::OutputSize},
    .shape = adaptiveShape,
    .cost = readsAndWrites,
    .forwardMemory = adaptiveAvgPoolForward,
    .example =
        [] {
            return exampleModel("adaptive_avg_pool2d", [](GraphBuilder& g) {
                return g.adaptiveAvgPool2d("pool", trainedInput(g, {2, 3, 8, 8}), 2, 2);
            });
        },
};

} // namespace torchrig::ops
