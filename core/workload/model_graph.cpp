#include "workload/model_graph.h"

#include "workload/shape_inference.h"

namespace torchrig {

std::int64_t numel(const Shape& shape) {
    std::int64_t count = 1;
    for (auto d : shape)
        count *= d;
    return count;
}

std::string shapeToString(const Shape& shape) {
    std::string out = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        out += (i ? ", " : "") + std::to_string(shape[i]);
    return out + "]";
}

std::string_view tensorRoleId(TensorRole role) {
    switch (role) {
    case TensorRole::Input: return "input";
    case TensorRole::Target: return "target";
    case TensorRole::Parameter: return "parameter";
    case TensorRole::Buffer: return "buffer";
    case TensorRole::Activation: return "activation";
    }
    return "activation";
}

ModelGraph::ModelGraph(std::string name)
    : m_name(std::move(name)) {}

TensorId ModelGraph::addTensor(TensorInfo tensor) {
    for (auto d : tensor.shape) {
        if (d < 1)
            throw GraphError(
                TORCHRIG_MESSAGE("model", "tensor '%1' has shape %2; every size must be at least 1")
                    .arg(tensor.name)
                    .arg(shapeToString(tensor.shape)));
    }
    m_tensors.push_back(std::move(tensor));
    return static_cast<TensorId>(m_tensors.size() - 1);
}

TensorId ModelGraph::addOp(Op op) {
    auto known = [&](TensorId id) {
        return id >= 0 && static_cast<std::size_t>(id) < m_tensors.size();
    };
    auto checkList = [&](const std::vector<TensorId>& ids, const char* what, std::optional<TensorRole> role) {
        for (auto id : ids) {
            if (!known(id))
                throw GraphError(
                    TORCHRIG_MESSAGE("model", "op '%1' (%2): %3 refers to a tensor that does not exist")
                        .arg(op.name)
                        .arg(std::string(opKindId(op.kind)))
                        .arg(std::string(what)));
            if (role && m_tensors[static_cast<std::size_t>(id)].role != *role)
                throw GraphError(TORCHRIG_MESSAGE("model", "op '%1' (%2): '%3' is not a %4")
                                     .arg(op.name)
                                     .arg(std::string(opKindId(op.kind)))
                                     .arg(m_tensors[static_cast<std::size_t>(id)].name)
                                     .arg(std::string(tensorRoleId(*role))));
        }
    };
    checkList(op.inputs, "an input", std::nullopt);
    checkList(op.params, "a parameter", TensorRole::Parameter);
    checkList(op.buffers, "a buffer", TensorRole::Buffer);
    if (op.block >= static_cast<int>(m_blocks.size()))
        throw GraphError(TORCHRIG_MESSAGE("model", "op '%1' names a block that does not exist").arg(op.name));
    auto output = addTensor(inferOutput(*this, op));
    op.outputs = {output};
    m_ops.push_back(std::move(op));
    return output;
}

void ModelGraph::setLoss(TensorId loss) {
    if (loss < 0 || static_cast<std::size_t>(loss) >= m_tensors.size() || !tensor(loss).shape.empty())
        throw GraphError(TORCHRIG_MESSAGE("model", "the loss must be a scalar tensor produced by an op"));
    m_loss = loss;
}

int ModelGraph::addBlock(std::string name) {
    m_blocks.push_back(std::move(name));
    return static_cast<int>(m_blocks.size() - 1);
}

TensorId ModelGraph::findTensor(std::string_view name) const {
    for (std::size_t i = 0; i < m_tensors.size(); ++i) {
        if (m_tensors[i].name == name)
            return static_cast<TensorId>(i);
    }
    return -1;
}

std::int64_t ModelGraph::parameterCount(std::string_view namePrefix) const {
    std::int64_t count = 0;
    for (const auto& t : m_tensors) {
        if (t.role == TensorRole::Parameter && t.name.rfind(namePrefix, 0) == 0)
            count += numel(t.shape);
    }
    return count;
}

std::int64_t ModelGraph::trainableParameterCount() const {
    std::int64_t count = 0;
    for (const auto& t : m_tensors) {
        if (t.role == TensorRole::Parameter && !t.frozen)
            count += numel(t.shape);
    }
    return count;
}

std::int64_t ModelGraph::parameterBytes() const {
    std::int64_t bytes = 0;
    for (const auto& t : m_tensors) {
        if (t.role == TensorRole::Parameter)
            bytes += numel(t.shape) * dtypeSize(t.dtype);
    }
    return bytes;
}

} // namespace torchrig
