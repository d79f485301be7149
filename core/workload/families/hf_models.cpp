// The graphs of the Hugging Face families hf_config.h reads, op for op as transformers' modeling
// files run them in training (SDPA attention, eager MoE dispatch): modeling_llama.py and the
// decoders that vary it (mistral, qwen2, qwen3, gemma, gemma2, gemma3, phi3), modeling_mixtral.py,
// modeling_qwen2_moe.py, modeling_qwen3_moe.py, modeling_deepseek_v2.py / _v3.py,
// modeling_gpt_neox.py, modeling_vit.py; gpt2 and bert are the zoo's own builders.
//
// Left out, each a few kilobytes or a constant factor on tensors the graph has already: the
// router's renormalisation of the top k weights and DeepSeek's routed_scaling_factor, DeepSeek-V3's
// expert-group limit and e_score_correction_bias, Gemma's (1 + weight) RMSNorm (same shapes), the
// attention logit soft-capping of Gemma 2 (transformers' SDPA path does not run it), sliding
// windows (an SDPA mask, not a shape).

#include "workload/families/hf_config.h"
#include "workload/families/language_models.h"
#include "workload/graph_builder.h"

#include <cmath>

namespace torchrig {

namespace {

TensorId activation(GraphBuilder& g, const HfModelConfig& c, const std::string& name, TensorId x) {
    if (c.activation == "silu" || c.activation == "swish")
        return g.silu(name, x);
    if (c.activation == "gelu")
        return g.gelu(name, x);
    return g.gelu(name, x, true); // gelu_pytorch_tanh, gelu_new, gelu_fast: the tanh approximation
}

// gate_proj, up_proj, down_proj (Mixtral's experts: w1, w3, w2; Phi-3: one gate_up_proj).
TensorId gatedMlp(GraphBuilder& g, const HfModelConfig& c, const std::string& p, TensorId x,
                  std::int64_t intermediate, bool mixtralNames = false) {
    TensorId gate = 0, up = 0;
    if (c.family == HfFamily::Phi3) {
        auto both = g.linear(p + ".gate_up_proj", x, 2 * intermediate, false);
        const auto last = static_cast<std::int64_t>(g.shape(both).size()) - 1;
        gate = g.slice(p + ".gate", both, last, 0, intermediate);
        up = g.slice(p + ".up", both, last, intermediate, 2 * intermediate);
    } else {
        gate = g.linear(p + (mixtralNames ? ".w1" : ".gate_proj"), x, intermediate, false);
        up = g.linear(p + (mixtralNames ? ".w3" : ".up_proj"), x, intermediate, false);
    }
    auto product = g.mul(p + ".gate_up", activation(g, c, p + ".act_fn", gate), up);
    return g.linear(p + (mixtralNames ? ".w2" : ".down_proj"), product, c.hidden, false);
}

// The rows each expert receives of tokens × top k: even shares, or the first expert
// `imbalance` times its share (the most loaded one, which the peak follows) and the rest even.
std::vector<std::int64_t> expertRows(const HfModelConfig& c, std::int64_t tokens, double imbalance) {
    const auto experts = c.moe->experts;
    const auto slots = tokens * c.moe->topK;
    std::vector<std::int64_t> rows(static_cast<std::size_t>(experts));
    std::int64_t first = 0;
    if (imbalance > 1) {
        first = std::min<std::int64_t>(
            tokens, std::llround(imbalance * static_cast<double>(slots) / static_cast<double>(experts)));
        rows[0] = first;
    }
    const auto rest = experts - (first > 0 ? 1 : 0);
    for (std::int64_t e = first > 0 ? 1 : 0, k = 0; e < experts; ++e, ++k)
        rows[static_cast<std::size_t>(e)] = (slots - first) / rest + (k < (slots - first) % rest ? 1 : 0);
    for (auto r : rows) {
        if (r < 1)
            throw GraphError(TORCHRIG_MESSAGE("model", "%1 routes %2 tokens × top %3 to %4 experts, and an "
                                                       "expert would receive none: give it a longer sequence "
                                                       "or a larger batch")
                                 .arg(c.name)
                                 .arg(std::to_string(tokens))
                                 .arg(std::to_string(c.moe->topK))
                                 .arg(std::to_string(experts)));
        if (r > tokens)
            throw GraphError(TORCHRIG_MESSAGE("model", "%1: with an imbalance of %2 the other experts would "
                                                       "receive a token twice; lower the imbalance")
                                 .arg(c.name)
                                 .arg(std::to_string(imbalance)));
    }
    return rows;
}

// A sparse MoE block on [n, s, hidden]: router, top k, each expert on its tokens, shared experts.
TensorId moeBlock(GraphBuilder& g, const HfModelConfig& c, const std::string& p, TensorId x,
                  const ModelInputs& inputs) {
    const auto& moe = *c.moe;
    const auto shape = g.shape(x);
    const auto tokens = shape[0] * shape[1];
    const bool mixtral = c.family == HfFamily::Mixtral;
    const auto block = p + (mixtral ? ".block_sparse_moe" : ".mlp");
    auto flat = g.view(block + ".flatten", x, {tokens, c.hidden});
    auto logits = g.linear(block + ".gate", flat, moe.experts, false);
    auto scores =
        moe.sigmoidScores ? g.sigmoid(block + ".scores", logits) : g.softmax(block + ".scores", logits, 1);
    auto weights =
        g.view(block + ".weights", g.topK(block + ".topk", scores, moe.topK), {tokens * moe.topK, 1});
    std::optional<TensorId> sum;
    std::int64_t slot = 0;
    const auto rows = expertRows(c, tokens, inputs.expertImbalance);
    for (std::int64_t e = 0; e < moe.experts; ++e) {
        const auto n = rows[static_cast<std::size_t>(e)];
        const auto ep = block + ".experts." + std::to_string(e);
        auto received = g.gatherRows(ep + ".tokens", flat, slot % tokens, n);
        auto out = gatedMlp(g, c, ep, received, moe.expertIntermediate, mixtral);
        out = g.mul(ep + ".weighted", out, g.gatherRows(ep + ".weight", weights, slot, n));
        sum = g.indexAddRows(ep + ".combine", sum, out, slot % tokens, tokens);
        slot += n;
    }
    auto result = *sum;
    if (moe.sharedIntermediate > 0) {
        const bool qwen = c.family == HfFamily::Qwen2Moe;
        const auto sp = block + (qwen ? ".shared_expert" : ".shared_experts");
        auto shared = gatedMlp(g, c, sp, flat, moe.sharedIntermediate);
        if (moe.sharedGate)
            shared = g.mul(
                sp + ".gated", shared,
                g.sigmoid(sp + "_gate.sigmoid", g.linear(block + ".shared_expert_gate", flat, 1, false)));
        result = g.add(block + ".add_shared", result, shared);
    }
    return g.view(block + ".unflatten", result, shape);
}

// [n, kvHeads, s, d] -> [n, heads, s, d] as repeat_kv does (expand, then a reshape that copies).
TensorId repeatKv(GraphBuilder& g, const std::string& name, TensorId t, std::int64_t heads) {
    const auto s = g.shape(t);
    if (s[1] == heads)
        return t;
    auto e = g.expand(name + ".expand", g.view(name + ".unsqueeze", t, {s[0], s[1], 1, s[2], s[3]}),
                      {s[0], s[1], heads / s[1], s[2], s[3]});
    return g.reshape(name + ".reshape", e, {s[0], heads, s[2], s[3]});
}

// [n, s, heads * d] -> [n, heads, s, d], with Qwen3's and Gemma 3's RMSNorm over each head.
TensorId heads(GraphBuilder& g, const HfModelConfig& c, const std::string& name, TensorId x,
               std::int64_t count, const std::string& normName) {
    if (!c.qkNorm)
        return splitHeads(g, name, x, count);
    const auto s = g.shape(x);
    auto v = g.view(name + ".view", x, {s[0], s[1], count, c.headDim});
    return g.transpose(name + ".transpose", g.rmsNorm(normName, v, c.normEps), 1, 2);
}

TensorId standardAttention(GraphBuilder& g, const HfModelConfig& c, const std::string& p, TensorId x) {
    const auto a = p + ".self_attn";
    const auto qDim = c.heads * c.headDim, kvDim = c.kvHeads * c.headDim;
    TensorId q = 0, k = 0, v = 0;
    if (c.family == HfFamily::Phi3) {
        auto qkv = g.linear(a + ".qkv_proj", x, qDim + 2 * kvDim, false);
        q = g.slice(a + ".q", qkv, 2, 0, qDim);
        k = g.slice(a + ".k", qkv, 2, qDim, qDim + kvDim);
        v = g.slice(a + ".v", qkv, 2, qDim + kvDim, qDim + 2 * kvDim);
    } else {
        q = g.linear(a + ".q_proj", x, qDim, c.attentionBias);
        k = g.linear(a + ".k_proj", x, kvDim, c.attentionBias);
        v = g.linear(a + ".v_proj", x, kvDim, c.attentionBias);
    }
    q = g.rotaryEmbedding(a + ".rotary_q", heads(g, c, a + ".q", q, c.heads, a + ".q_norm"));
    k = g.rotaryEmbedding(a + ".rotary_k", heads(g, c, a + ".k", k, c.kvHeads, a + ".k_norm"));
    v = splitHeads(g, a + ".v_heads", v, c.kvHeads);
    k = repeatKv(g, a + ".repeat_k", k, c.heads);
    v = repeatKv(g, a + ".repeat_v", v, c.heads);
    auto attended = mergeHeads(g, a + ".merge", g.attention(a + ".sdpa", q, k, v, true, 0.0));
    const bool outputBias = c.attentionBias && c.family != HfFamily::Qwen2 &&
                            c.family != HfFamily::Qwen2Moe && c.family != HfFamily::Phi3;
    return g.linear(a + ".o_proj", attended, c.hidden, outputBias);
}

// DeepSeek's multi-head latent attention (DeepseekV2Attention): the rotary part of the keys is one
// head shared by all.
TensorId latentAttention(GraphBuilder& g, const HfModelConfig& c, const std::string& p, TensorId x) {
    const auto& m = *c.latentAttention;
    const auto a = p + ".self_attn";
    const auto s = g.shape(x);
    const auto n = s[0], len = s[1], qkDim = m.nopeDim + m.ropeDim;
    TensorId q = 0;
    if (m.qLoraRank > 0) {
        auto low = g.rmsNorm(a + ".q_a_layernorm", g.linear(a + ".q_a_proj", x, m.qLoraRank, c.attentionBias),
                             c.normEps);
        q = g.linear(a + ".q_b_proj", low, c.heads * qkDim, false);
    } else {
        q = g.linear(a + ".q_proj", x, c.heads * qkDim, false);
    }
    q = splitHeads(g, a + ".q_heads", q, c.heads);
    auto qNope = g.slice(a + ".q_nope", q, 3, 0, m.nopeDim);
    auto qRope = g.rotaryEmbedding(a + ".rotary_q", g.slice(a + ".q_pe", q, 3, m.nopeDim, qkDim));
    auto compressed = g.linear(a + ".kv_a_proj_with_mqa", x, m.kvLoraRank + m.ropeDim, c.attentionBias);
    auto latent = g.slice(a + ".kv_latent", compressed, 2, 0, m.kvLoraRank);
    auto kRope = g.slice(a + ".k_pe", compressed, 2, m.kvLoraRank, m.kvLoraRank + m.ropeDim);
    kRope = g.transpose(a + ".k_pe.transpose", g.view(a + ".k_pe.view", kRope, {n, len, 1, m.ropeDim}), 1, 2);
    kRope = g.rotaryEmbedding(a + ".rotary_k", kRope);
    auto kv = g.linear(a + ".kv_b_proj", g.rmsNorm(a + ".kv_a_layernorm", latent, c.normEps),
                       c.heads * (m.nopeDim + m.valueDim), false);
    kv = splitHeads(g, a + ".kv_heads", kv, c.heads);
    auto kNope = g.slice(a + ".k_nope", kv, 3, 0, m.nopeDim);
    auto value = g.slice(a + ".value", kv, 3, m.nopeDim, m.nopeDim + m.valueDim);
    auto query = g.cat(a + ".query", {qNope, qRope}, -1);
    auto key =
        g.cat(a + ".key", {kNope, g.expand(a + ".k_pe.expand", kRope, {n, c.heads, len, m.ropeDim})}, -1);
    auto attended = mergeHeads(g, a + ".merge", g.attention(a + ".sdpa", query, key, value, true, 0.0));
    return g.linear(a + ".o_proj", attended, c.hidden, false);
}

ModelGraph buildDecoder(const HfModelConfig& c, const ModelInputs& inputs, std::int64_t layers) {
    GraphBuilder g(c.name,
                   "transformers " + c.modelType + " *ForCausalLM (SDPA attention), from config.json");
    const auto n = inputs.batch, s = inputs.seqLen;
    const bool gemma =
        c.family == HfFamily::Gemma || c.family == HfFamily::Gemma2 || c.family == HfFamily::Gemma3;
    const bool sandwich = c.family == HfFamily::Gemma2 || c.family == HfFamily::Gemma3;
    auto ids = g.input("input_ids", {n, s}, DType::Int64);
    auto x = g.embedding("model.embed_tokens", ids, c.vocab, c.hidden);
    if (gemma) // GemmaModel scales the embeddings by sqrt(hidden_size)
        x = g.mulScalar("model.embed_scale", x, std::sqrt(static_cast<double>(c.hidden)));
    for (std::int64_t layer = 0; layer < layers; ++layer) {
        const auto p = "model.layers." + std::to_string(layer);
        g.beginBlock(p);
        auto normed = g.rmsNorm(p + ".input_layernorm", x, c.normEps);
        auto attended =
            c.latentAttention ? latentAttention(g, c, p, normed) : standardAttention(g, c, p, normed);
        if (sandwich) {
            x = g.add(p + ".add_1", x, g.rmsNorm(p + ".post_attention_layernorm", attended, c.normEps));
            normed = g.rmsNorm(p + ".pre_feedforward_layernorm", x, c.normEps);
        } else {
            x = g.add(p + ".add_1", x, attended);
            normed = g.rmsNorm(p + ".post_attention_layernorm", x, c.normEps);
        }
        auto mlp = c.moe && c.moe->sparse(layer) ? moeBlock(g, c, p, normed, inputs)
                                                 : gatedMlp(g, c, p + ".mlp", normed, c.intermediate);
        if (sandwich)
            mlp = g.rmsNorm(p + ".post_feedforward_layernorm", mlp, c.normEps);
        x = g.add(p + ".add_2", x, mlp);
        g.endBlock();
    }
    x = g.rmsNorm("model.norm", x, c.normEps);
    auto logits = c.tiedEmbeddings
                      ? g.linearWithWeight("lm_head", x, g.tensorNamed("model.embed_tokens.weight"))
                      : g.linear("lm_head", x, c.vocab, false);
    if (c.finalLogitSoftcap > 0) {
        logits = g.mulScalar("logits.softcap_in", logits, 1.0 / c.finalLogitSoftcap);
        logits = g.mulScalar("logits.softcap_out", g.tanh("logits.softcap", logits), c.finalLogitSoftcap);
    }
    causalLmLoss(g, logits, n, s, c.vocab);
    return g.finish();
}

// GPTNeoXForCausalLM: fused query_key_value (heads interleaved), rotary on rotary_pct of each head,
// the attention and the MLP side by side on the same input when use_parallel_residual.
ModelGraph buildGptNeox(const HfModelConfig& c, const ModelInputs& inputs, std::int64_t layers) {
    GraphBuilder g(c.name, "transformers GPTNeoXForCausalLM (SDPA attention), from config.json");
    const auto n = inputs.batch, s = inputs.seqLen, d = c.headDim;
    const auto rotary = static_cast<std::int64_t>(static_cast<double>(d) * c.rotaryFraction);
    auto x = g.embedding("gpt_neox.embed_in", g.input("input_ids", {n, s}, DType::Int64), c.vocab, c.hidden);
    auto rotate = [&](const std::string& name, TensorId t) {
        if (rotary == 0)
            return t;
        auto turned = g.rotaryEmbedding(name + ".rotary", g.slice(name + ".rot", t, 3, 0, rotary));
        return rotary == d ? turned
                           : g.cat(name + ".cat", {turned, g.slice(name + ".pass", t, 3, rotary, d)}, -1);
    };
    for (std::int64_t layer = 0; layer < layers; ++layer) {
        const auto p = "gpt_neox.layers." + std::to_string(layer);
        g.beginBlock(p);
        auto qkv = g.linear(p + ".attention.query_key_value",
                            g.layerNorm(p + ".input_layernorm", x, c.normEps), 3 * c.hidden);
        qkv = g.transpose(p + ".attention.heads", g.view(p + ".attention.view", qkv, {n, s, c.heads, 3 * d}),
                          1, 2);
        auto q = rotate(p + ".attention.q", g.slice(p + ".attention.q", qkv, 3, 0, d));
        auto k = rotate(p + ".attention.k", g.slice(p + ".attention.k", qkv, 3, d, 2 * d));
        auto v = g.slice(p + ".attention.v", qkv, 3, 2 * d, 3 * d);
        auto attended =
            mergeHeads(g, p + ".attention.merge", g.attention(p + ".attention.sdpa", q, k, v, true, 0.0));
        attended = g.linear(p + ".attention.dense", attended, c.hidden);
        // Parallel: the MLP reads the block's input beside the attention; else the attention's sum.
        if (!c.parallelResidual)
            x = g.add(p + ".add_attention", attended, x);
        auto y = g.linear(p + ".mlp.dense_h_to_4h",
                          g.layerNorm(p + ".post_attention_layernorm", x, c.normEps), c.intermediate);
        y = g.linear(p + ".mlp.dense_4h_to_h", activation(g, c, p + ".mlp.act", y), c.hidden);
        x = c.parallelResidual ? g.add(p + ".add", g.add(p + ".add_branches", y, attended), x)
                               : g.add(p + ".add_mlp", y, x);
        g.endBlock();
    }
    x = g.layerNorm("gpt_neox.final_layer_norm", x, c.normEps);
    auto logits = c.tiedEmbeddings
                      ? g.linearWithWeight("embed_out", x, g.tensorNamed("gpt_neox.embed_in.weight"))
                      : g.linear("embed_out", x, c.vocab, false);
    causalLmLoss(g, logits, n, s, c.vocab);
    return g.finish();
}

} // namespace

ModelGraph buildHfModel(const HfModelConfig& c, const ModelInputs& inputs) {
    const auto layers = inputs.layers > 0 && inputs.layers < c.layers ? inputs.layers : c.layers;
    checkSequence(c.name, inputs.seqLen, c.maxPositions);
    switch (c.family) {
    case HfFamily::Gpt2: {
        if (c.intermediate != 4 * c.hidden)
            throw GraphError(TORCHRIG_MESSAGE("model", "%1: n_inner %2 is not 4 × n_embd, which is the only "
                                                       "GPT-2 TorchRig builds")
                                 .arg(c.name)
                                 .arg(std::to_string(c.intermediate)));
        Gpt2Config g2{c.name, c.vocab, c.maxPositions, c.hidden, layers, c.heads};
        g2.activation = c.activation;
        g2.dropout = c.dropout;
        return buildGpt2(g2, inputs);
    }
    case HfFamily::Bert: {
        BertConfig b{c.name,         c.vocab,        c.hidden,    layers,  c.heads,
                     c.intermediate, c.maxPositions, c.typeVocab, c.labels};
        return buildBert(b, inputs);
    }
    case HfFamily::GptNeox: return buildGptNeox(c, inputs, layers);
    default: return buildDecoder(c, inputs, layers);
    }
}

} // namespace torchrig
