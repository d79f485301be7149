#include "workload/op_kind.h"

#include "util/enum_names.h"

namespace torchrig {

namespace {
constexpr EnumNames<OpKind, 36> kIds = {{
    {OpKind::Conv2d, "conv2d"},
    {OpKind::ConvTranspose2d, "conv_transpose2d"},
    {OpKind::BatchNorm2d, "batch_norm"},
    {OpKind::LayerNorm, "layer_norm"},
    {OpKind::RmsNorm, "rms_norm"},
    {OpKind::Linear, "linear"},
    {OpKind::Matmul, "matmul"},
    {OpKind::Softmax, "softmax"},
    {OpKind::LogSoftmax, "log_softmax"},
    {OpKind::CrossEntropy, "cross_entropy"},
    {OpKind::Gelu, "gelu"},
    {OpKind::Silu, "silu"},
    {OpKind::Relu, "relu"},
    {OpKind::Relu6, "relu6"},
    {OpKind::Tanh, "tanh"},
    {OpKind::Dropout, "dropout"},
    {OpKind::Embedding, "embedding"},
    {OpKind::Add, "add"},
    {OpKind::Mul, "mul"},
    {OpKind::Cat, "cat"},
    {OpKind::View, "view"},
    {OpKind::Reshape, "reshape"},
    {OpKind::Permute, "permute"},
    {OpKind::Transpose, "transpose"},
    {OpKind::Contiguous, "contiguous"},
    {OpKind::Float, "float"},
    {OpKind::Pow, "pow"},
    {OpKind::Flatten, "flatten"},
    {OpKind::Expand, "expand"},
    {OpKind::Select, "select"},
    {OpKind::Slice, "slice"},
    {OpKind::MaxPool2d, "max_pool2d"},
    {OpKind::AvgPool2d, "avg_pool2d"},
    {OpKind::AdaptiveAvgPool2d, "adaptive_avg_pool2d"},
    {OpKind::ScaledDotProductAttention, "scaled_dot_product_attention"},
    {OpKind::RotaryEmbedding, "rotary_embedding"},
}};
} // namespace

std::string_view opKindId(OpKind kind) {
    return enumName(kIds, kind);
}

std::optional<OpKind> opKindFromString(std::string_view text) {
    return enumFromName(kIds, text);
}

} // namespace torchrig
