// The layers with a weight that multiply it with their input: linear, conv2d and conv_transpose2d.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

#include <algorithm>

namespace torchrig::ops {

namespace {

TensorInfo convolutionShape(const ShapeCheck& check) {
    const auto& a = check.attributes();
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 4, 4);
    check.paramCount(1, 2);
    const auto& weight = check.weight(4);
    const bool transposed = check.op().kind == OpKind::ConvTranspose2d;
    const auto outChannels = transposed ? weight.shape[1] * a.groups : weight.shape[0];
    const Shape expected = transposed ? Shape{x.shape[1], outChannels / a.groups, a.kernel[0], a.kernel[1]}
                                      : Shape{outChannels, x.shape[1] / a.groups, a.kernel[0], a.kernel[1]};
    if (x.shape[1] % a.groups != 0)
        check.fail("input channels " + std::to_string(x.shape[1]) + " are not divisible by groups " +
                   std::to_string(a.groups));
    check.param(0, expected, "weight");
    if (check.op().params.size() == 2)
        check.param(1, {outChannels}, "bias");
    Shape shape = {x.shape[0], outChannels, 0, 0};
    for (int i = 0; i < 2; ++i) {
        const auto size = x.shape[2 + i];
        shape[2 + i] = transposed ? (size - 1) * a.stride[i] - 2 * a.padding[i] +
                                        a.dilation[i] * (a.kernel[i] - 1) + a.outputPadding[i] + 1
                                  : pooledSize(size, a.kernel[i], a.stride[i], a.padding[i], a.dilation[i]);
        if (shape[2 + i] < 1)
            check.fail("input " + shapeToString(x.shape) + " is too small for the kernel");
    }
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo linearShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 1);
    check.paramCount(1, 2);
    const auto& weight = check.weight(2);
    check.param(0, {weight.shape[0], x.shape.back()}, "weight");
    if (check.op().params.size() == 2)
        check.param(1, {weight.shape[0]}, "bias");
    auto shape = x.shape;
    shape.back() = weight.shape[0];
    return ShapeCheck::output(shape, x.dtype);
}

OpCost conv2dCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    auto cost = readsAndWrites(graph, op, elementBytes);
    const auto& w = graph.tensor(op.params[0]).shape;    // [out, in / groups, kh, kw]
    const auto& out = graph.tensor(op.outputs[0]).shape; // [n, out, h, w]
    cost.flops = 2.0 * static_cast<double>(numel(out)) * static_cast<double>(w[1] * w[2] * w[3]);
    // A grouped (depthwise) convolution is no single matrix product: no narrow-product loss.
    if (op.attributes.groups <= 1)
        cost.smallestDimension = static_cast<double>(
            std::min({numel(out) / std::max<std::int64_t>(1, out[1]), w[0], w[1] * w[2] * w[3]}));
    return cost;
}

OpCost convTranspose2dCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    auto cost = readsAndWrites(graph, op, elementBytes);
    const auto& w = graph.tensor(op.params[0]).shape;  // [in, out / groups, kh, kw]
    const auto& in = graph.tensor(op.inputs[0]).shape; // [n, in, h, w]
    cost.flops = 2.0 * static_cast<double>(numel(in)) * static_cast<double>(w[1] * w[2] * w[3]);
    cost.smallestDimension = static_cast<double>(
        std::min({numel(in) / std::max<std::int64_t>(1, in[1]), w[0], w[1] * w[2] * w[3]}));
    return cost;
}

OpCost linearCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    auto cost = readsAndWrites(graph, op, elementBytes);
    const auto& w = graph.tensor(op.params[0]).shape; // [out, in]
    const auto& in = graph.tensor(op.inputs[0]).shape;
    cost.flops = 2.0 * static_cast<double>(numel(in)) * static_cast<double>(w[0]);
    cost.smallestDimension =
        static_cast<double>(std::min({numel(in) / std::max<std::int64_t>(1, in.back()), w[0], w[1]}));
    return cost;
}

// The input is kept for the weight's gradient: addmm and mm save it only when the weight needs one
// (autograd's generated code guards each saved input), while the convolution's backward keeps it
// whenever it runs.
void weightedForward(ForwardMemory& m, bool linear) {
    const auto& op = m.op();
    const int operand = linear ? m.matrixOperand(0) : m.inputs[0].storage;
    // QLoRA: bitsandbytes dequantizes the 4-bit weight for the matmul, and again for the input's
    // gradient.
    int dequantized = kNoStorage;
    if (!op.params.empty() && m.graph().tensor(op.params[0]).quantized4bit) {
        const auto weightBytes = m.count(op.params[0]) * m.inputs[0].elementBytes;
        dequantized = m.allocUntilReturn(weightBytes, Bytes::Temporary);
        if (m.inputs[0].requiresGrad)
            m.addBackwardTemporaries(weightBytes);
    }
    // Float8 (torchao, tensor-wise): the input and the weight cast to one byte an element for the
    // matmul, freed when it returns (the high-precision tensors are what autograd keeps); backward
    // casts the output's gradient, the input and the weight again.
    if (m.float8 && linear && !op.params.empty()) {
        m.allocUntilReturn(m.count(op.inputs[0]) + m.count(op.params[0]), Bytes::Temporary);
        if (m.recording)
            m.addBackwardTemporaries(m.outputCount() + m.count(op.inputs[0]) + m.count(op.params[0]));
    }
    m.newOutput();
    const bool weightTrained = !m.params.empty() && m.params[0].requiresGrad;
    if (m.recording && (!linear || weightTrained))
        m.save(operand);
    if (m.recording && m.inputs[0].requiresGrad && !m.params.empty() && dequantized == kNoStorage &&
        m.params[0].storage != m.storedParams[0].storage)
        m.save(m.params[0].storage); // autocast's weight copy, for the input's gradient
    m.inputGradient(0, m.inputBytes(0));
    m.paramGradients();
    // On the CPU, oneDNN's convolution backward reorders the input and the output's gradient into
    // its blocked layout (measured: one of each, at once).
    if (!linear && !m.cuda)
        m.setBackwardTemporaries(m.inputBytes(0) + m.outputBytes());
}

} // namespace

constinit const OpDescriptor kConv2d = {
    .kind = OpKind::Conv2d,
    .id = "conv2d",
    .call = "torch.nn.functional.conv2d",
    .attributes = {OpAttribute::Kernel, OpAttribute::Stride, OpAttribute::Padding, OpAttribute::Dilation,
                   OpAttribute::Groups},
    .shape = convolutionShape,
    .autocast = AutocastRule::LowerPrecision,
    .kernel = KernelClass::Convolution,
    .inputGradientProducts = 1,
    .parameterGradientProducts = 1,
    .cost = conv2dCost,
    .forwardMemory = [](ForwardMemory& m) { weightedForward(m, false); },
    .example =
        [] {
            return exampleModel("conv2d", [](GraphBuilder& g) {
                return g.conv2d("conv", trainedInput(g, {2, 3, 8, 8}), 4, 3, 2, 1);
            });
        },
};

constinit const OpDescriptor kConvTranspose2d = {
    .kind = OpKind::ConvTranspose2d,
    .id = "conv_transpose2d",
    .call = "torch.nn.functional.conv_transpose2d",
    .attributes = {OpAttribute::Kernel, OpAttribute::Stride, OpAttribute::Padding, OpAttribute::OutputPadding,
                   OpAttribute::Dilation, OpAttribute::Groups},
    .shape = convolutionShape,
    .autocast = AutocastRule::LowerPrecision,
    .kernel = KernelClass::Convolution,
    .inputGradientProducts = 1,
    .parameterGradientProducts = 1,
    .cost = convTranspose2dCost,
    .forwardMemory = [](ForwardMemory& m) { weightedForward(m, false); },
    .example =
        [] {
            return exampleModel("conv_transpose2d", [](GraphBuilder& g) {
                return g.convTranspose2d("up", trainedInput(g, {2, 4, 4, 4}), 3, 2, 2);
            });
        },
};

constinit const OpDescriptor kLinear = {
    .kind = OpKind::Linear,
    .id = "linear",
    .call = "torch.nn.functional.linear",
    .attributes = {},
    .shape = linearShape,
    .autocast = AutocastRule::LowerPrecision,
    .kernel = KernelClass::Matrix,
    .inputGradientProducts = 1,
    .parameterGradientProducts = 1,
    .cost = linearCost,
    .forwardMemory = [](ForwardMemory& m) { weightedForward(m, true); },
    .example =
        [] {
            return exampleModel("linear", [](GraphBuilder& g) {
                return g.linear("fc", trainedInput(g, {2, 3, 8}), 5);
            });
        },
};

} // namespace torchrig::ops
