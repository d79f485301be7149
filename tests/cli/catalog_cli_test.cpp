// The command line: catalog, validate, estimate and fit, as scripts call them.

#include "cli_run.h"
#include "test_support.h"
#include "validation/validation_protocol.h"
#include "workload/workload_graph.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>

using namespace torchrig;
using test::runCli;

TEST_CASE("catalog search prints the intended part first", "[cli]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "catalog search rtx4090");
    CHECK(run.exitCode == 0);
    auto secondLine = run.output.substr(run.output.find('\n') + 1);
    CHECK(secondLine.rfind("gpu/rtx-4090 ", 0) == 0);
    auto json = runCli(folder, "catalog search 'a100 80' --json");
    REQUIRE(json.exitCode == 0);
    CHECK(nlohmann::json::parse(json.output)["hits"][0]["part"]["id"] == "gpu/a100-80gb-sxm4");
}

TEST_CASE("catalog list --json lists parts with source and date", "[cli]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "catalog list --category gpu --json");
    REQUIRE(run.exitCode == 0);
    auto document = nlohmann::json::parse(run.output);
    CHECK(document["count"].get<int>() >= 38);
    CHECK(document["parts"][0].contains("source"));
    CHECK(document["parts"][0].contains("as_of"));
    CHECK(document["user_database"]["state"] == "writable");
}

TEST_CASE("Exit codes tell scripts what went wrong", "[cli]") {
    test::TemporaryFolder folder;
    CHECK(runCli(folder, "catalog show gpu/no-such-card").exitCode == 3);
    CHECK(runCli(folder, "catalog list --category toaster").exitCode == 2);
    CHECK(runCli(folder, "catalog frobnicate").exitCode == 2);
    test::writeFile(folder.file("gpu.csv"), "id,name\ngpu/x,X\n");
    auto invalid = runCli(folder, "catalog import " + folder.file("gpu.csv").string());
    CHECK(invalid.exitCode == 4);
    CHECK(invalid.output.find("the required column \"vram_gb\" is missing") != std::string::npos);
    auto add = "catalog add -c gpu --name 'Lab Card' --source sheet --set architecture=T --set vram_gb=8 "
               "--set memory_bandwidth_gbs=300 --set tdp_w=100 --set form_factor=pcie --set gpu_link=none";
    CHECK(runCli(folder, add).exitCode == 0);
    CHECK(runCli(folder, add).exitCode == 5);
    test::writeFile(folder.file("user.sqlite"), "garbage");
    auto readOnly = runCli(folder, add);
    CHECK(readOnly.exitCode == 6);
    CHECK(readOnly.output.find("is damaged or is not a database") != std::string::npos);
}

TEST_CASE("Export then import round-trips a category through CSV", "[cli]") {
    test::TemporaryFolder folder;
    auto out = folder.file("gpu.csv").string();
    REQUIRE(runCli(folder, "catalog export --category gpu --format csv -o " + out).exitCode == 0);
    const auto gpus =
        nlohmann::json::parse(runCli(folder, "catalog list --category gpu --json").output)["count"]
            .get<int>();
    auto imported = runCli(folder, "catalog import " + out);
    CHECK(imported.exitCode == 0);
    CHECK(imported.output.find("0 added, 0 replaced, " + std::to_string(gpus) + " unchanged") !=
          std::string::npos);
    // An export of the user's own edit imports as a replacement.
    REQUIRE(runCli(folder, "catalog edit gpu/rtx-4090 --set length_mm=304 --source 'card box'").exitCode ==
            0);
    // The earlier export is replaced only when the command says so.
    auto refused = runCli(folder, "catalog export --category gpu --format csv -o " + out);
    CHECK(refused.exitCode == 5);
    CHECK(refused.output.find("give --force to replace it") != std::string::npos);
    REQUIRE(runCli(folder, "catalog export --category gpu --format csv --force -o " + out).exitCode == 0);
    auto again = runCli(folder, "catalog import " + out);
    CHECK(again.output.find("0 added, 1 replaced, " + std::to_string(gpus - 1) + " unchanged") !=
          std::string::npos);
}

#ifdef TORCHRIG_TEST_HAS_WORKER
TEST_CASE("validate runs the worker and prints the measurement as JSON", "[cli][validate]") {
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
          "[cli][validate]") {
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

TEST_CASE("validate --layers trains a transformer with fewer blocks, and the estimate is for the same",
          "[cli][validate]") {
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

TEST_CASE("estimate prints the documented JSON and says when a workload does not fit", "[cli][estimate]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder,
                      "estimate --model resnet50 --batch 32 --precision amp-bf16 --device 'RTX 4090' --json");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    CHECK(d["model"]["params"] == 25557032);
    CHECK(d["device"]["id"] == "gpu/rtx-4090");
    const auto& m = d["memory"];
    for (const char* key : {"allocated_peak_bytes", "reserved_peak_bytes", "device_peak_bytes",
                            "first_step_allocated_peak_bytes", "headroom_bytes"})
        CHECK(m[key].get<std::int64_t>() > 0);
    CHECK(m["fits"] == true);
    CHECK(m["reserved_peak_bytes"].get<std::int64_t>() >= m["allocated_peak_bytes"].get<std::int64_t>());
    CHECK(m["device_peak_bytes"].get<std::int64_t>() > m["reserved_peak_bytes"].get<std::int64_t>());
    std::int64_t sum = 0;
    for (const char* key :
         {"weights", "gradients", "optimizer_state", "activations", "temporaries", "inputs"})
        sum += m["breakdown_at_peak"][key].get<std::int64_t>();
    // The categories at the peak add up to the allocated peak; "workspace" also holds the libraries'
    // memory beside the allocator (240 MiB, measured on an H200), which the device peak adds.
    CHECK(sum + m["breakdown_at_peak"]["workspace"].get<std::int64_t>() - (240LL << 20) ==
          m["allocated_peak_bytes"].get<std::int64_t>());
    CHECK(m["breakdown_at_peak"]["context"] == 552402944);
    CHECK(d["time"]["step_seconds"].get<double>() > 0);
    CHECK(d["time"]["calibrated"] == false);
    // Ada's uncertainty, from the time model's held-out GPUs (estimate/achievable_rates.cpp).
    CHECK(d["time"]["uncertainty"].get<double>() ==
          Approx(estimate::architectureRates(estimate::GpuArchitecture::Ada).uncertainty));
    CHECK(d["time"]["host_bound_seconds"].get<double>() >= 0);

    // Llama-2-7B with AdamW in fp32 needs about 16 bytes a parameter: not on a 24 GB card.
    auto big = runCli(folder, "estimate --model llama-2-7b --batch 1 --seq-len 128 --device gpu/rtx-4090");
    CHECK(big.exitCode == 8);
    CHECK(big.output.find("NO (") != std::string::npos);
    auto unknown = runCli(folder, "estimate --model gpt2 --batch 1 --device 'no such card'");
    CHECK(unknown.exitCode == 3);
    CHECK(unknown.output.find("no GPU in the catalog matches \"no such card\"") != std::string::npos);
}

TEST_CASE("fit tries every catalog GPU and finds each one's largest batch", "[cli][estimate]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "fit --model resnet50 --batch 64 --precision amp-bf16 --json");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    std::map<std::string, nlohmann::json> byId;
    for (const auto& gpu : d["gpus"])
        byId[gpu["id"].get<std::string>()] = gpu;
    CHECK(byId.size() >= 38);
    const auto& big = byId.at("gpu/rtx-4090");
    const auto& small = byId.at("gpu/gtx-1660-super");
    CHECK(big["fits"] == true);
    CHECK(big["max_batch"].get<int>() > 64);
    CHECK(small["max_batch"].get<int>() < big["max_batch"].get<int>());
    // Turing has no native bfloat16: listed, but as emulated, after the cards that compute it.
    CHECK(big["native_precision"] == true);
    // Article 000's rule of thumb, beside the computed answer: 64 from 12e9 bytes up, else 32.
    CHECK(big["rule_of_thumb_batch"] == 64);
    CHECK(byId.at("gpu/rtx-3080-10gb")["rule_of_thumb_batch"] == 32);
    CHECK(d["rule_of_thumb_source"].get<std::string>().find("article 000") != std::string::npos);
    CHECK(small["native_precision"] == false);
    CHECK(small["samples_per_second_at_max_batch"].is_null());
    // Its largest batch fits by the estimator's own verdict, and twice as many do not (the reserved
    // peak need not grow at every single step of the batch: segments can pack better or worse).
    const auto batch = big["max_batch"].get<int>();
    auto at = runCli(folder,
                     "estimate --model resnet50 --precision amp-bf16 --device gpu/rtx-4090 --json --batch " +
                         std::to_string(batch));
    CHECK(nlohmann::json::parse(at.output)["memory"]["fits"] == true);
    auto over = runCli(
        folder, "estimate --model resnet50 --precision amp-bf16 --device gpu/rtx-4090 --json --batch " +
                    std::to_string(2 * batch));
    CHECK(over.exitCode == 8);
    auto budget =
        nlohmann::json::parse(runCli(folder, "fit --model resnet50 --batch 64 --budget 700 --json").output);
    for (const auto& gpu : budget["gpus"])
        CHECK(gpu["launch_price_usd"].get<double>() <= 700);
}

namespace {

// What 'torchrig-cli validate --json' prints, with figures of a made-up GPU of this name.
nlohmann::json labGpuRun(const std::string& name) {
    return {{"event", "result"},
            {"model", "resnet50"},
            {"inputs", {{"batch", 32}, {"image_size", 224}, {"seq_len", 0}}},
            {"measured",
             {{"parameter_count", 25557032},
              {"allocated_peak_bytes", 1},
              {"first_step_allocated_peak_bytes", 1},
              {"loss", 1.0},
              {"step_seconds", 0.02},
              {"step_seconds_all", {0.02}},
              {"samples_per_second", 1600},
              {"matmul_flops_per_second", 50e12},
              {"matmul_flops_per_second_by_dtype", {{"fp32", 50e12}, {"bf16", 500e12}}},
              {"copy_bytes_per_second", 3e12},
              {"context_bytes", 300000000}}},
            {"device",
             {{"kind", "cuda:0"},
              {"name", name},
              {"total_memory_bytes", 80LL << 30},
              {"compute_capability", "9.0"},
              {"threads", 8},
              {"libtorch_version", "2.11.0"},
              {"cuda_version", "13.0"}}}};
}

} // namespace

TEST_CASE("estimate --calibration uses what a validation run measured on the device", "[cli][estimate]") {
    test::TemporaryFolder folder;
    const auto measured = labGpuRun("Lab GPU");
    test::writeFile(folder.file("measured.json"), measured.dump(2));
    auto run = runCli(folder,
                      "estimate --model resnet50 --batch 32 --precision amp-bf16 --device gpu/h100-sxm5-80gb "
                      "--json --calibration '" +
                          folder.file("measured.json").string() + "'");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    CHECK(d["time"]["calibrated"] == true);
    CHECK(d["memory"]["breakdown_at_peak"]["context"] == 300000000);
    auto plain = nlohmann::json::parse(
        runCli(folder,
               "estimate --model resnet50 --batch 32 --precision amp-bf16 --device gpu/h100-sxm5-80gb --json")
            .output);
    CHECK(plain["time"]["calibrated"] == false);
    CHECK(plain["time"]["step_seconds"] != d["time"]["step_seconds"]);

    test::writeFile(folder.file("not-a-result.json"),
                    R"({"event": "progress", "phase": "warmup", "step": 1, "elapsed_seconds": 0.1})");
    auto wrong =
        runCli(folder, "estimate --model resnet50 --batch 32 --device gpu/h100-sxm5-80gb --calibration '" +
                           folder.file("not-a-result.json").string() + "'");
    CHECK(wrong.exitCode == 4);
    CHECK(wrong.output.find("is not a measurement: give the output of 'torchrig-cli validate --json'") !=
          std::string::npos);
}

TEST_CASE("estimate --calibrated uses the calibration the user keeps for the device", "[cli][estimate]") {
    test::TemporaryFolder folder;
    const std::string workload = "estimate --model resnet50 --batch 32 --precision amp-bf16 --device "
                                 "gpu/h100-sxm5-80gb --json";
    auto none = runCli(folder, workload + " --calibrated");
    CHECK(none.exitCode == 3);
    CHECK(none.output.find("no calibration is stored for H100 SXM5 80GB") != std::string::npos);
    // Kept as the app's Validate panel keeps it: by the name the worker saw: the driver's, with its vendor
    // word.
    const auto measured = labGpuRun("NVIDIA H100 SXM5 80GB");
    {
        auto catalog = test::openCatalog(folder.file("user.sqlite"));
        REQUIRE(catalog->setCalibration("NVIDIA H100 SXM5 80GB", measured.dump(), std::nullopt).ok());
    }
    auto stored = runCli(folder, workload + " --calibrated");
    REQUIRE(stored.exitCode == 0);
    auto d = nlohmann::json::parse(stored.output);
    CHECK(d["time"]["calibrated"] == true);
    CHECK(d["memory"]["breakdown_at_peak"]["context"] == 300000000);
    // The same estimate as with the run given as a file.
    test::writeFile(folder.file("measured.json"), measured.dump(2));
    auto file = nlohmann::json::parse(
        runCli(folder, workload + " --calibration '" + folder.file("measured.json").string() + "'").output);
    CHECK(d["time"]["step_seconds"] == file["time"]["step_seconds"]);
    // Another GPU has no calibration; both flags at once is a usage error.
    CHECK(runCli(folder, "estimate --model resnet50 --batch 32 --device 'RTX 4090' --calibrated").exitCode ==
          3);
    CHECK(runCli(folder,
                 workload + " --calibrated --calibration '" + folder.file("measured.json").string() + "'")
              .exitCode == 2);
}

TEST_CASE("estimate takes LoRA, accumulation and data-parallel strategies and says what they do",
          "[cli][estimate]") {
    test::TemporaryFolder folder;
    auto json = [&](const std::string& flags) {
        auto run =
            runCli(folder, "estimate --model llama-2-7b --batch 1 --seq-len 512 --precision bf16 --device "
                           "gpu/a100-80gb-sxm4 --json " +
                               flags);
        INFO(flags << "\n" << run.output);
        REQUIRE((run.exitCode == 0 || run.exitCode == 8));
        return nlohmann::json::parse(run.output);
    };
    auto full = json("");
    auto lora = json("--lora-rank 16 --lora-targets q_proj,v_proj");
    // 32 layers, q and v each 4096 x 4096: A is 16 x 4096 and B 4096 x 16.
    CHECK(lora["model"]["trainable_params"] == 32 * 2 * (16 * 4096 + 4096 * 16));
    CHECK(lora["model"]["params"].get<std::int64_t>() ==
          full["model"]["params"].get<std::int64_t>() +
              lora["model"]["trainable_params"].get<std::int64_t>());
    CHECK(lora["setup"]["lora"]["rank"] == 16);
    CHECK(lora["memory"]["breakdown_at_peak"]["gradients"].get<std::int64_t>() <
          full["memory"]["breakdown_at_peak"]["gradients"].get<std::int64_t>() / 100);
    auto qlora = json("--lora-rank 16 --qlora");
    CHECK(qlora["memory"]["breakdown_at_peak"]["weights"].get<std::int64_t>() <
          lora["memory"]["breakdown_at_peak"]["weights"].get<std::int64_t>() / 3);
    CHECK(qlora["warnings"].dump().find("4-bit") != std::string::npos);

    auto accumulated = json("--grad-accum 4");
    CHECK(accumulated["setup"]["gradient_accumulation"] == 4);
    CHECK(accumulated["time"]["forward_seconds"].get<double>() ==
          Approx(4 * full["time"]["forward_seconds"].get<double>()));

    auto ddp = json("--gpus 8 --strategy ddp");
    auto zero3 = json("--gpus 8 --strategy zero3");
    CHECK(ddp["memory"]["allocated_peak_bytes"].get<std::int64_t>() >
          full["memory"]["allocated_peak_bytes"].get<std::int64_t>());
    CHECK(zero3["memory"]["allocated_peak_bytes"].get<std::int64_t>() <
          full["memory"]["allocated_peak_bytes"].get<std::int64_t>() / 3);
    // NVLink on the SXM4 part: 600 GB/s both ways, 300 each; a ring moves 2 x 7/8 of the gradients.
    CHECK(ddp["time"]["communication_seconds"].get<double>() ==
          Approx(2.0 * 7 / 8 * 6738415616.0 * 2 / 300e9).epsilon(1e-6));
    CHECK(ddp["setup"]["strategy"] == "ddp");
    auto pipeline = json("--gpus 4 --strategy pp --grad-accum 8");
    CHECK(pipeline["memory"]["allocated_peak_bytes"].get<std::int64_t>() <
          full["memory"]["allocated_peak_bytes"].get<std::int64_t>() / 2);
    CHECK(pipeline["setup"]["strategy"] == "pp");

    auto tensor = json("--gpus 8 --strategy tp");
    CHECK(tensor["memory"]["breakdown_at_peak"]["weights"].get<std::int64_t>() <
          full["memory"]["breakdown_at_peak"]["weights"].get<std::int64_t>() / 4);
    CHECK(tensor["time"]["communication_seconds"].get<double>() > 0);
    auto refused =
        runCli(folder, "estimate --model gpt2 --batch 1 --gpus 2 --strategy sp --device gpu/rtx-4090");
    CHECK(refused.exitCode != 0);
    auto master =
        runCli(folder, "estimate --model gpt2 --batch 1 --fp32-master-weights --device gpu/rtx-4090");
    CHECK(master.exitCode == 2);
    CHECK(master.output.find("goes with --precision bf16") != std::string::npos);
    auto noTarget = runCli(
        folder, "estimate --model gpt2 --batch 1 --lora-rank 8 --lora-targets q_proj --device gpu/rtx-4090");
    CHECK(noTarget.exitCode != 0);
    CHECK(noTarget.output.find("no linear layer of gpt2") != std::string::npos);
    auto alphaAlone = runCli(folder, "estimate --model gpt2 --batch 1 --lora-alpha 8 --device gpu/rtx-4090");
    CHECK(alphaAlone.exitCode == 2);
}

TEST_CASE("estimate counts host RAM, storage and the run's time from the dataset", "[cli][estimate]") {
    test::TemporaryFolder folder;
    auto run = runCli(
        folder, "estimate --model resnet50 --batch 256 --precision amp-bf16 --device gpu/a100-80gb-sxm4 "
                "--dataset-samples 1281167 --sample-bytes 110000 --epochs 90 --storage-read-mbs 3000 "
                "--gpus 8 --loader-workers 4 --kept-checkpoints 3 --json");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    const auto& host = d["host"];
    const auto batchBytes = d["memory"]["breakdown_at_peak"]["inputs"].get<std::int64_t>();
    CHECK(host["ram"]["loader_batches"] == 8 * 4 * 2 * batchBytes);
    CHECK(host["ram"]["pinned"] == 8 * 2 * batchBytes);
    CHECK(host["storage"]["dataset"] == 1281167LL * 110000);
    CHECK(host["storage_bytes"] == host["storage"]["dataset"].get<std::int64_t>() +
                                       3 * host["storage"]["checkpoint"].get<std::int64_t>());
    CHECK(host["ram_bytes"].get<std::int64_t>() == host["ram"]["loader_batches"].get<std::int64_t>() +
                                                       host["ram"]["pinned"].get<std::int64_t>() +
                                                       host["ram"]["checkpoint_copy"].get<std::int64_t>());
    const auto& time = d["time"];
    // 1,281,167 samples in steps of 8 x 256; reading 2,048 samples at 3 GB/s.
    CHECK(time["data_loading_seconds"].get<double>() == Approx(2048 * 110000 / 3e9));
    const double step =
        std::max(time["step_seconds"].get<double>(), time["data_loading_seconds"].get<double>());
    CHECK(time["epoch_seconds"].get<double>() == Approx(626 * step));
    CHECK(time["run_seconds"].get<double>() == Approx(90 * 626 * step));

    auto cached = nlohmann::json::parse(
        runCli(folder, "estimate --model resnet50 --batch 64 --device gpu/rtx-4090 --dataset-samples 100000 "
                       "--sample-bytes 150000 --cache-dataset --json")
            .output);
    CHECK(cached["host"]["ram"]["dataset_cache"] == 100000LL * 150000);
    CHECK(cached["host"]["read_bytes_per_second"] == 0);
    auto none = nlohmann::json::parse(
        runCli(folder, "estimate --model gpt2 --batch 1 --device gpu/rtx-4090 --json").output);
    CHECK(none["host"]["storage"]["dataset"] == 0);
    CHECK(none["time"]["epoch_seconds"].is_null());
    CHECK(none["warnings"].dump().find("no dataset size given") != std::string::npos);
    // Four workers decoding 100 samples a second each: 64 samples take 0.16 s, longer than the step.
    auto decoding = nlohmann::json::parse(
        runCli(folder, "estimate --model resnet50 --batch 64 --device gpu/rtx-4090 --dataset-samples 100000 "
                       "--sample-bytes 150000 --loader-workers 4 --decode-per-worker 100 --json")
            .output);
    CHECK(decoding["time"]["data_loading_seconds"].get<double>() == Approx(64.0 / 400));
    CHECK(decoding["warnings"].dump().find("decoding the batches takes longer") != std::string::npos);
    auto epochsAlone = runCli(folder, "estimate --model gpt2 --batch 1 --device gpu/rtx-4090 --epochs 3");
    CHECK(epochsAlone.exitCode == 2);
}

TEST_CASE("estimate --inference gives the KV cache, the peak and the tokens per second", "[cli][estimate]") {
    test::TemporaryFolder folder;
    auto run =
        runCli(folder, "estimate --model llama-2-7b --batch 1 --seq-len 512 --precision bf16 --inference "
                       "--new-tokens 512 --device gpu/a100-80gb-sxm4 --json");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    CHECK(d["setup"]["mode"] == "inference");
    CHECK(d["memory"]["kv_cache_bytes_per_token"] == 2 * 32 * 4096 * 2);
    CHECK(d["memory"]["kv_cache_bytes"] == 1024LL * 2 * 32 * 4096 * 2);
    CHECK(d["memory"]["allocated_peak_bytes"].get<std::int64_t>() >
          d["memory"]["prefill_allocated_peak_bytes"].get<std::int64_t>());
    CHECK(d["time"]["tokens_per_second"].get<double>() > 0);
    CHECK(d["time"]["step_seconds"].get<double>() ==
          Approx(d["time"]["prefill_seconds"].get<double>() +
                 512 * d["time"]["decode_seconds_per_token"].get<double>()));
    auto vision = runCli(folder, "estimate --model resnet50 --batch 1 --inference --device gpu/rtx-4090");
    CHECK(vision.exitCode == 2);
    CHECK(vision.output.find("needs a language model") != std::string::npos);
    auto lora =
        runCli(folder, "estimate --model gpt2 --batch 1 --inference --lora-rank 4 --device gpu/rtx-4090");
    CHECK(lora.exitCode == 2);
}

TEST_CASE("catalog update installs a newer pack beside the user's database and refuses anything else",
          "[cli][pack]") {
    test::TemporaryFolder folder;
    REQUIRE(runCli(folder, "catalog add --category gpu --name 'Lab card' --set vram_gb=24 "
                           "--set memory_bandwidth_gbs=900 --set tdp_w=300 --set architecture=Lab "
                           "--set form_factor=pcie --set gpu_link=none --source 'the lab'")
                .exitCode == 0);
    const auto junk = folder.file("junk.sqlite");
    test::writeFile(junk, "no database");
    auto refused = runCli(folder, "catalog update '" + junk.string() + "'");
    CHECK(refused.exitCode != 0);
    CHECK(refused.output.find("is not a TorchRig catalog pack") != std::string::npos);
    auto same = runCli(folder, "catalog update '" + test::bundledCatalogPath().string() + "'");
    CHECK(same.exitCode != 0);
    CHECK(same.output.find("not newer than the catalog in use (pack 2026.12 of 2026-12-02)") !=
          std::string::npos);

    const auto newer = folder.file("pack.sqlite");
    std::filesystem::copy_file(test::bundledCatalogPath(), newer);
    {
        SQLite::Database pack(newer.string(), SQLite::OPEN_READWRITE);
        pack.exec("UPDATE catalog_pack SET value = '2027.01' WHERE key = 'version'");
        pack.exec("UPDATE catalog_pack SET value = '" + test::todayUtc() + "' WHERE key = 'date'");
    }
    auto installed = runCli(folder, "catalog update '" + newer.string() + "'");
    INFO(installed.output);
    CHECK(installed.exitCode == 0);
    CHECK(installed.output.find("Catalog pack 2027.01 of " + test::todayUtc() + " installed") !=
          std::string::npos);
    CHECK(std::filesystem::exists(folder.file("catalog-pack.sqlite")));
    auto search = runCli(folder, "catalog search 'lab card' --json");
    CHECK(nlohmann::json::parse(search.output)["hits"][0]["part"]["id"] == "gpu/lab-card");
}

TEST_CASE("build cost says which prices are old and how much of the total rests on them", "[cli][prices]") {
    test::TemporaryFolder folder;
    REQUIRE(
        runCli(folder,
               "catalog add -c gpu --name 'Old card' --source sheet --set architecture=T --set vram_gb=8 "
               "--set memory_bandwidth_gbs=300 --set tdp_w=100 --set form_factor=pcie --set gpu_link=none")
            .exitCode == 0);
    REQUIRE(runCli(folder, "catalog price gpu/old-card --amount 500 --kind launch_msrp --date 2019-03 "
                           "--source 'maker launch'")
                .exitCode == 0);
    const auto file = folder.file("old.torchrig").string();
    REQUIRE(runCli(folder, "build new --part gpu/old-card --part gpu/rtx-4090 -o '" + file + "'").exitCode ==
            0);
    auto text = runCli(folder, "build cost '" + file + "'");
    CHECK(text.exitCode == 0);
    CHECK(text.output.find("2019 launch price — ask for a quote, maker launch") != std::string::npos);
    auto json = nlohmann::json::parse(runCli(folder, "build cost '" + file + "' --json").output);
    const auto& old = json["lines"][0];
    CHECK(old["unit_price"]["stale"] == true);
    CHECK(old["unit_price"]["stale_label"] == "2019 launch price — ask for a quote");
    // The summary line reads the same figures the JSON gives.
    const auto staleLines = json["stale_lines"].get<int>();
    CHECK(staleLines >= 1);
    if (json["stale_share"].is_number())
        CHECK(text.output.find(
                  "prices: " + std::to_string(int(std::lround(json["stale_share"].get<double>() * 100))) +
                  " % of the priced parts rest on prices older than 12 months") != std::string::npos);
    else
        CHECK(text.output.find("prices: " + std::to_string(staleLines) +
                               " lines rest on prices older than 12 months") != std::string::npos);
}
