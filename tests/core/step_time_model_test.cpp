// The step-time model's parts that do not need published figures to check: which architecture a
// card is, the clock a card holds on its power, the unfused attention's passes, the host that sets
// the pace at small batches, and the uncertainty each estimate carries.

#include "estimate/estimate.h"
#include "test_support.h"
#include "workload/families/hf_config.h"
#include "workload/model_zoo.h"

#include <catch2/catch.hpp>

using namespace torchrig;
using estimate::GpuArchitecture;

namespace {

// A made-up Ada card; the RTX 4090's figures unless changed.
estimate::DeviceSpec adaCard() {
    auto gpu = test::madeUpGpu();
    gpu.computeCapability = "8.9";
    gpu.fp32Flops = gpu.tf32Flops = 82.6e12;
    gpu.fp16Flops = gpu.bf16Flops = 165.2e12;
    gpu.bandwidthBytesPerSecond = 1008e9;
    gpu.tdpWatts = 450;
    return gpu;
}

double samplesPerSecond(const ModelGraph& graph, const estimate::TrainingSetup& setup,
                        const estimate::DeviceSpec& device) {
    auto e = estimate::estimateTraining(graph, setup, device);
    REQUIRE(e.time);
    return e.time->samplesPerSecond;
}

} // namespace

TEST_CASE("A card's compute capability names its architecture", "[core][estimate][time]") {
    CHECK(estimate::architectureOf("7.0") == GpuArchitecture::Volta);
    CHECK(estimate::architectureOf("7.5") == GpuArchitecture::Turing);
    CHECK(estimate::architectureOf("8.0") == GpuArchitecture::AmpereGa100);
    CHECK(estimate::architectureOf("8.6") == GpuArchitecture::AmpereGa10x);
    CHECK(estimate::architectureOf("8.9") == GpuArchitecture::Ada);
    CHECK(estimate::architectureOf("9.0") == GpuArchitecture::Hopper);
    CHECK(estimate::architectureOf("10.0") == GpuArchitecture::Blackwell);
    CHECK(estimate::architectureOf("12.0") == GpuArchitecture::BlackwellGb20x);
    CHECK(estimate::architectureOf("gfx90a") == GpuArchitecture::Cdna);
    CHECK(estimate::architectureOf("gfx1100") == GpuArchitecture::Rdna);
    CHECK(estimate::architectureOf("") == GpuArchitecture::Unknown);
    CHECK(estimate::architectureOf("8.x") == GpuArchitecture::Unknown);
    // Fitted architectures carry their own rates; the others the fitted ones' median, and every
    // one an uncertainty.
    CHECK(estimate::architectureRates(GpuArchitecture::Hopper).fitted);
    CHECK_FALSE(estimate::architectureRates(GpuArchitecture::Turing).fitted);
    for (auto a : {GpuArchitecture::Volta, GpuArchitecture::Hopper, GpuArchitecture::Unknown})
        CHECK(estimate::architectureRates(a).uncertainty > 0);
    // The RTX 50 series runs its tensor cores as Ada does: Ada's fractions, said to be unfitted.
    const auto& gb20x = estimate::architectureRates(GpuArchitecture::BlackwellGb20x);
    CHECK_FALSE(gb20x.fitted);
    CHECK(gb20x.fractions.halfPrecisionMatrix ==
          estimate::architectureRates(GpuArchitecture::Ada).fractions.halfPrecisionMatrix);
    CHECK(gb20x.uncertainty >= estimate::architectureRates(GpuArchitecture::Unknown).uncertainty);
}

TEST_CASE("A card fed fewer watts per FLOP holds less of its datasheet rate", "[core][estimate][time]") {
    const auto graph = findZooModel("bert-base-uncased")->build({64, 224, 384, 0});
    estimate::TrainingSetup setup;
    setup.precision = Precision::AmpFp16;
    setup.cuda = true;
    const auto reference = adaCard();
    // The same chip with twice the tensor rate on two thirds of the power (an RTX 6000 Ada's
    // datasheet against the 4090's): faster, but by far less than its datasheet says.
    auto starved = reference;
    starved.fp16Flops = starved.bf16Flops = 2 * reference.fp16Flops;
    starved.tdpWatts = 300;
    const double gain = samplesPerSecond(graph, setup, starved) / samplesPerSecond(graph, setup, reference);
    CHECK(gain > 1.0);
    CHECK(gain < 1.5);
    // Without a known power limit, no such loss.
    auto unknownPower = starved;
    unknownPower.tdpWatts = 0;
    CHECK(samplesPerSecond(graph, setup, unknownPower) > samplesPerSecond(graph, setup, starved));
}

TEST_CASE("Attention's math path costs its passes over the scores", "[core][estimate][time]") {
    const auto graph = findZooModel("bert-base-uncased")->build({32, 224, 384, 0});
    estimate::TrainingSetup fused;
    fused.precision = Precision::AmpFp16;
    fused.cuda = true;
    auto math = fused;
    math.attention = estimate::AttentionKernel::Math;
    const auto device = adaCard();
    auto a = estimate::estimateTraining(graph, fused, device);
    auto b = estimate::estimateTraining(graph, math, device);
    REQUIRE(a.time);
    REQUIRE(b.time);
    // 12 layers × 32 × 12 heads × 384² scores, in half precision, passed over about ten times each
    // way: gigabytes, at the card's bandwidth milliseconds.
    CHECK(b.time->forwardSeconds > a.time->forwardSeconds + 1e-3);
    CHECK(b.time->backwardSeconds > a.time->backwardSeconds + 1e-3);
}

TEST_CASE("GPT-2's attention follows --attention on CUDA, and the fused kernel runs at its own rate",
          "[core][estimate][time]") {
    const auto graph = findZooModel("gpt2")->build({8, 224, 1024, 0});
    estimate::TrainingSetup fused;
    fused.precision = Precision::AmpBf16;
    fused.cuda = true;
    fused.attention = estimate::AttentionKernel::Fused;
    auto math = fused;
    math.attention = estimate::AttentionKernel::Math;
    auto device = adaCard();
    const auto a = estimate::estimateTraining(graph, fused, device);
    const auto b = estimate::estimateTraining(graph, math, device);
    REQUIRE(a.time);
    REQUIRE(b.time);
    CHECK(b.time->stepSeconds > a.time->stepSeconds * 1.05); // the scores' passes
    CHECK(b.memory.allocatedPeakBytes > a.memory.allocatedPeakBytes);
    // The default on CUDA is the fused kernel, as transformers' SDPA picks.
    auto byDefault = fused;
    byDefault.attention = estimate::AttentionKernel::Default;
    CHECK(samplesPerSecond(graph, byDefault, device) == Approx(samplesPerSecond(graph, fused, device)));
    // A slower attention kernel slows only the fused path.
    device.fusedAttentionShare = estimate::kFusedAttentionShare / 2;
    CHECK(samplesPerSecond(graph, fused, device) < 0.97 * a.time->samplesPerSecond);
    CHECK(samplesPerSecond(graph, math, device) == Approx(b.time->samplesPerSecond));
    // FlashAttention-2 reaches a smaller share of Hopper's matrix rate than of Ampere's.
    CHECK(estimate::fusedAttentionShare(GpuArchitecture::Hopper, 0.55) < 0.55);
    CHECK(estimate::fusedAttentionShare(GpuArchitecture::AmpereGa100, 0.55) == 0.55);
}

TEST_CASE(
    "A mixture's experts: transformers' loop issues a kernel per expert, grouped GEMMs one per layer, and "
    "expert parallel a GPU's share",
    "[core][estimate][time]") {
    auto config = readHfConfig(test::readFile(std::string(TORCHRIG_TEST_SUPPORT) + "/hf/qwen3-30b-a3b.json"),
                               "qwen3-30b-a3b.json");
    REQUIRE(config);
    ModelInputs inputs;
    inputs.batch = 1;
    inputs.seqLen = 1024;
    inputs.layers = 2;
    const auto graph = buildHfModel(*config, inputs);
    estimate::TrainingSetup loop;
    loop.precision = Precision::AmpBf16;
    loop.cuda = true;
    auto grouped = loop;
    grouped.groupedExperts = true;
    auto device = adaCard();
    device.interconnectBytesPerSecond = 32e9;
    device.interconnectClass = estimate::LinkClass::PciePeerToPeer;
    const auto a = estimate::estimateTraining(graph, loop, device);
    const auto b = estimate::estimateTraining(graph, grouped, device);
    REQUIRE(a.time);
    REQUIRE(b.time);
    // 128 experts a layer, 8 of them per token: about 8 tokens an expert, each a few tiny kernels
    // that eager PyTorch issues one after another. Grouped, the issue time nearly vanishes.
    CHECK(a.time->hostBoundSeconds > 0.5 * (a.time->forwardSeconds + a.time->backwardSeconds));
    CHECK(b.time->forwardSeconds + b.time->backwardSeconds <
          0.5 * (a.time->forwardSeconds + a.time->backwardSeconds));
    CHECK(b.memory.allocatedPeakBytes == a.memory.allocatedPeakBytes);
    // Expert parallel over 8 GPUs: each runs 16 of the 128 experts, on every GPU's tokens for them.
    auto parallel = loop;
    parallel.parallel.gpus = 8;
    parallel.parallel.strategy = estimate::ParallelStrategy::Expert;
    const auto c = estimate::estimateTraining(graph, parallel, device);
    REQUIRE(c.time);
    CHECK(c.time->forwardSeconds < 0.5 * a.time->forwardSeconds);
}

TEST_CASE("At a small batch the estimate says the CPU sets the pace", "[core][estimate][time]") {
    estimate::TrainingSetup setup;
    setup.precision = Precision::AmpBf16;
    setup.cuda = true;
    const auto device = adaCard();
    auto says = [](const estimate::Estimate& e) {
        for (const auto& w : e.warnings)
            if (w.text().find("the CPU sets the pace") != std::string::npos)
                return true;
        return false;
    };
    auto small = estimate::estimateTraining(findZooModel("resnet50")->build({2, 224, 0, 0}), setup, device);
    auto large = estimate::estimateTraining(findZooModel("resnet50")->build({256, 224, 0, 0}), setup, device);
    REQUIRE(small.time);
    REQUIRE(large.time);
    CHECK(small.time->hostBoundSeconds > 0.5 * small.time->stepSeconds);
    CHECK(says(small));
    CHECK(large.time->hostBoundSeconds < 0.1 * large.time->stepSeconds);
    CHECK_FALSE(says(large));
    CHECK(small.time->uncertainty == estimate::architectureRates(GpuArchitecture::Ada).uncertainty);
    // The CPU's own estimate carries none: no held-out measurement backs one.
    estimate::DeviceSpec cpu;
    cpu.id = "cpu";
    cpu.fp32Flops = 1e12;
    cpu.bandwidthBytesPerSecond = 50e9;
    estimate::TrainingSetup onCpu;
    auto c = estimate::estimateTraining(findZooModel("resnet18")->build({2, 64, 0, 0}), onCpu, cpu);
    REQUIRE(c.time);
    CHECK(c.time->uncertainty == 0);
}
