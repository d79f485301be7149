#include "estimate/memory_estimate.h"

#include "estimate/step_simulation.h"
#include "util/enum_names.h"

#include <algorithm>
#include <atomic>

namespace torchrig::estimate {

namespace {

constexpr EnumNames<MemoryCategory, kMemoryCategoryCount> kCategoryIds = {{
    {MemoryCategory::Weights, "weights"},
    {MemoryCategory::Gradients, "gradients"},
    {MemoryCategory::OptimizerState, "optimizer_state"},
    {MemoryCategory::Activations, "activations"},
    {MemoryCategory::Temporaries, "temporaries"},
    {MemoryCategory::Inputs, "inputs"},
    {MemoryCategory::Workspace, "workspace"},
}};

constexpr EnumNames<ParallelStrategy, 8> kStrategyIds = {{
    {ParallelStrategy::Ddp, "ddp"},
    {ParallelStrategy::Zero1, "zero1"},
    {ParallelStrategy::Zero2, "zero2"},
    {ParallelStrategy::Zero3, "zero3"},
    {ParallelStrategy::Fsdp, "fsdp"},
    {ParallelStrategy::Pipeline, "pp"},
    {ParallelStrategy::Tensor, "tp"},
    {ParallelStrategy::Expert, "ep"},
}};

} // namespace

using detail::Simulation;
using detail::StageRange;

TrainingSetup trainingSetupFor(const Workload& workload) {
    TrainingSetup setup;
    setup.precision = workload.precision;
    setup.optimizer = workload.optimizer;
    setup.optimizerImpl = workload.optimizerImpl;
    setup.checkpointing = workload.checkpointing;
    setup.gradientAccumulation = workload.gradientAccumulation;
    setup.inference = workload.inference;
    setup.lastTokenHead = workload.inference; // the worker measures generate()'s prefill
    return setup;
}

std::vector<bool> tensorParallelSplit(const ModelGraph& graph) {
    std::vector<bool> split(graph.tensors().size(), false);
    for (const auto& op : graph.ops()) {
        if (op.block < 0)
            continue;
        bool splitInput = false;
        for (auto id : op.inputs)
            splitInput = splitInput || split[static_cast<std::size_t>(id)];
        const auto out = static_cast<std::size_t>(op.outputs[0]);
        if (op.kind == OpKind::Linear) {
            split[static_cast<std::size_t>(op.params[0])] = true;
            if (splitInput) { // row-parallel: the output is all-reduced, whole on every GPU
                split[out] = false;
            } else { // column-parallel: its outputs (and bias) split
                split[out] = true;
                if (op.params.size() > 1)
                    split[static_cast<std::size_t>(op.params[1])] = true;
            }
        } else {
            split[out] = splitInput;
        }
    }
    return split;
}

std::vector<bool> expertParallelSplit(const ModelGraph& graph, int gpus) {
    std::vector<bool> split(graph.tensors().size(), false);
    std::int64_t experts = 0; // of the first layer that has them
    std::string firstLayer;
    for (std::size_t id = 0; id < split.size(); ++id) {
        const auto& t = graph.tensors()[id];
        const auto at = t.name.find(".experts.");
        if (t.role != TensorRole::Parameter || at == std::string::npos)
            continue;
        split[id] = true;
        const auto layer = t.name.substr(0, at);
        if (firstLayer.empty())
            firstLayer = layer;
        if (layer == firstLayer)
            experts = std::max<std::int64_t>(experts, std::atoll(t.name.c_str() + at + 9) + 1);
    }
    if (experts == 0)
        throw GraphError(TORCHRIG_MESSAGE("model",
                                          "expert parallel (ep) spreads a mixture of experts' "
                                          "experts over the GPUs, and %1 has none: use ddp, fsdp or tp")
                             .arg(graph.name()));
    if (experts % gpus != 0)
        throw GraphError(TORCHRIG_MESSAGE("model",
                                          "%1's %2 experts a layer do not divide over %3 GPUs: expert "
                                          "parallel needs a number of GPUs that divides them")
                             .arg(graph.name())
                             .arg(std::to_string(experts))
                             .arg(std::to_string(gpus)));
    return split;
}

std::size_t headOpIndex(const ModelGraph& graph) {
    const auto& ops = graph.ops();
    for (std::size_t i = ops.size(); i-- > 0;)
        if (ops[i].kind == OpKind::Linear)
            return i;
    return ops.size();
}

std::string_view parallelStrategyId(ParallelStrategy strategy) {
    return enumName(kStrategyIds, strategy);
}

std::vector<std::string> parallelStrategyIds() {
    return enumIds(kStrategyIds);
}

std::vector<std::string> dataParallelStrategyIds() {
    auto ids = parallelStrategyIds();
    ids.resize(5); // the table's first five: ddp, zero1, zero2, zero3, fsdp
    return ids;
}

std::string parallelStrategyIdList() {
    return enumNameList(kStrategyIds);
}

std::optional<ParallelStrategy> parallelStrategyFromString(std::string_view text) {
    return enumFromName(kStrategyIds, text);
}

std::string_view memoryCategoryId(MemoryCategory category) {
    return enumName(kCategoryIds, category);
}

std::vector<std::pair<std::size_t, std::size_t>> pipelineStages(const ModelGraph& graph, int stages) {
    const auto& ops = graph.ops();
    std::vector<int> order; // blocks in the order they run
    std::vector<std::size_t> firstOp;
    for (std::size_t i = 0; i < ops.size(); ++i) {
        if (ops[i].block >= 0 && std::find(order.begin(), order.end(), ops[i].block) == order.end()) {
            order.push_back(ops[i].block);
            firstOp.push_back(i);
        }
    }
    const auto blocks = static_cast<int>(order.size());
    if (blocks < stages)
        throw GraphError(TORCHRIG_MESSAGE("model", "%1 has %2 blocks, too few for %3 pipeline stages (each "
                                                   "needs at least one)")
                             .arg(graph.name())
                             .arg(std::to_string(blocks))
                             .arg(std::to_string(stages)));
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (int s = 0; s < stages; ++s) {
        const auto begin = s == 0 ? std::size_t{0} : firstOp[static_cast<std::size_t>(s * blocks / stages)];
        const auto end =
            s + 1 == stages ? ops.size() : firstOp[static_cast<std::size_t>((s + 1) * blocks / stages)];
        ranges.emplace_back(begin, end);
    }
    return ranges;
}

namespace {

// Every byte count of the simulation is a 64-bit integer: a graph whose tensors together pass 2^56
// bytes (64 PiB) is refused here, which keeps every sum of a step (a few times the graph's bytes,
// three micro-batches, the optimizer's state) far from 2^63.
void refuseBeyondByteRange(const ModelGraph& graph) {
    double bytes = 0;
    for (const auto& tensor : graph.tensors()) {
        double elements = 1;
        for (auto size : tensor.shape)
            elements *= static_cast<double>(size);
        bytes += elements * static_cast<double>(dtypeSize(tensor.dtype));
    }
    if (bytes > 0x1p56)
        throw GraphError(TORCHRIG_MESSAGE("model",
                                          "%1 at this size holds more than 2^56 bytes (64 PiB) of "
                                          "tensors, far beyond any machine; TorchRig does not estimate "
                                          "it. Lower the batch, the sequence or the image size")
                             .arg(graph.name()));
}

} // namespace

namespace {
std::atomic<std::uint64_t> g_memorySimulations{0};
} // namespace

std::uint64_t memorySimulationsRun() {
    return g_memorySimulations.load(std::memory_order_relaxed);
}

MemoryEstimate estimateMemory(const ModelGraph& graph, const TrainingSetup& setup) {
    g_memorySimulations.fetch_add(1, std::memory_order_relaxed);
    refuseBeyondByteRange(graph);
    const int stages = std::max(1, setup.parallel.gpus);
    if (setup.parallel.strategy != ParallelStrategy::Pipeline || stages == 1 || setup.inference)
        return Simulation(graph, setup).run();
    const int micro = std::max(1, setup.gradientAccumulation);
    MemoryEstimate highest;
    const auto ranges = pipelineStages(graph, stages);
    for (int s = 0; s < stages; ++s) {
        StageRange range{ranges[static_cast<std::size_t>(s)].first,
                         ranges[static_cast<std::size_t>(s)].second, s, 0};
        const auto saved = Simulation(graph, setup, range).savedByOneForward();
        range.inFlightBytes = static_cast<std::int64_t>(std::min(micro, stages - s) - 1) * saved;
        auto stage = Simulation(graph, setup, range).run();
        stage.pipelineStage = s;
        if (s == 0 || stage.allocatedPeakBytes > highest.allocatedPeakBytes)
            highest = std::move(stage);
    }
    return highest;
}

} // namespace torchrig::estimate
