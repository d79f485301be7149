#include "estimate/memory_estimate.h"

#include "estimate/memory_ledger.h"
#include "util/enum_names.h"
#include "workload/block_spans.h"

#include <algorithm>

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

constexpr EnumNames<ParallelStrategy, 7> kStrategyIds = {{
    {ParallelStrategy::Ddp, "ddp"},
    {ParallelStrategy::Zero1, "zero1"},
    {ParallelStrategy::Zero2, "zero2"},
    {ParallelStrategy::Zero3, "zero3"},
    {ParallelStrategy::Fsdp, "fsdp"},
    {ParallelStrategy::Pipeline, "pp"},
    {ParallelStrategy::Tensor, "tp"},
}};

constexpr int kNone = kNoStorage;
constexpr std::int64_t kCublasWorkspaceBytes = 65LL << 20;

// One tensor of the running step: its storage (shared by views), layout and element size.
struct Value {
    int storage = kNone;
    bool contiguous = true;
    std::int64_t elementBytes = 4;
    bool requiresGrad = false;
};

// What an op's backward does, decided when its forward runs.
struct Backward {
    bool runs = false;
    std::vector<int> saved; // storages held until the op's backward ran
    struct InputGrad {
        TensorId input;
        std::int64_t bytes; // 0: the output's gradient itself (or a view of it) flows on
    };
    std::vector<InputGrad> inputGrads;
    struct ParamGrad {
        TensorId param;
        std::int64_t lowPrecisionBytes; // autocast: the gradient of the weight's copy, then cast up
    };
    std::vector<ParamGrad> paramGrads;
    std::int64_t temporaryBytes = 0; // inside the backward kernels, at once with the new gradients
};

// The ops one GPU runs: all of them, or a pipeline stage's.
struct StageRange {
    std::size_t begin = 0, end = 0;
    int stage = -1;                 // -1: no pipeline
    std::int64_t inFlightBytes = 0; // the other micro-batches' saved activations, held meanwhile
};

class Simulation {
public:
    Simulation(const ModelGraph& graph, const TrainingSetup& setup, StageRange range = {})
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
        for (std::size_t i = 0; i < ops.size(); ++i)
            for (auto id : ops[i].inputs)
                m_lastUse[static_cast<std::size_t>(id)] = static_cast<int>(i);
        m_fusedAttention = setup.attention == AttentionKernel::Fused ||
                           (setup.attention == AttentionKernel::Default && setup.cuda);
        m_autocast = setup.precision == Precision::AmpBf16 || setup.precision == Precision::AmpFp16;
        if (setup.checkpointing == Checkpointing::Blocks)
            findBlocks();
        m_impl = setup.optimizerImpl == OptimizerImpl::Default
                     ? (setup.cuda ? OptimizerImpl::Foreach : OptimizerImpl::SingleTensor)
                     : setup.optimizerImpl;
        const auto strategy = setup.parallel.strategy;
        m_gpus = std::max(1, setup.parallel.gpus);
        const bool parallel = m_gpus > 1;
        m_shardState = parallel && strategy != ParallelStrategy::Ddp &&
                       strategy != ParallelStrategy::Pipeline && strategy != ParallelStrategy::Tensor;
        if (parallel && strategy == ParallelStrategy::Tensor)
            m_split = tensorParallelSplit(graph);
        m_shardGrads =
            parallel && (strategy == ParallelStrategy::Zero2 || strategy == ParallelStrategy::Zero3 ||
                         strategy == ParallelStrategy::Fsdp);
        m_shardParams =
            parallel && (strategy == ParallelStrategy::Zero3 || strategy == ParallelStrategy::Fsdp);
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

    MemoryEstimate run() {
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
        for (auto id : m_state)
            result.optimizerStateBytes += m_ledger.bytes(id);
        result.hostOptimizerStateBytes = m_offloadedStateBytes;
        return result;
    }

private:
    std::int64_t floatBytes(DType dtype) const {
        if (!isFloatingPoint(dtype))
            return dtypeSize(dtype);
        return m_setup.precision == Precision::Bf16 ? 2 : dtypeSize(dtype);
    }
    std::int64_t lowBytes() const { return 2; }
    std::int64_t count(TensorId id) const {
        const auto n = numel(m_graph.tensor(id).shape);
        return m_split.empty() || !m_split[static_cast<std::size_t>(id)] ? n : (n + m_gpus - 1) / m_gpus;
    }
    std::int64_t bytesOf(TensorId id, std::int64_t elementBytes) const { return count(id) * elementBytes; }
    const Value& value(TensorId id) const { return m_values[static_cast<std::size_t>(id)]; }
    Value& value(TensorId id) { return m_values[static_cast<std::size_t>(id)]; }

    void createPersistent(MemoryEstimate& result) {
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
                element =
                    m_setup.precision == Precision::Fp32 || m_setup.precision == Precision::Tf32 ? 4 : 2;
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

    std::int64_t shardOf(std::int64_t bytes) const { return (bytes + m_gpus - 1) / m_gpus; }

    bool producedBefore(TensorId id) const {
        const auto& ops = m_graph.ops();
        for (std::size_t i = 0; i < m_range.begin; ++i)
            if (ops[i].outputs[0] == id)
                return true;
        return false;
    }
    // What this stage sends on: made here, read by a later stage.
    std::vector<TensorId> sentOn() const {
        const auto& ops = m_graph.ops();
        std::vector<TensorId> sent;
        for (std::size_t i = m_range.begin; i < m_range.end; ++i) {
            const auto out = ops[i].outputs[0];
            if (m_lastUse[static_cast<std::size_t>(out)] >= static_cast<int>(m_range.end))
                sent.push_back(out);
        }
        return sent;
    }

public:
    // A pipeline stage's saved activations from one micro-batch's forward (run on a fresh simulation).
    std::int64_t savedByOneForward() {
        MemoryEstimate ignored;
        createPersistent(ignored);
        const auto before = m_ledger.live();
        forward();
        return m_ledger.live() - before;
    }

private:
    // --- Zero3 / FSDP: a block's parameters gathered while it runs ------------------------------
    std::int64_t fullBytes(const std::vector<TensorId>& params) const {
        std::int64_t bytes = 0;
        for (auto p : params)
            bytes += count(p) * value(p).elementBytes;
        return bytes;
    }
    void gather(int block) {
        if (!m_shardParams || block < 0 || m_gathered[static_cast<std::size_t>(block)] != kNone)
            return;
        m_gathered[static_cast<std::size_t>(block)] = m_ledger.alloc(
            fullBytes(m_blockParams[static_cast<std::size_t>(block)]), MemoryCategory::Weights);
    }
    void reshard(int block) {
        if (!m_shardParams || block < 0)
            return;
        m_ledger.release(m_gathered[static_cast<std::size_t>(block)]);
        m_gathered[static_cast<std::size_t>(block)] = kNone;
    }
    // The block backward visits after this one: the one before it in the forward order.
    int blockBefore(int block) const {
        const auto& ops = m_graph.ops();
        std::size_t first = ops.size();
        for (std::size_t i = 0; i < ops.size(); ++i)
            if (ops[i].block == block) {
                first = i;
                break;
            }
        for (std::size_t i = first; i-- > 0;)
            if (ops[i].block >= 0 && ops[i].block != block)
                return ops[i].block;
        return -1;
    }

    // --- one training step, as the worker (and a Python loop) runs it --------------------------
    void step(bool first) {
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
        for (int micro = 0; micro < std::max(1, m_setup.gradientAccumulation); ++micro) {
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

    void forward() {
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

    void releaseInputs(std::size_t opIndex) {
        for (auto id : m_graph.ops()[opIndex].inputs) {
            if (m_lastUse[static_cast<std::size_t>(id)] == static_cast<int>(opIndex) &&
                m_graph.tensor(id).role == TensorRole::Activation && id != m_graph.loss()) {
                m_ledger.release(value(id).storage);
                value(id).storage = kNone;
            }
        }
    }

    // --- activation checkpointing --------------------------------------------------------------
    // A block and, while its forward has run and its backward not, the inputs it keeps.
    struct Span : BlockSpan {
        std::vector<int> saved;
    };

    void findBlocks() {
        for (auto& span : blockSpans(m_graph))
            m_spans.push_back({std::move(span), {}});
    }

    // The block runs without recording (no saved tensors); its inputs are what the checkpoint keeps.
    std::size_t checkpointedForward(Span& span) {
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

    // Runs a span's ops, freeing what the span makes after its last reader inside the span.
    void runSpan(const Span& span, bool recording) {
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

    void releaseOuterInputs(const Span& span, std::size_t k) {
        for (auto id : m_graph.ops()[k].inputs) {
            bool spanInput = std::find(span.inputs.begin(), span.inputs.end(), id) != span.inputs.end();
            if (spanInput && m_lastUse[static_cast<std::size_t>(id)] == static_cast<int>(k)) {
                m_ledger.release(value(id).storage);
                value(id).storage = kNone;
            }
        }
    }

    // Backward reaches the checkpoint: recompute the block from its saved inputs with recording,
    // backpropagate through it, free what it made.
    void checkpointedBackward(Span& span) {
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

    // --- forward rules ---------------------------------------------------------------------------
    void save(Backward& b, int storage) {
        if (storage == kNone)
            return;
        m_ledger.retain(storage);
        b.saved.push_back(storage);
    }

    // Autocast's cast of a floating value to another element size: a new tensor (kept in autocast's
    // cache for the whole forward when it is a parameter), or the value itself.
    Value castFor(TensorId id, std::int64_t elementBytes, std::vector<int>& temporaries) {
        Value v = value(id);
        if (!isFloatingPoint(m_graph.tensor(id).dtype) || v.elementBytes == elementBytes)
            return v;
        // Autocast caches the casts of leaf tensors that need a gradient: trained parameters.
        if (m_graph.tensor(id).role == TensorRole::Parameter && !m_graph.tensor(id).frozen) {
            auto cached = std::find_if(m_autocastCopies.begin(), m_autocastCopies.end(),
                                       [&](const auto& c) { return c.first == id; });
            if (cached != m_autocastCopies.end()) {
                v.storage = cached->second;
            } else {
                v.storage = m_ledger.alloc(bytesOf(id, elementBytes), MemoryCategory::Weights);
                m_autocastCache.push_back(v.storage);
                m_autocastCopies.emplace_back(id, v.storage);
            }
        } else {
            v.storage =
                m_ledger.alloc(bytesOf(id, elementBytes), m_graph.tensor(id).role == TensorRole::Parameter
                                                              ? MemoryCategory::Weights
                                                              : MemoryCategory::Activations);
            temporaries.push_back(v.storage);
        }
        v.elementBytes = elementBytes;
        v.contiguous = true;
        return v;
    }

    enum class AutocastPolicy { Lower, Float32, Promote };
    AutocastPolicy policy(OpKind kind) const {
        if (!m_autocast)
            return AutocastPolicy::Promote;
        switch (kind) {
        case OpKind::Conv2d:
        case OpKind::ConvTranspose2d:
        case OpKind::Linear:
        case OpKind::Matmul:
        case OpKind::ScaledDotProductAttention: return AutocastPolicy::Lower;
        case OpKind::CrossEntropy: return AutocastPolicy::Float32;
        case OpKind::Softmax:
        case OpKind::LogSoftmax:
        case OpKind::LayerNorm:
        case OpKind::Pow: return m_setup.cuda ? AutocastPolicy::Float32 : AutocastPolicy::Promote;
        default: return AutocastPolicy::Promote;
        }
    }

    void forwardOp(std::size_t index, bool recording) {
        const auto& op = m_graph.ops()[index];
        const auto& a = op.attributes;
        auto& b = m_backward[index];
        b = Backward{};
        const TensorId out = op.outputs[0];
        const auto outCount = count(out);

        // The values this op reads, cast as autocast would.
        std::vector<int> castTemporaries;
        std::vector<Value> in;
        std::vector<Value> params;
        const auto rule = policy(op.kind);
        const std::int64_t castTo = rule == AutocastPolicy::Lower ? lowBytes() : 4;
        for (auto id : op.inputs)
            in.push_back(rule == AutocastPolicy::Promote ? value(id) : castFor(id, castTo, castTemporaries));
        for (auto id : op.params)
            params.push_back(rule == AutocastPolicy::Promote || m_graph.tensor(id).quantized4bit
                                 ? value(id)
                                 : castFor(id, castTo, castTemporaries));

        bool anyGrad = false;
        for (const auto& v : params)
            anyGrad = anyGrad || v.requiresGrad;
        for (const auto& v : in)
            anyGrad = anyGrad || v.requiresGrad;
        // An op none of whose inputs needs a gradient records nothing (no grad_fn).
        recording = recording && anyGrad;
        b.runs = recording;
        std::int64_t element = 4;
        if (rule == AutocastPolicy::Lower)
            element = lowBytes();
        else if (rule == AutocastPolicy::Float32)
            element = 4;
        else if (!in.empty()) {
            element = 0;
            for (std::size_t k = 0; k < in.size(); ++k)
                if (isFloatingPoint(m_graph.tensor(op.inputs[k]).dtype))
                    element = std::max(element, in[k].elementBytes);
            if (element == 0)
                element = floatBytes(m_graph.tensor(out).dtype);
        }
        if (!isFloatingPoint(m_graph.tensor(out).dtype))
            element = dtypeSize(m_graph.tensor(out).dtype);
        if (op.kind == OpKind::Embedding)
            element = params[0].elementBytes;
        if (op.kind == OpKind::Float)
            element = 4;
        if (op.kind == OpKind::RmsNorm) // the weight (float32 under autocast) times the normalised input
            element = std::max(in[0].elementBytes, params[0].elementBytes);

        Value result;
        result.elementBytes = element;
        result.requiresGrad = anyGrad;
        const std::int64_t outBytes = outCount * element;
        auto newOutput = [&] {
            result.storage = m_ledger.alloc(outBytes, MemoryCategory::Activations);
        };
        auto aliasOf = [&](const Value& v, bool contiguous) {
            result.storage = v.storage;
            m_ledger.retain(v.storage);
            result.contiguous = contiguous;
        };
        auto gradFor = [&](std::size_t k, std::int64_t bytes) {
            if (in[k].requiresGrad)
                b.inputGrads.push_back({op.inputs[k], bytes});
        };
        auto inBytes = [&](std::size_t k) {
            return count(op.inputs[k]) * in[k].elementBytes;
        };
        auto paramGrads = [&] {
            for (std::size_t k = 0; k < op.params.size(); ++k) {
                auto master = value(op.params[k]);
                if (!master.requiresGrad)
                    continue;
                b.paramGrads.push_back({op.params[k], params[k].elementBytes != master.elementBytes
                                                          ? count(op.params[k]) * params[k].elementBytes
                                                          : 0});
            }
        };
        auto saveIn = [&](std::size_t k) {
            if (recording)
                save(b, in[k].storage);
        };
        auto saveOut = [&] {
            if (recording)
                save(b, result.storage);
        };
        auto saveNew = [&](std::int64_t bytes, MemoryCategory category = MemoryCategory::Activations) {
            if (!recording || bytes <= 0)
                return;
            auto id = m_ledger.alloc(bytes, category);
            b.saved.push_back(id);
        };
        // A matmul reads its operands as matrices: a non-contiguous one is copied first, and the
        // copy is what backward keeps.
        auto matrixOperand = [&](std::size_t k) {
            if (in[k].contiguous)
                return in[k].storage;
            auto copy = m_ledger.alloc(inBytes(k), MemoryCategory::Activations);
            castTemporaries.push_back(copy);
            return copy;
        };

        switch (op.kind) {
        case OpKind::Conv2d:
        case OpKind::ConvTranspose2d:
        case OpKind::Linear: {
            int operand = op.kind == OpKind::Linear ? matrixOperand(0) : in[0].storage;
            // QLoRA: bitsandbytes dequantizes the 4-bit weight for the matmul, and again for the
            // input's gradient.
            int dequantized = kNone;
            if (!op.params.empty() && m_graph.tensor(op.params[0]).quantized4bit) {
                const auto weightBytes = count(op.params[0]) * in[0].elementBytes;
                dequantized = m_ledger.alloc(weightBytes, MemoryCategory::Temporaries);
                castTemporaries.push_back(dequantized);
                if (in[0].requiresGrad)
                    b.temporaryBytes += weightBytes;
            }
            newOutput();
            // The input is kept for the weight's gradient: addmm and mm save it only when the
            // weight needs one (autograd's generated code guards each saved input), while the
            // convolution's backward keeps it whenever it runs.
            const bool weightTrained = !params.empty() && params[0].requiresGrad;
            if (recording && (op.kind != OpKind::Linear || weightTrained))
                save(b, operand);
            if (recording && in[0].requiresGrad && !params.empty() && dequantized == kNone &&
                params[0].storage != value(op.params[0]).storage)
                save(b, params[0].storage); // autocast's weight copy, for the input's gradient
            gradFor(0, inBytes(0));
            paramGrads();
            // On the CPU, oneDNN's convolution backward reorders the input and the output's
            // gradient into its blocked layout (measured: one of each, at once).
            if (op.kind != OpKind::Linear && !m_setup.cuda)
                b.temporaryBytes = inBytes(0) + outBytes;
            break;
        }
        case OpKind::Matmul: {
            int left = matrixOperand(0), right = matrixOperand(1);
            newOutput();
            if (recording) {
                save(b, left);
                save(b, right);
            }
            gradFor(0, inBytes(0));
            gradFor(1, inBytes(1));
            break;
        }
        case OpKind::BatchNorm2d: {
            newOutput();
            saveIn(0);
            const auto channels = m_graph.tensor(op.inputs[0]).shape[1];
            saveNew(channels * 4); // save_mean
            saveNew(channels * 4); // save_invstd
            gradFor(0, inBytes(0));
            paramGrads();
            break;
        }
        case OpKind::LayerNorm: {
            newOutput();
            saveIn(0);
            const auto rows = count(op.inputs[0]) / m_graph.tensor(op.inputs[0]).shape.back();
            saveNew(rows * 4); // mean
            saveNew(rows * 4); // rstd
            gradFor(0, inBytes(0));
            paramGrads();
            break;
        }
        case OpKind::RmsNorm: {
            // transformers LlamaRMSNorm, op by op: x.float(), x.pow(2).mean(-1), rsqrt, x * rstd,
            // .to(dtype), weight * x.
            const auto n = count(op.inputs[0]);
            const auto rows = n / m_graph.tensor(op.inputs[0]).shape.back();
            const bool upcast = in[0].elementBytes != 4;
            int x = in[0].storage;
            if (upcast)
                x = m_ledger.alloc(n * 4, MemoryCategory::Activations);
            m_ledger.transient(n * 4, MemoryCategory::Temporaries); // pow(2), read by mean
            auto rstd = m_ledger.alloc(rows * 4, MemoryCategory::Activations);
            auto normed = m_ledger.alloc(n * 4, MemoryCategory::Activations);
            int down = normed;
            if (upcast) {
                down = m_ledger.alloc(n * in[0].elementBytes, MemoryCategory::Activations);
            }
            newOutput();
            if (recording) {
                save(b, x); // pow and mul
                save(b, rstd);
                if (params[0].requiresGrad)
                    save(b, down); // for the weight's gradient (mul saves each side for the other's)
                // One more input-sized tensor lives until backward in LibTorch's run of these ops
                // (measured on 1.13: embedding -> RMSNorm -> linear keeps it through the loss).
                saveNew(n * 4);
            }
            if (upcast)
                m_ledger.release(x);
            m_ledger.release(rstd);
            m_ledger.release(normed);
            if (upcast)
                m_ledger.release(down);
            gradFor(0, inBytes(0));
            paramGrads();
            if (params[0].requiresGrad)
                b.temporaryBytes = n * 4; // the weight's product before its sum over rows (measured)
            break;
        }
        case OpKind::Softmax:
        case OpKind::LogSoftmax:
        case OpKind::Tanh:
            newOutput();
            saveOut();
            gradFor(0, inBytes(0));
            break;
        case OpKind::CrossEntropy: {
            // log_softmax (saves its output) then nll_loss (saves the same, and a total weight).
            const auto n = count(op.inputs[0]);
            auto logProbs = m_ledger.alloc(n * in[0].elementBytes, MemoryCategory::Activations);
            newOutput();
            if (recording) {
                save(b, logProbs);
                saveNew(4);
            }
            m_ledger.release(logProbs);
            gradFor(0, inBytes(0));
            b.temporaryBytes = n * in[0].elementBytes; // nll_loss's gradient, read by log_softmax's
            break;
        }
        case OpKind::Gelu:
        case OpKind::Silu:
            newOutput();
            saveIn(0);
            gradFor(0, inBytes(0));
            break;
        case OpKind::Relu:
        case OpKind::Relu6:
            if (a.inplace && op.kind == OpKind::Relu6) {
                // hardtanh_ goes to clamp_, whose gradient reads the original input: autograd saves
                // a copy of it before the op overwrites it (measured: one input-sized tensor).
                saveNew(inBytes(0));
                aliasOf(in[0], true);
            } else if (a.inplace) {
                aliasOf(in[0], true);
                saveOut();
            } else {
                newOutput();
                if (op.kind == OpKind::Relu)
                    saveOut();
                else
                    saveIn(0);
            }
            gradFor(0, inBytes(0));
            break;
        case OpKind::Dropout:
            if (a.p <= 0) {
                aliasOf(in[0], in[0].contiguous);
                gradFor(0, 0);
                break;
            }
            // CUDA's fused kernel keeps a bool mask; the CPU path a scaled noise tensor.
            newOutput();
            saveNew(m_setup.cuda ? outCount : outCount * element);
            gradFor(0, inBytes(0));
            break;
        case OpKind::Embedding:
            newOutput();
            paramGrads();
            break;
        case OpKind::Add:
            newOutput();
            for (std::size_t k = 0; k < in.size(); ++k)
                gradFor(k, count(op.inputs[k]) == outCount ? 0 : inBytes(k));
            break;
        case OpKind::Mul:
            newOutput();
            if (in.size() == 2) {
                if (in[1].requiresGrad)
                    saveIn(0);
                if (in[0].requiresGrad)
                    saveIn(1);
                gradFor(0, inBytes(0));
                gradFor(1, inBytes(1));
                if (count(op.inputs[0]) != outCount || count(op.inputs[1]) != outCount)
                    b.temporaryBytes = outBytes; // the product before it is summed to the smaller shape
            } else {
                gradFor(0, inBytes(0));
            }
            break;
        case OpKind::Pow:
            newOutput();
            saveIn(0);
            gradFor(0, inBytes(0));
            b.temporaryBytes = 2 * inBytes(0); // pow(x, e - 1) and e * it
            break;
        case OpKind::Cat:
            newOutput();
            for (std::size_t k = 0; k < in.size(); ++k)
                gradFor(k, 0);
            break;
        case OpKind::View:
        case OpKind::Flatten:
        case OpKind::Reshape:
            if (in[0].contiguous || op.kind == OpKind::View)
                aliasOf(in[0], true);
            else
                newOutput();
            gradFor(0, 0);
            break;
        case OpKind::Permute:
        case OpKind::Transpose:
            aliasOf(in[0], false);
            gradFor(0, 0);
            break;
        case OpKind::Expand:
            aliasOf(in[0], false);
            gradFor(0, count(op.inputs[0]) == outCount ? 0 : inBytes(0));
            break;
        case OpKind::Select:
        case OpKind::Slice:
            // A narrowed view; its backward writes the gradient into zeros of the input's size.
            aliasOf(in[0], a.dim == 0 && in[0].contiguous);
            gradFor(0, inBytes(0));
            break;
        case OpKind::Contiguous:
            if (in[0].contiguous)
                aliasOf(in[0], true);
            else
                newOutput();
            gradFor(0, 0);
            break;
        case OpKind::Float:
            if (in[0].elementBytes == 4)
                aliasOf(in[0], in[0].contiguous);
            else
                newOutput();
            gradFor(0, in[0].elementBytes == 4 ? 0 : inBytes(0));
            break;
        case OpKind::MaxPool2d:
            newOutput();
            saveIn(0);
            saveNew(outCount * 8); // int64 indices
            gradFor(0, inBytes(0));
            break;
        case OpKind::AdaptiveAvgPool2d:
            // To 1x1 PyTorch takes the mean over height and width, which keeps nothing for backward.
            newOutput();
            if (a.outputSize[0] != 1 || a.outputSize[1] != 1)
                saveIn(0);
            gradFor(0, inBytes(0));
            break;
        case OpKind::AvgPool2d:
            newOutput();
            saveIn(0);
            gradFor(0, inBytes(0));
            break;
        case OpKind::ScaledDotProductAttention:
            attentionForward(op, in, result, b, recording, castTemporaries);
            break;
        case OpKind::RotaryEmbedding: {
            // x * cos + rotate_half(x) * sin: cos and sin tables, the rotated copy, two products.
            const auto& shape = m_graph.tensor(op.inputs[0]).shape;
            const auto table = shape[shape.size() - 2] * shape.back() * element;
            auto cosTable = m_ledger.alloc(table, MemoryCategory::Activations);
            auto sinTable = m_ledger.alloc(table, MemoryCategory::Activations);
            auto rotated = m_ledger.alloc(outBytes, MemoryCategory::Activations);
            m_ledger.transient(outBytes, MemoryCategory::Temporaries); // x * cos
            newOutput();
            if (recording) {
                save(b, cosTable);
                save(b, sinTable);
            }
            m_ledger.release(rotated);
            m_ledger.release(cosTable);
            m_ledger.release(sinTable);
            gradFor(0, inBytes(0));
            // sin's product and the two slices' zero-filled gradients (measured)
            b.temporaryBytes = 3 * outBytes;
            break;
        }
        }
        for (auto id : castTemporaries)
            m_ledger.release(id);
        auto& target = value(out);
        target = result;
    }

    void attentionForward(const Op& op, const std::vector<Value>& in, Value& result, Backward& b,
                          bool recording, std::vector<int>& temporaries) {
        const auto& q = m_graph.tensor(op.inputs[0]).shape; // [n, heads, s, d]
        const auto& k = m_graph.tensor(op.inputs[1]).shape;
        const auto element = result.elementBytes;
        auto heads = q.size() >= 4 ? q[q.size() - 3] : 1;
        const auto batch = numel(q) / (q.back() * q[q.size() - 2] * heads);
        if (!m_split.empty() && m_split[static_cast<std::size_t>(op.inputs[0])])
            heads = (heads + m_gpus - 1) / m_gpus; // tensor parallel: this GPU's heads
        const auto scores = batch * heads * q[q.size() - 2] * k[k.size() - 2];
        const auto outBytes = count(op.outputs[0]) * element;
        for (std::size_t i = 0; i < 3; ++i)
            if (in[i].requiresGrad)
                b.inputGrads.push_back({op.inputs[i], count(op.inputs[i]) * element});
        if (m_fusedAttention) {
            result.storage = m_ledger.alloc(outBytes, MemoryCategory::Activations);
            if (recording) {
                for (std::size_t i = 0; i < 3; ++i)
                    save(b, in[i].storage);
                save(b, result.storage);
                auto lse = m_ledger.alloc(batch * heads * q[q.size() - 2] * 4, MemoryCategory::Activations);
                b.saved.push_back(lse);
            }
            b.temporaryBytes = batch * heads * q[q.size() - 2] * 4;
            return;
        }
        // PyTorch's math path (LibTorch 1.13, the worker): q @ k^T (operands copied to matrices),
        // the scale, the causal mask, softmax, dropout, then @ v.
        auto matrix = [&](std::size_t i) {
            if (in[i].contiguous)
                return in[i].storage;
            auto copy = m_ledger.alloc(count(op.inputs[i]) * element, MemoryCategory::Activations);
            temporaries.push_back(copy);
            return copy;
        };
        auto qm = matrix(0), km = matrix(1);
        const auto scoreBytes = scores * element;
        auto raw = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
        auto scaled = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
        m_ledger.release(raw);
        int mask = kNone;
        if (op.attributes.causal) {
            const auto square = q[q.size() - 2] * k[k.size() - 2];
            m_ledger.transient(square, MemoryCategory::Temporaries); // ones, then triu
            mask = m_ledger.alloc(square, MemoryCategory::Activations);
            auto filled = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
            m_ledger.release(scaled);
            scaled = filled;
        }
        auto probs = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
        m_ledger.release(scaled);
        int noise = kNone, dropped = probs;
        if (op.attributes.p > 0) {
            noise = m_ledger.alloc(m_setup.cuda ? scores : scoreBytes, MemoryCategory::Activations);
            dropped = m_ledger.alloc(scoreBytes, MemoryCategory::Activations);
        }
        auto vm = matrix(2);
        result.storage = m_ledger.alloc(outBytes, MemoryCategory::Activations);
        if (recording) {
            for (int s : {qm, km, mask, probs, noise, dropped, vm})
                if (s != kNone && (s != dropped || dropped != probs))
                    save(b, s);
            // The probabilities reach the second matmul as a batch of matrices: one more copy of
            // the scores' size lives until backward (measured on LibTorch 1.13, causal or not).
            b.saved.push_back(m_ledger.alloc(scoreBytes, MemoryCategory::Activations));
        }
        m_ledger.release(mask);
        m_ledger.release(noise);
        if (dropped != probs)
            m_ledger.release(dropped);
        m_ledger.release(probs);
        b.temporaryBytes = scoreBytes; // the scores' gradient (measured)
    }

    // --- backward --------------------------------------------------------------------------------
    void backward() {
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

    void accumulate(TensorId id, int incoming, MemoryCategory category) {
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

    void backwardOp(std::size_t index) {
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
            int low = g.lowPrecisionBytes > 0
                          ? m_ledger.alloc(g.lowPrecisionBytes, MemoryCategory::Temporaries)
                          : kNone;
            paramGrads.emplace_back(g.param, m_ledger.alloc(count(g.param) * value(g.param).elementBytes,
                                                            MemoryCategory::Gradients));
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

    // --- the optimizer step (PyTorch 2.x torch.optim, bitsandbytes, lion-pytorch) ----------------
    // The state each optimizer keeps for one parameter of `bytes` (in the parameter's dtype, or
    // float32 beside fp32 master weights): momentum buffers, Adam's moments, Adafactor's factored
    // second moment, 8-bit Adam's quantized moments with their block constants.
    std::vector<std::int64_t> stateFor(TensorId p, std::int64_t bytes) const {
        const auto n = count(p);
        switch (m_setup.optimizer) {
        case OptimizerKind::Sgd: return {};
        case OptimizerKind::SgdMomentum:
        case OptimizerKind::Lion: return {bytes};
        case OptimizerKind::Adam:
        case OptimizerKind::AdamW: {
            std::vector<std::int64_t> state{bytes, bytes};
            // The step counter: a float32 scalar on the CPU, beside the parameter when fused.
            if (!m_setup.cuda || m_impl == OptimizerImpl::Fused)
                state.push_back(4);
            return state;
        }
        case OptimizerKind::Adam8bit: {
            if (n < 4096) // bitsandbytes keeps small tensors' state in float32 (min_8bit_size)
                return {n * 4, n * 4};
            const auto blocks = (n + 255) / 256; // blockwise quantization, a float32 absmax per 256
            return {n + blocks * 4, n + blocks * 4};
        }
        case OptimizerKind::Adafactor: {
            // torch.optim.Adafactor: no first moment (beta1 off); a row and a column factor of the
            // second moment for a matrix, the full second moment for a vector; a step counter.
            const auto& shape = m_graph.tensor(p).shape;
            const auto element = bytes / std::max<std::int64_t>(1, n);
            std::vector<std::int64_t> state{4};
            if (shape.size() < 2)
                state.push_back(bytes);
            else {
                state.push_back(n / shape.back() * element);            // rows
                state.push_back(n / shape[shape.size() - 2] * element); // columns
            }
            return state;
        }
        }
        return {};
    }

    void optimizerStep(bool first) {
        m_ledger.at(TimelinePoint::Phase::Optimizer, -1);
        const bool master = m_setup.fp32MasterWeights && m_setup.precision == Precision::Bf16;
        auto stateBytes = [&](TensorId p) {
            return count(p) * (master ? 4 : value(p).elementBytes);
        };
        auto local = [&](std::int64_t bytes) {
            return m_shardState ? shardOf(bytes) : bytes;
        };
        if (m_setup.offloadOptimizer) {
            // ZeRO-Offload: the state (and any master weights) and the update live in host memory;
            // the GPU sends its gradients down and takes the new weights back into place.
            if (first) {
                for (auto p : m_params) {
                    m_offloadedStateBytes += master ? local(count(p) * 4) : 0;
                    for (auto bytes : stateFor(p, stateBytes(p)))
                        m_offloadedStateBytes += bytes > 4 ? local(bytes) : bytes;
                }
            }
            return;
        }
        if (first) {
            for (auto p : m_params) {
                if (master)
                    m_state.push_back(m_ledger.alloc(local(count(p) * 4), MemoryCategory::OptimizerState));
                for (auto bytes : stateFor(p, stateBytes(p)))
                    m_state.push_back(
                        m_ledger.alloc(bytes > 4 ? local(bytes) : bytes, MemoryCategory::OptimizerState));
            }
        }
        std::int64_t largest = 0, all = 0;
        for (auto p : m_params) {
            const auto bytes = local(stateBytes(p));
            largest = std::max(largest, bytes);
            all += bytes;
        }
        // What the update makes beside the state, at once: foreach spans every parameter,
        // single-tensor one at a time, fused and bitsandbytes' kernels nothing.
        std::int64_t temporary = 0;
        switch (m_setup.optimizer) {
        case OptimizerKind::Adam:
        case OptimizerKind::AdamW:
            if (m_impl == OptimizerImpl::Foreach)
                temporary = all; // _foreach_sqrt of every exp_avg_sq
            else if (m_impl == OptimizerImpl::SingleTensor)
                temporary =
                    2 * largest + (m_setup.cuda ? 0 : 12); // exp_avg_sq.sqrt() / bias_correction2_sqrt
            break;
        case OptimizerKind::Lion: temporary = 2 * largest; break; // exp_avg.clone() … .sign_()
        case OptimizerKind::Adafactor: {
            // The second-moment estimate (the update, in place), a parameter's size; the loop's
            // variable keeps the previous parameter's until the next is assigned.
            std::int64_t previous = 0;
            for (auto p : m_params) {
                const auto bytes = local(stateBytes(p));
                temporary = std::max(temporary, previous + bytes);
                previous = bytes;
            }
            break;
        }
        default: break;
        }
        if (master) // each gradient cast to float32 before the update
            temporary += m_impl == OptimizerImpl::Foreach ? all : largest;
        m_ledger.transient(temporary, MemoryCategory::Temporaries);
    }

    const ModelGraph& m_graph;
    TrainingSetup m_setup;
    MemoryLedger m_ledger;
    std::vector<Value> m_values;
    std::vector<int> m_grads;
    std::vector<int> m_lastUse;
    std::vector<Backward> m_backward;
    std::vector<TensorId> m_params;
    std::vector<int> m_state;
    std::vector<Span> m_spans;
    std::vector<int> m_autocastCache;
    std::vector<std::pair<TensorId, int>> m_autocastCopies;
    int m_gpus = 1;
    bool m_shardState = false, m_shardGrads = false, m_shardParams = false;
    std::vector<bool> m_gradInPlace;
    std::vector<int> m_pendingGrad; // contributions summed in autograd's input buffer
    std::vector<int> m_received, m_uses;
    StageRange m_range;
    std::int64_t m_offloadedStateBytes = 0;
    std::vector<bool> m_split;                   // tensor parallel: the tensors each GPU holds 1/gpus of
    std::vector<bool> m_inRange;                 // tensors the range's ops read
    std::vector<TensorId> m_receivedActivations; // a pipeline stage's inputs from the stage before
    std::vector<std::vector<TensorId>> m_blockParams;
    std::vector<TensorId> m_rootParams;
    std::vector<int> m_gathered;
    bool m_fusedAttention = false;
    bool m_autocast = false;
    OptimizerImpl m_impl = OptimizerImpl::SingleTensor;
};

} // namespace

TrainingSetup trainingSetupFor(const ValidationRequest& request) {
    TrainingSetup setup;
    setup.precision = request.precision;
    setup.optimizer = request.optimizer;
    setup.optimizerImpl = request.optimizerImpl;
    setup.checkpointing = request.checkpointing;
    setup.gradientAccumulation = request.gradientAccumulation;
    setup.inference = request.inference;
    setup.lastTokenHead = request.inference; // the worker measures generate()'s prefill
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
        throw GraphError(graph.name() + " has " + std::to_string(blocks) + " blocks, too few for " +
                         std::to_string(stages) + " pipeline stages (each needs at least one)");
    std::vector<std::pair<std::size_t, std::size_t>> ranges;
    for (int s = 0; s < stages; ++s) {
        const auto begin = s == 0 ? std::size_t{0} : firstOp[static_cast<std::size_t>(s * blocks / stages)];
        const auto end =
            s + 1 == stages ? ops.size() : firstOp[static_cast<std::size_t>((s + 1) * blocks / stages)];
        ranges.emplace_back(begin, end);
    }
    return ranges;
}

MemoryEstimate estimateMemory(const ModelGraph& graph, const TrainingSetup& setup) {
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
