// Every way the hardening review (issue 19) crashed torchrig-cli or printed a wrong number as an
// answer, fed again: each must end in a refusal with the README's exit status and a message under
// 500 characters that names the field.

#include "cli_run.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace torchrig;
using test::expectRefusal;
using test::runCli;

namespace {

std::string makeBuildFile(const test::TemporaryFolder& folder) {
    const auto file = folder.file("base.torchrig").string();
    REQUIRE(
        runCli(folder, "build new --preset entry-rtx-3060 -m resnet50 -b 32 -o '" + file + "'").exitCode ==
        0);
    return test::readFile(file);
}

std::string writeVariant(const test::TemporaryFolder& folder, const std::string& name,
                         const std::string& text) {
    const auto file = folder.file(name).string();
    test::writeFile(file, text);
    return file;
}

} // namespace

TEST_CASE("A number too large to read, or too deep a nesting, is refused naming where", "[cli][hostile]") {
    test::TemporaryFolder folder;
    auto base = nlohmann::json::parse(makeBuildFile(folder));
    base["nodes"] = 1;
    auto text = base.dump();
    const auto at = text.find("\"nodes\":1");
    REQUIRE(at != std::string::npos);
    text.replace(at, 9, "\"nodes\":1e999");
    const auto huge = writeVariant(folder, "huge.torchrig", text);
    for (const auto* command : {"build show", "build check", "build cost", "build advise"})
        expectRefusal(500, runCli(folder, std::string(command) + " '" + huge + "'"), 4, "nodes");

    // ~100,000 levels once crashed the reader's callers with a stack overflow.
    const auto deep = writeVariant(folder, "deep.torchrig",
                                   R"({"format":"torchrig-build","format_version":1,"title":)" +
                                       std::string(100000, '[') + std::string(100000, ']') + "}");
    expectRefusal(500, runCli(folder, "build show '" + deep + "'"), 4, "nests deeper than 64 levels");

    const auto model =
        writeVariant(folder, "model.json", R"({"format":"torchrig-model","format_version":1E400})");
    expectRefusal(500, runCli(folder, "estimate --model-file '" + model + "' -b 2"), 4, "format_version");
}

TEST_CASE("Quantities and node counts beyond an int are refused, not wrapped", "[cli][hostile]") {
    test::TemporaryFolder folder;
    const auto base = nlohmann::json::parse(makeBuildFile(folder));
    struct Case {
        const char* name;
        long long quantity;
        long long nodes;
        const char* field;
    };
    // 4,294,967,298 was read as 2, -10^12 as 727,379,968, 4,294,967,297 nodes as 1, and
    // (2^31 - 1) x 2 nodes printed a quantity of -2 and -3,198 USD with exit 0.
    for (const auto& c :
         {Case{"wrap", 4294967298LL, 1, "parts[0].quantity"},
          Case{"negative", -1000000000000LL, 1, "parts[0].quantity"}, Case{"nodes", 1, 4294967297LL, "nodes"},
          Case{"product", 2147483647LL, 2, "parts[0].quantity"}}) {
        auto build = base;
        build["parts"][0]["quantity"] = c.quantity;
        build["nodes"] = c.nodes;
        const auto file = writeVariant(folder, std::string(c.name) + ".torchrig", build.dump());
        expectRefusal(500, runCli(folder, "build cost '" + file + "'"), 4, c.field);
    }
}

TEST_CASE("A negative or absurd price or TDP in a file is refused, not totalled", "[cli][hostile]") {
    test::TemporaryFolder folder;
    const auto base = nlohmann::json::parse(makeBuildFile(folder));
    auto negativePrice = base;
    negativePrice["parts"][0]["snapshot"]["price"]["amount"] = -500;
    expectRefusal(
        500, runCli(folder, "build cost '" + writeVariant(folder, "p.torchrig", negativePrice.dump()) + "'"),
        4, "parts[0].snapshot.price.amount");
    auto hugePrice = base;
    hugePrice["parts"][0]["snapshot"]["price"]["amount"] = 1e308;
    expectRefusal(500,
                  runCli(folder, "build cost '" + writeVariant(folder, "h.torchrig", hugePrice.dump()) + "'"),
                  4, "parts[0].snapshot.price.amount");
    auto negativeTdp = base;
    negativeTdp["parts"][0]["snapshot"]["fields"]["tdp_w"] = -450;
    expectRefusal(
        500, runCli(folder, "build check '" + writeVariant(folder, "t.torchrig", negativeTdp.dump()) + "'"),
        4, "parts[0].snapshot.fields.tdp_w");
}

TEST_CASE("A huge quantity answers at once, and a long name does not pad every row", "[cli][hostile]") {
    test::TemporaryFolder folder;
    auto build = nlohmann::json::parse(makeBuildFile(folder));
    // 100,000 cards x 100,000 nodes once overflowed the GPU count (found by UBSan): refused.
    build["parts"][0]["quantity"] = 100000;
    build["nodes"] = 100000;
    expectRefusal(500,
                  runCli(folder, "build check '" + writeVariant(folder, "huge.torchrig", build.dump()) + "'"),
                  4, "parts[0]: 100000 per node x 100000 nodes is 10000000000");
    // 1,000 x 1,000 is planned: once a copy of the build per smaller quantity tried (8.4 s and
    // 1.26 GB for 100,000 cards), now 32 counts.
    build["parts"][0]["quantity"] = 1000;
    build["nodes"] = 1000;
    const auto file = writeVariant(folder, "many.torchrig", build.dump());
    auto checked = runCli(folder, "build check '" + file + "' --json");
    INFO(checked.output.substr(0, 400));
    REQUIRE(checked.exitCode == 0);
    CHECK(nlohmann::json::parse(checked.output)["findings"].is_array());
    auto cost = runCli(folder, "build cost '" + file + "' --json");
    REQUIRE(cost.exitCode == 0);
    CHECK(nlohmann::json::parse(cost.output)["load_watts"].get<double>() > 0);
    expectRefusal(500,
                  runCli(folder, "build new --part gpu/rtx-4090x1000 --nodes 100000 -o '" +
                                     folder.file("x.torchrig").string() + "'"),
                  2, "1000 per node x 100000 nodes");

    auto named = build;
    named["parts"][0]["quantity"] = 1;
    named["nodes"] = 1;
    named["parts"][0]["snapshot"]["name"] = std::string(4000, 'N');
    auto table = runCli(folder, "build cost '" + writeVariant(folder, "named.torchrig", named.dump()) + "'");
    REQUIRE(table.exitCode == 0);
    // Only the long name's own line is long: the other rows keep a column of at most 60.
    std::size_t longLines = 0;
    for (std::size_t start = 0, end; start < table.output.size(); start = end + 1) {
        end = table.output.find('\n', start);
        if (end == std::string::npos)
            end = table.output.size();
        longLines += end - start > 4000;
    }
    CHECK(longLines == 1);
}

TEST_CASE("Command-line numbers: NaN, infinity and digits beyond an int are refused", "[cli][hostile]") {
    test::TemporaryFolder folder;
    for (const auto* flags :
         {"--epochs nan --dataset-samples 10", "--tokens nan", "--lora-rank 4 --lora-alpha nan",
          "--lora-rank 4 --lora-dropout nan", "--tokens inf"}) {
        INFO(flags);
        auto run = runCli(folder, std::string("estimate -m gpt2 -b 1 --seq-len 64 ") + flags);
        CHECK(run.exitCode == 2);
        CHECK(run.output.find("is not a finite number") != std::string::npos);
    }
    expectRefusal(500,
                  runCli(folder, "build new --part gpu/rtx-4090x99999999999 -o '" +
                                     folder.file("x.torchrig").string() + "'"),
                  2, "the quantity must be 1 to 1000");
    const auto file = folder.file("base.torchrig").string();
    makeBuildFile(folder);
    expectRefusal(500, runCli(folder, "build cost '" + file + "' --currency CNY --rate USD=0"), 2,
                  "the rate must be a number from 1e-06 to 1e+06");
}

TEST_CASE("A model file that is not JSON is refused alike by estimate and validate", "[cli][hostile]") {
    test::TemporaryFolder folder;
    const auto file = writeVariant(folder, "broken.json", "{\n");
    const auto estimated = runCli(folder, "estimate --model-file '" + file + "' -b 2");
    expectRefusal(500, estimated, 4, "broken.json ends early");
    const auto validated = runCli(folder, "validate --model-file '" + file + "' -b 2");
    expectRefusal(500, validated, 4, "broken.json ends early");
}

TEST_CASE("An extreme workload is refused with its reason, and host RAM never wraps", "[cli][hostile]") {
    test::TemporaryFolder folder;
    // ResNet-152 at 8192², batch 2^20, 4,096 GPUs, ZeRO-3, accumulation 65,536 once ran > 60 s.
    auto run =
        runCli(folder, "estimate -m resnet152 -b 1048576 --image-size 8192 --gpus 4096 --strategy zero3 "
                       "--grad-accum 65536");
    expectRefusal(500, run, 4, "more than 2^56 bytes");
    // Large but within range: host RAM is never negative (it was -2.3e18 bytes).
    auto large =
        runCli(folder, "estimate -m resnet50 -b 4096 --gpus 4096 --grad-accum 65536 --loader-workers 1024 "
                       "--json");
    REQUIRE(large.exitCode == 8);
    const auto document = nlohmann::json::parse(large.output);
    CHECK(document["host"]["ram_bytes"].get<double>() > 0);
}
