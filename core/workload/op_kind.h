#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace torchrig {

// The operations a model graph is made of. Each maps to one PyTorch call and is described whole by
// its descriptor (workload/ops/op_descriptor.h): its id, attributes, shape rule, what it allocates
// and keeps for backward (PyTorch's rules, tools/autograd/derivatives.yaml), its cost.
enum class OpKind {
    Conv2d,
    ConvTranspose2d,
    BatchNorm2d,
    LayerNorm,
    RmsNorm,
    Linear,
    Matmul,
    Softmax,
    LogSoftmax,
    CrossEntropy,
    Gelu,
    Silu,
    Relu,
    Relu6,
    Tanh,
    Dropout,
    Embedding,
    Add,
    Mul,
    Cat,
    View,
    Reshape,
    Permute,
    Transpose,
    Contiguous,
    Flatten,
    Expand,
    Select,
    Slice,
    MaxPool2d,
    AvgPool2d,
    AdaptiveAvgPool2d,
    ScaledDotProductAttention,
    RotaryEmbedding,
    Float, // x.float(): a float32 copy, or x itself when it is float32 already
    Pow,   // torch.pow(x, scalar)
    Sigmoid,
    // A mixture of experts' routing (workload/ops/routing.cpp): the router's top k, the rows of the
    // tokens one expert receives, and its output added back at those rows.
    TopK,
    GatherRows,
    IndexAddRows,
    // Not an op: the number of kinds. Keep it last; the registry and its tests count up to it.
    KindCount,
};
inline constexpr std::size_t kOpKindCount = static_cast<std::size_t>(OpKind::KindCount);

// From the kind's descriptor (workload/ops/op_registry.cpp).
std::string_view opKindId(OpKind kind); // "conv2d", "scaled_dot_product_attention", …
std::optional<OpKind> opKindFromString(std::string_view text);

} // namespace torchrig
