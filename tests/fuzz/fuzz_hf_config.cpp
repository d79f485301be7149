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
    // The seeds' sizes (tests/support/hf/tiny-*.json): graphs of a few hundred ops, built in
    // milliseconds even under the sanitizers.
    const auto* mla = config->latentAttention ? &*config->latentAttention : nullptr;
    const bool small =
        config->layers * experts <= 16 && config->hidden <= 128 && config->vocab <= 1024 &&
        config->intermediate <= 512 && config->heads <= 16 && config->headDim <= 128 &&
        (!config->moe || config->moe->expertIntermediate + config->moe->sharedIntermediate <= 512) &&
        (!mla || mla->kvLoraRank + mla->qLoraRank + mla->nopeDim + mla->ropeDim + mla->valueDim <= 512);
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
