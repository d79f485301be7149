#pragma once
// A Hugging Face model's config.json, read offline: the family its model_type names and the sizes
// that family's transformers modeling code reads. A family's field the file lacks is refused naming
// the field and the family, never defaulted behind the reader's back; only the defaults the
// family's own configuration class gives (transformers' *Config __init__) are taken, and they are
// listed where they are read (hf_config.cpp).

#include "util/result.h"
#include "workload/families/model_inputs.h"
#include "workload/model_graph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig {

enum class HfFamily {
    Llama, // llama, mistral: the decoder the others vary
    Qwen2,
    Qwen3,
    Gemma,
    Gemma2,
    Gemma3,
    Phi3,
    GptNeox,
    Gpt2,
    Bert,
    Mixtral,
    Qwen2Moe,
    Qwen3Moe,
    DeepseekV2, // deepseek_v2 and deepseek_v3
};

// Routed experts: every token goes to the top `topK` of `experts`, each an MLP of
// `expertIntermediate`; `sharedIntermediate` > 0 adds an MLP every token runs (DeepSeek's shared
// experts, Qwen's shared expert, behind a sigmoid gate when `sharedGate`).
struct HfMoe {
    std::int64_t experts = 0, topK = 0, expertIntermediate = 0, sharedIntermediate = 0;
    bool sharedGate = false;
    bool sigmoidScores = false;          // DeepSeek-V3: sigmoid, else softmax
    std::int64_t firstDenseLayers = 0;   // deepseek's first_k_dense_replace
    std::int64_t sparseStep = 1;         // qwen2_moe's decoder_sparse_step, deepseek's moe_layer_freq
    bool stepFromZero = false;           // deepseek: layer % step; qwen: (layer + 1) % step
    std::vector<std::int64_t> denseOnly; // qwen's mlp_only_layers
    bool sparse(std::int64_t layer) const;
};

// DeepSeek's multi-head latent attention: queries through a rank-q_lora_rank bottleneck (0: one
// projection), keys and values from one kv_lora_rank latent, a rotary part of qk_rope_head_dim.
struct HfLatentAttention {
    std::int64_t qLoraRank = 0, kvLoraRank = 0, nopeDim = 0, ropeDim = 0, valueDim = 0;
};

struct HfModelConfig {
    std::string name;      // the folder's or _name_or_path's last part, for titles
    std::string modelType; // "llama", "qwen2_moe", …
    HfFamily family = HfFamily::Llama;
    std::int64_t vocab = 0, hidden = 0, intermediate = 0, layers = 0, heads = 0, kvHeads = 0, headDim = 0;
    std::int64_t maxPositions = 0;
    bool tiedEmbeddings = false;
    bool attentionBias = false; // q, k, v (and o for some families) with a bias
    bool qkNorm = false;        // an RMSNorm over each head's queries and keys (Qwen3, Gemma 3)
    std::string activation;     // hidden_act: "silu", "gelu_pytorch_tanh", …
    double normEps = 1e-6;
    double finalLogitSoftcap = 0;           // Gemma 2: tanh(logits / cap) * cap
    double rotaryFraction = 1;              // GPT-NeoX's rotary_pct
    double dropout = 0.1;                   // GPT-2's resid_pdrop (its other dropouts taken as equal)
    bool parallelResidual = true;           // GPT-NeoX
    std::int64_t typeVocab = 2, labels = 2; // BERT
    std::optional<HfMoe> moe;
    std::optional<HfLatentAttention> latentAttention;
    std::string dtype;       // torch_dtype as written ("bfloat16"); empty when absent
    std::string ropeScaling; // "llama3 ×8", "yarn ×40", … (shapes do not change with it)

    // Parameters one token's forward multiplies by: all of them but the experts it is not routed to.
    std::int64_t activeParameterCount(std::int64_t totalParameters) const;
};

// The file's text read as a config of a known family, or a refusal naming `label`, the family and
// the field.
Result<HfModelConfig> readHfConfig(std::string_view text, std::string_view label,
                                   std::string_view fallbackName = "model");
std::string_view hfFamilyName(HfFamily family);
// "llama, mistral, qwen2, …": the model_type values read.
std::string hfKnownModelTypes();

// transformers' *ForCausalLM (BertForSequenceClassification for bert) at the inputs' batch and
// sequence, with inputs.layers blocks when it asks for fewer; throws GraphError.
ModelGraph buildHfModel(const HfModelConfig& config, const ModelInputs& inputs);

} // namespace torchrig
