// Running one op's forward in the simulated step: what every op shares — autocast's casts of its
// inputs, whether autograd records it, the element size of its output — around the op's own
// memory rule, which its descriptor holds (workload/ops/, PyTorch's rules as measured: tests/accuracy
// holds them against the worker).

#include "estimate/step_simulation.h"
#include "workload/ops/op_descriptor.h"

#include <algorithm>

namespace torchrig::estimate::detail {

Value Simulation::castFor(TensorId id, std::int64_t elementBytes, std::vector<int>& temporaries) {
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
        v.storage = m_ledger.alloc(bytesOf(id, elementBytes), m_graph.tensor(id).role == TensorRole::Parameter
                                                                  ? MemoryCategory::Weights
                                                                  : MemoryCategory::Activations);
        temporaries.push_back(v.storage);
    }
    v.elementBytes = elementBytes;
    v.contiguous = true;
    return v;
}

Simulation::AutocastPolicy Simulation::policy(ops::AutocastRule rule) const {
    if (!m_autocast)
        return AutocastPolicy::Promote;
    switch (rule) {
    case ops::AutocastRule::LowerPrecision: return AutocastPolicy::Lower;
    case ops::AutocastRule::Float32: return AutocastPolicy::Float32;
    case ops::AutocastRule::Float32OnCuda:
        return m_setup.cuda ? AutocastPolicy::Float32 : AutocastPolicy::Promote;
    case ops::AutocastRule::Promote: return AutocastPolicy::Promote;
    }
    return AutocastPolicy::Promote;
}

std::int64_t Simulation::outputElementBytes(const Op& op, AutocastPolicy rule,
                                            const std::vector<Value>& in) const {
    const auto outputType = m_graph.tensor(op.outputs[0]).dtype;
    if (!isFloatingPoint(outputType))
        return dtypeSize(outputType);
    if (rule == AutocastPolicy::Lower)
        return lowBytes();
    if (rule == AutocastPolicy::Float32 || in.empty())
        return 4;
    std::int64_t element = 0; // the widest floating input's
    for (std::size_t k = 0; k < in.size(); ++k)
        if (isFloatingPoint(m_graph.tensor(op.inputs[k]).dtype))
            element = std::max(element, in[k].elementBytes);
    return element == 0 ? floatBytes(outputType) : element;
}

void Simulation::forwardOp(std::size_t index, bool recording) {
    const auto& op = m_graph.ops()[index];
    const auto& descriptor = ops::opDescriptor(op.kind);
    auto& plan = m_backward[index];
    plan = Backward{};
    ops::ForwardMemory m(m_graph, op, m_opLedger, plan);

    // The values this op reads, cast as autocast would.
    const auto rule = policy(descriptor.autocast);
    const std::int64_t castTo = rule == AutocastPolicy::Lower ? lowBytes() : 4;
    for (auto id : op.inputs)
        m.inputs.push_back(rule == AutocastPolicy::Promote ? value(id)
                                                           : castFor(id, castTo, m.releasedAtEnd));
    for (auto id : op.params) {
        m.storedParams.push_back(value(id));
        m.params.push_back(rule == AutocastPolicy::Promote || m_graph.tensor(id).quantized4bit
                               ? value(id)
                               : castFor(id, castTo, m.releasedAtEnd));
    }
    bool anyGrad = false;
    for (const auto* list : {&m.params, &m.inputs})
        for (const auto& v : *list)
            anyGrad = anyGrad || v.requiresGrad;
    // An op none of whose inputs needs a gradient records nothing (no grad_fn).
    m.recording = recording && anyGrad;
    plan.runs = m.recording;
    m.output.elementBytes = outputElementBytes(op, rule, m.inputs);
    m.output.requiresGrad = anyGrad;
    m.cuda = m_setup.cuda;
    m.fusedAttention = m_fusedAttention;
    m.float8 = m_setup.precision == Precision::Fp8 && op.kind == OpKind::Linear && op.block >= 0;
    m.split = &m_split;
    m.gpus = m_gpus;

    if (!m.inputs.empty())
        refuseInvalidInPlace(index, op, m.inputs[0]);
    descriptor.forwardMemory(m);

    for (auto id : m.releasedAtEnd)
        m_ledger.release(id);
    value(op.outputs[0]) = m.output;
}

// Autograd refuses an op that overwrites in place a tensor it still needs: a leaf that needs its
// gradient, or a tensor an earlier op saved for its backward (the saved tensor's version check).
// The worker fails there, deep in LibTorch; the estimate refuses the graph first, in these words,
// and the worker estimates before it builds, so both say the same.
void Simulation::refuseInvalidInPlace(std::size_t index, const Op& op, const Value& input) const {
    if (!op.attributes.inplace || !ops::opDescriptor(op.kind).attributes.contains(ops::OpAttribute::Inplace))
        return;
    const auto& x = m_graph.tensor(op.inputs[0]);
    const bool leaf = x.role == TensorRole::Parameter || x.role == TensorRole::Input;
    if (leaf && input.requiresGrad)
        throw GraphError(TORCHRIG_MESSAGE("model",
                                          "op '%1' (%2) works in place on '%3', a leaf tensor that "
                                          "needs its gradient: PyTorch refuses it (\"a leaf Variable "
                                          "that requires grad is being used in an in-place "
                                          "operation\"). Set \"inplace\": false")
                             .arg(op.name)
                             .arg(std::string(opKindId(op.kind)))
                             .arg(x.name));
    if (input.storage == kNone)
        return;
    for (std::size_t j = 0; j < index && j < m_backward.size(); ++j) {
        const auto& saved = m_backward[j].saved;
        if (m_backward[j].runs && std::find(saved.begin(), saved.end(), input.storage) != saved.end())
            throw GraphError(
                TORCHRIG_MESSAGE("model",
                                 "op '%1' (%2) works in place on '%3', which op '%4' keeps for its "
                                 "backward: PyTorch fails in backward (\"one of the variables needed "
                                 "for gradient computation has been modified by an inplace "
                                 "operation\"). Set \"inplace\": false")
                    .arg(op.name)
                    .arg(std::string(opKindId(op.kind)))
                    .arg(x.name)
                    .arg(m_graph.ops()[j].name));
    }
}

} // namespace torchrig::estimate::detail
