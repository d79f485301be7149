// Hugging Face configs: each family's graph against its published parameter count, to the unit
// (the sources are in resources/models/hf/README.md and tests/support/hf/README.md), and the
// refusals a config can earn.

#include "estimate/memory_estimate.h"
#include "io/hf_import.h"
#include "test_support.h"
#include "workload/families/hf_config.h"
#include "workload/model_graph_json.h"
#include "workload/model_zoo.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>

using namespace torchrig;

namespace {

ModelInputs small() {
    ModelInputs in;
    in.batch = 1;
    in.seqLen = 32;
    in.imageSize = 0;
    return in;
}

std::int64_t zooParameters(const char* id) {
    const auto* model = findZooModel(id);
    REQUIRE(model);
    return model->build(small()).parameterCount();
}

HfModelConfig configFrom(const std::string& text) {
    auto config = readHfConfig(text, "config.json");
    INFO((config ? std::string() : config.error().text()));
    REQUIRE(config);
    return *config;
}

HfModelConfig supportConfig(const char* file) {
    return configFrom(test::readFile(std::string(TORCHRIG_TEST_SUPPORT "/hf/") + file));
}

HfModelConfig bundledConfig(const std::string& id) {
    return configFrom(test::readFile(TORCHRIG_TEST_RESOURCES "/models/hf/" + id + ".json"));
}

std::string hfConfigRefusal(const std::string& text) {
    auto config = readHfConfig(text, "config.json");
    REQUIRE_FALSE(config);
    return config.error().text();
}

} // namespace

TEST_CASE("The zoo's Hugging Face models have their published parameter counts to the unit", "[core][hf]") {
    CHECK(zooParameters("llama-3.1-8b") == 8'030'261'248);
    CHECK(zooParameters("llama-3.1-70b") == 70'553'706'496);
    CHECK(zooParameters("mistral-7b-v0.3") == 7'248'023'552); // model_type mistral
    CHECK(zooParameters("qwen2.5-7b") == 7'615'616'512);      // qwen2: q, k, v biases
    CHECK(zooParameters("gemma-2-9b") == 9'241'705'984);      // gemma2: four norms a layer, tied head
    CHECK(zooParameters("phi-3-mini-4k") == 3'821'079'552);   // phi3: fused qkv and gate_up
}

TEST_CASE("A mixture of experts counts every expert's weights, and the active ones apart",
          "[core][hf][moe]") {
    CHECK(zooParameters("mixtral-8x7b") == 46'702'792'704);
    CHECK(zooParameters("qwen1.5-moe-a2.7b") == 14'315'784'192); // shared expert behind a gate
    CHECK(zooParameters("deepseek-v2-lite") == 15'706'484'224);  // latent attention, first layer dense
    // Active: all but the experts a token is not routed to. Mistral: "12.9B active", Qwen:
    // "2.7B activated", DeepSeek: "2.4B activated" (without the 0.21 B embedding table).
    const auto mixtralConfig = bundledConfig("mixtral-8x7b");
    CHECK(mixtralConfig.activeParameterCount(46'702'792'704) == 12'879'925'248);
    const auto qwenMoe = bundledConfig("qwen1.5-moe-a2.7b");
    CHECK(qwenMoe.activeParameterCount(14'315'784'192) == 2'689'173'504);
    const auto deepseek = bundledConfig("deepseek-v2-lite");
    CHECK(deepseek.activeParameterCount(15'706'484'224) == 2'661'150'208);
    CHECK(deepseek.activeParameterCount(15'706'484'224) - 102'400 * 2048 == 2'451'435'008);
}

TEST_CASE("Every family builds from a real config to its published count", "[core][hf]") {
    // Qwen3-8B, Qwen3-0.6B (tied head), Qwen3-30B-A3B: the hub's config.json files
    // (tests/support/hf/README.md has where they and the counts were found).
    CHECK(buildHfModel(supportConfig("qwen3-8b.json"), small()).parameterCount() == 8'190'735'360);
    CHECK(buildHfModel(supportConfig("qwen3-0.6b.json"), small()).parameterCount() == 596'049'920);
    const auto a3b = supportConfig("qwen3-30b-a3b.json");
    const auto total = buildHfModel(a3b, small()).parameterCount();
    CHECK(total == 30'532'122'624);
    CHECK(a3b.activeParameterCount(total) == 3'353'032'704);
    // The families whose config.json was not found whole: their published fields, as the model
    // cards and the hub's files give them.
    CHECK(buildHfModel(configFrom(R"({"model_type": "gemma", "vocab_size": 256000, "hidden_size": 2048,
        "intermediate_size": 16384, "num_hidden_layers": 18, "num_attention_heads": 8, "num_key_value_heads": 1,
        "head_dim": 256, "max_position_embeddings": 8192})"),
                       small())
              .parameterCount() == 2'506'172'416); // google/gemma-2b
    CHECK(buildHfModel(configFrom(R"({"model_type": "gemma3_text", "vocab_size": 262144, "hidden_size": 1152,
        "intermediate_size": 6912, "num_hidden_layers": 26, "num_attention_heads": 4, "num_key_value_heads": 1,
        "head_dim": 256, "max_position_embeddings": 32768})"),
                       small())
              .parameterCount() == 999'885'952); // google/gemma-3-1b-pt
    CHECK(buildHfModel(configFrom(R"({"model_type": "gpt_neox", "vocab_size": 50304, "hidden_size": 768,
        "intermediate_size": 3072, "num_hidden_layers": 12, "num_attention_heads": 12, "rotary_pct": 0.25,
        "max_position_embeddings": 2048, "use_parallel_residual": true, "tie_word_embeddings": false})"),
                       small())
              .parameterCount() == 162'322'944); // EleutherAI/pythia-160m
    CHECK(buildHfModel(configFrom(R"({"model_type": "gpt2", "vocab_size": 50257, "n_embd": 768, "n_layer": 12,
        "n_head": 12, "n_positions": 1024})"),
                       small())
              .parameterCount() == 124'439'808); // gpt2
    CHECK(buildHfModel(configFrom(R"({"model_type": "bert", "vocab_size": 30522, "hidden_size": 768,
        "intermediate_size": 3072, "num_hidden_layers": 12, "num_attention_heads": 12,
        "max_position_embeddings": 512, "type_vocab_size": 2})"),
                       small())
              .parameterCount("bert.") == 109'482'240); // bert-base-uncased's BertModel
    // Llama 3's rope scaling is read (and needs its fields), and changes no shape.
    auto llama = bundledConfig("llama-3.1-8b");
    CHECK(llama.ropeScaling == "llama3 ×8");
    CHECK(llama.dtype == "bfloat16");
}

TEST_CASE("A config that TorchRig cannot build is refused naming the field and the family", "[core][hf]") {
    CHECK_THAT(hfConfigRefusal(R"({"model_type": "mamba", "hidden_size": 768})"),
               Catch::Contains("model_type \"mamba\" is not a family TorchRig builds") &&
                   Catch::Contains("llama"));
    CHECK_THAT(hfConfigRefusal(R"({"model_type": "llama", "vocab_size": 32000, "num_hidden_layers": 2,
                          "num_attention_heads": 4, "intermediate_size": 64, "max_position_embeddings": 64})"),
               Catch::Contains("hidden_size is missing, and the llama family needs it"));
    CHECK_THAT(
        hfConfigRefusal(
            R"({"model_type": "mixtral", "vocab_size": 32000, "hidden_size": 64, "num_hidden_layers": 2,
                          "num_attention_heads": 4, "intermediate_size": 64, "max_position_embeddings": 64,
                          "num_experts_per_tok": 2})"),
        Catch::Contains("num_local_experts is missing, and the mixtral family needs it"));
    CHECK_THAT(
        hfConfigRefusal(
            R"({"model_type": "deepseek_v2", "vocab_size": 100, "hidden_size": 64, "num_hidden_layers": 2,
                          "num_attention_heads": 4, "intermediate_size": 64, "max_position_embeddings": 64,
                          "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 16,
                          "qk_nope_head_dim": 8, "qk_rope_head_dim": 4, "v_head_dim": 8})"),
        Catch::Contains("kv_lora_rank is missing, and the deepseek_v2 family needs it"));
    CHECK_THAT(hfConfigRefusal(
                   R"({"model_type": "llama", "vocab_size": 32000, "hidden_size": 64, "num_hidden_layers": 2,
                          "num_attention_heads": 4, "intermediate_size": 64, "max_position_embeddings": 64,
                          "rope_scaling": {"rope_type": "llama3", "factor": 8}})"),
               Catch::Contains("rope_scaling of type llama3 needs low_freq_factor"));
    CHECK_THAT(hfConfigRefusal(
                   R"({"model_type": "llama", "vocab_size": 32000, "hidden_size": 64, "num_hidden_layers": 2,
                          "num_attention_heads": 4, "intermediate_size": 64, "max_position_embeddings": 64,
                          "hidden_act": "relu2"})"),
               Catch::Contains("hidden_act \"relu2\""));
    CHECK_THAT(hfConfigRefusal(R"({"model_type": "gpt2", "vocab_size": 100, "n_embd": 64, "n_layer": 2,
                          "n_head": 4, "n_positions": 64, "activation_function": "relu"})"),
               Catch::Contains("activation_function \"relu\" is not one TorchRig builds for GPT-2"));
    CHECK_THAT(hfConfigRefusal("[1, 2]"), Catch::Contains("not a Hugging Face config"));
    CHECK_THAT(hfConfigRefusal(R"({"hidden_size": 64})"), Catch::Contains("has no model_type"));
}

TEST_CASE("GPT-2 builds the activation and the dropout its config names", "[core][hf]") {
    auto ops = [](const std::string& extra) {
        std::map<std::string, int> count;
        const auto graph = buildHfModel(configFrom(R"({"model_type": "gpt2", "vocab_size": 100, "n_embd": 64,
            "n_layer": 2, "n_head": 4, "n_positions": 64)" +
                                                   extra + "}"),
                                        small());
        for (const auto& op : graph.ops())
            count[std::string(opKindId(op.kind))] += op.kind != OpKind::Dropout || op.attributes.p > 0;
        return count;
    };
    // transformers' default, gelu_new: its Python composition of tanh, pow, mul and add.
    const auto standard = ops("");
    CHECK(standard.at("tanh") == 2);
    CHECK(standard.at("dropout") > 0);
    // MPT-style: one nn.GELU a block, no dropout.
    const auto plain = ops(R"(, "activation_function": "gelu", "resid_pdrop": 0)");
    CHECK(plain.count("tanh") == 0);
    CHECK(plain.at("gelu") == 2);
    CHECK(plain.at("dropout") == 0);
}

TEST_CASE("A mixture of experts routes tokens by the request's imbalance and refuses an expert with none",
          "[core][hf][moe]") {
    const auto config = supportConfig("tiny-mixtral.json");
    auto inputs = small();
    inputs.batch = 2;
    const auto balanced = buildHfModel(config, inputs);
    inputs.expertImbalance = 2;
    const auto skewed = buildHfModel(config, inputs);
    auto rowsOf = [](const ModelGraph& g, const std::string& op) {
        for (const auto& o : g.ops())
            if (o.name == op)
                return g.tensor(o.outputs[0]).shape[0];
        return std::int64_t{-1};
    };
    // 64 tokens × top 2 over 4 experts: 32 each; with imbalance 2 the first takes 64 and the rest 64 / 3.
    CHECK(rowsOf(balanced, "model.layers.0.block_sparse_moe.experts.0.tokens") == 32);
    CHECK(rowsOf(skewed, "model.layers.0.block_sparse_moe.experts.0.tokens") == 64);
    CHECK(rowsOf(skewed, "model.layers.0.block_sparse_moe.experts.1.tokens") == 22);
    CHECK(rowsOf(skewed, "model.layers.0.block_sparse_moe.experts.3.tokens") == 21);
    CHECK(balanced.parameterCount() == skewed.parameterCount());
    inputs = small();
    inputs.seqLen = 1;
    CHECK_THROWS_WITH(buildHfModel(supportConfig("tiny-qwen2-moe.json"), inputs),
                      Catch::Contains("an expert would receive none"));
}

TEST_CASE("A model folder's safetensors headers are held against the config's graph", "[core][hf]") {
    test::TemporaryFolder temporary;
    const auto folder = temporary.path();
    const auto configText = test::readFile(std::string(TORCHRIG_TEST_SUPPORT "/hf/tiny-qwen2.json"));
    auto graph = buildHfModel(configFrom(configText), small());
    // A header with the graph's tensors (bf16, as the hub's files hold them), `change` applied.
    auto writeFolder = [&](const std::string& name, const std::function<void(nlohmann::json&)>& change) {
        const auto dir = folder / name;
        std::filesystem::create_directories(dir);
        std::ofstream(dir / "config.json") << configText;
        nlohmann::json header;
        std::int64_t offset = 0;
        for (const auto& t : graph.tensors())
            if (t.role == TensorRole::Parameter) {
                const auto bytes = numel(t.shape) * 2;
                header[t.name] = {
                    {"dtype", "BF16"}, {"shape", t.shape}, {"data_offsets", {offset, offset + bytes}}};
                offset += bytes;
            }
        header["__metadata__"] = {{"format", "pt"}};
        change(header);
        const auto text = header.dump();
        std::ofstream out(dir / "model.safetensors", std::ios::binary);
        for (int i = 0; i < 8; ++i)
            out.put(static_cast<char>((text.size() >> (8 * i)) & 0xff));
        out << text << std::string(static_cast<std::size_t>(offset), '\0');
        return dir.string();
    };
    auto good = importHfModel(writeFolder("good", [](nlohmann::json&) {}));
    REQUIRE(good);
    REQUIRE(good->checkpoint);
    CHECK(good->shapesChecked);
    CHECK(good->checkpoint->elements == graph.parameterCount());
    CHECK(good->checkpoint->elementsByDtype.at("BF16") == graph.parameterCount());
    CHECK(good->name == "good");

    auto wrongShape = importHfModel(writeFolder("wrong", [](nlohmann::json& h) {
        h["model.layers.1.mlp.up_proj.weight"]["shape"] = {128, 64};
    }));
    REQUIRE_FALSE(wrongShape);
    CHECK_THAT(
        wrongShape.error().text(),
        Catch::Contains("model.layers.1.mlp.up_proj.weight is [128, 64] in the checkpoint, but config.json "
                        "makes it [160, 64]"));
    auto extra = importHfModel(writeFolder("extra", [](nlohmann::json& h) {
        h["model.layers.0.mlp.experts.0.gate_proj.weight"] = h["model.layers.0.mlp.up_proj.weight"];
    }));
    REQUIRE_FALSE(extra);
    CHECK_THAT(extra.error().text(),
               Catch::Contains("model.layers.0.mlp.experts.0.gate_proj.weight is not one"));
    auto gptq = importHfModel(writeFolder("gptq", [](nlohmann::json& h) {
        h["model.layers.0.mlp.up_proj.qweight"] = {
            {"dtype", "I32"}, {"shape", {8, 160}}, {"data_offsets", {0, 0}}};
        h["model.layers.0.mlp.up_proj.g_idx"] = {{"dtype", "I32"}, {"shape", {64}}, {"data_offsets", {0, 0}}};
    }));
    REQUIRE(gptq);
    CHECK(gptq->checkpoint->layout == CheckpointLayout::Gptq);
    CHECK_FALSE(gptq->shapesChecked);

    CHECK_THAT(importHfModel((folder / "nowhere").string()).error().text(),
               Catch::Contains("does not exist"));
    std::filesystem::create_directories(folder / "empty");
    CHECK_THAT(importHfModel((folder / "empty").string()).error().text(),
               Catch::Contains("holds no config.json"));
}

TEST_CASE("An imported model writes a model file that reads back to the same graph", "[core][hf]") {
    auto inputs = small();
    inputs.batch = 2;
    auto graph = buildHfModel(supportConfig("tiny-deepseek-v2.json"), inputs);
    auto text = writeModelGraphJson(graph);
    auto back = readModelGraphJson(text, "model.json");
    REQUIRE(back);
    CHECK(back->parameterCount() == graph.parameterCount());
    CHECK(back->ops().size() == graph.ops().size());
    CHECK(writeModelGraphJson(*back) == text);
}

TEST_CASE("Expert parallel spreads the experts' weights, gradients and state over the GPUs",
          "[core][hf][moe]") {
    using namespace torchrig::estimate;
    auto inputs = small();
    inputs.batch = 2;
    const auto graph = buildHfModel(supportConfig("tiny-mixtral.json"), inputs);
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::AdamW;
    const auto single = estimateMemory(graph, setup);
    setup.parallel.gpus = 4;
    setup.parallel.strategy = ParallelStrategy::Expert;
    const auto spread = estimateMemory(graph, setup);
    std::int64_t experts = 0, rest = 0;
    for (const auto& t : graph.tensors())
        if (t.role == TensorRole::Parameter)
            (t.name.find(".experts.") != std::string::npos ? experts : rest) += numel(t.shape) * 4;
    CHECK(experts > rest);
    CHECK(single.parameterBytes == experts + rest);
    CHECK(spread.parameterBytes == rest + experts / 4); // 4 experts a layer: one on each GPU
    // AdamW's two moments a parameter, and its step counters (one a tensor, on every GPU)
    CHECK(spread.optimizerStateBytes - 2 * (rest + experts / 4) ==
          single.optimizerStateBytes - 2 * (rest + experts));
    CHECK(spread.allocatedPeakBytes < single.allocatedPeakBytes);
    setup.parallel.gpus = 3;
    CHECK_THROWS_WITH(estimateMemory(graph, setup),
                      Catch::Contains("4 experts a layer do not divide over 3 GPUs"));
    setup.parallel.gpus = 2;
    CHECK_THROWS_WITH(estimateMemory(buildHfModel(supportConfig("tiny-qwen2.json"), inputs), setup),
                      Catch::Contains("has none: use ddp, fsdp or tp"));
}
