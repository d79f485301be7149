// Elementwise arithmetic: add and mul (two broadcast tensors, or a tensor and a number), pow by a
// number, and x.float().

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

namespace torchrig::ops {

namespace {

// One input: with the number in `scalar`.
TensorInfo binaryShape(const ShapeCheck& check) {
    check.inputCount(1, 2);
    const auto& x = check.input(0);
    return ShapeCheck::output(
        check.op().inputs.size() == 2 ? check.broadcast(x.shape, check.input(1).shape) : x.shape, x.dtype);
}

// A broadcast input's gradient is the output's summed to its shape: a new tensor.
void addForward(ForwardMemory& m) {
    m.newOutput();
    for (std::size_t k = 0; k < m.inputs.size(); ++k)
        m.inputGradient(k, m.count(m.op().inputs[k]) == m.outputCount() ? 0 : m.inputBytes(k));
}

// Each side's gradient reads the other side.
void mulForward(ForwardMemory& m) {
    m.newOutput();
    if (m.inputs.size() != 2) {
        m.inputGradient(0, m.inputBytes(0));
        return;
    }
    if (m.inputs[1].requiresGrad)
        m.saveInput(0);
    if (m.inputs[0].requiresGrad)
        m.saveInput(1);
    m.inputGradient(0, m.inputBytes(0));
    m.inputGradient(1, m.inputBytes(1));
    const auto& inputs = m.op().inputs;
    if (m.count(inputs[0]) != m.outputCount() || m.count(inputs[1]) != m.outputCount())
        m.setBackwardTemporaries(m.outputBytes()); // the product before it is summed to the smaller shape
}

void powForward(ForwardMemory& m) {
    m.newOutput();
    m.saveInput(0);
    m.inputGradient(0, m.inputBytes(0));
    m.setBackwardTemporaries(2 * m.inputBytes(0)); // pow(x, e - 1) and e * it
}

// A float32 copy, or the input itself when it is float32 already.
void floatForward(ForwardMemory& m) {
    m.output.elementBytes = 4;
    const bool already = m.inputs[0].elementBytes == 4;
    if (already)
        m.aliasInput(m.inputs[0].contiguous);
    else
        m.newOutput();
    m.inputGradient(0, already ? 0 : m.inputBytes(0));
}

ModelGraph binaryExample(std::string_view id,
                         TensorId (GraphBuilder::*apply)(const std::string&, TensorId, TensorId)) {
    return exampleModel(id, [apply, id](GraphBuilder& g) {
        auto x = trainedInput(g, {2, 3, 4});
        auto row = g.parameter("row", {4}); // broadcast along the first two dimensions
        return (g.*apply)(std::string(id), x, row);
    });
}

} // namespace

constinit const OpDescriptor kAdd = {
    .kind = OpKind::Add,
    .id = "add",
    .call = "torch.add (a + b, or a + scalar)",
    .attributes = {OpAttribute::Scalar},
    .shape = binaryShape,
    .cost = readsAndWrites,
    .forwardMemory = addForward,
    .example = [] { return binaryExample("add", &GraphBuilder::add); },
};

constinit const OpDescriptor kMul = {
    .kind = OpKind::Mul,
    .id = "mul",
    .call = "torch.mul (a * b, or a * scalar)",
    .attributes = {OpAttribute::Scalar},
    .shape = binaryShape,
    .cost = readsAndWrites,
    .forwardMemory = mulForward,
    .example = [] { return binaryExample("mul", &GraphBuilder::mul); },
};

constinit const OpDescriptor kPow = {
    .kind = OpKind::Pow,
    .id = "pow",
    .call = "torch.pow(x, scalar)",
    .attributes = {OpAttribute::Scalar},
    .shape = [](const ShapeCheck& check) { return check.sameAsInput(); },
    .autocast = AutocastRule::Float32OnCuda,
    .cost = readsAndWrites,
    .forwardMemory = powForward,
    .example =
        [] {
            return exampleModel("pow", [](GraphBuilder& g) {
                return g.pow("cube", trainedInput(g, {2, 3, 4}), 3.0);
            });
        },
};

constinit const OpDescriptor kFloat = {
    .kind = OpKind::Float,
    .id = "float",
    .call = "Tensor.float()",
    .attributes = {},
    .shape =
        [](const ShapeCheck& check) {
            check.inputCount(1, 1);
            return ShapeCheck::output(check.input(0).shape, DType::Float32);
        },
    .cost = readsAndWrites,
    .forwardMemory = floatForward,
    .example =
        [] {
            return exampleModel("float", [](GraphBuilder& g) {
                return g.toFloat("upcast", trainedInput(g, {2, 3}));
            });
        },
};

} // namespace torchrig::ops
