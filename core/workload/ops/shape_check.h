#pragma once
// What a shape rule is given: the op and the graph it is added to, with the checks PyTorch makes
// before it runs. Each check throws GraphError naming the op, its kind and the shapes that disagree.

#include "workload/model_graph.h"

#include <cstdint>
#include <string>

namespace torchrig::ops {

class ShapeCheck {
public:
    ShapeCheck(const ModelGraph& graph, const Op& op)
        : m_graph(graph)
        , m_op(op) {}

    const Op& op() const { return m_op; }
    const OpAttributes& attributes() const { return m_op.attributes; }

    [[noreturn]] void fail(const std::string& what) const;

    const TensorInfo& input(std::size_t i) const; // fails when the op has fewer
    void inputCount(std::size_t low, std::size_t high) const;
    void rank(const TensorInfo& t, std::size_t low, std::size_t high = 64) const;
    // Parameter i must exist with this shape, and a floating one with the input's dtype.
    void param(std::size_t i, const Shape& expected, const char* what) const;
    // Buffer i must exist with this shape.
    void buffer(std::size_t i, const Shape& expected, const char* what) const;
    // The first parameter, the weight, which must have `rank` dimensions (its sizes are the rule's
    // to check); call after paramCount.
    const TensorInfo& weight(std::size_t rank) const;
    void paramCount(std::size_t low, std::size_t high) const;
    std::int64_t normalizeDim(std::int64_t dim, std::size_t rankOf) const;
    Shape broadcast(const Shape& a, const Shape& b) const;

    // An output of this shape and dtype.
    static TensorInfo output(Shape shape, DType dtype);
    // The output has the first input's shape and dtype (after checking there is exactly one input).
    TensorInfo sameAsInput() const;

private:
    // Tensor i of the op's params or buffers, which must exist with this shape.
    const TensorInfo& shaped(const std::vector<TensorId>& tensors, std::size_t i, const Shape& expected,
                             const char* what, const char* role) const;

    const ModelGraph& m_graph;
    const Op& m_op;
};

// A pooling or convolution window's output size along one dimension, as PyTorch computes it.
std::int64_t pooledSize(std::int64_t size, std::int64_t kernel, std::int64_t stride, std::int64_t padding,
                        std::int64_t dilation);

} // namespace torchrig::ops
