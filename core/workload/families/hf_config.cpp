#include "workload/families/hf_config.h"

#include "util/json_document.h"
#include "util/printed.h"

#include <algorithm>
#include <cmath>

namespace torchrig {

namespace {

using json = nlohmann::json;

struct ModelType {
    std::string_view id;
    HfFamily family;
};

// model_type as transformers' auto classes map it (models/auto/configuration_auto.py).
constexpr ModelType kModelTypes[] = {
    {"llama", HfFamily::Llama},
    {"mistral", HfFamily::Llama},
    {"qwen2", HfFamily::Qwen2},
    {"qwen3", HfFamily::Qwen3},
    {"gemma", HfFamily::Gemma},
    {"gemma2", HfFamily::Gemma2},
    {"gemma3_text", HfFamily::Gemma3},
    {"phi3", HfFamily::Phi3},
    {"gpt_neox", HfFamily::GptNeox},
    {"gpt2", HfFamily::Gpt2},
    {"bert", HfFamily::Bert},
    {"mixtral", HfFamily::Mixtral},
    {"qwen2_moe", HfFamily::Qwen2Moe},
    {"qwen3_moe", HfFamily::Qwen3Moe},
    {"deepseek_v2", HfFamily::DeepseekV2},
    {"deepseek_v3", HfFamily::DeepseekV2},
};

// The sizes TorchRig builds a graph of: past them a shape's element count overflows long before a
// device could hold it.
constexpr std::int64_t kMaxConfigNumber = std::int64_t{1} << 24;

// A graph holds every layer's and every expert's ops, and the estimator walks them all on each
// estimate (and a batch search many times): these caps keep one estimate of the largest published
// models (DeepSeek-V3 and Kimi K2: 58 and 60 sparse layers × 256 and 384 experts) to seconds.
constexpr std::int64_t kMaxLayers = 1000;
constexpr std::int64_t kMaxExperts = 1024;
constexpr std::int64_t kMaxExpertMlps = 25'000;

// The layer count every family reads, under the name its config gives it.
void checkLayerCount(std::int64_t layers, const char* key) {
    if (layers > kMaxLayers)
        throw JsonFieldError(std::string(key) + " " + std::to_string(layers) + " is more than the " +
                             std::to_string(kMaxLayers) + " layers TorchRig builds");
}

// A config's fields as one family reads them: a missing one is refused naming the family.
class ConfigFields {
public:
    ConfigFields(const json& doc, std::string label, std::string family)
        : m_doc(doc)
        , m_label(std::move(label))
        , m_family(std::move(family)) {}

    bool has(const char* key) const { return m_doc.contains(key) && !m_doc.at(key).is_null(); }
    std::int64_t size(const char* key) const {
        if (!has(key))
            throw JsonFieldError(missing(key));
        return wholeNumberIn(m_doc.at(key), key, 1, kMaxConfigNumber);
    }
    // The configuration class's own default when the file leaves the key out (or writes null).
    std::int64_t size(const char* key, std::int64_t fallback) const {
        return has(key) ? size(key) : fallback;
    }
    std::int64_t count(const char* key, std::int64_t fallback) const {
        return has(key) ? wholeNumberIn(m_doc.at(key), key, 0, kMaxConfigNumber) : fallback;
    }
    bool flag(const char* key, bool fallback) const {
        if (!has(key))
            return fallback;
        if (!m_doc.at(key).is_boolean())
            throw JsonFieldError(std::string(key) + " is " + jsonExcerpt(m_doc.at(key)) +
                                 ", not true or false");
        return m_doc.at(key).get<bool>();
    }
    double number(const char* key, double fallback, double lowest, double highest) const {
        return has(key) ? finiteNumberIn(m_doc.at(key), key, lowest, highest) : fallback;
    }
    std::string text(const char* key, std::string fallback) const {
        return has(key) ? textIn(m_doc.at(key), key, 200) : fallback;
    }
    std::string missing(const char* key) const {
        return std::string(key) + " is missing, and the " + m_family + " family needs it";
    }
    const json& at(const char* key) const { return m_doc.at(key); }

private:
    const json& m_doc;
    std::string m_label, m_family;
};

std::string readRopeScaling(const ConfigFields& f) {
    if (!f.has("rope_scaling"))
        return {};
    const auto& rope = f.at("rope_scaling");
    if (!rope.is_object())
        throw JsonFieldError("rope_scaling is " + jsonExcerpt(rope) + ", not an object or null");
    const auto typeKey = rope.contains("rope_type") ? "rope_type" : "type";
    if (!rope.contains(typeKey))
        throw JsonFieldError("rope_scaling has no rope_type");
    const auto type = textIn(rope.at(typeKey), std::string("rope_scaling.") + typeKey, 40);
    auto require = [&](const char* key) {
        if (!rope.contains(key))
            throw JsonFieldError("rope_scaling of type " + type + " needs " + key);
        return finiteNumberIn(rope.at(key), std::string("rope_scaling.") + key, 0, 1e9);
    };
    if (type == "default" || type == "mrope")
        return type;
    const double factor = require("factor");
    if (type == "llama3") {
        require("low_freq_factor");
        require("high_freq_factor");
        require("original_max_position_embeddings");
    } else if (type == "yarn" || type == "dynamic" || type == "linear" || type == "longrope" ||
               type == "su") {
    } else {
        throw JsonFieldError("rope_scaling type " + type +
                             " is not one TorchRig knows (default, linear, dynamic, yarn, longrope, llama3)");
    }
    return type + printed(" ×%g", factor);
}

// The sizes every family but GPT-2 names alike.
void readCommonSizes(const ConfigFields& f, HfModelConfig& c) {
    c.vocab = f.size("vocab_size");
    c.hidden = f.size("hidden_size");
    c.layers = f.size("num_hidden_layers");
    checkLayerCount(c.layers, "num_hidden_layers");
    c.heads = f.size("num_attention_heads");
}

void readDecoder(const ConfigFields& f, HfModelConfig& c) {
    readCommonSizes(f, c);
    c.kvHeads =
        f.size("num_key_value_heads", c.heads); // every config class: "defaults to num_attention_heads"
    if (c.heads % c.kvHeads != 0)
        throw JsonFieldError("num_attention_heads " + std::to_string(c.heads) +
                             " is not a multiple of num_key_value_heads " + std::to_string(c.kvHeads));
    const bool gemmaLike =
        c.family == HfFamily::Gemma || c.family == HfFamily::Gemma2 || c.family == HfFamily::Gemma3;
    const bool qwen3Like = c.family == HfFamily::Qwen3 || c.family == HfFamily::Qwen3Moe;
    // head_dim: Gemma's and Qwen3's classes default to 256 and 128; the others derive it.
    c.headDim = f.size("head_dim", gemmaLike ? 256 : qwen3Like ? 128 : c.hidden / c.heads);
    if (!f.has("head_dim") && !gemmaLike && !qwen3Like && c.hidden % c.heads != 0)
        throw JsonFieldError("hidden_size " + std::to_string(c.hidden) + " does not split into " +
                             std::to_string(c.heads) + " heads, and head_dim is missing");
    c.maxPositions = f.size("max_position_embeddings");
    c.tiedEmbeddings = f.flag("tie_word_embeddings", gemmaLike); // Gemma's classes tie, the rest do not
    c.attentionBias = c.family == HfFamily::Qwen2 || c.family == HfFamily::Qwen2Moe ||
                      f.flag("attention_bias", false); // Qwen2's q, k, v always have one
    c.qkNorm = qwen3Like || c.family == HfFamily::Gemma3;
    c.activation = f.text(gemmaLike && f.has("hidden_activation") ? "hidden_activation" : "hidden_act",
                          gemmaLike ? "gelu_pytorch_tanh" : "silu");
    static constexpr std::string_view kActivations[] = {"silu",     "swish",    "gelu", "gelu_pytorch_tanh",
                                                        "gelu_new", "gelu_fast"};
    if (std::find(std::begin(kActivations), std::end(kActivations), c.activation) == std::end(kActivations))
        throw JsonFieldError(
            "hidden_act \"" + c.activation +
            "\" is not an activation TorchRig builds (silu, gelu, gelu_pytorch_tanh, gelu_new)");
    c.normEps = f.number("rms_norm_eps", 1e-6, 0, 1);
    if (c.family == HfFamily::Gemma2)
        c.finalLogitSoftcap = f.number("final_logit_softcapping", 30.0, 0, 1e6);
    else if (c.family == HfFamily::Gemma3)
        c.finalLogitSoftcap = f.number("final_logit_softcapping", 0, 0, 1e6);
    if (c.family != HfFamily::DeepseekV2)
        c.intermediate = f.size("intermediate_size");
    c.ropeScaling = readRopeScaling(f);
}

void readMoe(const ConfigFields& f, HfModelConfig& c) {
    HfMoe moe;
    switch (c.family) {
    case HfFamily::Mixtral:
        moe.experts = f.size("num_local_experts");
        moe.topK = f.size("num_experts_per_tok");
        moe.expertIntermediate = c.intermediate;
        break;
    case HfFamily::Qwen2Moe:
    case HfFamily::Qwen3Moe:
        moe.experts = f.size("num_experts");
        moe.topK = f.size("num_experts_per_tok");
        moe.expertIntermediate = f.size("moe_intermediate_size");
        moe.sparseStep = f.size("decoder_sparse_step", 1);
        if (c.family == HfFamily::Qwen2Moe) {
            moe.sharedIntermediate = f.size("shared_expert_intermediate_size");
            moe.sharedGate = true;
        }
        if (f.has("mlp_only_layers")) {
            const auto& list = f.at("mlp_only_layers");
            if (!list.is_array())
                throw JsonFieldError("mlp_only_layers is " + jsonExcerpt(list) + ", not a list");
            for (const auto& layer : list)
                moe.denseOnly.push_back(wholeNumberIn(layer, "mlp_only_layers[]", 0, kMaxConfigNumber));
        }
        break;
    case HfFamily::DeepseekV2: {
        c.intermediate = f.size("intermediate_size");
        moe.experts = f.size("n_routed_experts");
        moe.topK = f.size("num_experts_per_tok");
        moe.expertIntermediate = f.size("moe_intermediate_size");
        moe.sharedIntermediate = f.count("n_shared_experts", 0) * moe.expertIntermediate;
        moe.firstDenseLayers = f.count("first_k_dense_replace", 0);
        moe.sparseStep = f.size("moe_layer_freq", 1);
        moe.sigmoidScores = f.text("scoring_func", "softmax") == "sigmoid";
        moe.stepFromZero = true;
        HfLatentAttention mla;
        mla.qLoraRank = f.count("q_lora_rank", 0);
        mla.kvLoraRank = f.size("kv_lora_rank");
        mla.nopeDim = f.size("qk_nope_head_dim");
        mla.ropeDim = f.size("qk_rope_head_dim");
        mla.valueDim = f.size("v_head_dim");
        c.latentAttention = mla;
        break;
    }
    default: return;
    }
    if (moe.experts > kMaxExperts)
        throw JsonFieldError(std::to_string(moe.experts) + " experts a layer are more than the " +
                             std::to_string(kMaxExperts) + " TorchRig builds");
    std::int64_t sparseLayers = 0;
    for (std::int64_t layer = 0; layer < c.layers; ++layer)
        sparseLayers += moe.sparse(layer) ? 1 : 0;
    if (sparseLayers * moe.experts > kMaxExpertMlps)
        throw JsonFieldError(std::to_string(sparseLayers) + " layers of " + std::to_string(moe.experts) +
                             " experts are " + std::to_string(sparseLayers * moe.experts) +
                             " expert MLPs, more than the " + std::to_string(kMaxExpertMlps) +
                             " TorchRig builds");
    if (moe.topK > moe.experts)
        throw JsonFieldError("num_experts_per_tok " + std::to_string(moe.topK) + " is more than the " +
                             std::to_string(moe.experts) + " experts");
    c.moe = moe;
}

// BERT's and GPT-NeoX's sizes.
void readEncoderSizes(const ConfigFields& f, HfModelConfig& c) {
    readCommonSizes(f, c);
    c.intermediate = f.size("intermediate_size");
    c.maxPositions = f.size("max_position_embeddings");
}

void readFamily(const ConfigFields& f, HfModelConfig& c) {
    switch (c.family) {
    case HfFamily::Gpt2:
        c.vocab = f.size("vocab_size");
        c.hidden = f.size("n_embd");
        c.layers = f.size("n_layer");
        checkLayerCount(c.layers, "n_layer");
        c.heads = f.size("n_head");
        c.maxPositions = f.size("n_positions");
        c.intermediate = f.size("n_inner", 4 * c.hidden);
        c.tiedEmbeddings = true;
        c.activation = f.text("activation_function", "gelu_new");
        c.dropout = f.number("resid_pdrop", 0.1, 0, 0.99);
        if (c.activation != "gelu_new" && c.activation != "gelu_fast" && c.activation != "gelu" &&
            c.activation != "gelu_pytorch_tanh")
            throw JsonFieldError("activation_function \"" + c.activation +
                                 "\" is not one TorchRig builds for GPT-2 (gelu_new, gelu_fast, gelu, "
                                 "gelu_pytorch_tanh)");
        return;
    case HfFamily::Bert:
        readEncoderSizes(f, c);
        c.typeVocab = f.size("type_vocab_size", 2);
        return;
    case HfFamily::GptNeox:
        readEncoderSizes(f, c);
        c.headDim = c.hidden / c.heads;
        c.rotaryFraction = f.number("rotary_pct", 0.25, 0, 1);
        c.parallelResidual = f.flag("use_parallel_residual", true);
        c.tiedEmbeddings = f.flag("tie_word_embeddings", false);
        c.attentionBias = true;
        c.activation = f.text("hidden_act", "gelu");
        c.normEps = f.number("layer_norm_eps", 1e-5, 0, 1);
        return;
    default:
        readDecoder(f, c);
        readMoe(f, c);
        return;
    }
}

} // namespace

bool HfMoe::sparse(std::int64_t layer) const {
    if (layer < firstDenseLayers)
        return false;
    if (std::find(denseOnly.begin(), denseOnly.end(), layer) != denseOnly.end())
        return false;
    // DeepSeek counts layer % moe_layer_freq, Qwen (layer + 1) % decoder_sparse_step.
    return stepFromZero ? layer % sparseStep == 0 : (layer + 1) % sparseStep == 0;
}

std::int64_t HfModelConfig::activeParameterCount(std::int64_t totalParameters) const {
    if (!moe)
        return totalParameters;
    const std::int64_t idleExpert = 3 * hidden * moe->expertIntermediate;
    std::int64_t idle = 0;
    for (std::int64_t layer = 0; layer < layers; ++layer)
        if (moe->sparse(layer))
            idle += (moe->experts - moe->topK) * idleExpert;
    return totalParameters - idle;
}

std::string_view hfFamilyName(HfFamily family) {
    for (const auto& type : kModelTypes)
        if (type.family == family)
            return type.id;
    return "?";
}

std::string hfKnownModelTypes() {
    std::string out;
    for (const auto& type : kModelTypes)
        out += (out.empty() ? "" : ", ") + std::string(type.id);
    return out;
}

Result<HfModelConfig> readHfConfig(std::string_view text, std::string_view label,
                                   std::string_view fallbackName) {
    const std::string where(label);
    auto doc = readJsonDocument(text, label,
                                JsonLimits{.maxBytes = 4u << 20, .maxDepth = 16, .maxTextBytes = 1u << 16});
    if (!doc)
        return doc.error();
    if (!doc->is_object())
        return makeError(ErrorCode::InvalidInput, where + " is not a Hugging Face config (a JSON object)");
    HfModelConfig c;
    try {
        if (!doc->contains("model_type"))
            return makeError(ErrorCode::InvalidInput,
                             where + " has no model_type: it is not a transformers config.json (or one "
                                     "older than model_type)");
        c.modelType = textIn(doc->at("model_type"), "model_type", 64);
        const auto* type = std::find_if(std::begin(kModelTypes), std::end(kModelTypes),
                                        [&](const ModelType& t) { return t.id == c.modelType; });
        if (type == std::end(kModelTypes))
            return makeError(ErrorCode::InvalidInput,
                             where + ": model_type \"" + c.modelType +
                                 "\" is not a family TorchRig builds (" + hfKnownModelTypes() +
                                 "); write the model as a TorchRig model file instead");
        c.family = type->family;
        ConfigFields fields(*doc, where, c.modelType);
        readFamily(fields, c);
        if (fields.has("torch_dtype"))
            c.dtype = fields.text("torch_dtype", "");
        else if (fields.has("dtype"))
            c.dtype = fields.text("dtype", "");
        std::string name(fallbackName);
        if (fields.has("_name_or_path")) {
            auto path = fields.text("_name_or_path", "");
            if (auto slash = path.find_last_of("/\\"); slash != std::string::npos)
                path = path.substr(slash + 1);
            if (!path.empty())
                name = path;
        }
        c.name = name;
    } catch (const JsonFieldError& e) {
        return makeError(ErrorCode::InvalidInput, where + " (" + c.modelType + "): " + e.what());
    }
    return c;
}

} // namespace torchrig
