#include "estimate/largest_batch.h"

namespace torchrig::estimate {

std::int64_t largestFittingBatch(const std::function<bool(std::int64_t batch)>& fits) {
    std::int64_t low = 0, high = 0;
    for (std::int64_t b = 1; b <= kLargestBatchSearched && high == 0; b *= 2)
        (fits(b) ? low : high) = b;
    while (high != 0 && high - low > 1) {
        const auto middle = low + (high - low) / 2;
        (fits(middle) ? low : high) = middle;
    }
    return low;
}

} // namespace torchrig::estimate
