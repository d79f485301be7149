#include "graph_network.h"

#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <cmath>

namespace torchrig::validate {

namespace {

at::ScalarType scalarType(DType dtype) {
    switch (dtype) {
    case DType::Float32: return at::kFloat;
    case DType::Float16: return at::kHalf;
    case DType::BFloat16: return at::kBFloat16;
    case DType::Int64: return at::kLong;
    case DType::Int32: return at::kInt;
    case DType::Bool: return at::kBool;
    }
    return at::kFloat;
}

std::vector<std::int64_t> pair(const std::int64_t (&values)[2]) {
    return {values[0], values[1]};
}

// What an integer input may hold: below the smallest table an embedding looks it up in, or the
// number of classes a loss compares it with.
std::int64_t integerRange(const ModelGraph& graph, TensorId id) {
    std::int64_t range = 0;
    std::vector<TensorId> reach = {id}; // the tensor and views of it
    for (const auto& op : graph.ops()) {
        bool fromReach =
            !op.inputs.empty() && std::find(reach.begin(), reach.end(), op.inputs.back()) != reach.end();
        if (!fromReach)
            continue;
        auto limit = [&](std::int64_t n) {
            range = range == 0 ? n : std::min(range, n);
        };
        if (op.kind == OpKind::Embedding)
            limit(graph.tensor(op.params[0]).shape[0]);
        else if (op.kind == OpKind::CrossEntropy)
            limit(graph.tensor(op.inputs[0]).shape[1]);
        else if (op.kind == OpKind::Slice || op.kind == OpKind::View || op.kind == OpKind::Reshape ||
                 op.kind == OpKind::Contiguous)
            reach.push_back(op.outputs[0]);
    }
    return range > 0 ? range : 2;
}

at::Tensor rotateHalf(const at::Tensor& x) {
    auto half = x.size(-1) / 2;
    return at::cat({-x.slice(-1, half), x.slice(-1, 0, half)}, -1);
}

} // namespace

GraphNetwork::GraphNetwork(const ModelGraph& graph, at::Device device, std::uint64_t seed)
    : m_graph(graph)
    , m_device(device) {
    torch::manual_seed(seed);
    const auto& tensors = graph.tensors();
    m_persistent.resize(tensors.size());
    m_values.resize(tensors.size());
    m_lastUse.assign(tensors.size(), -1);
    for (std::size_t i = 0; i < graph.ops().size(); ++i) {
        for (auto id : graph.ops()[i].inputs)
            m_lastUse[static_cast<std::size_t>(id)] = static_cast<int>(i);
    }
    auto options = [&](DType dtype) {
        return at::TensorOptions().dtype(scalarType(dtype)).device(device);
    };
    for (std::size_t id = 0; id < tensors.size(); ++id) {
        const auto& t = tensors[id];
        at::Tensor value;
        switch (t.role) {
        case TensorRole::Parameter: {
            at::NoGradGuard noGrad;
            bool isNormOrBias = t.shape.size() == 1;
            bool isNormWeight =
                isNormOrBias && t.name.size() > 7 && t.name.compare(t.name.size() - 7, 7, ".weight") == 0;
            value = isNormWeight   ? at::ones(t.shape, options(t.dtype))
                    : isNormOrBias ? at::zeros(t.shape, options(t.dtype))
                                   : at::randn(t.shape, options(t.dtype)) * 0.02;
            value.requires_grad_(true);
            m_parameters.push_back(value);
            break;
        }
        case TensorRole::Buffer:
            if (isFloatingPoint(t.dtype))
                value = t.name.find("running_var") != std::string::npos
                            ? at::ones(t.shape, options(t.dtype))
                            : at::zeros(t.shape, options(t.dtype));
            else // position ids, step counters
                value = t.shape.empty() ? at::zeros({}, options(t.dtype))
                                        : at::arange(numel(t.shape), options(t.dtype)).view(t.shape);
            break;
        case TensorRole::Input:
        case TensorRole::Target:
            value = isFloatingPoint(t.dtype) ? at::randn(t.shape, options(t.dtype))
                                             : at::randint(integerRange(graph, static_cast<TensorId>(id)),
                                                           t.shape, options(t.dtype));
            break;
        case TensorRole::Activation: break;
        }
        m_persistent[id] = value;
    }
}

std::int64_t GraphNetwork::parameterCount() const {
    std::int64_t count = 0;
    for (const auto& p : m_parameters)
        count += p.numel();
    return count;
}

const at::Tensor& GraphNetwork::value(TensorId id) const {
    const auto& persistent = m_persistent[static_cast<std::size_t>(id)];
    return persistent.defined() ? persistent : m_values[static_cast<std::size_t>(id)];
}

at::Tensor GraphNetwork::forward() {
    const auto& ops = m_graph.ops();
    for (std::size_t i = 0; i < ops.size(); ++i) {
        const auto& op = ops[i];
        m_values[static_cast<std::size_t>(op.outputs[0])] = runOp(op);
        // Free each activation after its last reader, as eager PyTorch does when the module's
        // local variable goes; autograd keeps what backward needs.
        for (auto id : op.inputs) {
            if (m_lastUse[static_cast<std::size_t>(id)] == static_cast<int>(i))
                m_values[static_cast<std::size_t>(id)].reset();
        }
    }
    auto loss = m_values[static_cast<std::size_t>(m_graph.loss())];
    for (auto& v : m_values)
        v.reset();
    return loss;
}

at::Tensor GraphNetwork::runOp(const Op& op) {
    const auto& a = op.attributes;
    auto in = [&](std::size_t i) -> const at::Tensor& {
        return value(op.inputs[i]);
    };
    auto param = [&](std::size_t i) -> at::Tensor {
        return i < op.params.size() ? value(op.params[i]) : at::Tensor();
    };
    switch (op.kind) {
    case OpKind::Conv2d:
        return at::conv2d(in(0), param(0), param(1), pair(a.stride), pair(a.padding), pair(a.dilation),
                          a.groups);
    case OpKind::ConvTranspose2d:
        return at::conv_transpose2d(in(0), param(0), param(1), pair(a.stride), pair(a.padding),
                                    pair(a.outputPadding), a.groups, pair(a.dilation));
    case OpKind::BatchNorm2d: {
        {
            at::NoGradGuard noGrad;
            value(op.buffers[2]).add_(1); // num_batches_tracked, as nn.BatchNorm2d counts in training
        }
        return at::batch_norm(in(0), param(0), param(1), value(op.buffers[0]), value(op.buffers[1]), true,
                              0.1, a.eps, true);
    }
    case OpKind::LayerNorm: return at::layer_norm(in(0), {in(0).size(-1)}, param(0), param(1), a.eps);
    case OpKind::RmsNorm: {
        // transformers LlamaRMSNorm: in float32, then back to the input's dtype, then the weight.
        auto x = in(0).to(at::kFloat);
        auto variance = x.pow(2).mean(-1, true);
        x = x * at::rsqrt(variance + a.eps);
        return param(0) * x.to(in(0).scalar_type());
    }
    case OpKind::Linear: return at::linear(in(0), param(0), param(1));
    case OpKind::Matmul: return at::matmul(in(0), in(1));
    case OpKind::Softmax: return at::softmax(in(0), a.dim);
    case OpKind::LogSoftmax: return at::log_softmax(in(0), a.dim);
    case OpKind::CrossEntropy:
        return at::cross_entropy_loss(in(0), in(1), {}, at::Reduction::Mean, a.ignoreIndex, 0.0);
    case OpKind::Gelu: return at::gelu(in(0), a.tanhApproximation ? "tanh" : "none");
    case OpKind::Silu: return at::silu(in(0));
    case OpKind::Relu:
        return a.inplace ? at::relu_(m_values[static_cast<std::size_t>(op.inputs[0])]) : at::relu(in(0));
    case OpKind::Relu6:
        return a.inplace ? at::hardtanh_(m_values[static_cast<std::size_t>(op.inputs[0])], 0, 6)
                         : at::hardtanh(in(0), 0, 6);
    case OpKind::Tanh: return at::tanh(in(0));
    case OpKind::Dropout: return at::dropout(in(0), a.p, true);
    case OpKind::Embedding: return at::embedding(param(0), in(0));
    case OpKind::Add: return in(0) + in(1);
    case OpKind::Mul: return op.inputs.size() == 2 ? in(0) * in(1) : in(0) * a.scalar;
    case OpKind::Cat: {
        std::vector<at::Tensor> parts;
        for (std::size_t i = 0; i < op.inputs.size(); ++i)
            parts.push_back(in(i));
        return at::cat(parts, a.dim);
    }
    case OpKind::View: return in(0).view(a.dims);
    case OpKind::Reshape: return in(0).reshape(a.dims);
    case OpKind::Permute: return in(0).permute(a.dims);
    case OpKind::Transpose: return in(0).transpose(a.dim, a.dim2);
    case OpKind::Contiguous: return in(0).contiguous();
    case OpKind::Flatten: return in(0).flatten(a.dim, a.dim2);
    case OpKind::Expand: return in(0).expand(a.dims);
    case OpKind::Select: return in(0).select(a.dim, a.index);
    case OpKind::Slice: return in(0).slice(a.dim, a.start, a.end);
    case OpKind::MaxPool2d: return at::max_pool2d(in(0), pair(a.kernel), pair(a.stride), pair(a.padding));
    case OpKind::AvgPool2d: return at::avg_pool2d(in(0), pair(a.kernel), pair(a.stride), pair(a.padding));
    case OpKind::AdaptiveAvgPool2d: return at::adaptive_avg_pool2d(in(0), pair(a.outputSize));
    case OpKind::ScaledDotProductAttention: {
#if TORCH_VERSION_MAJOR >= 2
        return at::scaled_dot_product_attention(in(0), in(1), in(2), {}, a.p, a.causal);
#else
        // LibTorch 1.13 has no public fused kernel: PyTorch 2.x's math path, op for op.
        const auto& q = in(0);
        auto scores =
            at::matmul(q, in(1).transpose(-2, -1)) * (1.0 / std::sqrt(static_cast<double>(q.size(-1))));
        if (a.causal) {
            auto mask = at::ones({q.size(-2), in(1).size(-2)}, q.options().dtype(at::kBool)).triu(1);
            scores = scores.masked_fill(mask, -std::numeric_limits<double>::infinity());
        }
        auto probs = at::softmax(scores, -1);
        if (a.p > 0)
            probs = at::dropout(probs, a.p, true);
        return at::matmul(probs, in(2));
#endif
    }
    case OpKind::RotaryEmbedding: {
        // transformers LlamaRotaryEmbedding with base 10000, positions 0..S-1.
        const auto& x = in(0);
        auto dim = x.size(-1);
        auto seq = x.size(-2);
        at::NoGradGuard noGrad;
        auto invFreq = 1.0 / at::pow(10000.0, at::arange(0, dim, 2, x.options().dtype(at::kFloat)) /
                                                  static_cast<double>(dim));
        auto freqs = at::outer(at::arange(seq, x.options().dtype(at::kFloat)), invFreq);
        auto emb = at::cat({freqs, freqs}, -1);
        auto cos = emb.cos().to(x.scalar_type());
        auto sin = emb.sin().to(x.scalar_type());
        at::AutoGradMode enable(true);
        return x * cos + rotateHalf(x) * sin;
    }
    }
    throw GraphError("op '" + op.name + "': the worker has no implementation of " +
                     std::string(opKindId(op.kind)));
}

} // namespace torchrig::validate
