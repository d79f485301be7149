// Activations and the softmaxes: one input, an output of its shape, and what the gradient formula
// reads (derivatives.yaml): the input (gelu, silu, relu6) or the output (relu, tanh, sigmoid,
// softmax).

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

namespace torchrig::ops {

namespace {

TensorInfo softmaxShape(const ShapeCheck& check) {
    auto out = check.sameAsInput();
    check.normalizeDim(check.attributes().dim, out.shape.size());
    return out;
}

TensorInfo unaryShape(const ShapeCheck& check) {
    return check.sameAsInput();
}

void savesInput(ForwardMemory& m) {
    m.newOutput();
    m.saveInput(0);
    m.inputGradient(0, m.inputBytes(0));
}

void savesOutput(ForwardMemory& m) {
    m.newOutput();
    m.saveOutput();
    m.inputGradient(0, m.inputBytes(0));
}

void reluForward(ForwardMemory& m) {
    const bool six = m.op().kind == OpKind::Relu6;
    if (m.attributes().inplace && six) {
        // hardtanh_ goes to clamp_, whose gradient reads the original input: autograd saves a copy
        // of it before the op overwrites it (measured: one input-sized tensor).
        m.saveNew(m.inputBytes(0));
        m.aliasInput(true);
    } else if (m.attributes().inplace) {
        m.aliasInput(true);
        m.saveOutput();
    } else {
        m.newOutput();
        if (six)
            m.saveInput(0);
        else
            m.saveOutput();
    }
    m.inputGradient(0, m.inputBytes(0));
}

ModelGraph unaryExample(std::string_view id, TensorId (*apply)(GraphBuilder&, TensorId)) {
    return exampleModel(id, [apply](GraphBuilder& g) { return apply(g, trainedInput(g, {2, 3, 5})); });
}

} // namespace

constinit const OpDescriptor kGelu = {
    .kind = OpKind::Gelu,
    .id = "gelu",
    .call = "torch.nn.functional.gelu",
    .attributes = {OpAttribute::Approximate},
    .shape = unaryShape,
    .cost = readsAndWrites,
    .forwardMemory = savesInput,
    .example =
        [] {
            return unaryExample("gelu", [](GraphBuilder& g, TensorId x) { return g.gelu("gelu", x, true); });
        },
};

constinit const OpDescriptor kSilu = {
    .kind = OpKind::Silu,
    .id = "silu",
    .call = "torch.nn.functional.silu",
    .attributes = {},
    .shape = unaryShape,
    .cost = readsAndWrites,
    .forwardMemory = savesInput,
    .example =
        [] { return unaryExample("silu", [](GraphBuilder& g, TensorId x) { return g.silu("silu", x); }); },
};

constinit const OpDescriptor kRelu = {
    .kind = OpKind::Relu,
    .id = "relu",
    .call = "torch.relu / torch.relu_",
    .attributes = {OpAttribute::Inplace},
    .shape = unaryShape,
    .cost = readsAndWrites,
    .forwardMemory = reluForward,
    .example =
        [] {
            return unaryExample("relu", [](GraphBuilder& g, TensorId x) { return g.relu("relu", x, true); });
        },
};

constinit const OpDescriptor kRelu6 = {
    .kind = OpKind::Relu6,
    .id = "relu6",
    .call = "torch.nn.functional.hardtanh(x, 0, 6) / hardtanh_",
    .attributes = {OpAttribute::Inplace},
    .shape = unaryShape,
    .cost = readsAndWrites,
    .forwardMemory = reluForward,
    .example =
        [] {
            return unaryExample("relu6",
                                [](GraphBuilder& g, TensorId x) { return g.relu6("relu6", x, true); });
        },
};

constinit const OpDescriptor kTanh = {
    .kind = OpKind::Tanh,
    .id = "tanh",
    .call = "torch.tanh",
    .attributes = {},
    .shape = unaryShape,
    .cost = readsAndWrites,
    .forwardMemory = savesOutput,
    .example =
        [] { return unaryExample("tanh", [](GraphBuilder& g, TensorId x) { return g.tanh("tanh", x); }); },
};

constinit const OpDescriptor kSigmoid = {
    .kind = OpKind::Sigmoid,
    .id = "sigmoid",
    .call = "torch.sigmoid",
    .attributes = {},
    .shape = unaryShape,
    .cost = readsAndWrites,
    .forwardMemory = savesOutput,
    .example =
        [] {
            return unaryExample("sigmoid",
                                [](GraphBuilder& g, TensorId x) { return g.sigmoid("sigmoid", x); });
        },
};

constinit const OpDescriptor kSoftmax = {
    .kind = OpKind::Softmax,
    .id = "softmax",
    .call = "torch.softmax",
    .attributes = {OpAttribute::Dim},
    .shape = softmaxShape,
    .autocast = AutocastRule::Float32OnCuda,
    .cost = readsAndWrites,
    .forwardMemory = savesOutput,
    .example =
        [] {
            return unaryExample("softmax",
                                [](GraphBuilder& g, TensorId x) { return g.softmax("softmax", x, -1); });
        },
};

constinit const OpDescriptor kLogSoftmax = {
    .kind = OpKind::LogSoftmax,
    .id = "log_softmax",
    .call = "torch.log_softmax",
    .attributes = {OpAttribute::Dim},
    .shape = softmaxShape,
    .autocast = AutocastRule::Float32OnCuda,
    .cost = readsAndWrites,
    .forwardMemory = savesOutput,
    .example =
        [] {
            return unaryExample(
                "log_softmax", [](GraphBuilder& g, TensorId x) { return g.logSoftmax("log_softmax", x, 1); });
        },
};

} // namespace torchrig::ops
