// torchrig-cli plan as scripts call it: the seed articles' scenarios, the proposals saved as build
// files that `build check` passes, and the refusals a person can act on.

#include "cli_run.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

using namespace torchrig;
using test::runCli;

namespace {
const std::string kRates = " --rate USD=7.1 --rate EUR=7.7 --rates-date 2026-12-01";
}

TEST_CASE("plan --scenario research proposes three builds that build check passes without a problem",
          "[cli][plan]") {
    test::TemporaryFolder folder;
    const auto saved = folder.file("plans").string();
    const auto planned = runCli(folder, "plan --scenario research --json --save '" + saved + "'" + kRates);
    REQUIRE(planned.exitCode == 0);
    const auto d = nlohmann::json::parse(planned.output);
    CHECK(d["scenario"]["id"] == "research");
    CHECK(d["request"]["currency"] == "CNY");
    CHECK(d["request"]["budget"] == 100000);
    CHECK(d["search"]["seconds"].get<double>() > 0);
    // What would change the answer: the cheapest build faster than the first, whatever it costs.
    REQUIRE(d["cheapest_faster"].is_object());
    CHECK(d["cheapest_faster"]["rank_hours"].get<double>() < d["proposals"][0]["rank_hours"].get<double>());
    REQUIRE(d["proposals"].size() == 3);
    for (const auto& p : d["proposals"]) {
        INFO(p["title"]);
        CHECK(p["total"].get<double>() <= 100000);
        CHECK(p["wall_watts"].get<double>() <= 0.8 * 10 * 220);
        CHECK_FALSE(p["cloud_alternative"].is_null());
        REQUIRE(p["file"].is_string());
        const auto checked =
            runCli(folder, "build check '" + p["file"].get<std::string>() + "' --circuit 10x220 --json");
        REQUIRE(checked.exitCode == 0);
        // Kept whole: a range over a member of a temporary would outlive the temporary.
        const auto findings = nlohmann::json::parse(checked.output)["findings"];
        for (const auto& f : findings) {
            INFO(f["message"]);
            CHECK(f["severity"] != "problem");
        }
    }
}

TEST_CASE("plan says why it cannot plan, and what to give", "[cli][plan]") {
    test::TemporaryFolder folder;
    auto none = runCli(folder, "plan --budget 1000");
    CHECK(none.exitCode == 2);
    CHECK_THAT(none.output, Catch::Contains("no workload to plan for"));
    // A currency the catalog has no reference rate for needs the user's.
    auto noRate = runCli(folder, "plan -m resnet50 --currency BRL --budget 50000");
    CHECK(noRate.exitCode == 2);
    CHECK_THAT(noRate.output,
               Catch::Contains("the catalog has no reference rate for BRL: give --rate USD=RATE"));
    auto otherCurrency = runCli(folder, "plan --scenario entry --currency EUR --rate USD=0.9");
    CHECK(otherCurrency.exitCode == 2);
    CHECK_THAT(otherCurrency.output, Catch::Contains("give --budget in EUR"));
    auto unknownModel = runCli(folder, "plan -m resnet-9000 -b 8");
    CHECK(unknownModel.exitCode != 0);
    CHECK_THAT(unknownModel.output, Catch::Contains("resnet-9000"));
}

TEST_CASE("plan under a budget nothing fits names the cheapest build that would", "[cli][plan]") {
    test::TemporaryFolder folder;
    const auto planned = runCli(folder, "plan --scenario entry --budget 1000 --json" + kRates);
    REQUIRE(planned.exitCode == 0);
    const auto d = nlohmann::json::parse(planned.output);
    CHECK(d["proposals"].empty());
    REQUIRE(d["cheapest_over_budget"].is_object());
    CHECK(d["cheapest_over_budget"]["total"].get<double>() > 1000);
}

TEST_CASE("LoRA planned for Qwen2.5 or Mistral targets what build new and the editor target",
          "[cli][plan][lora]") {
    test::TemporaryFolder folder;
    // One rule names the targets of a LoRA nobody named them for: PEFT's, from the layers' names.
    auto targetsIn = [](const std::string& buildFile) {
        const auto build = nlohmann::json::parse(test::readFile(buildFile));
        return build["workloads"][0]["lora"]["targets"].get<std::vector<std::string>>();
    };
    for (const std::string model : {"qwen2.5-7b", "mistral-7b-v0.3"}) {
        INFO(model);
        const auto workload = " -m " + model + " --batch 1 --seq-len 512 --precision bf16 --lora-rank 16";
        const auto saved = folder.file("plans-" + model).string();
        const auto planned = runCli(folder, "plan" + workload +
                                                " --checkpointing blocks --budget 200000 "
                                                "--currency CNY --save '" +
                                                saved + "' --json" + kRates);
        REQUIRE(planned.exitCode == 0);
        const auto proposals = nlohmann::json::parse(planned.output)["proposals"];
        REQUIRE_FALSE(proposals.empty());
        const auto built = folder.file(model + ".torchrig").string();
        REQUIRE(runCli(folder, "build new" + workload + " --preset research-2x-rtx-4090 -o '" + built + "'")
                    .exitCode == 0);
        const std::vector<std::string> attention = {"q_proj", "v_proj"};
        CHECK(targetsIn(built) == attention);
        for (const auto& p : proposals)
            CHECK(targetsIn(p["file"].get<std::string>()) == attention);
        // Every linear layer, experts included, only when asked for by PEFT's own word.
        REQUIRE(runCli(folder, "build new" + workload +
                                   " --lora-targets all-linear --preset research-2x-rtx-4090 -o '" + built +
                                   "' --force")
                    .exitCode == 0);
        CHECK(targetsIn(built).empty());
    }
}

TEST_CASE("plan without --batch takes the largest that fits, pulls a lever a card needs and says it, and "
          "--no-lever forbids it",
          "[cli][plan]") {
    test::TemporaryFolder folder;
    const std::string workload = "plan -m qwen2.5-7b --seq-len 2048 --precision bf16 --lora-rank 16 "
                                 "--max-gpus 1 --budget 30000 --currency CNY --rate CHF=8.1" +
                                 kRates;
    const auto planned = runCli(folder, workload + " --json --save '" + folder.file("plans").string() + "'");
    REQUIRE(planned.exitCode == 0);
    const auto d = nlohmann::json::parse(planned.output);
    CHECK(d["request"]["workloads"][0]["batch"] == "largest");
    bool checkpointed = false;
    for (const auto& p : d["proposals"]) {
        INFO(p["title"]);
        const auto& w = p["workloads"][0];
        CHECK(w["batch_per_gpu"].get<int>() >= 1);
        CHECK(w["device_peak_bytes"].get<double>() <= w["usable_bytes"].get<double>());
        const auto levers = w["levers"].get<std::vector<std::string>>();
        if (levers == std::vector<std::string>{"checkpointing"}) {
            checkpointed = true;
            // The saved build runs what was planned.
            const auto build = nlohmann::json::parse(test::readFile(p["file"].get<std::string>()));
            CHECK(build["workloads"][0]["checkpointing"] == "blocks");
        }
    }
    CHECK(checkpointed);
#ifdef TORCHRIG_TEST_HAS_REPORT // a command line built with Qt, which holds the translations
    const auto table = runCli(folder, workload + " --lang zh_CN");
    REQUIRE(table.exitCode == 0);
    CHECK_THAT(table.output, Catch::Contains("qwen2.5-7b：每个块做激活检查点，每块 GPU 占用"));
#endif

    const auto strict = runCli(folder, workload + " --no-lever checkpointing --no-lever qlora --json");
    REQUIRE(strict.exitCode == 0);
    // Each parsed document named: a range-for over a member of a temporary reads freed memory.
    const auto strictPlan = nlohmann::json::parse(strict.output);
    for (const auto& p : strictPlan["proposals"])
        CHECK(p["workloads"][0]["levers"].empty());
    // Without a rate, the catalog's dated reference rates, said as such.
    const auto unrated = runCli(folder, "plan -m qwen2.5-7b --seq-len 2048 --precision bf16 --lora-rank 16 "
                                        "--max-gpus 1 --budget 30000 --currency CNY");
    REQUIRE(unrated.exitCode == 0);
    CHECK_THAT(unrated.output, Catch::Contains("1 USD = 7.2628 CNY (reference rate of 2024-06-28)"));
    CHECK_THAT(unrated.output,
               Catch::Contains("converted at the catalog's reference exchange rates (European "
                               "Central Bank) of 2024-06-28"));
    const auto wrong = runCli(folder, workload + " --no-lever fp8");
    CHECK(wrong.exitCode == 2);
    CHECK_THAT(wrong.output, Catch::Contains("--no-lever"));
}

TEST_CASE("A lab's ¥100,000 plan, as the issue wrote it, works without --rate and proposes balanced hosts "
          "that build check passes and the advice does not fault",
          "[cli][plan]") {
    test::TemporaryFolder folder;
    const auto saved = folder.file("DIR").string();
    const auto planned =
        runCli(folder, "plan --model llama-2-7b --seq-len 2048 --precision bf16 --lora-rank 16 "
                       "--largest-batch --budget 100000 --currency CNY --json --save '" +
                           saved + "'");
    REQUIRE(planned.exitCode == 0);
    const auto d = nlohmann::json::parse(planned.output);
    CHECK(d["request"]["reference_rates"]["USD"] == "2024-06-28");
    CHECK(d["request"]["market"] == "cn"); // in yuan: what can be bought in mainland China
    REQUIRE_FALSE(d["proposals"].empty());
    bool cpuWired = false;
    for (const auto& p : d["proposals"]) {
        INFO(p["title"]);
        const auto build = nlohmann::json::parse(test::readFile(p["file"].get<std::string>()));
        double ramBytes = 0, cores = 0, gpus = 0;
        for (const auto& part : build["parts"]) {
            const auto& fields = part["snapshot"]["fields"];
            const double quantity = part["quantity"].get<double>();
            if (fields.contains("module_gb"))
                ramBytes +=
                    fields["modules"].get<double>() * fields["module_gb"].get<double>() * 1e9 * quantity;
            if (part["snapshot"]["category"] == "cpu")
                cores += fields["cores"].get<double>() * quantity;
            if (part["snapshot"]["category"] == "gpu")
                gpus += quantity;
        }
        CHECK(p["parts"][0]["id"] != "gpu/rtx-4090");
        const auto& w = p["workloads"][0];
        CHECK(ramBytes >= w["host_ram_bytes"].get<double>());
        CHECK(ramBytes >= 13e9 * gpus); // each rank loads llama-2-7b's 13.5 GB of bf16 weights
        CHECK(cores >= 4 * gpus);
        // RAM >= the GPUs' memory, the rule labs buy by, unless asked not to.
        double gpuMemoryBytes = 0;
        for (const auto& part : build["parts"])
            if (part["snapshot"]["category"] == "gpu")
                gpuMemoryBytes += part["snapshot"]["fields"]["vram_gb"].get<double>() * 1e9 *
                                  part["quantity"].get<double>();
        CHECK(ramBytes >= gpuMemoryBytes);
        const auto file = "'" + p["file"].get<std::string>() + "'";
        const auto checked = runCli(folder, "build check " + file + " --json");
        REQUIRE(checked.exitCode == 0);
        const auto findings = nlohmann::json::parse(checked.output)["findings"];
        for (const auto& f : findings)
            CHECK(f["severity"] != "problem");
        // What the advice would fault in the host, the planner has already bought.
        const auto advised = runCli(folder, "build advise " + file + " --json");
        REQUIRE(advised.exitCode == 0);
        const auto advice = nlohmann::json::parse(advised.output)["advice"];
        for (const auto& a : advice) {
            CHECK(a["rule"] != "host-ram");
            CHECK(a["rule"] != "loader-workers");
        }
        // Two cards sit on a board that wires both from the CPU where such a host costs little more
        // (said in the build's notes); else the chipset slot is a finding of the proposal.
        const bool chipsetSlot = std::any_of(findings.begin(), findings.end(), [](const nlohmann::json& f) {
            return f["message"].get<std::string>().find("wired from the chipset") != std::string::npos;
        });
        if (build["notes"].get<std::string>().find("wires every card from the CPU") != std::string::npos) {
            cpuWired = true;
            CHECK_FALSE(chipsetSlot);
        }
    }
    CHECK(cpuWired); // the 2 × RTX 5000 Ada on an x8/x8 board, measured so on 2026-12-07
}

TEST_CASE("The student's ¥30,000 Qwen2.5-7B LoRA plan names a single-card build that can be bought in "
          "mainland China, with the lever it pulled",
          "[cli][plan]") {
    test::TemporaryFolder folder;
    const auto planned = runCli(folder, "plan -m qwen2.5-7b --seq-len 2048 --precision bf16 --lora-rank 16 "
                                        "--budget 30000 --currency CNY --json");
    REQUIRE(planned.exitCode == 0);
    const auto d = nlohmann::json::parse(planned.output);
    // One card is either among the proposals, or the alternative beside them when they all share
    // the work over several.
    std::vector<nlohmann::json> singles;
    for (const auto& p : d["proposals"])
        if (p["parts"][0]["quantity"] == 1)
            singles.push_back(p);
    if (!d["fastest_single_gpu"].is_null())
        singles.push_back(d["fastest_single_gpu"]);
    REQUIRE_FALSE(singles.empty());
    bool leversPulled = false;
    for (const auto& p : singles) {
        INFO(p["title"]);
        CHECK(p["total"].get<double>() <= 30000);
        CHECK(p["to_be_quoted_lines"] == 0);
        for (const auto& banned : {"gpu/rtx-4090", "gpu/l40s", "gpu/l40"})
            CHECK(p["parts"][0]["id"] != banned);
        const auto& w = p["workloads"][0];
        CHECK(w["device_peak_bytes"].get<double>() <= w["usable_bytes"].get<double>());
        leversPulled = leversPulled || !w["levers"].empty();
    }
    const auto table = runCli(folder, "plan -m qwen2.5-7b --seq-len 2048 --precision bf16 --lora-rank 16 "
                                      "--budget 30000 --currency CNY");
    REQUIRE(table.exitCode == 0);
    if (d["fastest_single_gpu"].is_object())
        CHECK_THAT(table.output, Catch::Contains("the fastest build of one GPU"));
    if (leversPulled) // said under the build as "qwen2.5-7b fits in 19.9 of 24.0 GiB per GPU with …"
        CHECK_THAT(table.output, Catch::Contains("qwen2.5-7b fits in"));
}
