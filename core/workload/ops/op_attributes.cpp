#include "workload/ops/op_attributes.h"

#include "util/enum_names.h"

namespace torchrig::ops {

namespace {
constexpr EnumNames<OpAttribute, kOpAttributeCount> kKeys = {{
    {OpAttribute::Kernel, "kernel"},
    {OpAttribute::Stride, "stride"},
    {OpAttribute::Padding, "padding"},
    {OpAttribute::Dilation, "dilation"},
    {OpAttribute::OutputPadding, "output_padding"},
    {OpAttribute::OutputSize, "output_size"},
    {OpAttribute::Groups, "groups"},
    {OpAttribute::Dims, "dims"},
    {OpAttribute::Dim, "dim"},
    {OpAttribute::Dim2, "dim2"},
    {OpAttribute::Index, "index"},
    {OpAttribute::Start, "start"},
    {OpAttribute::End, "end"},
    {OpAttribute::Eps, "eps"},
    {OpAttribute::P, "p"},
    {OpAttribute::Scalar, "scalar"},
    {OpAttribute::Inplace, "inplace"},
    {OpAttribute::Causal, "causal"},
    {OpAttribute::Approximate, "approximate"},
    {OpAttribute::IgnoreIndex, "ignore_index"},
    {OpAttribute::K, "k"},
    {OpAttribute::Rows, "rows"},
}};
} // namespace

std::string_view opAttributeKey(OpAttribute attribute) {
    return enumName(kKeys, attribute);
}

std::optional<OpAttribute> opAttributeFromKey(std::string_view key) {
    return enumFromName(kKeys, key);
}

std::string OpAttributeSet::keys() const {
    std::string out;
    for (const auto& [attribute, key] : kKeys)
        if (contains(attribute))
            out += (out.empty() ? "" : ", ") + std::string(key);
    return out;
}

} // namespace torchrig::ops
