// What each op allocates in forward and keeps for backward, and what its backward makes: PyTorch's
// rules (tools/autograd/derivatives.yaml and the code generated from it), with what LibTorch was
// measured to do where the rules do not say (tests/accuracy holds them against the worker).

#include "estimate/step_simulation.h"

#include <algorithm>

namespace torchrig::estimate::detail {

void Simulation::save(Backward& b, int storage) {
    if (storage == kNone)
        return;
    m_ledger.retain(storage);
    b.saved.push_back(storage);
}

Value Simulation::castFor(TensorId id, std::int64_t elementBytes, std::vector<int>& temporaries) {
    Value v = value(id);
    if (!isFloatingPoint(m_graph.tensor(id).dtype) || v.elementBytes == elementBytes)
        return v;
    // Autocast caches the casts of leaf tensors that need a gradient: trained parameters.
    if (m_graph.tensor(id).role == TensorRole::Parameter && !m_graph.tensor(id).frozen) {
        auto cached = std::find_if(m_autocastCopies.begin(), m_autocastCopies.end(),
                                   [&](const auto& c) { return c.first == id; });
        if (cached != m_autocastCopies.end()) {
            v.storage = cached->second;
        } else {
            v.storage = m_ledger.alloc(bytesOf(id, elementBytes), MemoryCategory::Weights);
            m_autocastCache.push_back(v.storage);
            m_autocastCopies.emplace_back(id, v.storage);
        }
    } else {
        v.storage = m_ledger.alloc(bytesOf(id, elementBytes), m_graph.tensor(id).role == TensorRole::Parameter
                                                                  ? MemoryCategory::Weights
                                                                  : MemoryCategory::Activations);
        temporaries.push_back(v.storage);
    }
    v.elementBytes = elementBytes;
    v.contiguous = true;
    return v;
}

Simulation::AutocastPolicy Simulation::policy(OpKind kind) const {
    if (!m_autocast)
        return AutocastPolicy::Promote;
    switch (kind) {
    case OpKind::Conv2d:
    case OpKind::ConvTranspose2d:
    case OpKind::Linear:
    case OpKind::Matmul:
    case OpKind::ScaledDotProductAttention: return AutocastPolicy::Lower;
    case OpKind::CrossEntropy: return AutocastPolicy::Float32;
    case OpKind::Softmax:
    case OpKind::LogSoftmax:
    case OpKind::LayerNorm:
    case OpKind::Pow: return m_setup.cuda ? AutocastPolicy::Float32 : AutocastPolicy::Promote;
    default: return AutocastPolicy::Promote;
    }
}

void Simulation::forwardOp(std::size_t index, bool recording) {
    const auto& op = m_graph.ops()[index];
    const auto& a = op.attributes;
    auto& b = m_backward[index];
    b = Backward{};
    const TensorId out = op.outputs[0];
    const auto outCount = count(out);

    // The values this op reads, cast as autocast would.
    std::vector<int> castTemporaries;
    std::vector<Value> in;
    std::vector<Value> params;
    const auto rule = policy(op.kind);
    const std::int64_t castTo = rule == AutocastPolicy::Lower ? lowBytes() : 4;
    for (auto id : op.inputs)
        in.push_back(rule == AutocastPolicy::Promote ? value(id) : castFor(id, castTo, castTemporaries));
    for (auto id : op.params)
        params.push_back(rule == AutocastPolicy::Promote || m_graph.tensor(id).quantized4bit
                             ? value(id)
                             : castFor(id, castTo, castTemporaries));

    bool anyGrad = false;
    for (const auto& v : params)
        anyGrad = anyGrad || v.requiresGrad;
    for (const auto& v : in)
        anyGrad = anyGrad || v.requiresGrad;
    // An op none of whose inputs needs a gradient records nothing (no grad_fn).
    recording = recording && anyGrad;
    b.runs = recording;
    std::int64_t element = 4;
    if (rule == AutocastPolicy::Lower)
        element = lowBytes();
    else if (rule == AutocastPolicy::Float32)
        element = 4;
    else if (!in.empty()) {
        element = 0;
        for (std::size_t k = 0; k < in.size(); ++k)
            if (isFloatingPoint(m_graph.tensor(op.inputs[k]).dtype))
                element = std::max(element, in[k].elementBytes);
        if (element == 0)
            element = floatBytes(m_graph.tensor(out).dtype);
    }
    if (!isFloatingPoint(m_graph.tensor(out).dtype))
        element = dtypeSize(m_graph.tensor(out).dtype);
    if (op.kind == OpKind::Embedding)
        element = params[0].elementBytes;
    if (op.kind == OpKind::Float)
        element = 4;
    if (op.kind == OpKind::RmsNorm) // the weight (float32 under autocast) times the normalised input
        element = std::max(in[0].elementBytes, params[0].elementBytes);

    Value result;
    result.elementBytes = element;
    result.requiresGrad = anyGrad;
    const std::int64_t outBytes = outCount * element;
    auto newOutput = [&] {
        result.storage = m_ledger.alloc(outBytes, MemoryCategory::Activations);
    };
    auto aliasOf = [&](const Value& v, bool contiguous) {
        result.storage = v.storage;
        m_ledger.retain(v.storage);
        result.contiguous = contiguous;
    };
    auto gradFor = [&](std::size_t k, std::int64_t bytes) {
        if (in[k].requiresGrad)
            b.inputGrads.push_back({op.inputs[k], bytes});
    };
    auto inBytes = [&](std::size_t k) {
        return count(op.inputs[k]) * in[k].elementBytes;
    };
    auto paramGrads = [&] {
        for (std::size_t k = 0; k < op.params.size(); ++k) {
            auto master = value(op.params[k]);
            if (!master.requiresGrad)
                continue;
            b.paramGrads.push_back({op.params[k], params[k].elementBytes != master.elementBytes
                                                      ? count(op.params[k]) * params[k].elementBytes
                                                      : 0});
        }
    };
    auto saveIn = [&](std::size_t k) {
        if (recording)
            save(b, in[k].storage);
    };
    auto saveOut = [&] {
        if (recording)
            save(b, result.storage);
    };
    auto saveNew = [&](std::int64_t bytes, MemoryCategory category = MemoryCategory::Activations) {
        if (!recording || bytes <= 0)
            return;
        auto id = m_ledger.alloc(bytes, category);
        b.saved.push_back(id);
    };
    // A matmul reads its operands as matrices: a non-contiguous one is copied first, and the
    // copy is what backward keeps.
    auto matrixOperand = [&](std::size_t k) {
        if (in[k].contiguous)
            return in[k].storage;
        auto copy = m_ledger.alloc(inBytes(k), MemoryCategory::Activations);
        castTemporaries.push_back(copy);
        return copy;
    };

    switch (op.kind) {
    case OpKind::Conv2d:
    case OpKind::ConvTranspose2d:
    case OpKind::Linear: {
        int operand = op.kind == OpKind::Linear ? matrixOperand(0) : in[0].storage;
        // QLoRA: bitsandbytes dequantizes the 4-bit weight for the matmul, and again for the
        // input's gradient.
        int dequantized = kNone;
        if (!op.params.empty() && m_graph.tensor(op.params[0]).quantized4bit) {
            const auto weightBytes = count(op.params[0]) * in[0].elementBytes;
            dequantized = m_ledger.alloc(weightBytes, MemoryCategory::Temporaries);
            castTemporaries.push_back(dequantized);
            if (in[0].requiresGrad)
                b.temporaryBytes += weightBytes;
        }
        newOutput();
        // The input is kept for the weight's gradient: addmm and mm save it only when the
        // weight needs one (autograd's generated code guards each saved input), while the
        // convolution's backward keeps it whenever it runs.
        const bool weightTrained = !params.empty() && params[0].requiresGrad;
        if (recording && (op.kind != OpKind::Linear || weightTrained))
            save(b, operand);
        if (recording && in[0].requiresGrad && !params.empty() && dequantized == kNone &&
            params[0].storage != value(op.params[0]).storage)
            save(b, params[0].storage); // autocast's weight copy, for the input's gradient
        gradFor(0, inBytes(0));
        paramGrads();
        // On the CPU, oneDNN's convolution backward reorders the input and the output's
        // gradient into its blocked layout (measured: one of each, at once).
        if (op.kind != OpKind::Linear && !m_setup.cuda)
            b.temporaryBytes = inBytes(0) + outBytes;
        break;
    }
    case OpKind::Matmul: {
        int left = matrixOperand(0), right = matrixOperand(1);
        newOutput();
        if (recording) {
            save(b, left);
            save(b, right);
        }
        gradFor(0, inBytes(0));
        gradFor(1, inBytes(1));
        break;
    }
    case OpKind::BatchNorm2d: {
        newOutput();
        saveIn(0);
        const auto channels = m_graph.tensor(op.inputs[0]).shape[1];
        saveNew(channels * 4); // save_mean
        saveNew(channels * 4); // save_invstd
        gradFor(0, inBytes(0));
        paramGrads();
        break;
    }
    case OpKind::LayerNorm: {
        newOutput();
        saveIn(0);
        const auto rows = count(op.inputs[0]) / m_graph.tensor(op.inputs[0]).shape.back();
        saveNew(rows * 4); // mean
        saveNew(rows * 4); // rstd
        gradFor(0, inBytes(0));
        paramGrads();
        break;
    }
    case OpKind::RmsNorm: {
        // transformers LlamaRMSNorm, op by op: x.float(), x.pow(2).mean(-1), rsqrt, x * rstd,
        // .to(dtype), weight * x.
        const auto n = count(op.inputs[0]);
        const auto rows = n / m_graph.tensor(op.inputs[0]).shape.back();
        const bool upcast = in[0].elementBytes != 4;
        int x = in[0].storage;
        if (upcast)
            x = m_ledger.alloc(n * 4, MemoryCategory::Activations);
        m_ledger.transient(n * 4, MemoryCategory::Temporaries); // pow(2), read by mean
        auto rstd = m_ledger.alloc(rows * 4, MemoryCategory::Activations);
        auto normed = m_ledger.alloc(n * 4, MemoryCategory::Activations);
        int down = normed;
        if (upcast) {
            down = m_ledger.alloc(n * in[0].elementBytes, MemoryCategory::Activations);
        }
        newOutput();
        if (recording) {
            save(b, x); // pow and mul
            save(b, rstd);
            if (params[0].requiresGrad)
                save(b, down); // for the weight's gradient (mul saves each side for the other's)
            // One more input-sized tensor lives until backward in LibTorch's run of these ops
            // (measured on 1.13: embedding -> RMSNorm -> linear keeps it through the loss).
            saveNew(n * 4);
        }
        if (upcast)
            m_ledger.release(x);
        m_ledger.release(rstd);
        m_ledger.release(normed);
        if (upcast)
            m_ledger.release(down);
        gradFor(0, inBytes(0));
        paramGrads();
        if (params[0].requiresGrad)
            b.temporaryBytes = n * 4; // the weight's product before its sum over rows (measured)
        break;
    }
    case OpKind::Softmax:
    case OpKind::LogSoftmax:
    case OpKind::Tanh:
        newOutput();
        saveOut();
        gradFor(0, inBytes(0));
        break;
    case OpKind::CrossEntropy: {
        // log_softmax (saves its output) then nll_loss (saves the same, and a total weight).
        const auto n = count(op.inputs[0]);
        auto logProbs = m_ledger.alloc(n * in[0].elementBytes, MemoryCategory::Activations);
        newOutput();
        if (recording) {
            save(b, logProbs);
            saveNew(4);
        }
        m_ledger.release(logProbs);
        gradFor(0, inBytes(0));
        b.temporaryBytes = n * in[0].elementBytes; // nll_loss's gradient, read by log_softmax's
        break;
    }
    case OpKind::Gelu:
    case OpKind::Silu:
        newOutput();
        saveIn(0);
        gradFor(0, inBytes(0));
        break;
    case OpKind::Relu:
    case OpKind::Relu6:
        if (a.inplace && op.kind == OpKind::Relu6) {
            // hardtanh_ goes to clamp_, whose gradient reads the original input: autograd saves
            // a copy of it before the op overwrites it (measured: one input-sized tensor).
            saveNew(inBytes(0));
            aliasOf(in[0], true);
        } else if (a.inplace) {
            aliasOf(in[0], true);
            saveOut();
        } else {
            newOutput();
            if (op.kind == OpKind::Relu)
                saveOut();
            else
                saveIn(0);
        }
        gradFor(0, inBytes(0));
        break;
    case OpKind::Dropout:
        if (a.p <= 0) {
            aliasOf(in[0], in[0].contiguous);
            gradFor(0, 0);
            break;
        }
        // CUDA's fused kernel keeps a bool mask; the CPU path a scaled noise tensor.
        newOutput();
        saveNew(m_setup.cuda ? outCount : outCount * element);
        gradFor(0, inBytes(0));
        break;
    case OpKind::Embedding:
        newOutput();
        paramGrads();
        break;
    case OpKind::Add:
        newOutput();
        for (std::size_t k = 0; k < in.size(); ++k)
            gradFor(k, count(op.inputs[k]) == outCount ? 0 : inBytes(k));
        break;
    case OpKind::Mul:
        newOutput();
        if (in.size() == 2) {
            if (in[1].requiresGrad)
                saveIn(0);
            if (in[0].requiresGrad)
                saveIn(1);
            gradFor(0, inBytes(0));
            gradFor(1, inBytes(1));
            if (count(op.inputs[0]) != outCount || count(op.inputs[1]) != outCount)
                b.temporaryBytes = outBytes; // the product before it is summed to the smaller shape
        } else {
            gradFor(0, inBytes(0));
        }
        break;
    case OpKind::Pow:
        newOutput();
        saveIn(0);
        gradFor(0, inBytes(0));
        b.temporaryBytes = 2 * inBytes(0); // pow(x, e - 1) and e * it
        break;
    case OpKind::Cat:
        newOutput();
        for (std::size_t k = 0; k < in.size(); ++k)
            gradFor(k, 0);
        break;
    case OpKind::View:
    case OpKind::Flatten:
    case OpKind::Reshape:
        if (in[0].contiguous || op.kind == OpKind::View)
            aliasOf(in[0], true);
        else
            newOutput();
        gradFor(0, 0);
        break;
    case OpKind::Permute:
    case OpKind::Transpose:
        aliasOf(in[0], false);
        gradFor(0, 0);
        break;
    case OpKind::Expand:
        aliasOf(in[0], false);
        gradFor(0, count(op.inputs[0]) == outCount ? 0 : inBytes(0));
        break;
    case OpKind::Select:
    case OpKind::Slice:
        // A narrowed view; its backward writes the gradient into zeros of the input's size.
        aliasOf(in[0], a.dim == 0 && in[0].contiguous);
        gradFor(0, inBytes(0));
        break;
    case OpKind::Contiguous:
        if (in[0].contiguous)
            aliasOf(in[0], true);
        else
            newOutput();
        gradFor(0, 0);
        break;
    case OpKind::Float:
        if (in[0].elementBytes == 4)
            aliasOf(in[0], in[0].contiguous);
        else
            newOutput();
        gradFor(0, in[0].elementBytes == 4 ? 0 : inBytes(0));
        break;
    case OpKind::MaxPool2d:
        newOutput();
        saveIn(0);
        saveNew(outCount * 8); // int64 indices
        gradFor(0, inBytes(0));
        break;
    case OpKind::AdaptiveAvgPool2d:
        // To 1x1 PyTorch takes the mean over height and width, which keeps nothing for backward.
        newOutput();
        if (a.outputSize[0] != 1 || a.outputSize[1] != 1)
            saveIn(0);
        gradFor(0, inBytes(0));
        break;
    case OpKind::AvgPool2d:
        newOutput();
        saveIn(0);
        gradFor(0, inBytes(0));
        break;
    case OpKind::ScaledDotProductAttention:
        attentionForward(op, in, result, b, recording, castTemporaries);
        break;
    case OpKind::RotaryEmbedding: {
        // x * cos + rotate_half(x) * sin: cos and sin tables, the rotated copy, two products.
        const auto& shape = m_graph.tensor(op.inputs[0]).shape;
        const auto table = shape[shape.size() - 2] * shape.back() * element;
        auto cosTable = m_ledger.alloc(table, MemoryCategory::Activations);
        auto sinTable = m_ledger.alloc(table, MemoryCategory::Activations);
        auto rotated = m_ledger.alloc(outBytes, MemoryCategory::Activations);
        m_ledger.transient(outBytes, MemoryCategory::Temporaries); // x * cos
        newOutput();
        if (recording) {
            save(b, cosTable);
            save(b, sinTable);
        }
        m_ledger.release(rotated);
        m_ledger.release(cosTable);
        m_ledger.release(sinTable);
        gradFor(0, inBytes(0));
        // sin's product and the two slices' zero-filled gradients (measured)
        b.temporaryBytes = 3 * outBytes;
        break;
    }
    }
    for (auto id : castTemporaries)
        m_ledger.release(id);
    auto& target = value(out);
    target = result;
}

void Simulation::attentionForward(const Op& op, const std::vector<Value>& in, Value& result, Backward& b,
                                  bool recording, std::vector<int>& temporaries) {
    const auto& q = m_graph.tensor(op.inputs[0]).shape; // [n, heads, s, d]
    const auto& k = m_graph.tensor(op.inputs[1]).shape;
    const auto element = result.elementBytes;
    auto heads = q.size() >= 4 ? q[q.size() - 3] : 1;
    const auto batch = numel(q) / (q.back() * q[q.size() - 2] * heads);
    if (!m_split.empty() && m_split[static_cast<std::size_t>(op.inputs[0])])
        heads = (heads + m_gpus - 1) / m_gpus; // tensor parallel: this GPU's heads
    const auto scores = batch * heads * q[q.size() - 2] * k[k.size() - 2];
    const auto outBytes = count(op.outputs[0]) * element;
    for (std::size_t i = 0; i < 3; ++i)
        if (in[i].requiresGrad)
            b.inputGrads.push_back({op.inputs[i], count(op.inputs[i]) * element});
    if (m_fusedAttention) {
        result.storage = m_ledger.alloc(outBytes, MemoryCategory::Activations);
        if (recording) {
            for (std::size_t i = 0; i < 3; ++i)
                save(b, in[i].storage);
            save(b, result.storage);
            auto lse = m_ledger.alloc(batch * heads * q[q.size() - 2] * 4, MemoryCategory::Activations);
            b.saved.push_back(lse);
        }
        b.temporaryBytes = batch * heads * q[q.size() - 2] * 4;
        return;
    }
    // PyTorch's math path (LibTorch 1.13, the worker): q @ k^T (operands copied to matrices),
    // the scale, the causal mask, softmax, dropout, then @ v.
    auto matrix = [&](std::size_t i) {
        if (in[i].contiguous)
            return in[i].storage;
        auto copy = m_ledger.alloc(count(op.inputs[i]) * element, MemoryCategory::Activations);
        temporaries.push_back(copy);
        return copy;
    };
    auto qm = matrix(0), km = matrix(1);
    const auto scoreBytes = scores * element;
    auto raw = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
    auto scaled = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
    m_ledger.release(raw);
    int mask = kNone;
    if (op.attributes.causal) {
        const auto square = q[q.size() - 2] * k[k.size() - 2];
        m_ledger.transient(square, MemoryCategory::Temporaries); // ones, then triu
        mask = m_ledger.alloc(square, MemoryCategory::Activations);
        auto filled = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
        m_ledger.release(scaled);
        scaled = filled;
    }
    auto probs = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
    m_ledger.release(scaled);
    int noise = kNone, dropped = probs;
    if (op.attributes.p > 0) {
        noise = m_ledger.alloc(m_setup.cuda ? scores : scoreBytes, MemoryCategory::Activations);
        dropped = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
    }
    auto vm = matrix(2);
    result.storage = m_ledger.alloc(outBytes, MemoryCategory::Activations);
    if (recording) {
        for (int s : {qm, km, mask, probs, noise, dropped, vm})
            if (s != kNone && (s != dropped || dropped != probs))
                save(b, s);
        // The probabilities reach the second matmul as a batch of matrices: one more copy of
        // the scores' size lives until backward (measured on LibTorch 1.13, causal or not).
        b.saved.push_back(m_ledger.alloc(scoreBytes, MemoryCategory::Activations));
    }
    m_ledger.release(mask);
    m_ledger.release(noise);
    if (dropped != probs)
        m_ledger.release(dropped);
    m_ledger.release(probs);
    b.temporaryBytes = scoreBytes; // the scores' gradient (measured)
}

} // namespace torchrig::estimate::detail
