// Ops that change how a tensor is laid out, not its values: views (view, permute, transpose, flatten,
// expand, select, slice), those that copy when they must (reshape, contiguous), and cat.

#include "workload/ops/all_op_descriptors.h"
#include "workload/ops/forward_memory.h"
#include "workload/ops/op_examples.h"
#include "workload/ops/shape_check.h"

#include <algorithm>
#include <numeric>

namespace torchrig::ops {

namespace {

TensorInfo viewShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    const auto& dims = check.attributes().dims;
    Shape shape = dims;
    const auto unknown = std::count(shape.begin(), shape.end(), -1);
    std::int64_t known = 1;
    for (auto d : shape) {
        if (d != -1)
            known *= d;
    }
    if (unknown > 1 || known <= 0 || (unknown == 1 && numel(x.shape) % known != 0))
        check.fail("cannot view " + shapeToString(x.shape) + " as " + shapeToString(dims));
    for (auto& d : shape) {
        if (d == -1)
            d = numel(x.shape) / known;
    }
    if (numel(shape) != numel(x.shape))
        check.fail("cannot view " + shapeToString(x.shape) + " as " + shapeToString(dims));
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo permuteShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    const auto& order = check.attributes().dims;
    std::vector<std::int64_t> sorted(order);
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::int64_t> identity(x.shape.size());
    std::iota(identity.begin(), identity.end(), 0);
    if (sorted != identity)
        check.fail("order " + shapeToString(order) + " is not a permutation of " +
                   std::to_string(x.shape.size()) + " dimensions");
    Shape shape;
    for (auto d : order)
        shape.push_back(x.shape[static_cast<std::size_t>(d)]);
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo transposeShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    const auto d0 = check.normalizeDim(check.attributes().dim, x.shape.size());
    const auto d1 = check.normalizeDim(check.attributes().dim2, x.shape.size());
    auto shape = x.shape;
    std::swap(shape[static_cast<std::size_t>(d0)], shape[static_cast<std::size_t>(d1)]);
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo flattenShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    const auto from = check.normalizeDim(check.attributes().dim, x.shape.size());
    const auto to = check.normalizeDim(check.attributes().dim2, x.shape.size());
    if (to < from)
        check.fail("end dimension comes before start dimension");
    Shape shape;
    for (std::int64_t d = 0; d < static_cast<std::int64_t>(x.shape.size()); ++d) {
        if (d <= from || d > to)
            shape.push_back(x.shape[static_cast<std::size_t>(d)]);
        else
            shape.back() *= x.shape[static_cast<std::size_t>(d)];
    }
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo expandShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& x = check.input(0);
    const auto& dims = check.attributes().dims;
    if (dims.size() < x.shape.size())
        check.fail("cannot expand " + shapeToString(x.shape) + " to fewer dimensions " + shapeToString(dims));
    Shape shape = dims;
    const auto offset = dims.size() - x.shape.size();
    for (std::size_t d = 0; d < dims.size(); ++d) {
        const auto have = d < offset ? 1 : x.shape[d - offset];
        if (shape[d] == -1)
            shape[d] = have;
        else if (have != 1 && have != shape[d])
            check.fail("cannot expand " + shapeToString(x.shape) + " to " + shapeToString(dims));
    }
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo selectOrSliceShape(const ShapeCheck& check) {
    check.inputCount(1, 1);
    const auto& a = check.attributes();
    const auto& x = check.input(0);
    const auto dim = static_cast<std::size_t>(check.normalizeDim(a.dim, x.shape.size()));
    const auto size = x.shape[dim];
    auto shape = x.shape;
    if (check.op().kind == OpKind::Select) {
        if (a.index < -size || a.index >= size)
            check.fail("index " + std::to_string(a.index) + " is outside " + shapeToString(x.shape));
        shape.erase(shape.begin() + static_cast<std::ptrdiff_t>(dim));
        return ShapeCheck::output(shape, x.dtype);
    }
    auto clamp = [&](std::int64_t i) {
        return std::clamp(i < 0 ? i + size : i, std::int64_t{0}, size);
    };
    const auto length = clamp(a.end) - clamp(a.start);
    if (length <= 0)
        check.fail("slice " + std::to_string(a.start) + ":" + std::to_string(a.end) + " of " +
                   shapeToString(x.shape) + " is empty");
    shape[dim] = length;
    return ShapeCheck::output(shape, x.dtype);
}

TensorInfo catShape(const ShapeCheck& check) {
    check.inputCount(2, 1024);
    const auto& first = check.input(0);
    const auto dim = check.normalizeDim(check.attributes().dim, first.shape.size());
    auto shape = first.shape;
    shape[static_cast<std::size_t>(dim)] = 0;
    for (std::size_t i = 0; i < check.op().inputs.size(); ++i) {
        const auto& t = check.input(i);
        for (std::size_t d = 0; d < first.shape.size(); ++d) {
            if (t.shape.size() != first.shape.size() ||
                (static_cast<std::int64_t>(d) != dim && t.shape[d] != first.shape[d]))
                check.fail("cannot join " + shapeToString(first.shape) + " and " + shapeToString(t.shape) +
                           " along dimension " + std::to_string(dim));
        }
        shape[static_cast<std::size_t>(dim)] += t.shape[static_cast<std::size_t>(dim)];
    }
    return ShapeCheck::output(shape, first.dtype);
}

// view always aliases; reshape and flatten alias a contiguous input and copy another.
void viewForward(ForwardMemory& m) {
    if (m.inputs[0].contiguous || m.op().kind == OpKind::View)
        m.aliasInput(true);
    else
        m.newOutput();
    m.inputGradient(0, 0);
}

void reorderForward(ForwardMemory& m) { // permute, transpose
    m.aliasInput(false);
    m.inputGradient(0, 0);
}

// Its gradient is the output's summed over the expanded dimensions.
void expandForward(ForwardMemory& m) {
    m.aliasInput(false);
    m.inputGradient(0, m.count(m.op().inputs[0]) == m.outputCount() ? 0 : m.inputBytes(0));
}

// A narrowed view; its backward writes the gradient into zeros of the input's size.
void narrowForward(ForwardMemory& m) {
    m.aliasInput(m.attributes().dim == 0 && m.inputs[0].contiguous);
    m.inputGradient(0, m.inputBytes(0));
}

void contiguousForward(ForwardMemory& m) {
    if (m.inputs[0].contiguous)
        m.aliasInput(true);
    else
        m.newOutput();
    m.inputGradient(0, 0);
}

// Each input's gradient is a view of a slice of the output's.
void catForward(ForwardMemory& m) {
    m.newOutput();
    for (std::size_t k = 0; k < m.inputs.size(); ++k)
        m.inputGradient(k, 0);
}

// A transposed (non-contiguous) trained input, so that reshape and contiguous copy.
TensorId transposedInput(GraphBuilder& g) {
    return g.transpose("x_t", trainedInput(g, {2, 3, 4}), 1, 2);
}

} // namespace

constinit const OpDescriptor kView = {
    .kind = OpKind::View,
    .id = "view",
    .call = "Tensor.view",
    .attributes = {OpAttribute::Dims},
    .shape = viewShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .kvCacheTracesThrough = true,
    .forwardMemory = viewForward,
    .example =
        [] {
            return exampleModel("view", [](GraphBuilder& g) {
                return g.view("view", trainedInput(g, {2, 3, 4}), {2, 12});
            });
        },
};

constinit const OpDescriptor kReshape = {
    .kind = OpKind::Reshape,
    .id = "reshape",
    .call = "Tensor.reshape",
    .attributes = {OpAttribute::Dims},
    .shape = viewShape,
    .cost = readsAndWrites,
    .kvCacheTracesThrough = true,
    .forwardMemory = viewForward,
    .example =
        [] {
            return exampleModel("reshape", [](GraphBuilder& g) {
                return g.reshape("reshape", transposedInput(g), {2, -1});
            });
        },
};

constinit const OpDescriptor kPermute = {
    .kind = OpKind::Permute,
    .id = "permute",
    .call = "Tensor.permute",
    .attributes = {OpAttribute::Dims},
    .shape = permuteShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .kvCacheTracesThrough = true,
    .forwardMemory = reorderForward,
    .example =
        [] {
            return exampleModel("permute", [](GraphBuilder& g) {
                return g.permute("permute", trainedInput(g, {2, 3, 4}), {0, 2, 1});
            });
        },
};

constinit const OpDescriptor kTranspose = {
    .kind = OpKind::Transpose,
    .id = "transpose",
    .call = "Tensor.transpose",
    .attributes = {OpAttribute::Dim, OpAttribute::Dim2},
    .shape = transposeShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .kvCacheTracesThrough = true,
    .forwardMemory = reorderForward,
    .example = [] { return exampleModel("transpose", [](GraphBuilder& g) { return transposedInput(g); }); },
};

constinit const OpDescriptor kContiguous = {
    .kind = OpKind::Contiguous,
    .id = "contiguous",
    .call = "Tensor.contiguous",
    .attributes = {},
    .shape = [](const ShapeCheck& check) { return check.sameAsInput(); },
    .cost = readsAndWrites,
    .kvCacheTracesThrough = true,
    .forwardMemory = contiguousForward,
    .example =
        [] {
            return exampleModel("contiguous",
                                [](GraphBuilder& g) { return g.contiguous("copy", transposedInput(g)); });
        },
};

constinit const OpDescriptor kFlatten = {
    .kind = OpKind::Flatten,
    .id = "flatten",
    .call = "torch.flatten",
    .attributes = {OpAttribute::Dim, OpAttribute::Dim2},
    .shape = flattenShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .forwardMemory = viewForward,
    .example =
        [] {
            return exampleModel("flatten", [](GraphBuilder& g) {
                return g.flatten("flat", trainedInput(g, {2, 3, 4, 5}), 1, 2);
            });
        },
};

constinit const OpDescriptor kExpand = {
    .kind = OpKind::Expand,
    .id = "expand",
    .call = "Tensor.expand",
    .attributes = {OpAttribute::Dims},
    .shape = expandShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .kvCacheTracesThrough = true,
    .forwardMemory = expandForward,
    .example =
        [] {
            return exampleModel("expand", [](GraphBuilder& g) {
                return g.expand("expand", trainedInput(g, {2, 1, 4}), {-1, 3, -1});
            });
        },
};

constinit const OpDescriptor kSelect = {
    .kind = OpKind::Select,
    .id = "select",
    .call = "Tensor.select",
    .attributes = {OpAttribute::Dim, OpAttribute::Index},
    .shape = selectOrSliceShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .forwardMemory = narrowForward,
    .example =
        [] {
            return exampleModel("select", [](GraphBuilder& g) {
                return g.select("first", trainedInput(g, {2, 3, 4}), 1, 0);
            });
        },
};

constinit const OpDescriptor kSlice = {
    .kind = OpKind::Slice,
    .id = "slice",
    .call = "Tensor.narrow (x[..., start:end])",
    .attributes = {OpAttribute::Dim, OpAttribute::Start, OpAttribute::End},
    .shape = selectOrSliceShape,
    .kernel = KernelClass::View,
    .cost = movesNoData,
    .forwardMemory = narrowForward,
    .example =
        [] {
            return exampleModel("slice", [](GraphBuilder& g) {
                return g.slice("narrowed", trainedInput(g, {2, 3, 4}), 2, 1, -1);
            });
        },
};

constinit const OpDescriptor kCat = {
    .kind = OpKind::Cat,
    .id = "cat",
    .call = "torch.cat",
    .attributes = {OpAttribute::Dim},
    .shape = catShape,
    .cost = readsAndWrites,
    .forwardMemory = catForward,
    .example =
        [] {
            return exampleModel("cat", [](GraphBuilder& g) {
                auto x = trainedInput(g, {2, 3, 4});
                return g.cat("joined", {x, g.parameter("more", {2, 2, 4})}, 1);
            });
        },
};

} // namespace torchrig::ops
