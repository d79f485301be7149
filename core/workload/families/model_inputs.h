#pragma once

#include <cstdint>

namespace torchrig {

// The sizes a model is built for: a graph holds concrete shapes.
struct ModelInputs {
    std::int64_t batch = 1;
    std::int64_t imageSize = 224; // image models: height = width
    std::int64_t seqLen = 128;    // token models
    // Transformer blocks to build (BERT, GPT-2, Llama, ViT), fewer than the model's own so that a
    // run fits a smaller device; 0: the model's own (ZooModel::layers).
    std::int64_t layers = 0;
    // Mixture of experts: the most loaded expert receives this many times its even share of the
    // tokens (1: routing is balanced, as a trained router's load-balancing loss aims for).
    double expertImbalance = 1;

    bool operator==(const ModelInputs&) const = default;
};

} // namespace torchrig
