// torchrig-cli validate as scripts call it: the worker's measurement, --compare and its calibration,
// --layers.

#include "cli_run.h"
#include "test_support.h"
#include "validation/validation_protocol.h"
#include "workload/workload_graph.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>

using namespace torchrig;
using test::runCli;

#ifdef TORCHRIG_TEST_HAS_WORKER

TEST_CASE("validate runs the worker and prints the measurement as JSON", "[cli][validate][slow]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "validate --model mlp --batch 32 --steps 2 --json 2>/dev/null");
    REQUIRE(run.exitCode == 0);
    auto document = nlohmann::json::parse(run.output.substr(run.output.find('{')));
    CHECK(document["measured"]["parameter_count"] == 784 * 512 + 512 + 512 * 512 + 512 + 512 * 10 + 10);
    CHECK(document["measured"]["allocated_peak_bytes"].get<std::int64_t>() > 0);
    CHECK(document["measured"]["step_seconds_all"].size() == 2);
    auto tooBig = runCli(folder, "validate --model resnet18 --batch 8 --memory-limit 100000000");
    CHECK(tooBig.exitCode == 8);
    CHECK(tooBig.output.find("validation failed (out_of_memory): does not fit at batch 8") !=
          std::string::npos);
}

TEST_CASE("validate --compare sets the estimate beside the measurement, and a calibration from it is used",
          "[cli][validate][slow]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "validate --model mlp --batch 32 --steps 2 --compare --json 2>/dev/null");
    REQUIRE(run.exitCode == 0);
    const auto json = run.output.substr(run.output.find('{'));
    auto d = nlohmann::json::parse(json);
    // "estimated" has the measurement's keys, each with its relative error.
    REQUIRE(d["estimated"].is_object());
    for (const char* key :
         {"allocated_peak_bytes", "first_step_allocated_peak_bytes", "step_seconds", "samples_per_second"}) {
        INFO(key);
        REQUIRE(d["measured"].contains(key));
        REQUIRE(d["estimated"][key].is_number());
        const double measured = d["measured"][key].get<double>();
        const double estimated = d["estimated"][key].get<double>();
        CHECK(d["relative_error"][key].get<double>() == Approx((estimated - measured) / measured));
    }
    // The CPU run's own rates give the step; its ratio to the measured step is the calibration's.
    const double ratio = d["calibration"]["step_time_ratio"].get<double>();
    CHECK(ratio ==
          Approx(d["measured"]["step_seconds"].get<double>() / d["estimated"]["step_seconds"].get<double>()));
    CHECK(d["calibration"]["estimate_used_stored_calibration"] == false);

    test::writeFile(folder.file("mlp-compare.json"), json);
    auto again = runCli(folder, "validate --model mlp --batch 32 --steps 2 --compare --json --calibration '" +
                                    folder.file("mlp-compare.json").string() + "' 2>/dev/null");
    REQUIRE(again.exitCode == 0);
    auto calibrated = nlohmann::json::parse(again.output.substr(again.output.find('{')));
    CHECK(calibrated["calibration"]["estimate_used_stored_calibration"] == true);
    // The stored run's rates times its ratio: its own step, whatever this run measured.
    CHECK(calibrated["estimated"]["step_seconds"].get<double>() ==
          Approx(d["measured"]["step_seconds"].get<double>()).epsilon(1e-6));

    auto other = d;
    other["device"]["name"] = "Some Other CPU";
    test::writeFile(folder.file("other.json"), other.dump());
    auto wrongDevice = runCli(folder, "validate --model mlp --batch 32 --steps 1 --compare --calibration '" +
                                          folder.file("other.json").string() + "'");
    CHECK(wrongDevice.exitCode != 0);
    CHECK(wrongDevice.output.find("measured on Some Other CPU") != std::string::npos);
    CHECK(runCli(folder,
                 "validate --model mlp --batch 32 --calibration '" + folder.file("other.json").string() + "'")
              .exitCode == 2); // --calibration without --compare

    // --calibrated: the calibration the app keeps for this device in the user database.
    auto none = runCli(folder, "validate --model mlp --batch 32 --steps 1 --compare --calibrated");
    CHECK(none.exitCode == 3);
    CHECK(none.output.find("no calibration is stored for") != std::string::npos);
    {
        auto catalog = test::openCatalog(folder.file("user.sqlite"));
        REQUIRE(catalog->setCalibration(d["device"]["name"].get<std::string>(), json, std::nullopt).ok());
    }
    auto kept =
        runCli(folder, "validate --model mlp --batch 32 --steps 2 --compare --json --calibrated 2>/dev/null");
    REQUIRE(kept.exitCode == 0);
    auto keptJson = nlohmann::json::parse(kept.output.substr(kept.output.find('{')));
    CHECK(keptJson["calibration"]["estimate_used_stored_calibration"] == true);
    CHECK(keptJson["estimated"]["step_seconds"].get<double>() ==
          Approx(d["measured"]["step_seconds"].get<double>()).epsilon(1e-6));
}

TEST_CASE(
    "validate --ranks 2 --strategy ddp sets each Gloo rank beside the estimate for --gpus 2 --strategy ddp",
    "[cli][validate][slow]") {
    test::TemporaryFolder folder;
    auto run =
        runCli(folder, "validate --model resnet18 --batch 2 --image-size 64 --steps 3 --device cpu --ranks 2 "
                       "--strategy ddp --compare --json 2>/dev/null");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output.substr(run.output.find('{')));
    auto estimate =
        runCli(folder, "estimate --model resnet18 --batch 2 --image-size 64 --device cpu --gpus 2 "
                       "--strategy ddp --json 2>/dev/null");
    REQUIRE(estimate.exitCode == 0);
    const auto estimated =
        nlohmann::json::parse(estimate.output)["memory"]["allocated_peak_bytes"].get<double>();
    CHECK(d["estimated"]["allocated_peak_bytes"].get<double>() == estimated);
    REQUIRE(d["ranks"].size() == 2);
    for (int rank = 0; rank < 2; ++rank) {
        const auto& r = d["ranks"][rank];
        CHECK(r["data_parallel"]["rank"] == rank);
        CHECK(r["data_parallel"]["all_reduced_bytes_per_step"] == 11689512LL * 4);
        CHECK(std::abs(r["allocated_peak_relative_error"].get<double>()) <= 0.01);
    }
    auto table =
        runCli(folder, "validate --model resnet18 --batch 2 --image-size 64 --steps 1 --device cpu --ranks 2 "
                       "2>/dev/null");
    REQUIRE(table.exitCode == 0);
    CHECK(table.output.find("rank 1 of 2 (gloo)") != std::string::npos);
    auto zero = runCli(folder, "validate --model resnet18 --batch 2 --ranks 2 --strategy zero2");
    CHECK(zero.exitCode == 2);
    CHECK(zero.output.find("validate measures ddp only") != std::string::npos);
}

TEST_CASE("validate --layers trains a transformer with fewer blocks, and the estimate is for the same",
          "[cli][validate][slow]") {
    test::TemporaryFolder folder;
    auto run =
        runCli(folder, "validate --model bert-base-uncased --layers 2 --batch 2 --seq-len 32 --steps 1 "
                       "--compare --json 2>/dev/null");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output.substr(run.output.find('{')));
    CHECK(d["inputs"]["layers"] == 2);
    ValidationRequest twoLayers;
    twoLayers.model = "bert-base-uncased";
    twoLayers.inputs.layers = 2;
    twoLayers.inputs.seqLen = 32;
    auto whole = twoLayers;
    whole.inputs.layers = 0;
    const auto parameters = buildWorkloadGraph(twoLayers)->parameterCount();
    CHECK(d["measured"]["parameter_count"].get<std::int64_t>() == parameters);
    CHECK(parameters < buildWorkloadGraph(whole)->parameterCount() * 0.6);
    CHECK(std::abs(d["relative_error"]["allocated_peak_bytes"].get<double>()) < 0.05);

    auto table =
        runCli(folder, "validate --model bert-base-uncased --layers 2 --batch 2 --seq-len 32 --steps 1");
    CHECK(table.exitCode == 0);
    CHECK(table.output.find("bert-base-uncased (2 of 12 layers)") != std::string::npos);

    auto resnet = runCli(folder, "validate --model resnet18 --layers 2 --batch 2 --steps 1");
    CHECK(resnet.exitCode != 0);
    CHECK(resnet.output.find("resnet18 is built whole") != std::string::npos);
    auto tooMany = runCli(folder, "estimate --model gpt2 --layers 13 --batch 1 --device cpu");
    CHECK(tooMany.exitCode != 0);
    CHECK(tooMany.output.find("gpt2 has 12 layers, not 13") != std::string::npos);
    auto modelFile = runCli(folder, "estimate --model-file '" TORCHRIG_TEST_RESOURCES
                                    "/models/example-tiny-llama.json' --layers 1 --batch 4 --device cpu");
    CHECK(modelFile.exitCode != 0);
    CHECK(modelFile.output.find("a model file is built as it is written") != std::string::npos);
}
#endif
