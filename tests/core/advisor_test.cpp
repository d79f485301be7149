// The seed articles' advice as rules: each fires on a build and workload made for it, and not on
// one where it does not apply; offered changes carry the estimator's figures.

#include "plan/advisor.h"
#include "plan/seed_articles.h"

#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

using S = std::string;
using I = std::int64_t;

using test::buildPart;

BuildPart gpu(double vramGb, int quantity = 1, bool halfPrecision = true, double tdp = 300) {
    std::map<std::string, SpecValue, std::less<>> f = {
        {"vram_gb", vramGb},        {"fp32_tflops", 40.0},  {"memory_bandwidth_gbs", 1000.0},
        {"pcie_gen", 4.0},          {"pcie_lanes", I{16}},  {"tdp_w", tdp},
        {"form_factor", S("pcie")}, {"gpu_link", S("none")}};
    if (halfPrecision) {
        f["tf32_tflops"] = 80.0;
        f["fp16_tflops"] = 160.0;
        f["bf16_tflops"] = 160.0;
    }
    return buildPart("gpu/test", PartCategory::Gpu, f, quantity);
}

// One GPU of 24 GB, a 16-thread CPU, 64 GB of RAM, a fast NVMe drive and a 1200 W supply.
Build workstation() {
    Build b;
    b.parts = {
        gpu(24),
        buildPart("cpu/test", PartCategory::Cpu, {{"cores", I{8}}, {"threads", I{16}}, {"tdp_w", 120.0}}),
        buildPart("memory/test", PartCategory::MemoryKit, {{"modules", I{2}}, {"module_gb", I{32}}}),
        buildPart("storage/nvme", PartCategory::Storage, {{"seq_read_mbs", I{7000}}}),
        buildPart("psu/test", PartCategory::Psu, {{"wattage_w", I{1200}}, {"atx_version", S("ATX 3.0")}})};
    return b;
}

Workload workload(std::string model, std::int64_t batch, Precision precision = Precision::AmpBf16) {
    Workload r;
    r.model = std::move(model);
    r.inputs.batch = batch;
    r.inputs.imageSize = 224;
    r.inputs.seqLen = 128;
    r.precision = precision;
    return r;
}

const Advice* find(const std::vector<Advice>& advice, const std::string& rule) {
    auto found = std::find_if(advice.begin(), advice.end(), [&](const Advice& a) { return a.rule == rule; });
    return found == advice.end() ? nullptr : &*found;
}

std::vector<Advice> advise(const Build& build, std::optional<Workload> request = std::nullopt,
                           estimate::DatasetSpec dataset = {}) {
    AdvisorInput input;
    input.workload = std::move(request);
    input.dataset = dataset;
    return adviseBuild(build, input);
}

} // namespace

TEST_CASE("Advice: mixed precision, offered with its computed effect", "[core][advisor]") {
    auto advice = advise(workstation(), workload("resnet18", 64, Precision::Fp32));
    const auto* a = find(advice, "mixed-precision");
    REQUIRE(a);
    REQUIRE(a->change);
    CHECK(a->change->field == "precision");
    CHECK(a->change->value == "amp-bf16");
    CHECK(a->source.find("seeds/001") != std::string::npos);
    REQUIRE(a->effect);
    CHECK(a->effect->allocatedAfter < a->effect->allocatedBefore);
    CHECK(a->effect->stepSecondsAfter < a->effect->stepSecondsBefore);
    CHECK_FALSE(find(advise(workstation(), workload("resnet18", 64)), "mixed-precision")); // already amp
    auto old = workstation();
    old.parts[0] = gpu(24, 1, false); // no tensor cores
    CHECK_FALSE(find(advise(old, workload("resnet18", 64, Precision::Fp32)), "mixed-precision"));
}

TEST_CASE("Advice: out of memory brings checkpointing and accumulation", "[core][advisor]") {
    auto small = workstation();
    small.parts[0] = gpu(4);
    auto advice = advise(small, workload("gpt2", 16));
    const auto* checkpointing = find(advice, "checkpointing");
    REQUIRE(checkpointing);
    REQUIRE(checkpointing->change);
    CHECK(checkpointing->change->value == "blocks");
    REQUIRE(checkpointing->effect);
    CHECK(checkpointing->effect->allocatedAfter < checkpointing->effect->allocatedBefore);
    CHECK_FALSE(checkpointing->correction.empty()); // the article's 60-80 % is its claim, not a fact
    const auto* accumulation = find(advice, "gradient-accumulation");
    REQUIRE(accumulation);
    REQUIRE(accumulation->change);
    CHECK(accumulation->change->field == "batch");
    CHECK(accumulation->change->value == "8");
    REQUIRE(accumulation->change->alsoSet.size() == 1);
    CHECK(accumulation->change->alsoSet[0] == std::pair<std::string, std::string>{"grad_accum", "2"});

    auto roomy = advise(workstation(), workload("gpt2", 2));
    CHECK_FALSE(find(roomy, "checkpointing"));
    CHECK_FALSE(find(roomy, "gradient-accumulation"));
}

TEST_CASE("Advice: article 000's batch rule for image models, beside the largest batch that fits",
          "[core][advisor]") {
    const auto aAdvice = advise(workstation(), workload("resnet18", 16));
    const auto* a = find(aAdvice, "batch-rule-of-thumb");
    REQUIRE(a);
    REQUIRE(a->change);
    CHECK(a->change->value == "64"); // 24 GB is over 12e9 bytes, and 64 fits
    CHECK(a->message.text().find("fits up to") != std::string::npos);
    CHECK_FALSE(find(advise(workstation(), workload("resnet18", 64)), "batch-rule-of-thumb"));
    CHECK_FALSE(find(advise(workstation(), workload("gpt2", 4)), "batch-rule-of-thumb")); // not a CNN
}

TEST_CASE("Advice: article 000's weights-only formula is shown beside the estimate", "[core][advisor]") {
    const auto aAdvice = advise(workstation(), workload("resnet18", 32));
    const auto* a = find(aAdvice, "memory-formula");
    REQUIRE(a);
    CHECK_FALSE(a->correction.empty());
    CHECK_FALSE(find(advise(workstation()), "memory-formula")); // no workload, no formula
}

TEST_CASE("Advice: data parallel over a link under 100 GB/s", "[core][advisor]") {
    auto pair = workstation();
    pair.parts[0] = gpu(24, 2);
    const auto aAdvice = advise(pair, workload("resnet18", 64));
    const auto* a = find(aAdvice, "data-parallel-link");
    REQUIRE(a);
    CHECK(a->message.text().find("63 GB/s") != std::string::npos); // PCIe 4.0 x16 both ways
    CHECK_FALSE(a->correction.empty()); // the article's PCIe 4.0 x16 is below its 100
    CHECK_FALSE(find(advise(workstation(), workload("resnet18", 64)), "data-parallel-link"));
    auto bridged = pair;
    bridged.parts[0].snapshot.fields["gpu_link"] = S("bridge");
    bridged.parts[0].snapshot.fields["gpu_link_gbs"] = 112.5;
    bridged.parts.push_back(
        buildPart("interconnect/bridge", PartCategory::Interconnect, {{"kind", S("nvlink_bridge")}}));
    CHECK_FALSE(find(advise(bridged, workload("resnet18", 64)), "data-parallel-link"));
}

TEST_CASE("Advice: loader workers against the CPU's threads, and the article's 8 cores", "[core][advisor]") {
    auto sixCores = workstation();
    sixCores.parts[1] = buildPart("cpu/six", PartCategory::Cpu, {{"cores", I{6}}, {"threads", I{6}}});
    sixCores.parts[0] = gpu(24, 2);
    const auto aAdvice = advise(sixCores);
    const auto* a = find(aAdvice, "loader-workers");
    REQUIRE(a);
    REQUIRE(a->change);
    CHECK(a->change->field == "loader_workers");
    CHECK(a->change->value == "2"); // 6 threads for 2 GPUs: 2 workers and the training process each
    auto twelveThreads = workstation();
    twelveThreads.parts[1] = buildPart("cpu/six", PartCategory::Cpu, {{"cores", I{6}}, {"threads", I{12}}});
    const auto fewCoresAdvice = advise(twelveThreads);
    const auto* fewCores = find(fewCoresAdvice, "loader-workers");
    REQUIRE(fewCores);
    CHECK_FALSE(fewCores->change);
    CHECK_FALSE(find(advise(workstation()), "loader-workers"));
}

TEST_CASE("Advice: storage under 3000 MB/s, or slower than the pace reads", "[core][advisor]") {
    auto disk = workstation();
    disk.parts[3] = buildPart("storage/hdd", PartCategory::Storage, {{"seq_read_mbs", I{200}}});
    REQUIRE(find(advise(disk), "nvme-speed"));
    CHECK_FALSE(find(advise(workstation()), "nvme-speed"));
    estimate::DatasetSpec huge;
    huge.samples = 1000;
    huge.sampleBytes = 50'000'000; // 50 MB a sample: the pace reads more than 7000 MB/s
    const auto aAdvice = advise(workstation(), workload("resnet18", 64), huge);
    const auto* a = find(aAdvice, "nvme-speed");
    REQUIRE(a);
    REQUIRE(a->change);
    CHECK(a->change->field == "cache_dataset");
}

TEST_CASE("Advice: host RAM for the dataset cache, and the article's 32 GB", "[core][advisor]") {
    estimate::DatasetSpec dataset;
    dataset.samples = 100'000;
    dataset.sampleBytes = 150'000; // the article's example: about 15 GB
    const auto cacheAdvice = advise(workstation(), workload("resnet18", 64), dataset);
    const auto* cache = find(cacheAdvice, "host-ram");
    REQUIRE(cache);
    REQUIRE(cache->change);
    CHECK(cache->change->value == "true");
    auto sixteen = workstation();
    sixteen.parts[2] =
        buildPart("memory/16", PartCategory::MemoryKit, {{"modules", I{2}}, {"module_gb", I{8}}});
    REQUIRE(find(advise(sixteen), "host-ram"));
    CHECK_FALSE(find(advise(workstation()), "host-ram"));
}

TEST_CASE("Advice: a power limit when the supply is tight, cooling for hot or stacked cards",
          "[core][advisor]") {
    auto tight = workstation();
    tight.parts[0] = gpu(24, 2, true, 350);
    tight.parts[4] =
        buildPart("psu/small", PartCategory::Psu, {{"wattage_w", I{850}}, {"atx_version", S("ATX 3.0")}});
    const auto aAdvice = advise(tight);
    const auto* a = find(aAdvice, "power-limit");
    REQUIRE(a);
    CHECK(a->fix.text().find("nvidia-smi -pl") != std::string::npos);
    CHECK(a->source.find("seeds/002") != std::string::npos);
    // An accelerator PyTorch reaches through a vendor's plugin, or an AMD card: not nvidia-smi.
    for (const auto& [column, value] :
         {std::pair{"pytorch_backend", "torch_npu"}, {"compute_capability", "gfx90a"}}) {
        auto other = tight;
        other.parts[0].snapshot.fields[column] = S(value);
        const auto otherAdvice = advise(other);
        const auto* limit = find(otherAdvice, "power-limit");
        REQUIRE(limit);
        CHECK(limit->fix.text().find("nvidia-smi -pl") == std::string::npos);
        CHECK(limit->fix.text().find("vendor's management tool") != std::string::npos);
    }
    CHECK_FALSE(find(advise(workstation()), "power-limit"));
    auto three = workstation();
    three.parts[0] = gpu(24, 3);
    three.parts[4] =
        buildPart("psu/big", PartCategory::Psu, {{"wattage_w", I{2000}}, {"atx_version", S("ATX 3.0")}});
    REQUIRE(find(advise(three), "cooling"));
    CHECK_FALSE(find(advise(workstation()), "cooling"));
}

TEST_CASE("Advice: renting when buying would not pay off within the build's life", "[core][advisor]") {
    RentVsBuy rent;
    RunOption cloud;
    cloud.name = "an instance";
    cloud.costPerMonth = 50;
    cloud.breakEvenMonths = 100;
    rent.cloud = {cloud};
    AdvisorInput input;
    input.rent = rent;
    input.lifetimeMonths = 36;
    const auto advice = adviseBuild(workstation(), input);
    const auto* a = find(advice, "cloud");
    REQUIRE(a);
    CHECK(a->message.text().find("100 months") != std::string::npos);
    input.rent->cloud[0].breakEvenMonths = 10;
    CHECK_FALSE(find(adviseBuild(workstation(), input), "cloud"));
}

TEST_CASE("An offered change applies to the workload, all or nothing", "[core][advisor]") {
    BuildWorkload w{workload("gpt2", 16), estimate::ParallelStrategy::Ddp, {}};
    REQUIRE(applyWorkloadChange(w, {"batch", "8", {{"grad_accum", "2"}}}));
    CHECK(w.workload.inputs.batch == 8);
    CHECK(w.workload.gradientAccumulation == 2);
    REQUIRE(applyWorkloadChange(w, {"precision", "fp32", {}}));
    CHECK(w.workload.precision == Precision::Fp32);
    REQUIRE(applyWorkloadChange(w, {"checkpointing", "blocks", {}}));
    CHECK(w.workload.checkpointing == Checkpointing::Blocks);
    REQUIRE(applyWorkloadChange(w, {"loader_workers", "2", {}}));
    CHECK(w.dataset.loaderWorkers == 2);
    REQUIRE(applyWorkloadChange(w, {"cache_dataset", "true", {}}));
    CHECK(w.dataset.cacheInRam);
    const auto before = w;
    CHECK_FALSE(applyWorkloadChange(w, {"batch", "4", {{"loader_workers", "-1"}}})); // a bad second value
    CHECK(w.workload.inputs.batch == before.workload.inputs.batch);
    CHECK_FALSE(applyWorkloadChange(w, {"precision", "fp64", {}}));
    CHECK_FALSE(applyWorkloadChange(w, {"batch", "8x", {}}));
    CHECK_FALSE(applyWorkloadChange(w, {"learning_rate", "1e-4", {}}));
    CHECK(w.workload.inputs.batch == before.workload.inputs.batch);
}

TEST_CASE("A reader sees an article named by its title where our prose names its file", "[core][advice]") {
    CHECK(plan::withArticleTitles("about ¥5,000-8,000 (seeds/001 2.1); under ¥5,000 (seeds/002 2.1)") ==
          "about ¥5,000-8,000 (《PyTorch硬件要求的核心框架（原文无标题，取其第一节）》 2.1); under ¥5,000 "
          "(《深度解析：PyTorch核心显卡配置与硬件优化指南》 2.1)");
    CHECK(plan::withArticleTitles("seeds/000_bc17f2316f896fdf.txt, 二.1") ==
          "《深度解析：本地部署PyTorch的硬件配置与优化指南》, 二.1");
    CHECK(plan::withArticleTitles("no article here") == "no article here");
    const auto cited = plan::citeSeedArticle(std::string("seeds/000_bc17f2316f896fdf.txt") +
                                             " 一.4 SSD选型 · seeds/001 4.3");
    REQUIRE(cited);
    CHECK(cited->section == "一.4 SSD选型 · 《PyTorch硬件要求的核心框架（原文无标题，取其第一节）》 4.3");
}
