// The optimizer's step in the simulation: the state each optimizer keeps (torch.optim, bitsandbytes,
// lion-pytorch), master weights, offload, and what the update allocates beside the state.

#include "estimate/step_simulation.h"

#include <algorithm>

namespace torchrig::estimate::detail {

std::vector<std::int64_t> Simulation::stateFor(TensorId p, std::int64_t bytes) const {
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

void Simulation::optimizerStep(bool first) {
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
            temporary = 2 * largest + (m_setup.cuda ? 0 : 12); // exp_avg_sq.sqrt() / bias_correction2_sqrt
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
    // On the CPU the order of the update's allocations decides which pages malloc gives back and
    // takes again (glibc_heap_model.h): one parameter's at a time, or the whole list's at once.
    const bool adam = m_setup.optimizer == OptimizerKind::Adam || m_setup.optimizer == OptimizerKind::AdamW;
    const bool singleTensor =
        m_impl == OptimizerImpl::SingleTensor && (adam || m_setup.optimizer == OptimizerKind::Lion);
    if (m_setup.cuda || master || !(singleTensor || (adam && m_impl == OptimizerImpl::Foreach))) {
        m_ledger.transient(temporary, MemoryCategory::Temporaries);
        return;
    }
    if (singleTensor) {
        // Adam: exp_avg_sq.sqrt(), its quotient by the bias correction (a wrapped scalar beside),
        // the sqrt freed; Lion: exp_avg.clone(), the interpolation, the clone freed.
        for (auto p : m_params) {
            const auto bytes = local(stateBytes(p));
            const int root = m_ledger.alloc(bytes, MemoryCategory::Temporaries);
            const int scalar = adam ? m_ledger.alloc(12, MemoryCategory::Temporaries) : kNone;
            const int second = m_ledger.alloc(bytes, MemoryCategory::Temporaries);
            m_ledger.release(scalar);
            m_ledger.release(root);
            m_ledger.release(second);
        }
        return;
    }
    std::vector<int> roots; // _foreach_sqrt: every exp_avg_sq's root, freed when the step returns
    for (auto p : m_params)
        roots.push_back(m_ledger.alloc(local(stateBytes(p)), MemoryCategory::Temporaries));
    for (auto id : roots)
        m_ledger.release(id);
}

} // namespace torchrig::estimate::detail
