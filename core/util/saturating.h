#pragma once
// Byte counts that multiply a workload by GPUs, workers and samples can pass 2^63: these stop at
// the largest int64 instead of wrapping to a negative number printed as an answer. A result equal
// to kSaturated means "more than 2^63 bytes", and is reported as such.

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <vector>

namespace torchrig {

inline constexpr std::int64_t kSaturated = std::numeric_limits<std::int64_t>::max();

// The product of non-negative factors (a negative factor counts as 0), at most kSaturated.
inline std::int64_t saturatingProduct(std::initializer_list<std::int64_t> factors) {
    std::int64_t product = 1;
    for (auto factor : factors) {
        if (factor <= 0)
            return 0;
        if (__builtin_mul_overflow(product, factor, &product))
            product = kSaturated;
    }
    return product;
}

// The sum of non-negative terms (a negative term counts as 0), at most kSaturated.
inline std::int64_t saturatingSum(std::initializer_list<std::int64_t> terms) {
    std::int64_t sum = 0;
    for (auto term : terms)
        if (term > 0 && __builtin_add_overflow(sum, term, &sum))
            sum = kSaturated;
    return sum;
}

// The product of sizes (a tensor's shape, a checkpoint tensor's dimensions), or none when a size is
// negative or the product passes int64: where a wrapped count would be read as a size, not a bound.
inline std::optional<std::int64_t> checkedProduct(const std::vector<std::int64_t>& sizes) {
    std::int64_t product = 1;
    for (auto size : sizes)
        if (size < 0 || __builtin_mul_overflow(product, size, &product))
            return std::nullopt;
    return product;
}

} // namespace torchrig
