#include "workload/shape_inference.h"

#include <algorithm>
#include <numeric>
#include <sstream>

namespace torchrig {

namespace {

class Checker {
public:
    Checker(const ModelGraph& graph, const Op& op)
        : m_graph(graph)
        , m_op(op) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw GraphError("op '" + m_op.name + "' (" + std::string(opKindId(m_op.kind)) + "): " + what);
    }

    const TensorInfo& input(std::size_t i) const {
        if (i >= m_op.inputs.size())
            fail("needs " + std::to_string(i + 1) + " input(s), has " + std::to_string(m_op.inputs.size()));
        return m_graph.tensor(m_op.inputs[i]);
    }
    void inputCount(std::size_t low, std::size_t high) const {
        if (m_op.inputs.size() < low || m_op.inputs.size() > high)
            fail("takes " +
                 (low == high ? std::to_string(low) : std::to_string(low) + " to " + std::to_string(high)) +
                 " input(s), has " + std::to_string(m_op.inputs.size()));
    }
    void rank(const TensorInfo& t, std::size_t low, std::size_t high = 64) const {
        if (t.shape.size() < low || t.shape.size() > high)
            fail("input '" + t.name + "' " + shapeToString(t.shape) + " must have " +
                 (low == high ? std::to_string(low) : "at least " + std::to_string(low)) + " dimensions");
    }
    // Parameter i must exist with this shape.
    void param(std::size_t i, const Shape& expected, const char* what) const {
        if (i >= m_op.params.size())
            fail(std::string("needs a ") + what + " parameter of shape " + shapeToString(expected));
        const auto& t = m_graph.tensor(m_op.params[i]);
        if (t.shape != expected)
            fail(std::string(what) + " '" + t.name + "' is " + shapeToString(t.shape) +
                 " but the input needs " + shapeToString(expected));
    }
    void paramCount(std::size_t low, std::size_t high) const {
        if (m_op.params.size() < low || m_op.params.size() > high)
            fail("takes " + std::to_string(low) + (low == high ? "" : " to " + std::to_string(high)) +
                 " parameter(s), has " + std::to_string(m_op.params.size()));
    }
    std::int64_t normalizeDim(std::int64_t dim, std::size_t rankOf) const {
        auto r = static_cast<std::int64_t>(rankOf);
        if (dim < -r || dim >= std::max<std::int64_t>(r, 1))
            fail("dimension " + std::to_string(dim) + " is out of range for " + std::to_string(r) +
                 " dimensions");
        return dim < 0 ? dim + r : dim;
    }
    Shape broadcast(const Shape& a, const Shape& b) const {
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

private:
    const ModelGraph& m_graph;
    const Op& m_op;
};

std::int64_t pooledSize(std::int64_t size, std::int64_t kernel, std::int64_t stride, std::int64_t padding,
                        std::int64_t dilation) {
    return (size + 2 * padding - dilation * (kernel - 1) - 1) / stride + 1;
}

} // namespace

TensorInfo inferOutput(const ModelGraph& graph, const Op& op) {
    Checker check(graph, op);
    const auto& a = op.attributes;
    TensorInfo out;
    out.name = op.name;
    out.role = TensorRole::Activation;
    switch (op.kind) {
    case OpKind::Conv2d:
    case OpKind::ConvTranspose2d: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.rank(x, 4, 4);
        check.paramCount(1, 2);
        const auto& weight = graph.tensor(op.params[0]);
        if (weight.shape.size() != 4)
            check.fail("weight '" + weight.name + "' " + shapeToString(weight.shape) +
                       " must have 4 dimensions");
        bool transposed = op.kind == OpKind::ConvTranspose2d;
        auto outChannels = transposed ? weight.shape[1] * a.groups : weight.shape[0];
        Shape expected = transposed ? Shape{x.shape[1], outChannels / a.groups, a.kernel[0], a.kernel[1]}
                                    : Shape{outChannels, x.shape[1] / a.groups, a.kernel[0], a.kernel[1]};
        if (x.shape[1] % a.groups != 0)
            check.fail("input channels " + std::to_string(x.shape[1]) + " are not divisible by groups " +
                       std::to_string(a.groups));
        check.param(0, expected, "weight");
        if (op.params.size() == 2)
            check.param(1, {outChannels}, "bias");
        Shape shape = {x.shape[0], outChannels, 0, 0};
        for (int i = 0; i < 2; ++i) {
            auto size = x.shape[2 + i];
            shape[2 + i] = transposed
                               ? (size - 1) * a.stride[i] - 2 * a.padding[i] +
                                     a.dilation[i] * (a.kernel[i] - 1) + a.outputPadding[i] + 1
                               : pooledSize(size, a.kernel[i], a.stride[i], a.padding[i], a.dilation[i]);
            if (shape[2 + i] < 1)
                check.fail("input " + shapeToString(x.shape) + " is too small for the kernel");
        }
        out.shape = shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::BatchNorm2d: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.rank(x, 2);
        check.paramCount(2, 2);
        check.param(0, {x.shape[1]}, "weight");
        check.param(1, {x.shape[1]}, "bias");
        if (op.buffers.size() != 3)
            check.fail("needs running_mean, running_var and num_batches_tracked buffers");
        out.shape = x.shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::LayerNorm:
    case OpKind::RmsNorm: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.rank(x, 1);
        auto width = x.shape.back();
        bool layer = op.kind == OpKind::LayerNorm;
        check.paramCount(1, layer ? 2 : 1);
        check.param(0, {width}, "weight");
        if (op.params.size() == 2)
            check.param(1, {width}, "bias");
        out.shape = x.shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Linear: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.rank(x, 1);
        check.paramCount(1, 2);
        const auto& weight = graph.tensor(op.params[0]);
        if (weight.shape.size() != 2)
            check.fail("weight '" + weight.name + "' " + shapeToString(weight.shape) +
                       " must have 2 dimensions");
        check.param(0, {weight.shape[0], x.shape.back()}, "weight");
        if (op.params.size() == 2)
            check.param(1, {weight.shape[0]}, "bias");
        out.shape = x.shape;
        out.shape.back() = weight.shape[0];
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Matmul: {
        check.inputCount(2, 2);
        const auto& x = check.input(0);
        const auto& y = check.input(1);
        check.rank(x, 2);
        check.rank(y, 2);
        if (x.shape.back() != y.shape[y.shape.size() - 2])
            check.fail("inner sizes differ: " + shapeToString(x.shape) + " @ " + shapeToString(y.shape));
        Shape batchX(x.shape.begin(), x.shape.end() - 2);
        Shape batchY(y.shape.begin(), y.shape.end() - 2);
        out.shape = check.broadcast(batchX, batchY);
        out.shape.push_back(x.shape[x.shape.size() - 2]);
        out.shape.push_back(y.shape.back());
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Softmax:
    case OpKind::LogSoftmax: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.normalizeDim(a.dim, x.shape.size());
        out.shape = x.shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::CrossEntropy: {
        check.inputCount(2, 2);
        const auto& logits = check.input(0);
        const auto& target = check.input(1);
        check.rank(logits, 2);
        Shape expected = logits.shape;
        expected.erase(expected.begin() + 1);
        if (target.shape != expected)
            check.fail("target '" + target.name + "' is " + shapeToString(target.shape) + " but logits " +
                       shapeToString(logits.shape) + " need " + shapeToString(expected));
        if (target.dtype != DType::Int64)
            check.fail("target '" + target.name + "' must hold int64 class indices");
        out.shape = {};
        out.dtype = logits.dtype;
        return out;
    }
    case OpKind::Gelu:
    case OpKind::Silu:
    case OpKind::Relu:
    case OpKind::Relu6:
    case OpKind::Tanh:
    case OpKind::Dropout:
    case OpKind::Contiguous:
    case OpKind::RotaryEmbedding: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        out.shape = x.shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Pow: {
        check.inputCount(1, 1);
        out.shape = check.input(0).shape;
        out.dtype = check.input(0).dtype;
        return out;
    }
    case OpKind::Float: {
        check.inputCount(1, 1);
        out.shape = check.input(0).shape;
        out.dtype = DType::Float32;
        return out;
    }
    case OpKind::Embedding: {
        check.inputCount(1, 1);
        const auto& indices = check.input(0);
        if (indices.dtype != DType::Int64 && indices.dtype != DType::Int32)
            check.fail("indices '" + indices.name + "' must be integers");
        check.paramCount(1, 1);
        const auto& weight = graph.tensor(op.params[0]);
        if (weight.shape.size() != 2)
            check.fail("weight '" + weight.name + "' " + shapeToString(weight.shape) +
                       " must have 2 dimensions");
        out.shape = indices.shape;
        out.shape.push_back(weight.shape[1]);
        out.dtype = weight.dtype;
        return out;
    }
    case OpKind::Add:
    case OpKind::Mul: {
        check.inputCount(1, 2); // one input: with a number (the scalar attribute)
        const auto& x = check.input(0);
        out.shape = op.inputs.size() == 2 ? check.broadcast(x.shape, check.input(1).shape) : x.shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Cat: {
        check.inputCount(2, 1024);
        const auto& first = check.input(0);
        auto dim = check.normalizeDim(a.dim, first.shape.size());
        out.shape = first.shape;
        out.shape[static_cast<std::size_t>(dim)] = 0;
        for (std::size_t i = 0; i < op.inputs.size(); ++i) {
            const auto& t = check.input(i);
            for (std::size_t d = 0; d < first.shape.size(); ++d) {
                if (t.shape.size() != first.shape.size() ||
                    (static_cast<std::int64_t>(d) != dim && t.shape[d] != first.shape[d]))
                    check.fail("cannot join " + shapeToString(first.shape) + " and " +
                               shapeToString(t.shape) + " along dimension " + std::to_string(dim));
            }
            out.shape[static_cast<std::size_t>(dim)] += t.shape[static_cast<std::size_t>(dim)];
        }
        out.dtype = first.dtype;
        return out;
    }
    case OpKind::View:
    case OpKind::Reshape: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        Shape shape = a.dims;
        auto unknown = std::count(shape.begin(), shape.end(), -1);
        std::int64_t known = 1;
        for (auto d : shape) {
            if (d != -1)
                known *= d;
        }
        if (unknown > 1 || known <= 0 || (unknown == 1 && numel(x.shape) % known != 0))
            check.fail("cannot view " + shapeToString(x.shape) + " as " + shapeToString(a.dims));
        for (auto& d : shape) {
            if (d == -1)
                d = numel(x.shape) / known;
        }
        if (numel(shape) != numel(x.shape))
            check.fail("cannot view " + shapeToString(x.shape) + " as " + shapeToString(a.dims));
        out.shape = shape;
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Permute: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        std::vector<std::int64_t> order = a.dims;
        std::vector<std::int64_t> sorted(order);
        std::sort(sorted.begin(), sorted.end());
        std::vector<std::int64_t> identity(x.shape.size());
        std::iota(identity.begin(), identity.end(), 0);
        if (sorted != identity)
            check.fail("order " + shapeToString(order) + " is not a permutation of " +
                       std::to_string(x.shape.size()) + " dimensions");
        for (auto d : order)
            out.shape.push_back(x.shape[static_cast<std::size_t>(d)]);
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Transpose: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        auto d0 = check.normalizeDim(a.dim, x.shape.size());
        auto d1 = check.normalizeDim(a.dim2, x.shape.size());
        out.shape = x.shape;
        std::swap(out.shape[static_cast<std::size_t>(d0)], out.shape[static_cast<std::size_t>(d1)]);
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Flatten: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        auto from = check.normalizeDim(a.dim, x.shape.size());
        auto to = check.normalizeDim(a.dim2, x.shape.size());
        if (to < from)
            check.fail("end dimension comes before start dimension");
        for (std::int64_t d = 0; d < static_cast<std::int64_t>(x.shape.size()); ++d) {
            if (d <= from || d > to)
                out.shape.push_back(x.shape[static_cast<std::size_t>(d)]);
            else
                out.shape.back() *= x.shape[static_cast<std::size_t>(d)];
        }
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Expand: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        if (a.dims.size() < x.shape.size())
            check.fail("cannot expand " + shapeToString(x.shape) + " to fewer dimensions " +
                       shapeToString(a.dims));
        out.shape = a.dims;
        auto offset = a.dims.size() - x.shape.size();
        for (std::size_t d = 0; d < a.dims.size(); ++d) {
            auto have = d < offset ? 1 : x.shape[d - offset];
            if (out.shape[d] == -1)
                out.shape[d] = have;
            else if (have != 1 && have != out.shape[d])
                check.fail("cannot expand " + shapeToString(x.shape) + " to " + shapeToString(a.dims));
        }
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::Select:
    case OpKind::Slice: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        auto dim = static_cast<std::size_t>(check.normalizeDim(a.dim, x.shape.size()));
        auto size = x.shape[dim];
        out.shape = x.shape;
        out.dtype = x.dtype;
        if (op.kind == OpKind::Select) {
            if (a.index < -size || a.index >= size)
                check.fail("index " + std::to_string(a.index) + " is outside " + shapeToString(x.shape));
            out.shape.erase(out.shape.begin() + static_cast<std::ptrdiff_t>(dim));
            return out;
        }
        auto clamp = [&](std::int64_t i) {
            return std::clamp(i < 0 ? i + size : i, std::int64_t{0}, size);
        };
        auto length = clamp(a.end) - clamp(a.start);
        if (length <= 0)
            check.fail("slice " + std::to_string(a.start) + ":" + std::to_string(a.end) + " of " +
                       shapeToString(x.shape) + " is empty");
        out.shape[dim] = length;
        return out;
    }
    case OpKind::MaxPool2d:
    case OpKind::AvgPool2d: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.rank(x, 4, 4);
        out.shape = x.shape;
        for (int i = 0; i < 2; ++i) {
            out.shape[2 + i] = pooledSize(x.shape[2 + i], a.kernel[i], a.stride[i], a.padding[i], 1);
            if (out.shape[2 + i] < 1)
                check.fail("input " + shapeToString(x.shape) + " is too small for the window");
        }
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::AdaptiveAvgPool2d: {
        check.inputCount(1, 1);
        const auto& x = check.input(0);
        check.rank(x, 4, 4);
        out.shape = {x.shape[0], x.shape[1], a.outputSize[0], a.outputSize[1]};
        out.dtype = x.dtype;
        return out;
    }
    case OpKind::ScaledDotProductAttention: {
        check.inputCount(3, 3);
        const auto& q = check.input(0);
        const auto& k = check.input(1);
        const auto& v = check.input(2);
        check.rank(q, 3);
        if (k.shape != v.shape && k.shape.size() == v.shape.size() &&
            k.shape[k.shape.size() - 2] != v.shape[v.shape.size() - 2])
            check.fail("key " + shapeToString(k.shape) + " and value " + shapeToString(v.shape) +
                       " differ in length");
        if (q.shape.back() != k.shape.back() || q.shape.size() != k.shape.size() ||
            !std::equal(q.shape.begin(), q.shape.end() - 2, k.shape.begin()))
            check.fail("query " + shapeToString(q.shape) + " and key " + shapeToString(k.shape) +
                       " do not match");
        out.shape = q.shape;
        out.shape.back() = v.shape.back();
        out.dtype = q.dtype;
        return out;
    }
    }
    check.fail("has no shape rule");
}

} // namespace torchrig
