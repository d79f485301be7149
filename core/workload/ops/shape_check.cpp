#include "workload/ops/shape_check.h"

#include <algorithm>

namespace torchrig::ops {

void ShapeCheck::fail(const std::string& what) const {
    // The op's own shape rule says `what` in English: a model file's author reads it beside the file.
    throw GraphError(TORCHRIG_MESSAGE("model", "op '%1' (%2): %3")
                         .arg(m_op.name)
                         .arg(std::string(opKindId(m_op.kind)))
                         .arg(std::string(what)));
}

const TensorInfo& ShapeCheck::input(std::size_t i) const {
    if (i >= m_op.inputs.size())
        fail("needs " + std::to_string(i + 1) + " input(s), has " + std::to_string(m_op.inputs.size()));
    return m_graph.tensor(m_op.inputs[i]);
}

void ShapeCheck::inputCount(std::size_t low, std::size_t high) const {
    if (m_op.inputs.size() < low || m_op.inputs.size() > high)
        fail("takes " +
             (low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high)) +
             " input(s), has " + std::to_string(m_op.inputs.size()));
}

void ShapeCheck::rank(const TensorInfo& t, std::size_t low, std::size_t high) const {
    if (t.shape.size() < low || t.shape.size() > high)
        fail("input '" + t.name + "' " + shapeToString(t.shape) + " must have " +
             (low == high ? std::to_string(low) : "at least " + std::to_string(low)) + " dimensions");
}

const TensorInfo& ShapeCheck::shaped(const std::vector<TensorId>& tensors, std::size_t i,
                                     const Shape& expected, const char* what, const char* role) const {
    if (i >= tensors.size())
        fail(std::string("needs a ") + what + " " + role + " of shape " + shapeToString(expected));
    const auto& t = m_graph.tensor(tensors[i]);
    if (t.shape != expected)
        fail(std::string(what) + " '" + t.name + "' is " + shapeToString(t.shape) + " but the input needs " +
             shapeToString(expected));
    return t;
}

void ShapeCheck::param(std::size_t i, const Shape& expected, const char* what) const {
    const auto& t = shaped(m_op.params, i, expected, what, "parameter");
    // PyTorch multiplies a weight with an input of its own dtype only (autocast casts both at run
    // time; the graph holds what is stored). A 4-bit weight is dequantized to the input's dtype.
    if (!m_op.inputs.empty() && !t.quantized4bit) {
        const auto& x = m_graph.tensor(m_op.inputs[0]);
        if (isFloatingPoint(x.dtype) && isFloatingPoint(t.dtype) && x.dtype != t.dtype)
            fail(std::string(what) + " '" + t.name + "' is " + std::string(dtypeId(t.dtype)) +
                 " but the input '" + x.name + "' is " + std::string(dtypeId(x.dtype)) +
                 ": PyTorch refuses to mix them. Give both the same dtype (precision is chosen by the "
                 "workload)");
    }
}

void ShapeCheck::buffer(std::size_t i, const Shape& expected, const char* what) const {
    shaped(m_op.buffers, i, expected, what, "buffer");
}

const TensorInfo& ShapeCheck::weight(std::size_t rank) const {
    const auto& weight = m_graph.tensor(m_op.params.at(0));
    if (weight.shape.size() != rank)
        fail("weight '" + weight.name + "' " + shapeToString(weight.shape) + " must have " +
             std::to_string(rank) + " dimensions");
    return weight;
}

void ShapeCheck::paramCount(std::size_t low, std::size_t high) const {
    if (m_op.params.size() < low || m_op.params.size() > high)
        fail("takes " + std::to_string(low) + (low == high ? "" : " to " + std::to_string(high)) +
             " parameter(s), has " + std::to_string(m_op.params.size()));
}

std::int64_t ShapeCheck::normalizeDim(std::int64_t dim, std::size_t rankOf) const {
    auto r = static_cast<std::int64_t>(rankOf);
    if (dim < -r || dim >= std::max<std::int64_t>(r, 1))
        fail("dimension " + std::to_string(dim) + " is out of range for " + std::to_string(r) +
             " dimensions");
    return dim < 0 ? dim + r : dim;
}

Shape ShapeCheck::broadcast(const Shape& a, const Shape& b) const {
    Shape out(std::max(a.size(), b.size()), 1);
    for (std::size_t i = 0; i < out.size(); ++i) {
        auto da = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
        auto db = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
        if (da != db && da != 1 && db != 1)
            fail("shapes " + shapeToString(a) + " and " + shapeToString(b) + " do not broadcast");
        out[i] = std::max(da, db);
    }
    return out;
}

TensorInfo ShapeCheck::output(Shape shape, DType dtype) {
    TensorInfo out;
    out.shape = std::move(shape);
    out.dtype = dtype;
    return out;
}

TensorInfo ShapeCheck::sameAsInput() const {
    inputCount(1, 1);
    const auto& x = input(0);
    return output(x.shape, x.dtype);
}

std::int64_t pooledSize(std::int64_t size, std::int64_t kernel, std::int64_t stride, std::int64_t padding,
                        std::int64_t dilation) {
    return (size + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1;
}

} // namespace torchrig::ops
