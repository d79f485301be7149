#include "workload/graph_builder.h"
#include "workload/model_graph_json.h"
#include "workload/model_zoo.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace torchrig;

namespace {

std::string smallCnnWithFcWeight(const std::string& fcWeightShape) {
    return R"({"format": "torchrig-model", "format_version": 1, "name": "bad", "tensors": [
        {"name": "x", "role": "input", "shape": [4, 784]},
        {"name": "fc.weight", "role": "parameter", "shape": )" +
           fcWeightShape + R"(},
        {"name": "labels", "role": "target", "shape": [4], "dtype": "int64"}],
      "ops": [{"op": "linear", "name": "fc", "inputs": ["x"], "params": ["fc.weight"]},
              {"op": "cross_entropy", "name": "loss", "inputs": ["fc", "labels"]}],
      "loss": "loss"})";
}

} // namespace

TEST_CASE("Every zoo model survives a trip through its JSON form unchanged", "[core][json]") {
    for (const auto& model : modelZoo()) {
        INFO(model.id);
        ModelInputs inputs = model.defaults;
        inputs.batch = 2;
        if (inputs.imageSize > 0)
            inputs.imageSize = 64;
        if (inputs.seqLen > 0)
            inputs.seqLen = 16;
        auto graph = model.build(inputs);
        auto read = readModelGraphJson(writeModelGraphJson(graph), model.id + ".json");
        REQUIRE(read.ok());
        CHECK(read->parameterCount() == graph.parameterCount());
        CHECK(read->blocks() == graph.blocks());
        REQUIRE(read->ops().size() == graph.ops().size());
        for (std::size_t i = 0; i < graph.ops().size(); ++i) {
            const auto& a = graph.ops()[i];
            const auto& b = read->ops()[i];
            CHECK(a.kind == b.kind);
            CHECK(graph.tensor(a.outputs[0]).shape == read->tensor(b.outputs[0]).shape);
        }
    }
}

TEST_CASE("The example model in resources/models reads and builds", "[core][json]") {
    std::ifstream in(TORCHRIG_TEST_RESOURCES "/models/example-small-cnn.json");
    std::stringstream text;
    text << in.rdbuf();
    auto graph = readModelGraphJson(text.str(), "example-small-cnn.json");
    REQUIRE(graph.ok());
    CHECK(graph->parameterCount() == 32 * 3 * 9 + 32 + 64 * 32 * 9 + 64 + 64 + 10 * 64 + 10);
    CHECK(graph->tensor(graph->loss()).shape.empty());

    std::ifstream llama(TORCHRIG_TEST_RESOURCES "/models/example-tiny-llama.json");
    std::stringstream llamaText;
    llamaText << llama.rdbuf();
    auto tiny = readModelGraphJson(llamaText.str(), "example-tiny-llama.json");
    REQUIRE(tiny.ok());
    // vocab 1024 x 256 twice (embedding, head), 4 layers of q, o (256x256), k, v (256x64), three
    // 256x688 MLP matrices and two norms, and the final norm.
    CHECK(tiny->parameterCount() ==
          2 * 1024 * 256 + 4 * (2 * 256 * 256 + 2 * 256 * 64 + 3 * 256 * 688 + 2 * 256) + 256);
}

TEST_CASE("A shape mismatch names the op and both shapes", "[core][json]") {
    auto graph = readModelGraphJson(smallCnnWithFcWeight("[10, 100]"), "mine.json");
    REQUIRE_FALSE(graph.ok());
    CHECK(
        graph.error().text() ==
        "mine.json: ops[0]: op 'fc' (linear): weight 'fc.weight' is [10, 100] but the input needs [10, 784]");
    CHECK(readModelGraphJson(smallCnnWithFcWeight("[10, 784]"), "mine.json").ok());
}

TEST_CASE("Unknown ops, unknown tensors and bad files are refused with their place", "[core][json]") {
    auto unknownOp = smallCnnWithFcWeight("[10, 784]");
    unknownOp.replace(unknownOp.find("\"linear\""), 8, "\"conv3d\"");
    auto graph = readModelGraphJson(unknownOp, "m.json");
    REQUIRE_FALSE(graph.ok());
    CHECK(graph.error().text() ==
          "m.json: ops[0]: unknown op 'conv3d' (see resources/models/README.md for the ops)");

    auto missing = smallCnnWithFcWeight("[10, 784]");
    missing.replace(missing.find("[\"x\"]"), 5, "[\"y\"]");
    graph = readModelGraphJson(missing, "m.json");
    REQUIRE_FALSE(graph.ok());
    CHECK(graph.error().text() ==
          "m.json: ops[0].inputs: \"y\" is neither a declared tensor nor the output of an earlier op");

    graph = readModelGraphJson("{\"format\": \"something-else\"}", "m.json");
    REQUIRE_FALSE(graph.ok());
    CHECK(graph.error().text() == "m.json: \"format\" must be \"torchrig-model\"");
    CHECK_FALSE(readModelGraphJson("[1, 2", "m.json").ok());
}

TEST_CASE("Builders check shapes as PyTorch would", "[core][graph]") {
    GraphBuilder g("t", "test");
    auto x = g.input("x", {2, 3, 32, 32});
    auto y = g.conv2d("conv", x, 8, 3, 2, 1, false);
    CHECK(g.shape(y) == Shape{2, 8, 16, 16});
    CHECK(g.shape(g.maxPool2d("pool", y, 3, 2, 1)) == Shape{2, 8, 8, 8});
    CHECK(g.shape(g.convTranspose2d("up", y, 4, 2, 2)) == Shape{2, 4, 32, 32});
    auto a = g.input("a", {2, 5, 7});
    auto b = g.input("b", {7, 3});
    CHECK(g.shape(g.add("sum", a, g.input("bias", {7}))) == Shape{2, 5, 7});
    CHECK(g.shape(g.transpose("t", a, 1, 2)) == Shape{2, 7, 5});
    try {
        g.add("bad_add", a, b);
        FAIL("broadcasting [2, 5, 7] with [7, 3] must fail");
    } catch (const GraphError& e) {
        CHECK(std::string(e.what()) == "op 'bad_add' (add): shapes [2, 5, 7] and [7, 3] do not broadcast");
    }
    try {
        g.view("bad_view", a, {3, -1});
        FAIL("viewing 70 elements as [3, -1] must fail");
    } catch (const GraphError& e) {
        CHECK(std::string(e.what()) == "op 'bad_view' (view): cannot view [2, 5, 7] as [3, -1]");
    }
}

TEST_CASE("An attribute the format does not know is refused with the ones the op takes", "[core][json]") {
    auto model = smallCnnWithFcWeight("[10, 784]");
    model.replace(model.find("\"params\""), 8, "\"attributes\": {\"kernal\": 3}, \"params\"");
    auto graph = readModelGraphJson(model, "m.json");
    REQUIRE_FALSE(graph.ok());
    CHECK(graph.error().text() == "m.json: ops[0].attributes.kernal: unknown attribute; linear takes none");

    const std::string conv = R"({"format": "torchrig-model", "format_version": 1, "name": "c", "tensors": [
        {"name": "x", "role": "input", "shape": [2, 3, 8, 8]},
        {"name": "w", "role": "parameter", "shape": [4, 3, 3, 3]}],
      "ops": [{"op": "conv2d", "name": "conv", "inputs": ["x"], "params": ["w"], "attributes": {"kernal": 3}}],
      "loss": "conv"})";
    graph = readModelGraphJson(conv, "c.json");
    REQUIRE_FALSE(graph.ok());
    CHECK(graph.error().text() == "c.json: ops[0].attributes.kernal: unknown attribute; conv2d takes "
                                  "kernel, stride, padding, dilation, groups");
}
