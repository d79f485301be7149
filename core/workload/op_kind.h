#pragma once

#include <optional>
#include <string_view>

namespace torchrig {

// The operations a model graph is made of. Each maps to one PyTorch call; what it saves for
// backward is PyTorch's rule (tools/autograd/derivatives.yaml), applied by the estimator.
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
};

std::string_view opKindId(OpKind kind); // "conv2d", "scaled_dot_product_attention", …
std::optional<OpKind> opKindFromString(std::string_view text);

} // namespace torchrig
