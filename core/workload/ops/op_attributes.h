#pragma once
// The settings an op reads from OpAttributes (workload/model_graph.h), by the names a model file
// gives them, and the set of them a kind reads (its descriptor's `attributes`).

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

namespace torchrig::ops {

enum class OpAttribute : std::uint8_t {
    Kernel,
    Stride,
    Padding,
    Dilation,
    OutputPadding,
    OutputSize,
    Groups,
    Dims,
    Dim,
    Dim2,
    Index,
    Start,
    End,
    Eps,
    P,
    Scalar,
    Inplace,
    Causal,
    Approximate,
    IgnoreIndex,
    K,
    Rows,
    // Not an attribute: the number of them. Keep it last.
    AttributeCount,
};
inline constexpr std::size_t kOpAttributeCount = static_cast<std::size_t>(OpAttribute::AttributeCount);

// The model file's key: "kernel", "output_padding", "ignore_index", …
std::string_view opAttributeKey(OpAttribute attribute);
std::optional<OpAttribute> opAttributeFromKey(std::string_view key);

class OpAttributeSet {
public:
    constexpr OpAttributeSet() = default;
    constexpr OpAttributeSet(std::initializer_list<OpAttribute> attributes) {
        for (auto a : attributes)
            m_bits |= bit(a);
    }
    constexpr bool contains(OpAttribute attribute) const { return (m_bits & bit(attribute)) != 0; }
    constexpr bool empty() const { return m_bits == 0; }
    // "kernel, stride, padding": the keys in declaration order, for messages and documentation.
    std::string keys() const;

private:
    static constexpr std::uint32_t bit(OpAttribute a) { return std::uint32_t{1} << static_cast<unsigned>(a); }
    std::uint32_t m_bits = 0;
};

} // namespace torchrig::ops
