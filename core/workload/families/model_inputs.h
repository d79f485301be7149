#pragma once

#include <cstdint>

namespace torchrig {

// The sizes a model is built for: a graph holds concrete shapes.
struct ModelInputs {
    std::int64_t batch = 1;
    std::int64_t imageSize = 224; // image models: height = width
    std::int64_t seqLen = 128;    // token models
};

} // namespace torchrig
