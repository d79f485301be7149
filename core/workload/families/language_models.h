#pragma once

#include "workload/families/model_inputs.h"
#include "workload/model_graph.h"

#include <string>

namespace torchrig {

class GraphBuilder;

// The pieces every transformer family here shares (language_models.cpp).
// Throws GraphError when the sequence is longer than the model's positions.
void checkSequence(const std::string& model, std::int64_t seqLen, std::int64_t maxPositions);
// [n, s, heads * dim] -> [n, heads, s, dim], and back.
TensorId splitHeads(GraphBuilder& g, const std::string& name, TensorId x, std::int64_t heads);
TensorId mergeHeads(GraphBuilder& g, const std::string& name, TensorId x);
// transformers' ForCausalLMLoss on [n, s, vocab] logits.
TensorId causalLmLoss(GraphBuilder& g, TensorId logits, std::int64_t batch, std::int64_t seq,
                      std::int64_t vocab);

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
    // activation_function: gelu_new (and gelu_fast) are transformers' Python compositions of
    // elementwise ops, gelu and gelu_pytorch_tanh one torch kernel each.
    std::string activation = "gelu_new";
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
