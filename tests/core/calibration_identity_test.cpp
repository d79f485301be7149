// What the hardening review (issue 35) found in calibrations: a device matched by a part of its
// name (a calibration of "NVIDIA GeForce RTX 4090 D" used for the "RTX 4090", one keyed "e" for
// every GPU with an "e" in its name), and ratios of 1e308 or 1e-308 accepted because only "> 0"
// was checked. Devices are now the same by their whole names (and memory, where known), and every
// calibrated figure lies within what a device can do.

#include "validation/run_comparison.h"
#include "validation/validation_protocol.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <functional>

using namespace torchrig;

namespace {

ValidationResult gpuRun(const std::string& name) {
    ValidationResult run;
    run.model = "mlp";
    run.inputs.batch = 8;
    run.device.kind = "cuda:0";
    run.device.name = name;
    run.device.totalMemoryBytes = 24LL << 30;
    run.measured.matmulFlopsPerSecond = 50e12;
    run.measured.copyBytesPerSecond = 900e9;
    run.measured.contextBytes = 500LL << 20;
    run.measured.stepSecondsMedian = 0.01;
    run.measured.stepSeconds = {0.01};
    run.measured.samplesPerSecond = 800; // the batch of 8 in 0.01 s, as the worker's line must say
    return run;
}

std::string calibrationJson(const ValidationResult& run, double ratio) {
    auto json = nlohmann::json::parse(resultLine(run));
    json["calibration"] = {{"step_time_ratio", ratio}};
    return json.dump();
}

} // namespace

TEST_CASE("Devices are the same by their whole names, a leading vendor word aside",
          "[core][calibration][hostile]") {
    using estimate::sameDeviceName;
    CHECK(sameDeviceName("NVIDIA GeForce RTX 4090", "GeForce RTX 4090")); // the README's promise
    CHECK(sameDeviceName("  nvidia   GeForce  RTX 4090 ", "GEFORCE RTX 4090"));
    CHECK(sameDeviceName("AMD Instinct MI300X", "Instinct MI300X"));
    CHECK_FALSE(sameDeviceName("NVIDIA GeForce RTX 4090 D", "GeForce RTX 4090"));
    CHECK_FALSE(sameDeviceName("GeForce RTX 4090", "NVIDIA GeForce RTX 4090 D"));
    CHECK_FALSE(sameDeviceName("e", "NVIDIA GeForce RTX 4090"));
    CHECK_FALSE(sameDeviceName("NVIDIA GeForce RTX 4090", "e"));
    CHECK_FALSE(sameDeviceName("NVIDIA", "NVIDIA GeForce RTX 4090"));
    CHECK_FALSE(sameDeviceName("", ""));
    CHECK_FALSE(sameDeviceName("NVIDIA H100 SXM5 80GB HBM3", "H100 SXM5 80GB"));
}

TEST_CASE("Memory tells apart devices of one name, and a name ending in its memory needs it known",
          "[core][calibration][hostile]") {
    using estimate::sameDevice;
    const std::int64_t gib = 1LL << 30;
    CHECK(sameDevice({"NVIDIA GeForce RTX 4090", 25'757'220'864}, {"GeForce RTX 4090", 24 * gib}));
    CHECK(sameDevice({"NVIDIA GeForce RTX 4090", std::nullopt}, {"GeForce RTX 4090", 24 * gib}));
    CHECK_FALSE(
        sameDevice({"NVIDIA GeForce RTX 4060 Ti", 8 * gib}, {"NVIDIA GeForce RTX 4060 Ti", 16 * gib}));
    // The catalog's "GeForce RTX 3060 12GB" is the driver's "NVIDIA GeForce RTX 3060" with 12 GB only.
    CHECK(sameDevice({"GeForce RTX 3060 12GB", std::nullopt},
                     {"NVIDIA GeForce RTX 3060", 12 * gib - (200LL << 20)}));
    CHECK(sameDevice({"NVIDIA GeForce RTX 3060", 12 * gib}, {"GeForce RTX 3060 12GB", std::nullopt}));
    CHECK_FALSE(sameDevice({"GeForce RTX 3060 12GB", std::nullopt}, {"NVIDIA GeForce RTX 3060", 8 * gib}));
    CHECK_FALSE(
        sameDevice({"GeForce RTX 3060 12GB", std::nullopt}, {"NVIDIA GeForce RTX 3060", std::nullopt}));
    CHECK_FALSE(
        sameDevice({"GeForce RTX 3060 12GB", std::nullopt}, {"NVIDIA GeForce RTX 3060 Ti", 12 * gib}));
}

TEST_CASE("A stored calibration for another card of a similar name is refused for this run",
          "[core][calibration][hostile]") {
    auto stored = estimate::readCalibration(calibrationJson(gpuRun("NVIDIA GeForce RTX 4090 D"), 1.2));
    REQUIRE(stored.ok());
    ValidationRequest request;
    request.model = "mlp";
    request.inputs.batch = 8;
    auto compared = estimate::compareRun(request, gpuRun("NVIDIA GeForce RTX 4090"), &*stored);
    REQUIRE_FALSE(compared.ok());
    CHECK_THAT(compared.error().text(), Catch::Contains("measured on NVIDIA GeForce RTX 4090 D"));
}

TEST_CASE("Every calibrated figure lies within what a device can do, or the field is named",
          "[core][calibration][hostile]") {
    const auto run = gpuRun("NVIDIA GeForce RTX 4090");
    for (double ratio : {1e308, 1e-308, 0.01, 25.0, 0.0, -1.0}) {
        INFO(ratio);
        auto read = estimate::readCalibration(calibrationJson(run, ratio));
        REQUIRE_FALSE(read.ok());
        CHECK_THAT(read.error().text(), Catch::Contains("step_time_ratio"));
        CHECK(read.error().text().size() < 200);
    }
    for (double ratio : {0.05, 1.0, 20.0})
        CHECK(estimate::readCalibration(calibrationJson(run, ratio)).ok());

    struct Case {
        const char* field;
        std::function<void(ValidationResult&)> change;
    };
    const std::vector<Case> cases = {
        {"matmul_flops_per_second", // the worker's protocol refuses it first
         [](ValidationResult& r) {
             r.measured.matmulFlopsPerSecond = 1e308;
         }},
        {"matmul fp32 FLOP/s",
         [](ValidationResult& r) {
             r.measured.matmulFlopsPerSecond = 1e-308;
         }},
        {"matmul_flops_per_second_by_dtype.bf16",
         [](ValidationResult& r) {
             r.measured.matmulFlopsPerSecondByDtype = {{"fp32", 50e12}, {"bf16", 1e20}};
         }},
        {"copy_bytes_per_second",
         [](ValidationResult& r) {
             r.measured.copyBytesPerSecond = 1e300;
         }},
        {"copy_bytes_per_second",
         [](ValidationResult& r) {
             r.measured.copyBytesPerSecond = 0;
         }},
        {"kernel_rates.eager_op_seconds",
         [](ValidationResult& r) {
             r.measured.kernels.eagerOpSeconds = 5;
         }},
        {"kernel_rates.linear FLOP/s",
         [](ValidationResult& r) {
             r.measured.kernels.linearFlopsPerSecond = 1e18;
         }},
        {"context_bytes",
         [](ValidationResult& r) {
             r.measured.contextBytes = 4LL << 40;
         }},
        {"context_bytes",
         [](ValidationResult& r) {
             r.measured.contextBytes = 25LL << 30;
         }}, // over 24 GiB
    };
    for (const auto& c : cases) {
        INFO(c.field);
        auto changed = run;
        c.change(changed);
        auto read = estimate::readCalibration(calibrationJson(changed, 1.0));
        REQUIRE_FALSE(read.ok());
        CHECK_THAT(read.error().text(), Catch::Contains(c.field));
        CHECK(read.error().text().size() < 200);
    }
}
