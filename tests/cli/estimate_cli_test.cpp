// torchrig-cli estimate and fit as scripts call them: the JSON, fitting every catalog GPU, calibrations,
// LoRA, strategies, the dataset's host needs, inference.

#include "cli_run.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <map>

using namespace torchrig;
using test::runCli;

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

TEST_CASE(
    "estimate --precision fp8 runs on FP8 tensor cores and is refused, naming them, where there are none",
    "[cli][estimate]") {
    test::TemporaryFolder folder;
    const std::string workload = "estimate --model llama-3.1-8b --precision fp8 --batch 2 --seq-len 8192 ";
    auto hopper = runCli(folder, workload + "--device gpu/h100-sxm5-80gb --json");
    REQUIRE(hopper.exitCode == 8); // the full fine-tune does not fit one H100; the estimate still answers
    auto d = nlohmann::json::parse(hopper.output);
    CHECK(d["setup"]["precision"] == "fp8");
    CHECK(d["time"]["step_seconds"].get<double>() > 0);
    auto bf16 = nlohmann::json::parse(
        runCli(folder, "estimate --model llama-3.1-8b --precision amp-bf16 --batch 2 --seq-len 8192 "
                       "--device gpu/h100-sxm5-80gb --json")
            .output);
    // The blocks' linear layers at the FP8 rate, less their casts: faster than amp-bf16, not twice.
    const double speedup =
        bf16["time"]["step_seconds"].get<double>() / d["time"]["step_seconds"].get<double>();
    CHECK(speedup > 1.05);
    CHECK(speedup < 2);
    CHECK(d["memory"]["allocated_peak_bytes"].get<std::int64_t>() >=
          bf16["memory"]["allocated_peak_bytes"].get<std::int64_t>());
    test::expectRefusal(220, runCli(folder, workload + "--device gpu/rtx-3090"), 4,
                        "GeForce RTX 3090 has no FP8 tensor cores");
    test::expectRefusal(160, runCli(folder, workload + "--device cpu"), 4, "FP8 tensor cores");
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
    // NVLink on the SXM4 part: 600 GB/s both ways, 300 each, of which NCCL's all-reduce reaches 68 %;
    // a ring moves 2 x 7/8 of the bf16 gradients, in 515 buckets of 25 MiB, each paying NVLink's 9.85 µs.
    CHECK(ddp["time"]["communication_seconds"].get<double>() ==
          Approx(515 * 9.85e-6 + 2.0 * 7 / 8 * 6738415616.0 * 2 / (0.68 * 300e9)).epsilon(1e-6));
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
    CHECK(host["ram"]["processes"] == 8 * ((256LL << 20) + 4 * (33LL << 20)));
    CHECK(host["ram_bytes"].get<std::int64_t>() ==
          host["ram"]["processes"].get<std::int64_t>() + host["ram"]["loader_batches"].get<std::int64_t>() +
              host["ram"]["pinned"].get<std::int64_t>() + host["ram"]["checkpoint_copy"].get<std::int64_t>());
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

TEST_CASE("An accelerator PyTorch reaches through a vendor's plugin gets memory, a time in a wide band, "
          "and is said not calibrated",
          "[cli][estimate]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "estimate --model resnet50 --batch 64 --precision amp-bf16 --device "
                              "gpu/huawei-ascend-910b3 --json");
    REQUIRE(run.exitCode == 0);
    const auto d = nlohmann::json::parse(run.output);
    CHECK(d["memory"]["fits"] == true);
    CHECK(d["memory"]["device_peak_bytes"].get<std::int64_t>() > 0);
    CHECK(d["time"]["step_seconds"].get<double>() > 0);
    CHECK(d["time"]["calibrated"] == false);
    CHECK(d["time"]["uncertainty"].get<double>() == Approx(estimate::kPluginBackendUncertainty));
    std::string warnings;
    for (const auto& w : d["warnings"])
        warnings += w.get<std::string>() + "\n";
    CHECK_THAT(warnings, Catch::Contains("runs PyTorch through torch_npu"));
    CHECK_THAT(warnings, Catch::Contains("not calibrated: no published training throughput on Ascend 910B3"));
    CHECK_THAT(warnings, Catch::Contains("torchrig-validate cannot run on torch_npu yet"));
    // A CUDA card keeps its architecture's measured band and says none of it.
    const auto cuda = nlohmann::json::parse(
        runCli(folder,
               "estimate --model resnet50 --batch 64 --precision amp-bf16 --device gpu/rtx-4090 --json")
            .output);
    CHECK(cuda["time"]["uncertainty"].get<double>() < estimate::kPluginBackendUncertainty);
    CHECK(cuda["warnings"].dump().find("not calibrated") == std::string::npos);
}
