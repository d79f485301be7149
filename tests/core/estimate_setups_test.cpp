// The estimator's setups beyond one GPU's plain step, counted by hand on a linear layer (and the
// tiny Llama for blocks): the optimizers' state, fp32 master weights, gradient accumulation,
// data parallel's buckets and ZeRO's shards, LoRA's frozen base, and what they do to the time.

#include "estimate/estimate.h"
#include "estimate/host_needs.h"
#include "estimate/inference_estimate.h"
#include "estimate/memory_estimate.h"
#include "test_support.h"
#include "workload/lora.h"
#include "workload/model_graph_json.h"
#include "workload/model_zoo.h"

#include <catch2/catch.hpp>

using namespace torchrig;
using namespace torchrig::estimate;

namespace {

ModelGraph graphFile(const std::string& path) {
    auto graph = readModelGraphJson(test::readFile(path), path);
    REQUIRE(graph.ok());
    return std::move(*graph);
}

ModelGraph linear4096() {
    return graphFile(TORCHRIG_TEST_SOURCES "/validate/linear_4096.json");
}

ModelGraph tinyLlama() {
    return graphFile(TORCHRIG_TEST_RESOURCES "/models/example-tiny-llama.json");
}

constexpr std::int64_t kWeight = 4096LL * 4096, kBias = 4096; // elements

std::int64_t at(const MemoryEstimate& m, MemoryCategory category) {
    return m.breakdownAtPeak[static_cast<std::size_t>(category)];
}

} // namespace

TEST_CASE("Each optimizer keeps its own state", "[core][estimate]") {
    auto graph = linear4096();
    TrainingSetup setup;
    auto stateOf = [&](OptimizerKind kind) {
        setup.optimizer = kind;
        return estimateMemory(graph, setup).optimizerStateBytes;
    };
    CHECK(stateOf(OptimizerKind::Sgd) == 0);
    CHECK(stateOf(OptimizerKind::SgdMomentum) == 4 * (kWeight + kBias));
    CHECK(stateOf(OptimizerKind::Lion) == 4 * (kWeight + kBias));
    CHECK(stateOf(OptimizerKind::AdamW) == 8 * (kWeight + kBias) + 2 * 4);
    // bitsandbytes: a byte a moment and a float32 absmax per 256 (both tensors reach min_8bit_size).
    CHECK(stateOf(OptimizerKind::Adam8bit) ==
          2 * (kWeight + kWeight / 256 * 4) + 2 * (kBias + kBias / 256 * 4));
    // Adafactor: a row and a column factor for the matrix, the full second moment for the vector.
    CHECK(stateOf(OptimizerKind::Adafactor) == (4 + 4096 * 4 + 4096 * 4) + (4 + kBias * 4));
}

TEST_CASE("Pure bf16 with fp32 master weights keeps float32 copies and state", "[core][estimate]") {
    auto graph = linear4096();
    TrainingSetup setup;
    setup.precision = Precision::Bf16;
    setup.optimizer = OptimizerKind::AdamW;
    auto plain = estimateMemory(graph, setup);
    CHECK(plain.optimizerStateBytes == 4 * (kWeight + kBias) + 2 * 4);
    setup.fp32MasterWeights = true;
    auto master = estimateMemory(graph, setup);
    CHECK(master.optimizerStateBytes == 12 * (kWeight + kBias) + 2 * 4);
    CHECK(master.parameterBytes == plain.parameterBytes); // the model's own weights stay bf16
    CHECK(master.allocatedPeakBytes > plain.allocatedPeakBytes + 8 * (kWeight + kBias));
}

TEST_CASE("Gradient accumulation keeps the gradients through the next micro-batches", "[core][estimate]") {
    auto graph = linear4096();
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::Sgd;
    auto one = estimateMemory(graph, setup);
    setup.gradientAccumulation = 4;
    auto four = estimateMemory(graph, setup);
    // The second micro-batch runs its forward and backward beside the first's gradients, and its
    // new weight gradient meets the kept one before the in-place add.
    CHECK(four.allocatedPeakBytes > one.allocatedPeakBytes);
    CHECK(four.allocatedPeakBytes - one.allocatedPeakBytes <= 4 * (kWeight + kBias) + 64 * 4096 * 4);
    CHECK(four.optimizerStateBytes == one.optimizerStateBytes);
    // Four micro-batches, one optimizer step, on the timeline.
    int backwardStarts = 0;
    auto last = TimelinePoint::Phase::Start;
    for (const auto& point : four.timeline) {
        if (point.phase == TimelinePoint::Phase::Backward && last != TimelinePoint::Phase::Backward)
            ++backwardStarts;
        last = point.phase;
    }
    CHECK(backwardStarts == 4);
}

TEST_CASE("Data parallel: DDP's buckets, and ZeRO's shards of state, gradients and weights",
          "[core][estimate]") {
    auto graph = linear4096();
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::AdamW;
    const auto single = estimateMemory(graph, setup);
    const std::int64_t gradients = 4 * (kWeight + kBias);
    setup.parallel.gpus = 4;
    setup.parallel.strategy = ParallelStrategy::Ddp;
    auto ddp = estimateMemory(graph, setup);
    CHECK(ddp.allocatedPeakBytes == single.allocatedPeakBytes + gradients);
    CHECK(ddp.gradientBytes == gradients);
    setup.parallel.bucketView = true;
    CHECK(estimateMemory(graph, setup).allocatedPeakBytes == single.allocatedPeakBytes);
    setup.parallel.bucketView = false;

    setup.parallel.strategy = ParallelStrategy::Zero1;
    auto zero1 = estimateMemory(graph, setup);
    CHECK(zero1.optimizerStateBytes == 2 * (4 * kWeight / 4) + 2 * (4 * kBias / 4) + 2 * 4);
    CHECK(zero1.parameterBytes == single.parameterBytes);

    setup.parallel.strategy = ParallelStrategy::Zero2;
    auto zero2 = estimateMemory(graph, setup);
    CHECK(zero2.optimizerStateBytes == zero1.optimizerStateBytes);
    // At the peak: DeepSpeed's reduce bucket (the model is smaller than 5e8 elements: all of it),
    // the weight's and bias's full gradients as backward made them, and the weight's shard being
    // reduce-scattered into.
    CHECK(at(zero2, MemoryCategory::Gradients) == gradients + gradients + 4 * kWeight / 4);
    CHECK(zero2.allocatedPeakBytes < single.allocatedPeakBytes + gradients);

    setup.parallel.strategy = ParallelStrategy::Fsdp;
    auto fsdp = estimateMemory(graph, setup);
    CHECK(fsdp.parameterBytes == 4 * kWeight / 4 + 4 * kBias / 4);
    CHECK(fsdp.allocatedPeakBytes < zero2.allocatedPeakBytes);
    // One GPU is no data parallel whatever the strategy.
    setup.parallel.gpus = 1;
    CHECK(estimateMemory(graph, setup).allocatedPeakBytes == single.allocatedPeakBytes);
}

TEST_CASE("FSDP gathers one block's weights at a time", "[core][estimate]") {
    auto graph = tinyLlama();
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::Sgd;
    setup.parallel.gpus = 8;
    setup.parallel.strategy = ParallelStrategy::Fsdp;
    auto fsdp = estimateMemory(graph, setup);
    setup.parallel.gpus = 1;
    auto single = estimateMemory(graph, setup);
    const auto weights = static_cast<std::int64_t>(graph.parameterBytes());
    CHECK(fsdp.parameterBytes <= weights / 8 + 8 * static_cast<std::int64_t>(graph.tensors().size()));
    // At most the root's weights and two blocks' (backward prefetches one) beside the shards.
    CHECK(at(fsdp, MemoryCategory::Weights) < at(single, MemoryCategory::Weights));
    CHECK(fsdp.allocatedPeakBytes < single.allocatedPeakBytes);
}

TEST_CASE("LoRA's frozen base gets no gradients or state, and QLoRA's base is stored in 4 bits",
          "[core][estimate]") {
    auto base = tinyLlama();
    LoraConfig lora;
    lora.rank = 4;
    auto adapted = applyLora(base, lora);
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::AdamW;
    auto full = estimateMemory(base, setup);
    auto adapters = estimateMemory(adapted, setup);
    const auto trainedBytes = adapted.trainableParameterCount() * 4;
    std::int64_t adapterTensors = 0;
    for (const auto& t : adapted.tensors())
        adapterTensors += t.role == TensorRole::Parameter && !t.frozen ? 1 : 0;
    CHECK(adapters.optimizerStateBytes == 2 * trainedBytes + 4 * adapterTensors); // and a step counter each
    CHECK(adapters.gradientBytes == trainedBytes);
    CHECK(adapters.allocatedPeakBytes < full.allocatedPeakBytes);

    lora.quantizeBase4bit = true;
    auto quantized = applyLora(base, lora);
    std::int64_t expected = 0;
    for (const auto& t : quantized.tensors()) {
        if (t.role != TensorRole::Parameter)
            continue;
        const auto n = numel(t.shape);
        const auto blocks = (n + 63) / 64;
        expected += t.quantized4bit ? (n + 1) / 2 + blocks + (blocks + 255) / 256 * 4 : n * 4;
    }
    auto q = estimateMemory(quantized, setup);
    CHECK(q.parameterBytes == expected);
    CHECK(q.parameterBytes < adapters.parameterBytes / 2);
}

TEST_CASE("The time follows what backward computes, the micro-batches and the all-reduce",
          "[core][estimate]") {
    auto gpu = test::madeUpGpu();
    gpu.interconnectBytesPerSecond = 100e9;
    const auto* gpt2 = findZooModel("gpt2");
    REQUIRE(gpt2);
    auto inputs = gpt2->defaults;
    inputs.batch = 8;
    inputs.seqLen = 512;
    auto base = gpt2->build(inputs);
    TrainingSetup setup;
    setup.precision = Precision::Bf16;
    auto full = estimateTraining(base, setup, gpu);
    REQUIRE(full.time);
    LoraConfig lora;
    lora.rank = 8;
    lora.targets = {"c_attn"};
    auto adapted = estimateTraining(applyLora(base, lora), setup, gpu);
    REQUIRE(adapted.time);
    CHECK(adapted.time->backwardSeconds < full.time->backwardSeconds); // no weight gradients for the base
    // A few small adapters: the step is the issuing of its kernels, not their bytes.
    CHECK(adapted.time->optimizerSeconds < full.time->optimizerSeconds / 5);

    setup.gradientAccumulation = 3;
    auto accumulated = estimateTraining(base, setup, gpu);
    REQUIRE(accumulated.time);
    CHECK(accumulated.time->forwardSeconds == Approx(3 * full.time->forwardSeconds));
    CHECK(accumulated.time->optimizerSeconds == Approx(full.time->optimizerSeconds));
    CHECK(accumulated.time->samplesPerSecond > full.time->samplesPerSecond);

    setup.gradientAccumulation = 1;
    setup.parallel.gpus = 4;
    auto ddp = estimateTraining(base, setup, gpu);
    REQUIRE(ddp.time);
    const double gradientBytes = static_cast<double>(base.trainableParameterCount()) * 2;
    CHECK(ddp.time->communicationSeconds == Approx(2.0 * 3 / 4 * gradientBytes / 100e9));
    gpu.interconnectBytesPerSecond = 0;
    auto unknown = estimateTraining(base, setup, gpu);
    REQUIRE(unknown.time);
    CHECK_FALSE(unknown.time->communicationKnown);
}

TEST_CASE("Inference: the KV cache counts key-value heads, and the prompt's forward keeps nothing",
          "[core][estimate]") {
    const auto* llama = findZooModel("llama-2-7b");
    REQUIRE(llama);
    auto inputs = llama->defaults;
    inputs.batch = 2;
    inputs.seqLen = 64;
    auto prompt = llama->build(inputs);
    // 32 layers, keys and values of 32 heads x 128, two bytes each, two sequences.
    CHECK(estimate::kvCacheBytesPerToken(prompt, 64, 2) == 2 * 32 * 4096 * 2 * 2);

    // A grouped-query model caches its key-value heads only (the tiny Llama: 4 query heads, 1 key-value).
    auto tiny = tinyLlama();
    std::int64_t kvWidth = 0, layers = 0;
    for (const auto& op : tiny.ops()) {
        if (op.kind == OpKind::Linear && op.name.ends_with(".k_proj"))
            kvWidth = tiny.tensor(op.params[0]).shape[0], ++layers;
    }
    REQUIRE(layers > 0);
    const auto tokens = tiny.tensor(tiny.findTensor("input_ids")).shape;
    CHECK(estimate::kvCacheBytesPerToken(tiny, tokens[1], 4) == 2 * layers * kvWidth * 4 * tokens[0]);

    TrainingSetup setup;
    setup.precision = Precision::Bf16;
    setup.inference = true;
    auto forwardOnly = estimateMemory(tiny, setup);
    CHECK(forwardOnly.optimizerStateBytes == 0);
    CHECK(at(forwardOnly, MemoryCategory::Gradients) == 0);
    setup.inference = false;
    CHECK(forwardOnly.allocatedPeakBytes < estimateMemory(tiny, setup).allocatedPeakBytes / 2);

    auto gpu = test::madeUpGpu();
    inputs.seqLen = 1;
    auto oneToken = llama->build(inputs);
    auto generation = estimateInference(prompt, &oneToken, setup, gpu, 64, 192);
    CHECK(generation.kvCacheBytes == generation.kvCacheBytesPerToken * 256);
    // The last decode step holds every weight and the whole cache.
    CHECK(generation.allocatedPeakBytes >=
          generation.prefill.memory.parameterBytes + generation.kvCacheBytes);
    REQUIRE(generation.decodeSecondsPerToken);
    // Reading 13.5 GB of weights a token bounds the rate from below.
    CHECK(*generation.decodeSecondsPerToken > 13.4e9 / 2e12);
    CHECK(generation.fits == true);
    auto promptOnly = estimateInference(prompt, nullptr, setup, gpu, 64, 192);
    CHECK_FALSE(promptOnly.decodeSecondsPerToken);
    CHECK(promptOnly.warnings.front().text().find("fixed shapes") != std::string::npos);
}

TEST_CASE("Pipeline parallel: each stage holds its blocks and its micro-batches in flight",
          "[core][estimate]") {
    auto graph = tinyLlama();
    const auto blocks = static_cast<int>(graph.blocks().size());
    REQUIRE(blocks >= 2);
    auto ranges = pipelineStages(graph, 2);
    REQUIRE(ranges.size() == 2);
    CHECK(ranges[0].first == 0);
    CHECK(ranges[0].second == ranges[1].first);
    CHECK(ranges[1].second == graph.ops().size());
    CHECK_THROWS_WITH(pipelineStages(graph, blocks + 1), Catch::Contains("too few"));

    TrainingSetup setup;
    setup.optimizer = OptimizerKind::AdamW;
    setup.gradientAccumulation = 4; // four micro-batches
    const auto single = estimateMemory(graph, setup);
    setup.parallel.gpus = 2;
    setup.parallel.strategy = ParallelStrategy::Pipeline;
    const auto pipelined = estimateMemory(graph, setup);
    CHECK(pipelined.pipelineStage >= 0);
    CHECK(pipelined.parameterBytes < single.parameterBytes);
    CHECK(pipelined.optimizerStateBytes < single.optimizerStateBytes);
    // The first stage runs two micro-batches' forwards before the first backward: more saved
    // activations than one micro-batch's share of its blocks.
    setup.gradientAccumulation = 1;
    const auto oneMicro = estimateMemory(graph, setup);
    setup.gradientAccumulation = 4;
    CHECK(pipelined.allocatedPeakBytes > oneMicro.allocatedPeakBytes);
    CHECK(pipelined.allocatedPeakBytes < single.allocatedPeakBytes);

    // The stage time: (micro-batches + stages - 1) slots of half the model.
    auto gpu = test::madeUpGpu();
    setup.parallel.gpus = 1;
    auto whole = estimateTraining(graph, setup, gpu);
    setup.parallel.gpus = 2;
    auto staged = estimateTraining(graph, setup, gpu);
    REQUIRE(whole.time);
    REQUIRE(staged.time);
    CHECK(staged.time->forwardSeconds == Approx(whole.time->forwardSeconds * 5.0 / 2 / 4));
}

TEST_CASE("Tensor parallel splits the blocks' linears and what lies between them", "[core][estimate]") {
    auto graph = tinyLlama();
    auto split = tensorParallelSplit(graph);
    auto isSplit = [&](const std::string& name) {
        auto id = graph.findTensor(name);
        REQUIRE(id >= 0);
        return static_cast<bool>(split[static_cast<std::size_t>(id)]);
    };
    CHECK(isSplit("model.layers.0.self_attn.q_proj.weight")); // column-parallel
    CHECK(isSplit("model.layers.0.self_attn.o_proj.weight")); // row-parallel
    CHECK(isSplit("model.layers.0.mlp.down_proj.weight"));
    CHECK(isSplit("model.layers.0.self_attn.q_proj"));       // its output: this GPU's heads
    CHECK_FALSE(isSplit("model.layers.0.self_attn.o_proj")); // all-reduced, whole
    CHECK_FALSE(isSplit("model.layers.0.input_layernorm.weight"));
    CHECK_FALSE(isSplit("model.embed_tokens.weight"));

    TrainingSetup setup;
    setup.optimizer = OptimizerKind::AdamW;
    const auto single = estimateMemory(graph, setup);
    setup.parallel.gpus = 4;
    setup.parallel.strategy = ParallelStrategy::Tensor;
    const auto tensor = estimateMemory(graph, setup);
    CHECK(tensor.parameterBytes < single.parameterBytes);
    CHECK(tensor.allocatedPeakBytes < single.allocatedPeakBytes);
    std::int64_t expected = 0;
    for (std::size_t id = 0; id < graph.tensors().size(); ++id) {
        const auto& t = graph.tensors()[id];
        if (t.role == TensorRole::Parameter)
            expected += (split[id] ? (numel(t.shape) + 3) / 4 : numel(t.shape)) * 4;
    }
    CHECK(tensor.parameterBytes == expected);
}

TEST_CASE("Offloading the optimizer moves its state to host memory", "[core][estimate]") {
    auto graph = linear4096();
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::AdamW;
    const auto onGpu = estimateMemory(graph, setup);
    setup.offloadOptimizer = true;
    const auto offloaded = estimateMemory(graph, setup);
    CHECK(offloaded.optimizerStateBytes == 0);
    CHECK(offloaded.hostOptimizerStateBytes == onGpu.optimizerStateBytes);
    CHECK(offloaded.allocatedPeakBytes < onGpu.allocatedPeakBytes);
    Estimate e;
    e.memory = offloaded;
    auto host = estimateHost(e, setup, 64, 0, DatasetSpec{});
    CHECK(host.offloadBytes == offloaded.hostOptimizerStateBytes + offloaded.gradientBytes);
    CHECK(host.ramBytes >= host.offloadBytes);
}

TEST_CASE("A calibration's kernel classes replace the large matmul's rate where they apply",
          "[core][estimate][calibration]") {
    DeviceSpec cpu;
    cpu.id = "cpu";
    cpu.name = "test CPU";
    Calibration plain;
    plain.deviceName = cpu.name;
    plain.fp32Flops = 100e9;
    plain.copyBytesPerSecond = 20e9;
    TrainingSetup setup; // fp32, AdamW single-tensor on the CPU
    auto measured = plain;
    measured.kernels.eagerOpSeconds = 5e-6; // the built-in CPU floor: only the classes below differ

    SECTION("fresh pages: what the glibc heap model faults in, at the measured rate, by phase") {
        const auto* gpt2 = findZooModel("gpt2");
        REQUIRE(gpt2);
        auto inputs = gpt2->defaults;
        inputs.batch = 1;
        inputs.seqLen = 32;
        const auto graph = gpt2->build(inputs);
        measured.kernels.firstTouchBytesPerSecond = 1e9;
        const auto before = estimateTraining(graph, setup, cpu, &plain);
        const auto after = estimateTraining(graph, setup, cpu, &measured);
        REQUIRE(before.time);
        REQUIRE(after.time);
        REQUIRE(after.memory.freshPageBytes);
        const auto fresh = *after.memory.freshPageBytes;
        CHECK(after.time->forwardSeconds - before.time->forwardSeconds == Approx(fresh.forward / 1e9));
        CHECK(after.time->backwardSeconds - before.time->backwardSeconds == Approx(fresh.backward / 1e9));
        CHECK(after.time->optimizerSeconds - before.time->optimizerSeconds == Approx(fresh.optimizer / 1e9));
        // The tied token embedding (50257 × 768 float32, 147 MiB) is past any mmap threshold: its
        // gradient is a fresh mapping in backward, and so is at least one of AdamW's two temporaries
        // of its size (the other may find a hole in the heap).
        constexpr std::int64_t tokenEmbedding = 50257LL * 768 * 4;
        CHECK(fresh.backward >= tokenEmbedding);
        CHECK(fresh.optimizer >= tokenEmbedding);
        // On CUDA the caching allocator keeps its blocks: nothing is counted.
        auto onCuda = setup;
        onCuda.cuda = true;
        CHECK_FALSE(estimateMemory(graph, onCuda).freshPageBytes);
    }
    SECTION("depthwise convolutions at their own rate, dense ones and every backward at theirs") {
        const auto* mobilenet = findZooModel("mobilenet_v2");
        REQUIRE(mobilenet);
        auto inputs = mobilenet->defaults;
        inputs.batch = 8;
        inputs.imageSize = 96;
        const auto graph = mobilenet->build(inputs);
        const auto before = estimateTraining(graph, setup, cpu, &plain);
        measured.kernels.depthwiseFlopsPerSecond = 1e9; // a hundredth of the matmul's
        measured.kernels.depthwiseBackwardFlopsPerSecond = 1e9;
        const auto slowDepthwise = estimateTraining(graph, setup, cpu, &measured);
        REQUIRE(before.time);
        REQUIRE(slowDepthwise.time);
        CHECK(slowDepthwise.time->forwardSeconds > 2 * before.time->forwardSeconds);
        CHECK(slowDepthwise.time->backwardSeconds > 2 * before.time->backwardSeconds);
        // A linear's backward twice as slow as its forward: only the backward grows.
        measured.kernels = {};
        measured.kernels.eagerOpSeconds = 5e-6;
        measured.kernels.linearFlopsPerSecond = 100e9;
        measured.kernels.linearBackwardFlopsPerSecond = 50e9;
        measured.kernels.convolutionFlopsPerSecond = 100e9;
        measured.kernels.convolutionBackwardFlopsPerSecond = 50e9;
        const auto slowBackward = estimateTraining(graph, setup, cpu, &measured);
        REQUIRE(slowBackward.time);
        CHECK(slowBackward.time->forwardSeconds == Approx(before.time->forwardSeconds));
        CHECK(slowBackward.time->backwardSeconds > 1.3 * before.time->backwardSeconds);
    }
}

TEST_CASE("A tensor-core card without the precision's rate in the catalog gets no step time, not an FP32 one",
          "[core][estimate]") {
    DeviceSpec card;
    card.id = "gpu/new";
    card.name = "New card";
    card.cuda = true;
    card.usableBytes = 96LL << 30;
    card.fp32Flops = 110e12; // the only rate the catalog has
    card.bandwidthBytesPerSecond = 1.8e12;
    card.computeCapability = "12.0";
    TrainingSetup setup;
    setup.precision = Precision::AmpBf16;
    const auto graph = linear4096();
    CHECK(runsNatively(setup, card)); // Blackwell runs BF16: the rate is missing, not the hardware
    auto e = estimateTraining(graph, setup, card);
    CHECK_FALSE(e.time);
    CHECK(std::any_of(e.warnings.begin(), e.warnings.end(), [](const Message& w) {
        return w.text() ==
               "the catalog has no BF16 tensor rate for New card, so the step time is not estimated";
    }));
    card.bf16Flops = card.fp16Flops = 500e12;
    CHECK(estimateTraining(graph, setup, card).time);
    // Before Ampere a missing BF16 rate means no BF16: emulated, and said so.
    card.bf16Flops = 0;
    card.computeCapability = "7.5";
    CHECK_FALSE(runsNatively(setup, card));
}

TEST_CASE(
    "Host RAM holds the processes, and each GPU process loading the whole model's weights twice, or the "
    "run, whichever is more, beside the dataset cache",
    "[core][estimate][host]") {
    Estimate e;
    e.memory.parameterBytes = 13'476'839'424; // llama-2-7b in bf16
    e.memory.optimizerStateBytes = 1'000'000;
    TrainingSetup setup;
    setup.parallel.gpus = 2;
    setup.parallel.strategy = ParallelStrategy::Ddp;
    DatasetSpec data;
    auto host = estimateHost(e, setup, 1, 2048, data);
    CHECK(host.weightsLoadBytes == 2 * 2 * e.memory.parameterBytes);
    // Each GPU's process (256 MiB) and its four loader workers (33 MiB each), as measured.
    CHECK(host.processBytes == 2 * ((256LL << 20) + 4 * (33LL << 20)));
    CHECK(host.ramBytes == host.processBytes + host.weightsLoadBytes);
    // Sharded weights: each process still loads the whole model before it shards it.
    setup.parallel.strategy = ParallelStrategy::Fsdp;
    e.memory.parameterBytes /= 2;
    CHECK(estimateHost(e, setup, 1, 2048, data).weightsLoadBytes == 2 * 2 * 2 * e.memory.parameterBytes);
    // A dataset held in RAM is there through both.
    data.samples = 1000;
    data.sampleBytes = 1'000'000;
    data.cacheInRam = true;
    host = estimateHost(e, setup, 1, 2048, data);
    CHECK(host.ramBytes == host.processBytes + host.weightsLoadBytes + 1'000'000'000);
}

TEST_CASE("DDP's last gradient bucket, the model's first parameters, is all-reduced after backward with "
          "nothing to hide behind",
          "[core][estimate][parallel]") {
    const auto* bert = findZooModel("bert-base-uncased");
    REQUIRE(bert);
    const auto graph = bert->build({8, 224, 128, 0});
    TrainingSetup setup;
    setup.precision = Precision::AmpBf16;
    setup.cuda = true;
    setup.parallel.strategy = ParallelStrategy::Ddp;
    setup.parallel.gpus = 2;
    auto gpu = test::madeUpGpu();
    // A slow link on a slow card, with the exchange overlapping backward as DDP is designed to: all
    // of it hides but for its tail.
    gpu.interconnectBytesPerSecond = 4e9;
    gpu.communicationOverlap = 1.0;
    gpu.fp16Flops = gpu.bf16Flops = gpu.tf32Flops = gpu.fp32Flops = 2e12;
    const auto e = estimateTraining(graph, setup, gpu);
    REQUIRE(e.time);
    const auto& t = *e.time;
    REQUIRE(t.communicationSeconds < t.backwardSeconds);
    const double exposed = t.stepSeconds - t.forwardSeconds - t.backwardSeconds - t.optimizerSeconds;
    // The word embeddings alone (30,522 × 768 float32 gradients, 93.8 MB) close the last bucket: its
    // ring all-reduce over two GPUs moves them once over the 4 GB/s link.
    const double wordEmbeddings = 30522.0 * 768 * 4;
    CHECK(exposed >= wordEmbeddings / 4e9);
    CHECK(exposed <= 1.1 * (wordEmbeddings + (512.0 + 2 + 2) * 768 * 4) / 4e9);
    // Sharded parameters (FSDP) gather before each block: no bucket tail of this kind.
    setup.parallel.strategy = ParallelStrategy::Fsdp;
    const auto sharded = estimateTraining(graph, setup, gpu);
    REQUIRE(sharded.time);
    CHECK(sharded.time->stepSeconds - sharded.time->forwardSeconds - sharded.time->backwardSeconds -
              sharded.time->optimizerSeconds <
          exposed);
    // As fitted to published multi-GPU runs (estimate/collectives.h): none of it hides.
    gpu.communicationOverlap.reset();
    setup.parallel.strategy = ParallelStrategy::Ddp;
    const auto fitted = estimateTraining(graph, setup, gpu);
    REQUIRE(fitted.time);
    CHECK(fitted.time->stepSeconds ==
          Approx(fitted.time->forwardSeconds + fitted.time->backwardSeconds + fitted.time->optimizerSeconds +
                 fitted.time->communicationSeconds));
}
