// Issue 35, sheets and numbers: a number flag of 1e308 or 1e-300 printed a 300-digit answer with
// exit 0; a vendor's "=HYPERLINK(…)" landed as a formula in the components CSV; an expired quote
// priced its part unmarked; a quote in no currency was summed; `build new` wrote files that
// `build check` refused. Each must now be a refusal naming the flag or field, or a marked price.

#include "cli_run.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

using namespace torchrig;
using test::expectRefusal;
using test::runCli;

namespace {

std::string newBuild(const test::TemporaryFolder& folder, const std::string& name) {
    const auto file = folder.file(name).string();
    const auto made = runCli(folder, "build new --preset entry-rtx-3060 -m resnet50 -b 32 -o '" + file + "'");
    INFO(made.output);
    REQUIRE(made.exitCode == 0);
    return file;
}

// The build file at `file` with these quotes in its purchasing section.
std::string withQuotes(const test::TemporaryFolder& folder, const std::string& file, const std::string& name,
                       const nlohmann::json& quotes) {
    auto build = nlohmann::json::parse(test::readFile(file));
    build["purchasing"]["quotes"] = quotes;
    const auto out = folder.file(name).string();
    test::writeFile(out, build.dump(2));
    return out;
}

} // namespace

TEST_CASE("Every number flag refuses 1e308, 1e-300 and integers past int64, naming the flag",
          "[cli][hostile][numbers]") {
    test::TemporaryFolder folder;
    const auto build = newBuild(folder, "b.torchrig");
    const std::string estimate = "estimate -m gpt2 -b 1 --seq-len 128 --device cpu";
    const std::string cost = "build cost '" + build + "'";
    const std::string rent = "build rent '" + build + "' -m resnet50 -b 32";
    const std::string check = "build check '" + build + "'";
    // One flag a line, each subcommand that takes numbers: floats with and without a range of their
    // own, and whole numbers (int and int64).
    const std::vector<std::pair<std::string, std::string>> floats = {
        {estimate, "--interconnect-gbs"},
        {estimate + " --dataset-samples 1000", "--epochs"},
        {estimate, "--tokens"},
        {estimate, "--storage-read-mbs"},
        {estimate, "--decode-per-worker"},
        {estimate + " --lora-rank 8", "--lora-alpha"},
        {cost, "--shipping"},
        {cost, "--kwh-price"},
        {cost, "--idle-watts"},
        {cost, "--tax-percent"},
        {cost, "--hours-per-day"},
        {rent, "--run-samples"},
        {rent, "--lifetime-months"},
        {"fit -m resnet50 -b 8", "--budget"},
        {"plan -m resnet50 -b 32", "--budget"},
        {"catalog price gpu/rtx-4090", "--amount"},
        {check + " --dataset-samples 1000", "--epochs"}};
    for (const auto& [command, flag] : floats)
        for (const auto* value : {"1e308", "1e-300"}) {
            INFO(command << " " << flag << " " << value);
            expectRefusal(800, runCli(folder, command + " " + flag + " " + value + " --no-user-db"), 2, flag);
        }
    const std::vector<std::pair<std::string, std::string>> integers = {
        {estimate, "--batch"},
        {estimate, "--seq-len"},
        {estimate, "--dataset-samples"},
        {estimate + " --inference", "--new-tokens"},
        {estimate, "--gpus"},
        {"validate -m resnet18 -b 1 --device cpu", "--memory-limit"},
        {"build new --preset entry-rtx-3060 -o '" + folder.file("n.torchrig").string() + "'", "--nodes"},
        {"catalog search rtx", "--limit"}};
    for (const auto& [command, flag] : integers) {
        INFO(command << " " << flag);
        expectRefusal(800, runCli(folder, command + " " + flag + " 99999999999999999999 --no-user-db"), 2,
                      flag);
    }
}

TEST_CASE("An exchange rate past any currency pair is refused, not printed as a total",
          "[cli][hostile][numbers]") {
    test::TemporaryFolder folder;
    const auto build = newBuild(folder, "b.torchrig");
    for (const auto* rate : {"USD=1e308", "USD=1e-300"})
        expectRefusal(
            800, runCli(folder, "build cost '" + build + "' --currency CNY --rate " + rate + " --no-user-db"),
            2, "--rate");
}

TEST_CASE("A workload too large to plan is refused as such, not as an unexpected failure",
          "[cli][hostile][numbers]") {
    test::TemporaryFolder folder;
    // A batch x sequence x vocabulary past int64 once wrapped to a tensor of [0, 16777216].
    const auto config = folder.file("config.json").string();
    test::writeFile(
        config,
        R"({"model_type": "llama", "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_hidden_layers": 1, "num_key_value_heads": 4, "vocab_size": 16777216, "max_position_embeddings": 1048576, "hidden_act": "silu"})");
    for (const auto* inference : {"", " --inference --new-tokens 16777216"})
        expectRefusal(800,
                      runCli(folder, "estimate --hf-config '" + config +
                                         "' -b 1048576 --seq-len 1048576 --device cpu --no-user-db" +
                                         inference),
                      4, "more elements than TorchRig estimates");
}

TEST_CASE("A build file's impossible or currency-less quote is refused when read, naming the field",
          "[cli][hostile][sheets]") {
    test::TemporaryFolder folder;
    const auto build = newBuild(folder, "b.torchrig");
    const nlohmann::json quote = {{"vendor", "V"},
                                  {"amount", 100},
                                  {"currency", "USD"},
                                  {"date", "2026-01-01"},
                                  {"valid_until", "2026-02-01"},
                                  {"part", ""}};
    auto with = [&](const char* key, const char* value) {
        auto q = quote;
        q[key] = value;
        return withQuotes(folder, build, std::string(key) + value + ".torchrig", nlohmann::json::array({q}));
    };
    expectRefusal(800, runCli(folder, "build cost '" + with("currency", "") + "' --no-user-db"), 4,
                  "currency");
    expectRefusal(800, runCli(folder, "build cost '" + with("valid_until", "0000-00-00") + "' --no-user-db"),
                  4, "valid_until");
    expectRefusal(800, runCli(folder, "build show '" + with("date", "2026-02-30") + "' --no-user-db"), 4,
                  "date");
    expectRefusal(800, runCli(folder, "build check '" + with("valid_until", "2025-12-01") + "' --no-user-db"),
                  4, "valid_until");
}

TEST_CASE("An expired quote does not price its part unless asked, and is said to have expired",
          "[cli][sheets]") {
    test::TemporaryFolder folder;
    const auto build = newBuild(folder, "b.torchrig");
    const std::string partId = nlohmann::json::parse(test::readFile(build))["parts"][0]["id"];
    const auto file = withQuotes(folder, build, "expired.torchrig",
                                 nlohmann::json::array({{{"vendor", "Old Vendor"},
                                                         {"amount", 1.5},
                                                         {"currency", "USD"},
                                                         {"date", "2020-01-01"},
                                                         {"valid_until", "2020-02-01"},
                                                         {"part", partId}}}));
    auto priced = [&](const std::string& flags) {
        const auto run = runCli(folder, "build cost '" + file + "' --json --no-user-db" + flags);
        INFO(run.output);
        REQUIRE(run.exitCode == 0);
        const auto cost = nlohmann::json::parse(run.output);
        for (const auto& line : cost["lines"])
            if (line["id"] == partId)
                return std::make_pair(line, cost["notes"].dump());
        FAIL("no line for " << partId);
        return std::make_pair(nlohmann::json(), std::string());
    };
    const auto [unused, unusedNotes] = priced("");
    CHECK((unused["unit_price"].is_null() || unused["unit_price"]["amount"] != 1.5));
    CHECK(unusedNotes.find("expired on 2020-02-01 and is not used") != std::string::npos);
    const auto [used, usedNotes] = priced(" --use-expired-quotes");
    CHECK(used["unit_price"]["amount"] == 1.5);
    CHECK(usedNotes.find("expired on 2020-02-01, as asked") != std::string::npos);
    const auto text = runCli(folder, "build cost '" + file + "' --no-user-db").output;
    CHECK(text.find("1 vendor's quote has expired") != std::string::npos);
}

#ifdef TORCHRIG_TEST_HAS_REPORT
TEST_CASE("The components CSV neutralises cells a spreadsheet would run as formulas",
          "[cli][hostile][sheets]") {
    test::TemporaryFolder folder;
    const auto build = newBuild(folder, "b.torchrig");
    const std::string partId = nlohmann::json::parse(test::readFile(build))["parts"][0]["id"];
    const auto file = withQuotes(folder, build, "formula.torchrig",
                                 nlohmann::json::array({{{"vendor", "=HYPERLINK(\"http://x.invalid\",\"a\")"},
                                                         {"amount", 10},
                                                         {"currency", "USD"},
                                                         {"date", "2026-01-01"},
                                                         {"valid_until", "2999-12-31"},
                                                         {"reference", "@SUM(A1)"},
                                                         {"part", partId}}}));
    const auto csv = folder.file("sheet.csv").string();
    const auto run = runCli(folder, "report '" + file + "' -o '" + csv + "' --no-user-db");
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    const auto text = test::readFile(csv);
    INFO(text);
    CHECK(text.find(",=HYPERLINK") == std::string::npos);
    CHECK(text.find(",\"=HYPERLINK") == std::string::npos);
    CHECK(text.find(",\"'=HYPERLINK(\"\"http://x.invalid\"\",\"\"a\"\") @SUM(A1)\"") != std::string::npos);
    CHECK(text.find(",valid\r\n") != std::string::npos);
}
#endif

TEST_CASE("build new never writes a file that build check refuses", "[cli][hostile]") {
    test::TemporaryFolder folder;
    // The same part a hundred and one times at 1000 a time: 101,000 of one part on a node, past what
    // the reader takes (100,000), was written all the same.
    std::string parts;
    for (int i = 0; i < 101; ++i)
        parts += " --part gpu/rtx-3060-12gbx1000";
    const auto many = folder.file("many.torchrig").string();
    const auto made = runCli(folder, "build new" + parts + " -o '" + many + "' --no-user-db");
    INFO(made.output);
    if (made.exitCode == 0)
        CHECK(runCli(folder, "build check '" + many + "' --no-user-db").exitCode == 0);
    else
        expectRefusal(800, made, 2, "quantity");
}
