#include "workload/families/language_models.h"

#include "workload/graph_builder.h"

namespace torchrig {

void checkSequence(const std::string& model, std::int64_t seqLen, std::int64_t maxPositions) {
    if (seqLen > maxPositions)
        throw GraphError(TORCHRIG_MESSAGE("model", "%1 reads at most %2 tokens; sequence length %3 is longer")
                             .arg(model)
                             .arg(std::to_string(maxPositions))
                             .arg(std::to_string(seqLen)));
}

// [n, s, heads * dim] -> [n, heads, s, dim]
TensorId splitHeads(GraphBuilder& g, const std::string& name, TensorId x, std::int64_t heads) {
    const auto& s = g.shape(x);
    auto dim = s[2] / heads;
    auto y = g.view(name + ".view", x, {s[0], s[1], heads, dim});
    return g.transpose(name + ".transpose", y, 1, 2);
}

// [n, heads, s, dim] -> [n, s, heads * dim]
TensorId mergeHeads(GraphBuilder& g, const std::string& name, TensorId x) {
    const auto s = g.shape(x);
    auto y = g.transpose(name + ".transpose", x, 1, 2);
    return g.reshape(name + ".reshape", y, {s[0], s[2], s[1] * s[3]});
}

// Next-token loss as transformers' ForCausalLMLoss computes it (4.46 and later): the logits are
// upcast to float32 (a copy when the model runs in bfloat16), and the labels are padded with one
// ignored position and shifted, so the logits are only viewed, never sliced and copied. The
// synthetic labels stand for that shifted tensor.
TensorId causalLmLoss(GraphBuilder& g, TensorId logits, std::int64_t batch, std::int64_t seq,
                      std::int64_t vocab) {
    auto shiftedLabels = g.target("shift_labels", {batch, seq});
    auto flatLogits = g.view("logits.view", g.toFloat("logits.float", logits), {-1, vocab});
    auto flatLabels = g.view("shift_labels.view", shiftedLabels, {-1});
    return g.crossEntropy("loss", flatLogits, flatLabels);
}

ModelGraph buildBert(const BertConfig& c, const ModelInputs& inputs) {
    checkSequence(c.name, inputs.seqLen, c.maxPositions);
    GraphBuilder g(c.name, "transformers BertForSequenceClassification (SDPA attention)");
    const auto n = inputs.batch, s = inputs.seqLen;
    auto ids = g.input("input_ids", {n, s}, DType::Int64);
    auto types = g.input("token_type_ids", {n, s}, DType::Int64);
    auto positions =
        g.slice("position_ids.slice",
                g.buffer("bert.embeddings.position_ids", {1, c.maxPositions}, DType::Int64), 1, 0, s);
    auto x = g.embedding("bert.embeddings.word_embeddings", ids, c.vocab, c.hidden);
    x = g.add("bert.embeddings.add_token_type", x,
              g.embedding("bert.embeddings.token_type_embeddings", types, c.typeVocab, c.hidden));
    x = g.add("bert.embeddings.add_position", x,
              g.embedding("bert.embeddings.position_embeddings", positions, c.maxPositions, c.hidden));
    x = g.layerNorm("bert.embeddings.LayerNorm", x, 1e-12);
    x = g.dropout("bert.embeddings.dropout", x, c.dropout);
    for (std::int64_t layer = 0; layer < c.layers; ++layer) {
        auto p = "bert.encoder.layer." + std::to_string(layer);
        g.beginBlock(p);
        auto q = splitHeads(g, p + ".attention.self.query_heads",
                            g.linear(p + ".attention.self.query", x, c.hidden), c.heads);
        auto k = splitHeads(g, p + ".attention.self.key_heads",
                            g.linear(p + ".attention.self.key", x, c.hidden), c.heads);
        auto v = splitHeads(g, p + ".attention.self.value_heads",
                            g.linear(p + ".attention.self.value", x, c.hidden), c.heads);
        auto attended = mergeHeads(g, p + ".attention.self.merge",
                                   g.attention(p + ".attention.self.sdpa", q, k, v, false, c.dropout));
        attended = g.linear(p + ".attention.output.dense", attended, c.hidden);
        attended = g.dropout(p + ".attention.output.dropout", attended, c.dropout);
        x = g.layerNorm(p + ".attention.output.LayerNorm", g.add(p + ".attention.output.add", attended, x),
                        1e-12);
        auto y = g.gelu(p + ".intermediate.act", g.linear(p + ".intermediate.dense", x, c.intermediate));
        y = g.dropout(p + ".output.dropout", g.linear(p + ".output.dense", y, c.hidden), c.dropout);
        x = g.layerNorm(p + ".output.LayerNorm", g.add(p + ".output.add", y, x), 1e-12);
        g.endBlock();
    }
    auto pooled =
        g.tanh("bert.pooler.activation",
               g.linear("bert.pooler.dense", g.select("bert.pooler.first_token", x, 1, 0), c.hidden));
    auto logits = g.linear("classifier", g.dropout("dropout", pooled, c.dropout), c.labels);
    g.crossEntropy("loss", logits, g.target("labels", {n}));
    return g.finish();
}

ModelGraph buildGpt2(const Gpt2Config& c, const ModelInputs& inputs) {
    checkSequence(c.name, inputs.seqLen, c.positions);
    GraphBuilder g(c.name, "transformers GPT2LMHeadModel (SDPA attention, LM head tied to wte)");
    const auto n = inputs.batch, s = inputs.seqLen, w = c.width;
    auto ids = g.input("input_ids", {n, s}, DType::Int64);
    auto positions = g.input("position_ids", {1, s}, DType::Int64);
    auto wte = g.embedding("transformer.wte", ids, c.vocab, w);
    auto x = g.add("transformer.embed", wte, g.embedding("transformer.wpe", positions, c.positions, w));
    x = g.dropout("transformer.drop", x, c.dropout);
    for (std::int64_t layer = 0; layer < c.layers; ++layer) {
        auto p = "transformer.h." + std::to_string(layer);
        g.beginBlock(p);
        auto qkv = g.linear(p + ".attn.c_attn", g.layerNorm(p + ".ln_1", x), 3 * w);
        auto q = splitHeads(g, p + ".attn.q", g.slice(p + ".attn.split_q", qkv, 2, 0, w), c.heads);
        auto k = splitHeads(g, p + ".attn.k", g.slice(p + ".attn.split_k", qkv, 2, w, 2 * w), c.heads);
        auto v = splitHeads(g, p + ".attn.v", g.slice(p + ".attn.split_v", qkv, 2, 2 * w, 3 * w), c.heads);
        auto attended =
            mergeHeads(g, p + ".attn.merge", g.attention(p + ".attn.sdpa", q, k, v, true, c.dropout));
        attended = g.dropout(p + ".attn.resid_dropout", g.linear(p + ".attn.c_proj", attended, w), c.dropout);
        x = g.add(p + ".add_1", attended, x);
        auto y = g.linear(p + ".mlp.c_fc", g.layerNorm(p + ".ln_2", x), 4 * w);
        y = c.activation == "gelu"                ? g.gelu(p + ".mlp.act", y)
            : c.activation == "gelu_pytorch_tanh" ? g.gelu(p + ".mlp.act", y, true)
                                                  : g.newGelu(p + ".mlp.act", y);
        y = g.dropout(p + ".mlp.dropout", g.linear(p + ".mlp.c_proj", y, w), c.dropout);
        x = g.add(p + ".add_2", x, y);
        g.endBlock();
    }
    x = g.layerNorm("transformer.ln_f", x);
    auto logits = g.linearWithWeight("lm_head", x, g.tensorNamed("transformer.wte.weight"));
    causalLmLoss(g, logits, n, s, c.vocab);
    return g.finish();
}

ModelGraph buildLlama(const LlamaConfig& c, const ModelInputs& inputs) {
    checkSequence(c.name, inputs.seqLen, c.maxPositions);
    if (c.heads % c.kvHeads != 0)
        throw GraphError(TORCHRIG_MESSAGE("model", "%1: %2 heads cannot share %3 key/value heads")
                             .arg(c.name)
                             .arg(std::to_string(c.heads))
                             .arg(std::to_string(c.kvHeads)));
    GraphBuilder g(c.name, "transformers LlamaForCausalLM (SDPA attention, untied LM head)");
    const auto n = inputs.batch, s = inputs.seqLen, h = c.hidden;
    const auto headDim = h / c.heads;
    auto ids = g.input("input_ids", {n, s}, DType::Int64);
    auto x = g.embedding("model.embed_tokens", ids, c.vocab, h);
    for (std::int64_t layer = 0; layer < c.layers; ++layer) {
        auto p = "model.layers." + std::to_string(layer);
        g.beginBlock(p);
        auto normed = g.rmsNorm(p + ".input_layernorm", x, c.rmsEps);
        auto q =
            splitHeads(g, p + ".self_attn.q", g.linear(p + ".self_attn.q_proj", normed, h, false), c.heads);
        auto k = splitHeads(g, p + ".self_attn.k",
                            g.linear(p + ".self_attn.k_proj", normed, c.kvHeads * headDim, false), c.kvHeads);
        auto v = splitHeads(g, p + ".self_attn.v",
                            g.linear(p + ".self_attn.v_proj", normed, c.kvHeads * headDim, false), c.kvHeads);
        q = g.rotaryEmbedding(p + ".self_attn.rotary_q", q);
        k = g.rotaryEmbedding(p + ".self_attn.rotary_k", k);
        if (c.kvHeads != c.heads) { // repeat_kv: each key/value head serves heads / kvHeads query heads
            auto groups = c.heads / c.kvHeads;
            auto repeat = [&](const std::string& name, TensorId t) {
                auto e =
                    g.expand(name + ".expand", g.view(name + ".unsqueeze", t, {n, c.kvHeads, 1, s, headDim}),
                             {n, c.kvHeads, groups, s, headDim});
                return g.reshape(name + ".reshape", e, {n, c.heads, s, headDim});
            };
            k = repeat(p + ".self_attn.repeat_k", k);
            v = repeat(p + ".self_attn.repeat_v", v);
        }
        auto attended =
            mergeHeads(g, p + ".self_attn.merge", g.attention(p + ".self_attn.sdpa", q, k, v, true, 0.0));
        x = g.add(p + ".add_1", x, g.linear(p + ".self_attn.o_proj", attended, h, false));
        normed = g.rmsNorm(p + ".post_attention_layernorm", x, c.rmsEps);
        auto gate = g.silu(p + ".mlp.act_fn", g.linear(p + ".mlp.gate_proj", normed, c.intermediate, false));
        auto up = g.linear(p + ".mlp.up_proj", normed, c.intermediate, false);
        x = g.add(p + ".add_2", x,
                  g.linear(p + ".mlp.down_proj", g.mul(p + ".mlp.gate_up", gate, up), h, false));
        g.endBlock();
    }
    x = g.rmsNorm("model.norm", x, c.rmsEps);
    auto logits = g.linear("lm_head", x, c.vocab, false);
    causalLmLoss(g, logits, n, s, c.vocab);
    return g.finish();
}

} // namespace torchrig
