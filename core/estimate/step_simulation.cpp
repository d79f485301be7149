#include "estimate/step_simulation.h"

#include <algorithm>

namespace torchrig::estimate::detail {

Simulation::Simulation(const ModelGraph& graph, const TrainingSetup& setup, StageRange range)
    : m_graph(graph)
    , m_setup(setup)
    , m_ledger(setup.cuda)
    , m_values(graph.tensors().size())
    , m_grads(graph.tensors().size(), kNone)
    , m_lastUse(graph.tensors().size(), -1)
    , m_backward(graph.ops().size())
    , m_range(range) {
    const auto& ops = graph.ops();
    if (m_range.stage < 0)
        m_range.end = ops.size();
    m_inRange.assign(graph.tensors().size(), false);
    for (std::size_t i = m_range.begin; i < m_range.end; ++i) {
        for (const auto* list : {&ops[i].inputs, &ops[i].params, &ops[i].buffers})
            for (auto id : *list)
                m_inRange[static_cast<std::size_t>(id)] = true;
    }
    m_producer.assign(graph.tensors().size(), -1);
    for (std::size_t i = 0; i < ops.size(); ++i) {
        for (auto id : ops[i].inputs)
            m_lastUse[static_cast<std::size_t>(id)] = static_cast<int>(i);
        m_producer[static_cast<std::size_t>(ops[i].outputs[0])] = static_cast<int>(i);
    }
    m_fusedAttention = setup.attention == AttentionKernel::Fused ||
                       (setup.attention == AttentionKernel::Default && setup.cuda);
    m_autocast = setup.precision == Precision::AmpBf16 || setup.precision == Precision::AmpFp16 ||
                 setup.precision == Precision::Fp8;
    if (setup.checkpointing == Checkpointing::Blocks)
        findBlocks();
    m_impl = setup.optimizerImpl == OptimizerImpl::Default
                 ? (setup.cuda ? OptimizerImpl::Foreach : OptimizerImpl::SingleTensor)
                 : setup.optimizerImpl;
    const auto strategy = setup.parallel.strategy;
    m_gpus = std::max(1, setup.parallel.gpus);
    const bool parallel = m_gpus > 1;
    m_shardState = parallel && strategy != ParallelStrategy::Ddp && strategy != ParallelStrategy::Pipeline &&
                   strategy != ParallelStrategy::Tensor && strategy != ParallelStrategy::Expert;
    if (parallel && strategy == ParallelStrategy::Tensor)
        m_split = tensorParallelSplit(graph);
    if (parallel && strategy == ParallelStrategy::Expert)
        m_split = expertParallelSplit(graph, m_gpus);
    m_shardGrads = parallel && (strategy == ParallelStrategy::Zero2 || strategy == ParallelStrategy::Zero3 ||
                                strategy == ParallelStrategy::Fsdp);
    m_shardParams = parallel && (strategy == ParallelStrategy::Zero3 || strategy == ParallelStrategy::Fsdp);
    m_gradInPlace.assign(graph.tensors().size(), false);
    m_pendingGrad.assign(graph.tensors().size(), kNone);
    m_received.assign(graph.tensors().size(), 0);
    m_uses.assign(graph.tensors().size(), 0);
    for (std::size_t i = m_range.begin; i < m_range.end; ++i)
        for (auto p : ops[i].params)
            ++m_uses[static_cast<std::size_t>(p)];
    if (m_shardParams) {
        m_blockParams.resize(graph.blocks().size());
        std::vector<bool> seen(graph.tensors().size(), false);
        for (const auto& op : ops)
            for (auto p : op.params)
                if (!seen[static_cast<std::size_t>(p)]) {
                    seen[static_cast<std::size_t>(p)] = true;
                    (op.block >= 0 ? m_blockParams[static_cast<std::size_t>(op.block)] : m_rootParams)
                        .push_back(p);
                }
        m_gathered.assign(graph.blocks().size(), kNone);
    }
}

MemoryEstimate Simulation::run() {
    MemoryEstimate result;
    createPersistent(result);
    // PyTorch 2.x allocates cuBLAS's and cuBLASLt's workspaces through the caching allocator at
    // the first matmul and keeps them: 65 MiB measured on an H200 with PyTorch 2.11
    // (tests/gpu/README.md: the MLP's peak less the simulation's).
    const bool anyMatmul = std::any_of(m_graph.ops().begin(), m_graph.ops().end(), [](const Op& op) {
        return op.kind == OpKind::Linear || op.kind == OpKind::Matmul;
    });
    if (m_setup.cuda && anyMatmul)
        m_ledger.alloc(kCublasWorkspaceBytes, MemoryCategory::Workspace);
    step(/*first=*/true);
    result.firstStepAllocatedPeakBytes = m_ledger.peak();
    m_ledger.recordTimeline(true);
    step(/*first=*/false);
    result.allocatedPeakBytes = m_ledger.peak();
    result.breakdownAtPeak = m_ledger.peakBreakdown();
    result.peakAt = m_ledger.peakAt();
    result.timeline = m_ledger.takeTimeline();
    if (m_setup.cuda)
        result.reservedPeakBytes = m_ledger.reservedPeak();
    else
        result.freshPageBytes = m_ledger.freshPageBytes();
    for (auto id : m_state)
        result.optimizerStateBytes += m_ledger.bytes(id);
    result.hostOptimizerStateBytes = m_offloadedStateBytes;
    return result;
}

std::int64_t Simulation::floatBytes(DType dtype) const {
    if (!isFloatingPoint(dtype))
        return dtypeSize(dtype);
    return m_setup.precision == Precision::Bf16 ? 2 : dtypeSize(dtype);
}

std::int64_t Simulation::count(TensorId id) const {
    const auto n = numel(m_graph.tensor(id).shape);
    return m_split.empty() || !m_split[static_cast<std::size_t>(id)] ? n : (n + m_gpus - 1) / m_gpus;
}

void Simulation::createPersistent(MemoryEstimate& result) {
    const auto& tensors = m_graph.tensors();
    for (std::size_t id = 0; id < tensors.size(); ++id) {
        const auto& t = tensors[id];
        if (t.role == TensorRole::Activation) {
            // A pipeline stage receives what earlier stages made: a buffer per micro-batch.
            if (m_range.stage > 0 && m_inRange[id] && producedBefore(static_cast<TensorId>(id))) {
                Value v;
                v.elementBytes = floatBytes(t.dtype);
                v.storage = m_ledger.alloc(numel(t.shape) * v.elementBytes, MemoryCategory::Inputs);
                v.requiresGrad = isFloatingPoint(t.dtype);
                m_values[id] = v;
                m_receivedActivations.push_back(static_cast<TensorId>(id));
            }
            continue;
        }
        if (!m_inRange[id])
            continue; // another stage's
        auto element = floatBytes(t.dtype);
        auto category = t.role == TensorRole::Parameter || t.role == TensorRole::Buffer
                            ? MemoryCategory::Weights
                            : MemoryCategory::Inputs;
        const auto elements = count(static_cast<TensorId>(id)); // this GPU's part under tensor parallel
        auto bytes = elements * element;
        if (m_shardParams && t.role == TensorRole::Parameter)
            bytes = shardOf(bytes);
        if (t.quantized4bit) {
            // NF4 (two weights a byte), an 8-bit absmax per 64 weights, and a float32 constant
            // per 256 of those (bitsandbytes' double quantization).
            const auto blocks = (elements + 63) / 64;
            bytes = (elements + 1) / 2 + blocks + (blocks + 255) / 256 * 4;
            if (m_shardParams)
                bytes = shardOf(bytes);
            element = m_setup.precision == Precision::Fp32 || m_setup.precision == Precision::Tf32 ? 4 : 2;
        }
        Value v;
        v.storage = m_ledger.alloc(bytes, category);
        v.elementBytes = element;
        v.requiresGrad = t.role == TensorRole::Parameter && !t.frozen && !m_setup.inference;
        m_values[id] = v;
        if (t.role == TensorRole::Parameter) {
            if (v.requiresGrad) {
                m_params.push_back(static_cast<TensorId>(id));
                result.gradientBytes += elements * element;
            }
            result.parameterBytes += bytes;
        }
    }
    if (m_gpus > 1 && m_setup.parallel.strategy == ParallelStrategy::Ddp && !m_setup.parallel.bucketView)
        m_ledger.alloc(result.gradientBytes, MemoryCategory::Gradients); // DDP's buckets, made with it
    if (m_setup.parallel.strategy == ParallelStrategy::Zero2 ||
        m_setup.parallel.strategy == ParallelStrategy::Zero3) {
        if (m_gpus > 1) { // DeepSpeed's contiguous reduce bucket: reduce_bucket_size = 5e8 elements
            std::int64_t elements = 0;
            for (auto p : m_params)
                elements += count(p);
            const auto element = m_params.empty() ? 4 : value(m_params.front()).elementBytes;
            m_ledger.alloc(std::min<std::int64_t>(elements, 500'000'000) * element,
                           MemoryCategory::Gradients);
        }
    }
}

void Simulation::step(bool first) {
    m_ledger.at(TimelinePoint::Phase::Start, -1);
    m_ledger.resetPeak();
    for (auto p : m_params) { // zero_grad(set_to_none=True)
        m_ledger.release(m_grads[static_cast<std::size_t>(p)]);
        m_grads[static_cast<std::size_t>(p)] = kNone;
        m_gradInPlace[static_cast<std::size_t>(p)] = false;
    }
    // FSDP's root unit (embeddings, head) stays gathered from its forward to its backward.
    int root = kNone;
    if (m_shardParams)
        root = m_ledger.alloc(fullBytes(m_rootParams), MemoryCategory::Weights);
    if (m_setup.inference) {
        forward();
        auto& loss = value(m_graph.loss());
        m_ledger.release(loss.storage);
        loss.storage = kNone;
        m_ledger.release(root);
        return;
    }
    // 1F1B: the micro-batches this stage has run forward and not yet backward.
    const int inFlight = m_range.inFlightBytes > 0
                             ? m_ledger.alloc(m_range.inFlightBytes, MemoryCategory::Activations)
                             : kNone;
    // From the second micro-batch on, each one allocates and frees exactly as the one before (its
    // gradients accumulate in place): the timeline shows up to 16, and 65,536 answer as fast.
    const int simulatedMicroBatches = std::clamp(m_setup.gradientAccumulation, 1, 16);
    for (int micro = 0; micro < simulatedMicroBatches; ++micro) {
        // A later micro-batch's gradients are added into the ones kept (AccumulateGrad, in place).
        for (auto p : m_params)
            if (m_grads[static_cast<std::size_t>(p)] != kNone)
                m_gradInPlace[static_cast<std::size_t>(p)] = true;
        int previousLoss = kNone; // goes when the next micro-batch's loss is assigned to it
        if (micro > 0)
            std::swap(previousLoss, value(m_graph.loss()).storage);
        forward();
        m_ledger.release(previousLoss);
        backward();
    }
    m_ledger.release(inFlight);
    m_ledger.release(root);
    optimizerStep(first);
    // The loss lives through the step, as a Python loop's variable does.
    auto& loss = value(m_graph.loss());
    m_ledger.release(loss.storage);
    loss.storage = kNone;
}

void Simulation::forward() {
    const auto& ops = m_graph.ops();
    const auto end = m_setup.inference && m_setup.lastTokenHead ? headOpIndex(m_graph) : m_range.end;
    int running = -1; // the block whose parameters are gathered (Zero3 / FSDP)
    for (std::size_t i = m_range.begin; i < end;) {
        m_ledger.at(TimelinePoint::Phase::Forward, static_cast<int>(i));
        if (ops[i].block != running) {
            reshard(running);
            running = ops[i].block;
            gather(running);
        }
        if (!m_spans.empty() && ops[i].block >= 0) {
            i = checkpointedForward(m_spans[static_cast<std::size_t>(ops[i].block)]);
            continue;
        }
        forwardOp(i, true);
        releaseInputs(i);
        ++i;
    }
    reshard(running);
    // What no op read again goes with the forward's local variables.
    const auto& tensors = m_graph.tensors();
    for (std::size_t id = 0; id < tensors.size(); ++id) {
        if (tensors[id].role == TensorRole::Activation && static_cast<TensorId>(id) != m_graph.loss() &&
            m_values[id].storage != kNone &&
            std::find(m_receivedActivations.begin(), m_receivedActivations.end(),
                      static_cast<TensorId>(id)) == m_receivedActivations.end()) {
            m_ledger.release(m_values[id].storage);
            m_values[id].storage = kNone;
        }
    }
    // Autocast's weight cache is cleared when the autocast region ends.
    for (auto id : m_autocastCache)
        m_ledger.release(id);
    m_autocastCache.clear();
    m_autocastCopies.clear();
}

void Simulation::releaseInputs(std::size_t opIndex) {
    for (auto id : m_graph.ops()[opIndex].inputs) {
        if (m_lastUse[static_cast<std::size_t>(id)] == static_cast<int>(opIndex) &&
            m_graph.tensor(id).role == TensorRole::Activation && id != m_graph.loss()) {
            m_ledger.release(value(id).storage);
            value(id).storage = kNone;
        }
    }
}

void Simulation::findBlocks() {
    for (auto& span : blockSpans(m_graph))
        m_spans.push_back({std::move(span), {}});
}

std::size_t Simulation::checkpointedForward(Span& span) {
    for (auto id : span.inputs) {
        m_ledger.retain(value(id).storage);
        span.saved.push_back(value(id).storage);
    }
    runSpan(span, false);
    for (auto out : span.outputs)
        value(out).requiresGrad = true;
    for (std::size_t k = span.begin; k < span.end; ++k)
        releaseOuterInputs(span, k);
    return span.end;
}

void Simulation::runSpan(const Span& span, bool recording) {
    for (std::size_t k = span.begin; k < span.end; ++k) {
        m_ledger.at(recording ? TimelinePoint::Phase::Backward : TimelinePoint::Phase::Forward,
                    static_cast<int>(k));
        forwardOp(k, recording);
        for (auto id : m_graph.ops()[k].inputs) {
            bool spanInput = std::find(span.inputs.begin(), span.inputs.end(), id) != span.inputs.end();
            if (!spanInput && m_lastUse[static_cast<std::size_t>(id)] == static_cast<int>(k) &&
                m_graph.tensor(id).role == TensorRole::Activation) {
                m_ledger.release(value(id).storage);
                value(id).storage = kNone;
            }
        }
    }
}

void Simulation::releaseOuterInputs(const Span& span, std::size_t k) {
    for (auto id : m_graph.ops()[k].inputs) {
        bool spanInput = std::find(span.inputs.begin(), span.inputs.end(), id) != span.inputs.end();
        if (spanInput && m_lastUse[static_cast<std::size_t>(id)] == static_cast<int>(k)) {
            m_ledger.release(value(id).storage);
            value(id).storage = kNone;
        }
    }
}

void Simulation::checkpointedBackward(Span& span) {
    std::vector<int> outer(span.inputs.size());
    for (std::size_t k = 0; k < span.inputs.size(); ++k) {
        auto& v = value(span.inputs[k]);
        outer[k] = v.storage;
        v.storage = span.saved[k];
        m_ledger.retain(v.storage); // the detached input the recomputation reads
        v.requiresGrad = true;
    }
    runSpan(span, true);
    for (std::size_t k = span.end; k-- > span.begin;)
        backwardOp(k);
    for (auto out : span.outputs) { // the recomputed outputs go when backward returns
        m_ledger.release(value(out).storage);
        value(out).storage = kNone;
    }
    for (std::size_t k = 0; k < span.inputs.size(); ++k) {
        auto& v = value(span.inputs[k]);
        if (v.storage != kNone) // not yet dropped at its last reader in the block
            m_ledger.release(v.storage);
        v.storage = outer[k];
    }
    for (auto s : span.saved)
        m_ledger.release(s);
    span.saved.clear();
}

void Simulation::backward() {
    const auto& ops = m_graph.ops();
    int seed = kNone;
    if (m_range.end == ops.size()) {
        // ones_like(loss): the caller of backward holds it until backward returns.
        const auto loss = m_graph.loss();
        seed = m_ledger.alloc(value(loss).elementBytes, MemoryCategory::Temporaries);
        m_ledger.retain(seed);
        m_grads[static_cast<std::size_t>(loss)] = seed;
    } else {
        // A pipeline stage's backward starts from the gradients the next stage sends back.
        for (auto out : sentOn())
            m_grads[static_cast<std::size_t>(out)] =
                m_ledger.alloc(count(out) * value(out).elementBytes, MemoryCategory::Temporaries);
    }
    int running = -1;
    for (std::size_t i = m_range.end; i-- > m_range.begin;) {
        m_ledger.at(TimelinePoint::Phase::Backward, static_cast<int>(i));
        if (ops[i].block != running) {
            reshard(running);
            running = ops[i].block;
            gather(running);
            gather(blockBefore(running)); // FSDP's backward prefetch
        }
        if (!m_spans.empty() && ops[i].block >= 0) {
            auto& span = m_spans[static_cast<std::size_t>(ops[i].block)];
            checkpointedBackward(span);
            i = span.begin;
            continue;
        }
        backwardOp(i);
    }
    reshard(running);
    m_ledger.release(seed);
    for (auto& g : m_grads) { // gradients of activations that reached no op (the inputs')
        if (g != kNone && std::find_if(m_params.begin(), m_params.end(), [&](TensorId p) {
                              return m_grads[static_cast<std::size_t>(p)] == g;
                          }) == m_params.end()) {
            m_ledger.release(g);
            g = kNone;
        }
    }
}

void Simulation::accumulate(TensorId id, int incoming, MemoryCategory category) {
    auto& slot = m_grads[static_cast<std::size_t>(id)];
    if (slot == kNone) {
        slot = incoming;
        return;
    }
    // A gradient kept from an earlier micro-batch, or a shard, takes the new one in place once
    // autograd's input buffer has summed every use's contribution (tied weights: two).
    if (category == MemoryCategory::Gradients && m_gradInPlace[static_cast<std::size_t>(id)]) {
        auto& pending = m_pendingGrad[static_cast<std::size_t>(id)];
        if (pending == kNone) {
            pending = incoming;
        } else {
            auto sum = m_ledger.alloc(m_ledger.bytes(pending), category);
            m_ledger.release(pending);
            m_ledger.release(incoming);
            pending = sum;
        }
        if (++m_received[static_cast<std::size_t>(id)] >= m_uses[static_cast<std::size_t>(id)]) {
            m_ledger.release(pending);
            pending = kNone;
            m_received[static_cast<std::size_t>(id)] = 0;
        }
        return;
    }
    // An activation's gradient held by nothing else is added to in place. A parameter's second
    // gradient (tied weights) meets the first, a transposed view from the linear, in autograd's
    // input buffer: neither can take the sum, which is a new tensor (measured).
    if (category != MemoryCategory::Gradients && m_ledger.refs(slot) == 1) {
        m_ledger.release(incoming); // added in place
        return;
    }
    auto sum = m_ledger.alloc(m_ledger.bytes(slot), category);
    m_ledger.release(slot);
    m_ledger.release(incoming);
    slot = sum;
}

void Simulation::backwardOp(std::size_t index) {
    auto& b = m_backward[index];
    const auto& op = m_graph.ops()[index];
    const TensorId out = op.outputs[0];
    auto& outGrad = m_grads[static_cast<std::size_t>(out)];
    if (!b.runs || outGrad == kNone) {
        for (auto s : b.saved)
            m_ledger.release(s);
        b.saved.clear();
        m_ledger.release(outGrad);
        outGrad = kNone;
        return;
    }
    std::vector<std::pair<TensorId, int>> produced;
    for (const auto& g : b.inputGrads) {
        int storage = outGrad;
        if (g.bytes > 0)
            storage = m_ledger.alloc(g.bytes, MemoryCategory::Temporaries);
        else
            m_ledger.retain(storage);
        produced.emplace_back(g.input, storage);
    }
    std::vector<std::pair<TensorId, int>> paramGrads;
    for (const auto& g : b.paramGrads) {
        int low = g.lowPrecisionBytes > 0 ? m_ledger.alloc(g.lowPrecisionBytes, MemoryCategory::Temporaries)
                                          : kNone;
        paramGrads.emplace_back(
            g.param, m_ledger.alloc(count(g.param) * value(g.param).elementBytes, MemoryCategory::Gradients));
        m_ledger.release(low);
    }
    m_ledger.transient(b.temporaryBytes, MemoryCategory::Temporaries);
    for (auto s : b.saved)
        m_ledger.release(s);
    b.saved.clear();
    m_ledger.release(outGrad);
    outGrad = kNone;
    for (auto [id, storage] : produced)
        accumulate(id, storage, MemoryCategory::Temporaries);
    for (auto [id, storage] : paramGrads) {
        accumulate(id, storage, MemoryCategory::Gradients);
        if (m_shardGrads && !m_gradInPlace[static_cast<std::size_t>(id)]) {
            // Reduce-scattered: this GPU keeps its shard, the full gradient goes.
            auto& slot = m_grads[static_cast<std::size_t>(id)];
            auto shard = m_ledger.alloc(shardOf(m_ledger.bytes(slot)), MemoryCategory::Gradients);
            m_ledger.release(slot);
            slot = shard;
            m_gradInPlace[static_cast<std::size_t>(id)] = true;
        }
    }
}

} // namespace torchrig::estimate::detail
