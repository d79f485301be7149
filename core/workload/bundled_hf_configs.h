#pragma once
// The Hugging Face config.json files the zoo is built from (resources/models/hf/, compiled in).

#include <span>
#include <string_view>

namespace torchrig {

struct BundledHfConfig {
    std::string_view id;   // the file's name: "llama-3.1-8b"
    std::string_view text; // its contents
};

std::span<const BundledHfConfig> bundledHfConfigs();

} // namespace torchrig
