// The one JSON reader and its field readers, the UTF-8 check and the saturating byte counts, fed
// what the hardening review (issue 19) and the fuzzers found: every input ends in a value or a
// short refusal that names where.

#include "estimate/memory_estimate.h"
#include "io/build_file.h"
#include "test_support.h"
#include "util/json_document.h"
#include "util/saturating.h"
#include "util/utf8_text.h"
#include "validation/validation_protocol.h"
#include "workload/model_graph.h"
#include "workload/model_graph_json.h"

#include <catch2/catch.hpp>

#include <limits>
#include <string>

using namespace torchrig;

TEST_CASE("The JSON reader refuses what is too deep, too large or not UTF-8, naming the path",
          "[io][hostile]") {
    const auto refusal = [](const std::string& text, JsonLimits limits = {}) {
        auto document = readJsonDocument(text, "f.json", limits);
        REQUIRE_FALSE(document.ok());
        CHECK(document.error().text().size() < 500);
        return document.error().text();
    };
    CHECK(refusal(R"({"parts":[{"quantity":1e999}]})") ==
          "f.json: parts[0].quantity holds 1e999, a number too large to read (beyond 1.8e308) (line 1)");
    CHECK(refusal(R"({"a":-1E400})").find("f.json: a holds -1E400, a number too large") == 0);
    const auto deep = refusal(std::string(100000, '[') + std::string(100000, ']'));
    CHECK(deep.find("nests deeper than 64 levels") != std::string::npos);
    CHECK(deep.find("more levels") != std::string::npos); // the path is shortened, not 100,000 steps long
    CHECK(refusal("{\"name\":\"caf\xE9\"}") == "f.json is not UTF-8 text: byte 12 (line 1) is not a UTF-8 "
                                               "character. Save the file as UTF-8 and try again");
    JsonLimits small;
    small.maxBytes = 10;
    CHECK(refusal(R"({"title":"a long title"})", small) ==
          "f.json is 24 bytes; TorchRig reads such files up to 10 bytes");
    small = {};
    small.maxTextBytes = 4;
    CHECK(refusal(R"({"notes":["ok","too long"]})", small).find("notes[1] is a text of 8 bytes") !=
          std::string::npos);
    CHECK(refusal("{\n\"a\": 1,\n\"b\": }").find("f.json is damaged at byte 15 (line 3") == 0);
    CHECK(refusal("{\"a\": [1, 2").find("f.json ends early") == 0);

    auto fine = readJsonDocument(R"({"a":[1,{"b":"水"}],"c":null})", "f.json");
    REQUIRE(fine.ok());
    CHECK((*fine)["a"][1]["b"] == "水");
    CHECK((*fine)["c"].is_null());
}

TEST_CASE("Field readers range-check before narrowing and quote a short excerpt", "[io][hostile]") {
    using nlohmann::json;
    CHECK(wholeNumberIn(json(7), "q", 1, 10) == 7);
    CHECK_THROWS_WITH(wholeNumberIn(json(4294967298LL), "q", 1, 100000),
                      "q must be a whole number from 1 to 100000, not 4294967298");
    CHECK_THROWS_WITH(wholeNumberIn(json(std::numeric_limits<std::uint64_t>::max()), "q", 1, 5),
                      "q must be a whole number from 1 to 5, not 18446744073709551615");
    CHECK_THROWS_WITH(wholeNumberIn(json(1.5), "q", 1, 5), "q must be a whole number from 1 to 5, not 1.5");
    CHECK_THROWS_WITH(finiteNumberIn(json(-1), "price", 0, 1e12),
                      "price must be a number from 0 to 1000000000000, not -1");
    CHECK_THROWS_WITH(textIn(json(std::string(5000, 'x')), "name", 4096),
                      Catch::Contains("name is 5000 bytes long") &&
                          Catch::Contains("it may be at most 4096"));
    CHECK(jsonExcerpt(json(std::string(1 << 20, 'x'))).size() < 80);
    CHECK(jsonExcerpt(json::array({1, 2, 3})) == "[1,2,3]");
}

TEST_CASE("UTF-8 is checked by Unicode's table, and excerpts never cut a character", "[util][hostile]") {
    CHECK(isUtf8("plain ascii"));
    CHECK(isUtf8("简体中文 · ü"));
    CHECK_FALSE(isUtf8("\xFF"));
    CHECK_FALSE(isUtf8("\xC0\xAF"));         // overlong '/'
    CHECK_FALSE(isUtf8("\xED\xA0\x80"));     // a surrogate
    CHECK_FALSE(isUtf8("\xF4\x90\x80\x80")); // above U+10FFFF
    CHECK_FALSE(isUtf8("\xE6\xB0"));         // cut short
    CHECK(firstNonUtf8Byte("ab\xFF") == 2);
    CHECK(textExcerpt("水水水水", 6) == "水水…");
    CHECK(textExcerpt("a\xFF"
                      "b") == "a?b");
}

TEST_CASE("Saturating byte counts stop at 2^63 - 1 instead of wrapping negative", "[util][hostile]") {
    CHECK(saturatingProduct({4096, 1024, 1024, std::int64_t{1} << 40}) == kSaturated);
    CHECK(saturatingProduct({3, 4}) == 12);
    CHECK(saturatingProduct({3, -4}) == 0);
    CHECK(saturatingSum({kSaturated, 1}) == kSaturated);
    CHECK(saturatingSum({2, 3}) == 5);
}

TEST_CASE("Build files: a format field of the wrong kind, or a version beyond an int, is refused",
          "[io][hostile]") {
    for (const auto* text :
         {R"({"format":5,"format_version":1})", R"({"format":"torchrig-build","format_version":"2"})",
          R"({"format":"torchrig-build","format_version":4294967297})",
          R"({"format":"torchrig-build","format_version":null})"}) {
        INFO(text);
        auto build = readBuildFile(text, "b.torchrig");
        REQUIRE_FALSE(build.ok());
        CHECK(build.error().text().find("b.torchrig") == 0);
    }
    auto dataset = readBuildFile(
        R"({"format":"torchrig-build","format_version":1,"workloads":[{"model":"mlp","batch":1,"dataset":{"loader_workers":4294967297}}]})",
        "b.torchrig");
    REQUIRE_FALSE(dataset.ok());
    CHECK(dataset.error().text().find(
              "b.torchrig.workloads[0].dataset.loader_workers must be a whole number from 0 "
              "to 1024") == 0);
}

TEST_CASE("Model files: sizes, counts and text kinds are bounded", "[io][hostile]") {
    const auto refused = [](const std::string& body) {
        auto graph = readModelGraphJson(
            R"({"format":"torchrig-model","format_version":1,"name":"m",)" + body + "}", "m.json");
        REQUIRE_FALSE(graph.ok());
        CHECK(graph.error().text().size() < 500);
        return graph.error().text();
    };
    CHECK(refused(R"("tensors":[{"name":"x","role":"input","shape":[1099511627777]}])")
              .find("tensors[0].shape must be a whole number from 0 to 1099511627776") != std::string::npos);
    CHECK(refused(R"("tensors":[{"name":"x","role":"input","shape":[16777216,16777216,16]}])")
              .find("larger than TorchRig plans for") != std::string::npos);
    CHECK(refused(R"("tensors":[{"name":"x","role":"input","dtype":7,"shape":[1]}])")
              .find("tensors[0].dtype must be text, not 7") != std::string::npos);
    CHECK(refused(R"("tensors":[],"ops":{"op":"relu"})").find("\"ops\" must be a list") != std::string::npos);
}

TEST_CASE("A graph beyond 2^56 bytes is refused by the estimator, not overflowed", "[estimate][hostile]") {
    ModelGraph graph("huge");
    TensorInfo input;
    input.name = "x";
    input.role = TensorRole::Input;
    input.shape = {std::int64_t{1} << 30, std::int64_t{1} << 25};
    graph.addTensor(input);
    CHECK_THROWS_WITH(estimate::estimateMemory(graph, {}), Catch::Contains("more than 2^56 bytes (64 PiB)"));
}

TEST_CASE("Worker requests: a time limit beyond a week and non-UTF-8 text are refused", "[io][hostile]") {
    auto forever = parseValidationRequest(R"({"model":"mlp","batch":1,"time_limit_seconds":1e308})");
    REQUIRE_FALSE(forever.ok());
    CHECK(forever.error().text().find(
              "\"time_limit_seconds\" must be a positive number of seconds up to a week") == 0);
    auto bytes = parseValidationRequest("{\"model\":\"\xFF\"}");
    REQUIRE_FALSE(bytes.ok());
    CHECK(bytes.error().text().find("the request is not UTF-8 text") == 0);
    // The error line for it is still one valid JSON line.
    const auto line = errorLine(ValidationErrorKind::InvalidRequest, "quoted \xFF byte");
    auto parsed = parseWorkerLine(line);
    REQUIRE(parsed.ok());
    CHECK(parsed->type == WorkerLine::Type::Error);
}

namespace {

// The small CNN of resources/models with one text replaced: a model file as a person edits it.
std::string smallCnnWith(const std::string& from, const std::string& to) {
    auto text = test::readFile(TORCHRIG_TEST_RESOURCES "/models/example-small-cnn.json");
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

} // namespace

TEST_CASE("Graphs the worker cannot build are refused by the estimator, in the words it uses",
          "[io][hostile]") {
    // A float16 weight on a float32 input.
    auto mixed = readModelGraphJson(
        smallCnnWith(R"({"name":"fc.weight","role":"parameter","shape":[10,64],"dtype":"float32"})",
                     R"({"name":"fc.weight","role":"parameter","shape":[10,64],"dtype":"float16"})"),
        "m.json");
    REQUIRE_FALSE(mixed.ok());
    CHECK(
        mixed.error().text() ==
        "m.json: ops[9]: op 'fc' (linear): weight 'fc.weight' is float16 but the input 'dropout' is float32: "
        "PyTorch refuses to mix them. Give both the same dtype (precision is chosen by the workload)");
    // A [64, 1] running mean.
    auto buffer =
        readModelGraphJson(smallCnnWith(R"({"name":"bn2.running_mean","role":"buffer","shape":[64])",
                                        R"({"name":"bn2.running_mean","role":"buffer","shape":[64,1])"),
                           "m.json");
    REQUIRE_FALSE(buffer.ok());
    CHECK(buffer.error().text() == "m.json: ops[4]: op 'bn2' (batch_norm): running_mean 'bn2.running_mean' "
                                   "is [64, 1] but the input needs [64]");
    // An in-place relu on the output of a relu, which saved it for its backward.
    auto inPlace = readModelGraphJson(
        smallCnnWith(R"({"op":"relu","name":"relu1","inputs":["conv1"],"attributes":{"inplace":true}},)",
                     R"({"op":"relu","name":"relu0","inputs":["conv1"]},
    {"op":"relu","name":"relu1","inputs":["relu0"],"attributes":{"inplace":true}},)"),
        "m.json");
    REQUIRE(inPlace.ok()); // the file is well formed; the estimate is where autograd's rule lives
    CHECK_THROWS_WITH(
        estimate::estimateMemory(*inPlace, {}),
        "op 'relu1' (relu) works in place on 'relu0', which op 'relu0' keeps for its backward: PyTorch "
        "fails in backward (\"one of the variables needed for gradient computation has been modified "
        "by an inplace operation\"). Set \"inplace\": false");
    // The example as written (in-place relus after a convolution and a batch norm) is fine.
    auto example = readModelGraphJson(smallCnnWith("small-cnn", "small-cnn"), "m.json");
    REQUIRE(example.ok());
    CHECK_NOTHROW(estimate::estimateMemory(*example, {}));
}

TEST_CASE("Worker lines: a count that is not a whole number in range is refused, not converted",
          "[io][hostile]") {
    // Found by fuzz_worker_protocol (a longer run): 1.39e131 as a byte count was converted to an
    // int64, which is undefined behaviour.
    auto line = test::readFile(TORCHRIG_TEST_SOURCES "/fuzz/corpus/worker_protocol/line-result.json");
    const std::string key = "\"first_step_allocated_peak_bytes\":";
    const auto at = line.find(key);
    REQUIRE(at != std::string::npos);
    line.insert(at + key.size(), "1395175999999999999999999999999999999999e92,\"was\":");
    auto parsed = parseWorkerLine(line);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().text().find("first_step_allocated_peak_bytes must be a whole number from 0 to") !=
          std::string::npos);
    CHECK(parsed.error().text().size() < 500);
}
