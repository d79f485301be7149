// libFuzzer target: a Hugging Face config.json, read and, when it is small enough to build in
// milliseconds, built into a graph at a short sequence (a refusal is a GraphError, never a crash).

#include "workload/families/hf_config.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto config =
        torchrig::readHfConfig(std::string_view(reinterpret_cast<const char*>(data), size), "config.json");
    if (!config)
        return 0;
    const auto experts = config->moe ? config->moe->experts : 1;
    const bool small =
        config->layers * experts <= 64 && config->hidden <= 256 && config->vocab <= 4096 &&
        config->intermediate <= 1024 && config->heads <= 64 && config->headDim <= 256 &&
        (!config->moe || config->moe->expertIntermediate + config->moe->sharedIntermediate <= 1024) &&
        (!config->latentAttention ||
         config->latentAttention->kvLoraRank + config->latentAttention->qLoraRank +
                 config->latentAttention->nopeDim + config->latentAttention->ropeDim +
                 config->latentAttention->valueDim <=
             1024);
    if (!small)
        return 0;
    torchrig::ModelInputs inputs;
    inputs.batch = 1;
    inputs.seqLen = 8;
    inputs.imageSize = 0;
    try {
        (void)torchrig::buildHfModel(*config, inputs);
    } catch (const torchrig::GraphError&) {
    }
    return 0;
}
