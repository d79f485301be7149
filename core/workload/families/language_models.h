#pragma once

#include "workload/families/model_inputs.h"
#include "workload/model_graph.h"

#include <string>

namespace torchrig {

// Hugging Face transformers BertForSequenceClassification (BertModel + pooler + classifier).
struct BertConfig {
    std::string name = "bert-base-uncased";
    std::int64_t vocab = 30522, hidden = 768, layers = 12, heads = 12, intermediate = 3072;
    std::int64_t maxPositions = 512, typeVocab = 2, labels = 2;
    double dropout = 0.1;
};
ModelGraph buildBert(const BertConfig& config, const ModelInputs& inputs);

// Hugging Face transformers GPT2LMHeadModel (LM head tied to the token embedding).
struct Gpt2Config {
    std::string name = "gpt2";
    std::int64_t vocab = 50257, positions = 1024, width = 768, layers = 12, heads = 12;
    double dropout = 0.1;
};
ModelGraph buildGpt2(const Gpt2Config& config, const ModelInputs& inputs);

// Hugging Face transformers LlamaForCausalLM: RMSNorm, SwiGLU, rotary embeddings, grouped-query
// attention when kvHeads < heads, untied LM head.
struct LlamaConfig {
    std::string name = "llama-2-7b";
    std::int64_t vocab = 32000, hidden = 4096, intermediate = 11008, layers = 32, heads = 32, kvHeads = 32;
    std::int64_t maxPositions = 4096;
    double rmsEps = 1e-5;
};
ModelGraph buildLlama(const LlamaConfig& config, const ModelInputs& inputs);

} // namespace torchrig
