// LoRA and QLoRA as a graph transformation: what is frozen, what is added, what is refused.

#include "test_support.h"
#include "validation/validation_protocol.h"
#include "workload/lora.h"
#include "workload/model_graph_json.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

ModelGraph tinyLlamaGraph() {
    auto graph = readModelGraphJson(test::readFile(TORCHRIG_TEST_RESOURCES "/models/example-tiny-llama.json"),
                                    "example-tiny-llama.json");
    REQUIRE(graph.ok());
    return std::move(*graph);
}

} // namespace

TEST_CASE("LoRA freezes the base and adds rank-r adapters beside the targeted linears", "[core][lora]") {
    auto base = tinyLlamaGraph();
    LoraConfig config;
    config.rank = 4;
    config.targets = {"q_proj", "v_proj"};
    auto adapted = applyLora(base, config);
    std::int64_t expected = 0;
    int adapters = 0;
    for (const auto& op : base.ops()) {
        if (op.kind != OpKind::Linear || !(op.name.ends_with(".q_proj") || op.name.ends_with(".v_proj")))
            continue;
        const auto& w = base.tensor(op.params[0]).shape; // [out, in]
        expected += 4 * w[1] + w[0] * 4;
        ++adapters;
    }
    REQUIRE(adapters > 0);
    CHECK(adapted.trainableParameterCount() == expected);
    CHECK(adapted.parameterCount() == base.parameterCount() + expected);
    for (const auto& t : adapted.tensors()) {
        if (t.role != TensorRole::Parameter)
            continue;
        const bool adapter = t.name.find(".lora_") != std::string::npos;
        INFO(t.name);
        CHECK(t.frozen == !adapter);
        CHECK_FALSE(t.quantized4bit);
    }
    // Each targeted linear gains lora_A, lora_B, the scaling and the sum; no dropout at p = 0.
    CHECK(adapted.ops().size() == base.ops().size() + 4 * static_cast<std::size_t>(adapters));
    config.dropout = 0.05;
    CHECK(applyLora(base, config).ops().size() == base.ops().size() + 5 * static_cast<std::size_t>(adapters));
    // The loss is still the model's scalar.
    CHECK(adapted.tensor(adapted.loss()).shape.empty());
}

TEST_CASE("QLoRA stores the blocks' linear weights in 4 bits and keeps the head", "[core][lora]") {
    auto base = tinyLlamaGraph();
    LoraConfig config;
    config.rank = 8;
    config.quantizeBase4bit = true;
    auto adapted = applyLora(base, config);
    int quantized = 0;
    for (const auto& op : adapted.ops()) {
        if (op.kind != OpKind::Linear || op.name.find(".lora_") != std::string::npos)
            continue;
        const auto& weight = adapted.tensor(op.params[0]);
        CHECK(weight.quantized4bit == (op.block >= 0));
        CHECK(weight.frozen);
        quantized += weight.quantized4bit ? 1 : 0;
    }
    CHECK(quantized > 0);
    // The flags survive a model file.
    auto reread = readModelGraphJson(writeModelGraphJson(adapted), "adapted.json");
    REQUIRE(reread.ok());
    CHECK(reread->trainableParameterCount() == adapted.trainableParameterCount());
    int rereadQuantized = 0;
    for (const auto& t : reread->tensors())
        rereadQuantized += t.quantized4bit ? 1 : 0;
    CHECK(rereadQuantized == quantized);
}

TEST_CASE("LoRA refuses targets that name no linear layer, and bad settings", "[core][lora]") {
    auto base = tinyLlamaGraph();
    LoraConfig config;
    config.rank = 4;
    config.targets = {"query"};
    CHECK_THROWS_WITH(applyLora(base, config),
                      Catch::Contains("no linear layer") && Catch::Contains("query"));
    config.targets = {"proj"}; // a suffix of a name part is not a module name
    CHECK_THROWS_AS(applyLora(base, config), GraphError);
    config.rank = 0;
    config.targets = {};
    CHECK_THROWS_WITH(applyLora(base, config), Catch::Contains("rank must be at least 1"));

    auto request = parseValidationRequest(R"({"model": "gpt2", "batch": 1, "lora": {"rank": 0}})");
    REQUIRE_FALSE(request.ok());
    CHECK_THAT(request.error().text(), Catch::Contains("lora.rank"));
    request =
        parseValidationRequest(R"({"model": "gpt2", "batch": 1, "lora": {"rank": 4, "targets": "c_attn"}})");
    REQUIRE_FALSE(request.ok());
    CHECK_THAT(request.error().text(), Catch::Contains("list of module names"));
    request = parseValidationRequest(R"({"model": "gpt2", "batch": 1, "lora": {"rank": 4, "colour": 1}})");
    REQUIRE_FALSE(request.ok());
    CHECK_THAT(request.error().text(), Catch::Contains("not a LoRA field"));
    // A request's LoRA reaches the graph it builds, and a targets mistake comes back as an error.
    request = parseValidationRequest(
        R"({"model": "gpt2", "batch": 1, "seq_len": 16, "lora": {"rank": 4, "targets": ["q_proj"]}})");
    REQUIRE(request.ok());
    auto graph = buildWorkloadGraph(*request);
    REQUIRE_FALSE(graph.ok());
    CHECK_THAT(graph.error().text(), Catch::Contains("c_attn"));
    // And a request written out reads back the same.
    request = parseValidationRequest(
        R"({"model": "gpt2", "batch": 1, "gradient_accumulation": 4,
            "lora": {"rank": 4, "alpha": 8, "dropout": 0.1, "targets": ["c_attn"], "base_4bit": true}})");
    REQUIRE(request.ok());
    auto again = parseValidationRequest(validationRequestToJson(*request));
    REQUIRE(again.ok());
    CHECK(again->gradientAccumulation == 4);
    CHECK(again->lora.rank == 4);
    CHECK(again->lora.alpha == 8);
    CHECK(again->lora.dropout == 0.1);
    CHECK(again->lora.targets == std::vector<std::string>{"c_attn"});
    CHECK(again->lora.quantizeBase4bit);
}

TEST_CASE("A model file's frozen and 4-bit flags are checked", "[core][lora]") {
    const std::string head = R"({"format": "torchrig-model", "format_version": 1, "name": "x", "tensors": [)";
    auto read = [&](const std::string& tensor) {
        return readModelGraphJson(head + tensor + R"(], "ops": [], "loss": ""})", "x.json");
    };
    auto frozenInput = read(R"({"name": "x", "role": "input", "shape": [1], "frozen": true})");
    REQUIRE_FALSE(frozenInput.ok());
    CHECK_THAT(frozenInput.error().text(), Catch::Contains("only a parameter"));
    auto trained4bit = read(R"({"name": "w", "role": "parameter", "shape": [4], "quantized_4bit": true})");
    REQUIRE_FALSE(trained4bit.ok());
    CHECK_THAT(trained4bit.error().text(), Catch::Contains("\"frozen\": true"));
    auto notBool = read(R"({"name": "w", "role": "parameter", "shape": [4], "frozen": "yes"})");
    REQUIRE_FALSE(notBool.ok());
    CHECK_THAT(notBool.error().text(), Catch::Contains("true or false"));
}
