// The .torchrig build file: what is written reads back the same, and every kind of bad file is
// refused with a message that says what is wrong.

#include "io/build_file.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

plan::Build sampleBuild() {
    plan::Build build;
    build.title = "Lab workstation — 实验室工作站";
    build.presetId = "research-2x-rtx-4090";
    build.source = "seeds/000_bc17f2316f896fdf.txt";
    build.nodes = 2;
    plan::BuildPart gpu;
    gpu.partId = "gpu/rtx-4090";
    gpu.quantity = 2;
    gpu.note = "two cards over PCIe";
    gpu.snapshot.name = "GeForce RTX 4090";
    gpu.snapshot.category = PartCategory::Gpu;
    gpu.snapshot.fields = {{"vram_gb", 24.0},
                           {"pcie_lanes", std::int64_t{16}},
                           {"gpu_link", std::string("none")},
                           {"length_mm", std::monostate{}}};
    gpu.snapshot.price = Price{1599, "USD", "2022-10", "NVIDIA launch", PriceKind::LaunchMsrp};
    build.parts.push_back(gpu);
    plan::BuildPart cpu;
    cpu.partId = "cpu/core-i9-13900k";
    cpu.snapshot.name = "Core i9-13900K";
    cpu.snapshot.category = PartCategory::Cpu;
    build.parts.push_back(cpu);
    Workload workload;
    workload.model = "bert-base-uncased";
    workload.inputs.batch = 32;
    workload.inputs.seqLen = 128;
    workload.precision = Precision::AmpBf16;
    plan::BuildWorkload planned{workload, estimate::ParallelStrategy::Zero2, {}};
    planned.dataset.samples = 1'000'000;
    planned.dataset.sampleBytes = 512;
    planned.dataset.epochs = 3;
    planned.dataset.cacheInRam = true;
    build.workloads.push_back(planned);
    build.notes = "for the NLP group";
    build.purchasing = {
        "Li Wei",
        "NLP lab",
        "CS-2026-117",
        5000,
        "USD",
        {{"Vendor A", 3350, "USD", "2026-11-20", "Q-88", "", "2026-12-20", false, "delivers in a week"}},
        {{"项目名称", "大模型微调平台"}, {"存放地点", ""}}};
    return build;
}

} // namespace

TEST_CASE("A build file reads back what was written", "[core][build]") {
    const auto build = sampleBuild();
    const auto text = writeBuildFile(build);
    auto read = readBuildFile(text, "lab.torchrig");
    REQUIRE(read.ok());
    CHECK(read->title == build.title);
    CHECK(read->presetId == build.presetId);
    CHECK(read->nodes == 2);
    REQUIRE(read->parts.size() == 2);
    CHECK(read->parts[0].partId == "gpu/rtx-4090");
    CHECK(read->parts[0].quantity == 2);
    CHECK(read->parts[0].note == "two cards over PCIe");
    CHECK(read->parts[0].snapshot.fields == build.parts[0].snapshot.fields);
    REQUIRE(read->parts[0].snapshot.price);
    CHECK(read->parts[0].snapshot.price->amount == 1599);
    CHECK(read->parts[0].snapshot.price->kind == PriceKind::LaunchMsrp);
    CHECK_FALSE(read->parts[1].snapshot.price);
    REQUIRE(read->workloads.size() == 1);
    CHECK(read->workloads[0].workload.model == "bert-base-uncased");
    CHECK(read->workloads[0].workload.precision == Precision::AmpBf16);
    CHECK(read->workloads[0].strategy == estimate::ParallelStrategy::Zero2);
    CHECK(read->workloads[0].dataset.samples == 1'000'000);
    CHECK(read->workloads[0].dataset.sampleBytes == 512);
    CHECK(read->workloads[0].dataset.epochs == 3);
    CHECK(read->workloads[0].dataset.cacheInRam);
    CHECK(read->purchasing.budgetCode == "CS-2026-117");
    REQUIRE(read->purchasing.quotes.size() == 1);
    CHECK(read->purchasing.quotes[0].reference == "Q-88");
    CHECK(read->purchasing.quotes[0].validUntil == "2026-12-20");
    // Written again, byte for byte the same.
    CHECK(writeBuildFile(*read) == text);
}

TEST_CASE("A format 1 build file (no strategy or dataset) still reads, as DDP with no dataset",
          "[core][build]") {
    auto text = writeBuildFile(sampleBuild());
    const auto version = "\"format_version\": " + std::to_string(kBuildFileFormatVersion);
    text.replace(text.find(version), version.size(), "\"format_version\": 1");
    const auto strategyKey = text.find(",\n      \"parallel_strategy\"");
    REQUIRE(strategyKey != std::string::npos);
    const auto datasetEnd = text.find('}', text.find("\"dataset\""));
    text.erase(strategyKey, datasetEnd + 1 - strategyKey);
    auto read = readBuildFile(text, "old.torchrig");
    REQUIRE(read.ok());
    REQUIRE(read->workloads.size() == 1);
    CHECK(read->workloads[0].workload.model == "bert-base-uncased");
    CHECK(read->workloads[0].strategy == estimate::ParallelStrategy::Ddp);
    CHECK(read->workloads[0].dataset.samples == 0);
}

TEST_CASE(
    "A build file keeps a workload's own keys, not a worker run's, and opens an older one that kept them",
    "[core][build]") {
    const auto text = writeBuildFile(sampleBuild());
    for (const char* key : {"\"steps\"", "\"warmup_steps\"", "\"device\"", "\"seed\"",
                            "\"time_limit_seconds\"", "\"threads\"", "\"force\""})
        CHECK(text.find(key) == std::string::npos);
    const auto model = text.find("\"model\": \"bert-base-uncased\"");
    REQUIRE(model != std::string::npos);
    auto older = text;
    older.insert(model,
                 "\"device\": \"cuda:0\", \"force\": false, \"seed\": 0, \"steps\": 3, \"threads\": 0, "
                 "\"time_limit_seconds\": 600.0, \"warmup_steps\": 1, ");
    auto read = readBuildFile(older, "older.torchrig");
    REQUIRE(read.ok());
    CHECK(read->workloads == readBuildFile(text, "lab.torchrig")->workloads);
    CHECK(writeBuildFile(*read) == text);
    // Read as strictly as before: a run's setting out of range is still an error that names it.
    auto broken = text;
    broken.insert(model, "\"steps\": 0, ");
    auto refused = readBuildFile(broken, "broken.torchrig");
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().text(), Catch::Contains("steps"));
}

TEST_CASE("A truncated, foreign, newer or hand-broken build file is refused, saying why", "[core][build]") {
    const auto text = writeBuildFile(sampleBuild());
    auto message = [](const Result<plan::Build>& r) {
        REQUIRE_FALSE(r.ok());
        return r.error().text();
    };
    CHECK_THAT(message(readBuildFile(text.substr(0, text.size() / 2), "a.torchrig")),
               Catch::Contains("a.torchrig ends early"));
    CHECK_THAT(message(readBuildFile("{\"format\": \"torchrig-model\", \"format_version\": 1}", "m.json")),
               Catch::Contains("not a TorchRig build file"));
    CHECK_THAT(message(readBuildFile("[1, 2]", "list.json")), Catch::Contains("not a TorchRig build file"));
    auto newer = text;
    const auto version = "\"format_version\": " + std::to_string(kBuildFileFormatVersion);
    newer.replace(newer.find(version), version.size(), "\"format_version\": 9");
    CHECK_THAT(message(readBuildFile(newer, "n.torchrig")),
               Catch::Contains("newer TorchRig") && Catch::Contains("format 9"));
    auto broken = text;
    broken.replace(broken.find("\"quantity\": 2"), 13, "\"quantity\": 0");
    CHECK_THAT(message(readBuildFile(broken, "b.torchrig")), Catch::Contains("b.torchrig.parts[0].quantity"));
    auto badWorkload = text;
    badWorkload.replace(badWorkload.find("\"precision\": \"amp-bf16\""), 23, "\"precision\": \"fp64\"");
    CHECK_THAT(message(readBuildFile(badWorkload, "w.torchrig")), Catch::Contains("workloads[0]"));
    auto badStrategy = text;
    badStrategy.replace(badStrategy.find("\"zero2\""), 7, "\"zero9\"");
    CHECK_THAT(message(readBuildFile(badStrategy, "s.torchrig")),
               Catch::Contains("workloads[0].parallel_strategy") && Catch::Contains("zero9") &&
                   Catch::Contains("fsdp, pp, tp, ep")); // the ids a build file takes, as it writes them
    auto badDataset = text;
    const std::string samples = "\"samples\": 1000000";
    badDataset.replace(badDataset.find(samples), samples.size(), "\"samples\": -5");
    CHECK_THAT(message(readBuildFile(badDataset, "d.torchrig")),
               Catch::Contains("workloads[0].dataset.samples"));
    auto unknownDatasetKey = text;
    unknownDatasetKey.replace(unknownDatasetKey.find("\"samples\":"), 10, "\"sampels\":");
    CHECK_THAT(message(readBuildFile(unknownDatasetKey, "u.torchrig")), Catch::Contains("sampels"));
    auto badCategory = text;
    badCategory.replace(badCategory.find("\"category\": \"gpu\""), 17, "\"category\": \"toaster\"");
    CHECK_THAT(message(readBuildFile(badCategory, "c.torchrig")), Catch::Contains("toaster"));
}
