// A validation run sized before it starts (validation/run_sizing.h): timed on a CPU by the
// reference rates or on any device by its calibration, never on a GPU without one, and made
// smaller for the time limit by blocks first, then the batch.

#include "validation/run_sizing.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

ValidationDevice device(const char* kind) {
    ValidationDevice d;
    d.kind = kind;
    d.name = "Test device";
    d.threads = 2;
    d.totalMemoryBytes = 80'000'000'000;
    return d;
}

ValidationRequest gpt2(std::int64_t batch) {
    ValidationRequest r;
    r.model = "gpt2";
    r.inputs.batch = batch;
    r.inputs.seqLen = 1024;
    r.steps = 3;
    r.warmupSteps = 1;
    return r;
}

} // namespace

TEST_CASE("A run is timed on a CPU or a calibrated device, and not on a GPU without a calibration",
          "[core][validate]") {
    const auto cpu = estimate::estimateRunDuration(gpt2(8), device("cpu"));
    REQUIRE(cpu);
    CHECK(cpu->referenceRates);
    CHECK(cpu->setupSeconds > 1.5); // 124 M parameters created on the CPU
    CHECK(cpu->totalSeconds == Approx(cpu->setupSeconds + 4 * cpu->stepSeconds));
    // Twice the threads, half the step (the reference rates are per thread); the same setup.
    auto four = device("cpu");
    four.threads = 4;
    const auto faster = estimate::estimateRunDuration(gpt2(8), four);
    CHECK(faster->stepSeconds < cpu->stepSeconds);
    CHECK(faster->setupSeconds == Approx(cpu->setupSeconds));

    CHECK_FALSE(estimate::estimateRunDuration(gpt2(8), device("cuda:0")));
    estimate::Calibration measured;
    measured.deviceName = "Test device";
    measured.fp32Flops = measured.tf32Flops = 50e12;
    measured.fp16Flops = measured.bf16Flops = 200e12;
    measured.copyBytesPerSecond = 2e12;
    const auto gpu = estimate::estimateRunDuration(gpt2(8), device("cuda:0"), &measured);
    REQUIRE(gpu);
    CHECK_FALSE(gpu->referenceRates);
    CHECK(gpu->setupSeconds == Approx(1.5)); // its parameters are made on the GPU
    CHECK(gpu->stepSeconds < cpu->stepSeconds);
}

TEST_CASE("A run too long for half its time limit loses blocks, then batch, and says how long each takes",
          "[core][validate]") {
    auto asked = gpt2(8);
    asked.timeLimitSeconds = 60;
    const auto sized = estimate::sizeRun(asked, device("cpu"), 0);
    REQUIRE(sized.plannedDuration);
    REQUIRE(sized.duration);
    CHECK(sized.plannedDuration->totalSeconds > 30);
    CHECK(sized.forTime);
    CHECK(sized.duration->totalSeconds <= 30);
    CHECK(sized.request.inputs.layers >= 1);
    CHECK(sized.request.inputs.layers < 12);
    // One block more (twice as many) would not have been in time, at this batch.
    if (sized.request.inputs.batch == 8 && sized.request.inputs.layers < 12) {
        auto twice = sized.request;
        twice.inputs.layers *= 2;
        CHECK(estimate::estimateRunDuration(twice, device("cpu"))->totalSeconds > 30);
    }
    // A long limit keeps the run as asked.
    asked.timeLimitSeconds = 24 * 3600;
    const auto kept = estimate::sizeRun(asked, device("cpu"), 0);
    CHECK_FALSE(kept.forTime);
    CHECK(kept.request == asked);
}
