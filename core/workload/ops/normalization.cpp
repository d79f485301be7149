// Normalizations: batch_norm (training mode), layer_norm over the last dimension, and Llama's RMSNorm.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

#include <algorithm>

namespace torchrig::ops {

namespace {

TensorInfo batchNormShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 2);
    check.paramCount(2, 2);
    check.param(0, {x.shape[1]}, "weight");
    check.param(1, {x.shape[1]}, "bias");
    if (check.op().buffers.size() != 3)
        check.fail("needs running_mean, running_var and num_batches_tracked buffers");
    check.buffer(0, {x.shape[1]}, "running_mean");
    check.buffer(1, {x.shape[1]}, "running_var");
    check.buffer(2, {}, "num_batches_tracked");
    return ShapeCheck::output(x.shape, x.dtype);
}

// Over the last dimension; layer_norm takes a weight and an optional bias, RMSNorm a weight.
TensorInfo lastDimensionNormShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    check.rank(x, 1);
    const auto width = x.shape.back();
    const bool layer = check.op().kind == OpKind::LayerNorm;
    check.paramCount(1, layer ? 2 : 1);
    check.param(0, {width}, "weight");
    if (check.op().params.size() == 2)
        check.param(1, {width}, "bias");
    return ShapeCheck::output(x.shape, x.dtype);
}

// The normalized input and two float32 statistics per `statistics` elements (batch norm: per
// channel, save_mean and save_invstd; layer norm: per row, mean and rstd).
void savesInputAndStatistics(ForwardMemory& m, std::int64_t statistics) {
    m.newOutput();
    m.saveInput(0);
    m.saveNew(statistics * 4);
    m.saveNew(statistics * 4);
    m.inputGradient(0, m.inputBytes(0));
    m.paramGradients();
}

// transformers LlamaRMSNorm, op by op: x.float(), x.pow(2).mean(-1), rsqrt, x * rstd, .to(dtype),
// weight * x.
void rmsNormForward(ForwardMemory& m) {
    // the weight (float32 under autocast) times the normalised input
    m.output.elementBytes = std::max(m.inputs[0].elementBytes, m.params[0].elementBytes);
    const auto& op = m.op();
    const auto n = m.count(op.inputs[0]);
    const auto rows = n / m.shapeOf(op.inputs[0]).back();
    const bool upcast = m.inputs[0].elementBytes != 4;
    int x = m.inputs[0].storage;
    if (upcast)
        x = m.alloc(n * 4);
    m.transient(n * 4); // pow(2), read by mean
    const auto rstd = m.alloc(rows * 4);
    const auto normed = m.alloc(n * 4);
    int down = normed;
    if (upcast)
        down = m.alloc(n * m.inputs[0].elementBytes);
    m.newOutput();
    if (m.recording) {
        m.save(x); // pow and mul
        m.save(rstd);
        if (m.params[0].requiresGrad)
            m.save(down); // for the weight's gradient (mul saves each side for the other's)
        // One more input-sized tensor lives until backward in LibTorch's run of these ops
        // (measured on 1.13: embedding -> RMSNorm -> linear keeps it through the loss).
        m.saveNew(n * 4);
    }
    if (upcast)
        m.release(x);
    m.release(rstd);
    m.release(normed);
    if (upcast)
        m.release(down);
    m.inputGradient(0, m.inputBytes(0));
    m.paramGradients();
    if (m.params[0].requiresGrad)
        m.setBackwardTemporaries(n * 4); // the weight's product before its sum over rows (measured)
}

} // namespace

constinit const OpDescriptor kBatchNorm2d = {
    .kind = OpKind::BatchNorm2d,
    .id = "batch_norm",
    .call = "torch.nn.functional.batch_norm (training)",
    .attributes = {OpAttribute::Eps},
    .shape = batchNormShape,
    .cost = readsAndWrites,
    .forwardMemory = [](ForwardMemory& m) { savesInputAndStatistics(m, m.shapeOf(m.op().inputs[0])[1]); },
    .example =
        [] {
            return exampleModel("batch_norm", [](GraphBuilder& g) {
                return g.batchNorm2d("bn", trainedInput(g, {2, 3, 4, 4}));
            });
        },
};

constinit const OpDescriptor kLayerNorm = {
    .kind = OpKind::LayerNorm,
    .id = "layer_norm",
    .call = "torch.nn.functional.layer_norm",
    .attributes = {OpAttribute::Eps},
    .shape = lastDimensionNormShape,
    .autocast = AutocastRule::Float32OnCuda,
    .cost = readsAndWrites,
    .forwardMemory =
        [](ForwardMemory& m) {
            const auto x = m.op().inputs[0];
            savesInputAndStatistics(m, m.count(x) / m.shapeOf(x).back());
        },
    .example =
        [] {
            return exampleModel("layer_norm", [](GraphBuilder& g) {
                return g.layerNorm("ln", trainedInput(g, {2, 4, 8}));
            });
        },
};

constinit const OpDescriptor kRmsNorm = {
    .kind = OpKind::RmsNorm,
    .id = "rms_norm",
    .call = "transformers' LlamaRMSNorm",
    .attributes = {OpAttribute::Eps},
    .shape = lastDimensionNormShape,
    .cost = readsAndWrites,
    .forwardMemory = rmsNormForward,
    .example =
        [] {
            return exampleModel("rms_norm", [](GraphBuilder& g) {
                return g.rmsNorm("norm", trainedInput(g, {2, 4, 8}), 1e-6);
            });
        },
};

} // namespace torchrig::ops
