// What several GPUs change in the simulated step: ZeRO-3 / FSDP gathering a block's weights while it
// runs, and a pipeline stage's received activations and what it sends on.

#include "estimate/step_simulation.h"

#include <algorithm>

namespace torchrig::estimate::detail {

bool Simulation::producedBefore(TensorId id) const {
    const int op = m_producer[static_cast<std::size_t>(id)];
    return op >= 0 && static_cast<std::size_t>(op) < m_range.begin;
}

std::vector<TensorId> Simulation::sentOn() const {
    const auto& ops = m_graph.ops();
    std::vector<TensorId> sent;
    for (std::size_t i = m_range.begin; i < m_range.end; ++i) {
        const auto out = ops[i].outputs[0];
        if (m_lastUse[static_cast<std::size_t>(out)] >= static_cast<int>(m_range.end))
            sent.push_back(out);
    }
    return sent;
}

std::int64_t Simulation::savedByOneForward() {
    MemoryEstimate ignored;
    createPersistent(ignored);
    const auto before = m_ledger.live();
    forward();
    return m_ledger.live() - before;
}

std::int64_t Simulation::fullBytes(const std::vector<TensorId>& params) const {
    std::int64_t bytes = 0;
    for (auto p : params)
        bytes += count(p) * value(p).elementBytes;
    return bytes;
}

void Simulation::gather(int block) {
    if (!m_shardParams || block < 0 || m_gathered[static_cast<std::size_t>(block)] != kNone)
        return;
    m_gathered[static_cast<std::size_t>(block)] =
        m_ledger.alloc(fullBytes(m_blockParams[static_cast<std::size_t>(block)]), MemoryCategory::Weights);
}

void Simulation::reshard(int block) {
    if (!m_shardParams || block < 0)
        return;
    m_ledger.release(m_gathered[static_cast<std::size_t>(block)]);
    m_gathered[static_cast<std::size_t>(block)] = kNone;
}

int Simulation::blockBefore(int block) const {
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

} // namespace torchrig::estimate::detail
