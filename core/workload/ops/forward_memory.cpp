#include "workload/ops/forward_memory.h"

namespace torchrig::ops {

std::int64_t ForwardMemory::count(TensorId id) const {
    const auto n = numel(m_graph.tensor(id).shape);
    return split == nullptr || split->empty() || !(*split)[static_cast<std::size_t>(id)]
               ? n
               : (n + gpus - 1) / gpus;
}

std::int64_t ForwardMemory::localHeads(TensorId input, std::int64_t heads) const {
    if (split == nullptr || split->empty() || !(*split)[static_cast<std::size_t>(input)])
        return heads;
    return (heads + gpus - 1) / gpus;
}

void ForwardMemory::transient(std::int64_t bytes, Bytes kind) {
    if (bytes > 0)
        release(alloc(bytes, kind));
}

int ForwardMemory::allocUntilReturn(std::int64_t bytes, Bytes kind) {
    auto storage = alloc(bytes, kind);
    releasedAtEnd.push_back(storage);
    return storage;
}

void ForwardMemory::aliasInput(bool contiguous) {
    output.storage = inputs[0].storage;
    m_ledger.retain(inputs[0].storage);
    output.contiguous = contiguous;
}

int ForwardMemory::matrixOperand(std::size_t k) {
    if (inputs[k].contiguous)
        return inputs[k].storage;
    return allocUntilReturn(inputBytes(k));
}

void ForwardMemory::save(int storage) {
    if (storage == kNoStorage)
        return;
    m_ledger.retain(storage);
    m_backward.saved.push_back(storage);
}

void ForwardMemory::saveNew(std::int64_t bytes) {
    if (!recording || bytes <= 0)
        return;
    keepForBackward(alloc(bytes));
}

void ForwardMemory::inputGradient(std::size_t k, std::int64_t bytes) {
    if (inputs[k].requiresGrad)
        m_backward.inputGrads.push_back({m_op.inputs[k], bytes});
}

void ForwardMemory::paramGradients() {
    for (std::size_t k = 0; k < m_op.params.size(); ++k) {
        if (!storedParams[k].requiresGrad)
            continue;
        m_backward.paramGrads.push_back(
            {m_op.params[k], params[k].elementBytes != storedParams[k].elementBytes
                                 ? count(m_op.params[k]) * params[k].elementBytes
                                 : 0});
    }
}

} // namespace torchrig::ops
