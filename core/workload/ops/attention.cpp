// Attention: torch.nn.functional.scaled_dot_product_attention and Llama's rotary position embedding.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

#include <algorithm>

namespace torchrig::ops {

namespace {

TensorInfo attentionShape(const ShapeCheck& check) {
    check.inputCount(3, 3);
    const auto& q = check.input(0);
    const auto& k = check.input(1);
    const auto& v = check.input(2);
    check.rank(q, 3);
    if (k.shape != v.shape && k.shape.size() == v.shape.size() &&
        k.shape[k.shape.size() - 2] != v.shape[v.shape.size() - 2])
        check.fail("key " + shapeToString(k.shape) + " and value " + shapeToString(v.shape) +
                   " differ in length");
    if (q.shape.back() != k.shape.back() || q.shape.size() != k.shape.size() ||
        !std::equal(q.shape.begin(), q.shape.end() - 2, k.shape.begin()))
        check.fail("query " + shapeToString(q.shape) + " and key " + shapeToString(k.shape) +
                   " do not match");
    auto shape = q.shape;
    shape.back() = v.shape.back();
    return ShapeCheck::output(shape, q.dtype);
}

OpCost attentionCost(const ModelGraph& graph, const Op& op, double elementBytes) {
    auto cost = readsAndWrites(graph, op, elementBytes);
    const auto& k = graph.tensor(op.inputs[1]).shape;
    const auto& q = graph.tensor(op.inputs[0]).shape; // [n, heads, s, d]
    cost.flops = 4.0 * static_cast<double>(numel(q)) * static_cast<double>(k[k.size() - 2]);
    cost.smallestDimension = static_cast<double>(std::min({q[q.size() - 2], q.back(), k[k.size() - 2]}));
    // The math path (attentionForward) passes over the scores: q @ k^T writes them, the scale reads
    // and writes, the causal mask reads and writes, softmax reads and writes, dropout reads, writes
    // and writes its mask, the copy to a batch of matrices reads and writes, @ v reads.
    const double scores =
        static_cast<double>(numel(q)) / static_cast<double>(q.back()) * static_cast<double>(k[k.size() - 2]);
    const bool causal = op.attributes.causal, dropout = op.attributes.p > 0;
    cost.unfusedBytes = scores * elementBytes * (8 + (causal ? 2 : 0) + (dropout ? 2.5 : 0));
    cost.unfusedKernels = 5 + (causal ? 1 : 0) + (dropout ? 1 : 0);
    if (op.attributes.causal)
        cost.flops /= 2;
    return cost;
}

// The fused kernels (flash, memory-efficient) keep the output and a log-sum-exp a row; PyTorch's
// math path (LibTorch 1.13, the worker) makes q @ k^T (operands copied to matrices), the scale,
// the causal mask, softmax, dropout, then @ v.
void attentionForward(ForwardMemory& m) {
    const auto& op = m.op();
    const auto& q = m.shapeOf(op.inputs[0]); // [n, heads, s, d]
    const auto& k = m.shapeOf(op.inputs[1]);
    const auto element = m.output.elementBytes;
    auto heads = q.size() >= 4 ? q[q.size() - 3] : 1;
    const auto batch = numel(q) / (q.back() * q[q.size() - 2] * heads);
    heads = m.localHeads(op.inputs[0], heads); // tensor parallel: this GPU's heads
    const auto scores = batch * heads * q[q.size() - 2] * k[k.size() - 2];
    const auto outBytes = m.outputCount() * element;
    for (std::size_t i = 0; i < 3; ++i)
        m.inputGradient(i, m.count(op.inputs[i]) * element);
    if (m.fusedAttention) {
        m.output.storage = m.alloc(outBytes);
        if (m.recording) {
            for (std::size_t i = 0; i < 3; ++i)
                m.save(m.inputs[i].storage);
            m.save(m.output.storage);
            m.keepForBackward(m.alloc(batch * heads * q[q.size() - 2] * 4)); // log-sum-exp
        }
        m.setBackwardTemporaries(batch * heads * q[q.size() - 2] * 4);
        return;
    }
    auto matrix = [&](std::size_t i) {
        return m.inputs[i].contiguous ? m.inputs[i].storage
                                      : m.allocUntilReturn(m.count(op.inputs[i]) * element);
    };
    const auto qm = matrix(0);
    const auto km = matrix(1);
    const auto scoreBytes = scores * element;
    const auto raw = m.alloc(scoreBytes);
    auto scaled = m.alloc(scoreBytes);
    m.release(raw);
    int mask = kNoStorage;
    if (op.attributes.causal) {
        const auto square = q[q.size() - 2] * k[k.size() - 2];
        m.transient(square); // ones, then triu
        mask = m.alloc(square);
        const auto filled = m.alloc(scoreBytes);
        m.release(scaled);
        scaled = filled;
    }
    const auto probs = m.alloc(scoreBytes);
    m.release(scaled);
    int noise = kNoStorage, dropped = probs;
    if (op.attributes.p > 0) {
        noise = m.alloc(m.cuda ? scores : scoreBytes);
        dropped = m.alloc(scoreBytes);
    }
    const auto vm = matrix(2);
    m.output.storage = m.alloc(outBytes);
    if (m.recording) {
        for (int s : {qm, km, mask, probs, noise, dropped, vm})
            if (s != kNoStorage && (s != dropped || dropped != probs))
                m.save(s);
        // The probabilities reach the second matmul as a batch of matrices: one more copy of the
        // scores' size lives until backward (measured on LibTorch 1.13, causal or not).
        m.keepForBackward(m.alloc(scoreBytes));
    }
    m.release(mask);
    m.release(noise);
    if (dropped != probs)
        m.release(dropped);
    m.release(probs);
    m.setBackwardTemporaries(scoreBytes); // the scores' gradient (measured)
}

// x * cos + rotate_half(x) * sin: cos and sin tables, the rotated copy, two products.
void rotaryForward(ForwardMemory& m) {
    const auto& shape = m.shapeOf(m.op().inputs[0]);
    const auto outBytes = m.outputBytes();
    const auto table = shape[shape.size() - 2] * shape.back() * m.output.elementBytes;
    const auto cosTable = m.alloc(table);
    const auto sinTable = m.alloc(table);
    const auto rotated = m.alloc(outBytes);
    m.transient(outBytes); // x * cos
    m.newOutput();
    if (m.recording) {
        m.save(cosTable);
        m.save(sinTable);
    }
    m.release(rotated);
    m.release(cosTable);
    m.release(sinTable);
    m.inputGradient(0, m.inputBytes(0));
    m.setBackwardTemporaries(3 *
                             outBytes); // sin's product and the two slices' zero-filled gradients (measured)
}

} // namespace

constinit const OpDescriptor kScaledDotProductAttention = {
    .kind = OpKind::ScaledDotProductAttention,
    .id = "scaled_dot_product_attention",
    .call = "torch.nn.functional.scaled_dot_product_attention",
    .attributes = {OpAttribute::Causal, OpAttribute::P},
    .shape = attentionShape,
    .autocast = AutocastRule::LowerPrecision,
    .kernel = KernelClass::Matrix,
    .inputGradientProducts = 2,
    .cost = attentionCost,
    .forwardMemory = attentionForward,
    .example =
        [] {
            return exampleModel("scaled_dot_product_attention", [](GraphBuilder& g) {
                auto x = trainedInput(g, {2, 2, 4, 8}); // [batch, heads, sequence, head width]
                return g.attention("attention", x, x, x, true, 0.1);
            });
        },
};

constinit const OpDescriptor kRotaryEmbedding = {
    .kind = OpKind::RotaryEmbedding,
    .id = "rotary_embedding",
    .call = "transformers' apply_rotary_pos_emb (LlamaRotaryEmbedding, base 10000)",
    .attributes = {},
    .shape = [](const ShapeCheck& check) { return check.sameAsInput(); },
    .cost = readsAndWrites,
    .kvCacheTracesThrough = true,
    .forwardMemory = rotaryForward,
    .example =
        [] {
            return exampleModel("rotary_embedding", [](GraphBuilder& g) {
                return g.rotaryEmbedding("rotary", trainedInput(g, {2, 2, 4, 8}));
            });
        },
};

} // namespace torchrig::ops
