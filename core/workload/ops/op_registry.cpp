// The one list of op descriptors. A new kind: its OpKind, its descriptor in its family's file (or
// a new one), a line in all_op_descriptors.h and one here; op_descriptor_test.cpp says what is missing.

#include "workload/ops/all_op_descriptors.h"

#include <array>
#include <cassert>

namespace torchrig::ops {

namespace {

constexpr auto kListed = std::to_array<const OpDescriptor*>({
    &kConv2d,
    &kConvTranspose2d,
    &kLinear,
    &kMatmul,
    &kScaledDotProductAttention,
    &kRotaryEmbedding,
    &kBatchNorm2d,
    &kLayerNorm,
    &kRmsNorm,
    &kGelu,
    &kSilu,
    &kRelu,
    &kRelu6,
    &kTanh,
    &kSigmoid,
    &kTopK,
    &kGatherRows,
    &kIndexAddRows,
    &kSoftmax,
    &kLogSoftmax,
    &kDropout,
    &kEmbedding,
    &kCrossEntropy,
    &kAdd,
    &kMul,
    &kPow,
    &kFloat,
    &kView,
    &kReshape,
    &kPermute,
    &kTranspose,
    &kContiguous,
    &kFlatten,
    &kExpand,
    &kSelect,
    &kSlice,
    &kCat,
    &kMaxPool2d,
    &kAvgPool2d,
    &kAdaptiveAvgPool2d,
});

// By kind; a kind no descriptor names stays empty (the tests name it).
const std::array<const OpDescriptor*, kOpKindCount>& byKind() {
    static const auto table = [] {
        std::array<const OpDescriptor*, kOpKindCount> out{};
        for (const auto* d : kListed) {
            const auto index = static_cast<std::size_t>(d->kind);
            assert(index < kOpKindCount && out[index] == nullptr);
            out[index] = d;
        }
        return out;
    }();
    return table;
}

} // namespace

const OpDescriptor* findOpDescriptor(OpKind kind) {
    const auto index = static_cast<std::size_t>(kind);
    return index < kOpKindCount ? byKind()[index] : nullptr;
}

const OpDescriptor& opDescriptor(OpKind kind) {
    const auto* descriptor = findOpDescriptor(kind);
    assert(descriptor != nullptr);
    return *descriptor;
}

OpCost movesNoData(const ModelGraph&, const Op&, double) {
    return {};
}

OpCost readsAndWrites(const ModelGraph& graph, const Op& op, double elementBytes) {
    OpCost cost;
    auto count = [&](TensorId id) {
        return static_cast<double>(numel(graph.tensor(id).shape));
    };
    for (auto id : op.inputs)
        cost.bytes += count(id) * elementBytes;
    for (auto id : op.params)
        cost.bytes += count(id) * elementBytes;
    cost.bytes += count(op.outputs[0]) * elementBytes;
    return cost;
}

} // namespace torchrig::ops

namespace torchrig {

std::string_view opKindId(OpKind kind) {
    const auto* descriptor = ops::findOpDescriptor(kind);
    return descriptor ? descriptor->id : std::string_view("(an op kind without a descriptor)");
}

std::optional<OpKind> opKindFromString(std::string_view text) {
    for (std::size_t k = 0; k < kOpKindCount; ++k) {
        const auto* descriptor = ops::findOpDescriptor(static_cast<OpKind>(k));
        if (descriptor && descriptor->id == text)
            return descriptor->kind;
    }
    return std::nullopt;
}

} // namespace torchrig
