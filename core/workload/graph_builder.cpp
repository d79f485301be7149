#include "workload/graph_builder.h"

namespace torchrig {

GraphBuilder::GraphBuilder(std::string modelName, std::string reference)
    : m_graph(std::move(modelName)) {
    m_graph.setReference(std::move(reference));
}

TensorId GraphBuilder::input(const std::string& name, Shape shape, DType dtype) {
    return m_graph.addTensor({name, std::move(shape), dtype, TensorRole::Input});
}

TensorId GraphBuilder::target(const std::string& name, Shape shape, DType dtype) {
    return m_graph.addTensor({name, std::move(shape), dtype, TensorRole::Target});
}

TensorId GraphBuilder::parameter(const std::string& name, Shape shape) {
    return m_graph.addTensor({name, std::move(shape), DType::Float32, TensorRole::Parameter});
}

TensorId GraphBuilder::buffer(const std::string& name, Shape shape, DType dtype) {
    return m_graph.addTensor({name, std::move(shape), dtype, TensorRole::Buffer});
}

TensorId GraphBuilder::tensorNamed(const std::string& name) const {
    auto id = m_graph.findTensor(name);
    if (id < 0)
        throw GraphError(
            TORCHRIG_MESSAGE("model", "model '%1' has no tensor named '%2'").arg(m_graph.name()).arg(name));
    return id;
}

void GraphBuilder::beginBlock(const std::string& name) {
    m_block = m_graph.addBlock(name);
}
void GraphBuilder::endBlock() {
    m_block = -1;
}

TensorId GraphBuilder::apply(OpKind kind, const std::string& name, std::vector<TensorId> inputs,
                             std::vector<TensorId> params, OpAttributes attributes,
                             std::vector<TensorId> buffers) {
    Op op;
    op.kind = kind;
    op.name = name;
    op.inputs = std::move(inputs);
    op.params = std::move(params);
    op.buffers = std::move(buffers);
    op.attributes = std::move(attributes);
    op.block = m_block;
    return m_graph.addOp(std::move(op));
}

TensorId GraphBuilder::conv2d(const std::string& name, TensorId x, std::int64_t outChannels,
                              std::int64_t kernel, std::int64_t stride, std::int64_t padding, bool bias,
                              std::int64_t groups) {
    OpAttributes a;
    a.kernel[0] = a.kernel[1] = kernel;
    a.stride[0] = a.stride[1] = stride;
    a.padding[0] = a.padding[1] = padding;
    a.groups = groups;
    auto inChannels = shape(x).at(1);
    std::vector<TensorId> params = {
        parameter(name + ".weight", {outChannels, inChannels / groups, kernel, kernel})};
    if (bias)
        params.push_back(parameter(name + ".bias", {outChannels}));
    return apply(OpKind::Conv2d, name, {x}, params, a);
}

TensorId GraphBuilder::convTranspose2d(const std::string& name, TensorId x, std::int64_t outChannels,
                                       std::int64_t kernel, std::int64_t stride, bool bias) {
    OpAttributes a;
    a.kernel[0] = a.kernel[1] = kernel;
    a.stride[0] = a.stride[1] = stride;
    std::vector<TensorId> params = {
        parameter(name + ".weight", {shape(x).at(1), outChannels, kernel, kernel})};
    if (bias)
        params.push_back(parameter(name + ".bias", {outChannels}));
    return apply(OpKind::ConvTranspose2d, name, {x}, params, a);
}

TensorId GraphBuilder::batchNorm2d(const std::string& name, TensorId x, double eps) {
    auto channels = shape(x).at(1);
    OpAttributes a;
    a.eps = eps;
    auto weight = parameter(name + ".weight", {channels});
    auto bias = parameter(name + ".bias", {channels});
    std::vector<TensorId> buffers = {buffer(name + ".running_mean", {channels}),
                                     buffer(name + ".running_var", {channels}),
                                     buffer(name + ".num_batches_tracked", {}, DType::Int64)};
    return apply(OpKind::BatchNorm2d, name, {x}, {weight, bias}, a, buffers);
}

TensorId GraphBuilder::layerNorm(const std::string& name, TensorId x, double eps) {
    auto width = shape(x).back();
    OpAttributes a;
    a.eps = eps;
    return apply(OpKind::LayerNorm, name, {x},
                 {parameter(name + ".weight", {width}), parameter(name + ".bias", {width})}, a);
}

TensorId GraphBuilder::rmsNorm(const std::string& name, TensorId x, double eps) {
    OpAttributes a;
    a.eps = eps;
    return apply(OpKind::RmsNorm, name, {x}, {parameter(name + ".weight", {shape(x).back()})}, a);
}

TensorId GraphBuilder::linear(const std::string& name, TensorId x, std::int64_t outFeatures, bool bias) {
    std::vector<TensorId> params = {parameter(name + ".weight", {outFeatures, shape(x).back()})};
    if (bias)
        params.push_back(parameter(name + ".bias", {outFeatures}));
    return apply(OpKind::Linear, name, {x}, params);
}

TensorId GraphBuilder::linearWithWeight(const std::string& name, TensorId x, TensorId weight) {
    return apply(OpKind::Linear, name, {x}, {weight});
}

TensorId GraphBuilder::embedding(const std::string& name, TensorId indices, std::int64_t count,
                                 std::int64_t width) {
    return apply(OpKind::Embedding, name, {indices}, {parameter(name + ".weight", {count, width})});
}

TensorId GraphBuilder::relu(const std::string& name, TensorId x, bool inplace) {
    OpAttributes a;
    a.inplace = inplace;
    return apply(OpKind::Relu, name, {x}, {}, a);
}

TensorId GraphBuilder::relu6(const std::string& name, TensorId x, bool inplace) {
    OpAttributes a;
    a.inplace = inplace;
    return apply(OpKind::Relu6, name, {x}, {}, a);
}

TensorId GraphBuilder::gelu(const std::string& name, TensorId x, bool tanhApproximation) {
    OpAttributes a;
    a.tanhApproximation = tanhApproximation;
    return apply(OpKind::Gelu, name, {x}, {}, a);
}

TensorId GraphBuilder::silu(const std::string& name, TensorId x) {
    return apply(OpKind::Silu, name, {x});
}
TensorId GraphBuilder::tanh(const std::string& name, TensorId x) {
    return apply(OpKind::Tanh, name, {x});
}

TensorId GraphBuilder::sigmoid(const std::string& name, TensorId x) {
    return apply(OpKind::Sigmoid, name, {x});
}

TensorId GraphBuilder::topK(const std::string& name, TensorId x, std::int64_t k) {
    OpAttributes a;
    a.k = k;
    return apply(OpKind::TopK, name, {x}, {}, a);
}

TensorId GraphBuilder::gatherRows(const std::string& name, TensorId x, std::int64_t start,
                                  std::int64_t rows) {
    OpAttributes a;
    a.start = start;
    a.rows = rows;
    return apply(OpKind::GatherRows, name, {x}, {}, a);
}

TensorId GraphBuilder::indexAddRows(const std::string& name, std::optional<TensorId> into, TensorId source,
                                    std::int64_t start, std::int64_t rows) {
    OpAttributes a;
    a.start = start;
    a.rows = into ? 0 : rows;
    return apply(OpKind::IndexAddRows, name,
                 into ? std::vector<TensorId>{*into, source} : std::vector<TensorId>{source}, {}, a);
}

TensorId GraphBuilder::dropout(const std::string& name, TensorId x, double p) {
    OpAttributes a;
    a.p = p;
    return apply(OpKind::Dropout, name, {x}, {}, a);
}

TensorId GraphBuilder::softmax(const std::string& name, TensorId x, std::int64_t dim) {
    OpAttributes a;
    a.dim = dim;
    return apply(OpKind::Softmax, name, {x}, {}, a);
}

TensorId GraphBuilder::logSoftmax(const std::string& name, TensorId x, std::int64_t dim) {
    OpAttributes a;
    a.dim = dim;
    return apply(OpKind::LogSoftmax, name, {x}, {}, a);
}

TensorId GraphBuilder::matmul(const std::string& name, TensorId a, TensorId b) {
    return apply(OpKind::Matmul, name, {a, b});
}

TensorId GraphBuilder::add(const std::string& name, TensorId a, TensorId b) {
    return apply(OpKind::Add, name, {a, b});
}
TensorId GraphBuilder::mul(const std::string& name, TensorId a, TensorId b) {
    return apply(OpKind::Mul, name, {a, b});
}

TensorId GraphBuilder::mulScalar(const std::string& name, TensorId x, double scalar) {
    OpAttributes a;
    a.scalar = scalar;
    return apply(OpKind::Mul, name, {x}, {}, a);
}
TensorId GraphBuilder::addScalar(const std::string& name, TensorId x, double scalar) {
    OpAttributes a;
    a.scalar = scalar;
    return apply(OpKind::Add, name, {x}, {}, a);
}
TensorId GraphBuilder::pow(const std::string& name, TensorId x, double exponent) {
    OpAttributes a;
    a.scalar = exponent;
    return apply(OpKind::Pow, name, {x}, {}, a);
}

TensorId GraphBuilder::newGelu(const std::string& name, TensorId x) {
    // 0.5 * x * (1.0 + tanh(sqrt(2 / pi) * (x + 0.044715 * pow(x, 3.0))))
    const double sqrtTwoOverPi = 0.7978845608028654;
    auto cubic = mulScalar(name + ".cubic", pow(name + ".pow", x, 3.0), 0.044715);
    auto inner = mulScalar(name + ".scale", add(name + ".add", x, cubic), sqrtTwoOverPi);
    auto onePlusTanh = addScalar(name + ".one_plus", tanh(name + ".tanh", inner), 1.0);
    return mul(name, mulScalar(name + ".half", x, 0.5), onePlusTanh);
}

TensorId GraphBuilder::cat(const std::string& name, const std::vector<TensorId>& parts, std::int64_t dim) {
    OpAttributes a;
    a.dim = dim;
    return apply(OpKind::Cat, name, parts, {}, a);
}

TensorId GraphBuilder::view(const std::string& name, TensorId x, Shape shape) {
    OpAttributes a;
    a.dims = std::move(shape);
    return apply(OpKind::View, name, {x}, {}, a);
}

TensorId GraphBuilder::reshape(const std::string& name, TensorId x, Shape shape) {
    OpAttributes a;
    a.dims = std::move(shape);
    return apply(OpKind::Reshape, name, {x}, {}, a);
}

TensorId GraphBuilder::permute(const std::string& name, TensorId x, std::vector<std::int64_t> order) {
    OpAttributes a;
    a.dims = std::move(order);
    return apply(OpKind::Permute, name, {x}, {}, a);
}

TensorId GraphBuilder::transpose(const std::string& name, TensorId x, std::int64_t dim0, std::int64_t dim1) {
    OpAttributes a;
    a.dim = dim0;
    a.dim2 = dim1;
    return apply(OpKind::Transpose, name, {x}, {}, a);
}

TensorId GraphBuilder::contiguous(const std::string& name, TensorId x) {
    return apply(OpKind::Contiguous, name, {x});
}

TensorId GraphBuilder::toFloat(const std::string& name, TensorId x) {
    return apply(OpKind::Float, name, {x});
}

TensorId GraphBuilder::flatten(const std::string& name, TensorId x, std::int64_t startDim,
                               std::int64_t endDim) {
    OpAttributes a;
    a.dim = startDim;
    a.dim2 = endDim;
    return apply(OpKind::Flatten, name, {x}, {}, a);
}

TensorId GraphBuilder::expand(const std::string& name, TensorId x, Shape shape) {
    OpAttributes a;
    a.dims = std::move(shape);
    return apply(OpKind::Expand, name, {x}, {}, a);
}

TensorId GraphBuilder::select(const std::string& name, TensorId x, std::int64_t dim, std::int64_t index) {
    OpAttributes a;
    a.dim = dim;
    a.index = index;
    return apply(OpKind::Select, name, {x}, {}, a);
}

TensorId GraphBuilder::slice(const std::string& name, TensorId x, std::int64_t dim, std::int64_t start,
                             std::int64_t end) {
    OpAttributes a;
    a.dim = dim;
    a.start = start;
    a.end = end;
    return apply(OpKind::Slice, name, {x}, {}, a);
}

namespace {
OpAttributes window(std::int64_t kernel, std::int64_t stride, std::int64_t padding) {
    OpAttributes a;
    a.kernel[0] = a.kernel[1] = kernel;
    a.stride[0] = a.stride[1] = stride;
    a.padding[0] = a.padding[1] = padding;
    return a;
}
} // namespace

TensorId GraphBuilder::maxPool2d(const std::string& name, TensorId x, std::int64_t kernel,
                                 std::int64_t stride, std::int64_t padding) {
    return apply(OpKind::MaxPool2d, name, {x}, {}, window(kernel, stride, padding));
}

TensorId GraphBuilder::avgPool2d(const std::string& name, TensorId x, std::int64_t kernel,
                                 std::int64_t stride, std::int64_t padding) {
    return apply(OpKind::AvgPool2d, name, {x}, {}, window(kernel, stride, padding));
}

TensorId GraphBuilder::adaptiveAvgPool2d(const std::string& name, TensorId x, std::int64_t outputHeight,
                                         std::int64_t outputWidth) {
    OpAttributes a;
    a.outputSize[0] = outputHeight;
    a.outputSize[1] = outputWidth;
    return apply(OpKind::AdaptiveAvgPool2d, name, {x}, {}, a);
}

TensorId GraphBuilder::attention(const std::string& name, TensorId q, TensorId k, TensorId v, bool causal,
                                 double dropout) {
    OpAttributes a;
    a.causal = causal;
    a.p = dropout;
    return apply(OpKind::ScaledDotProductAttention, name, {q, k, v}, {}, a);
}

TensorId GraphBuilder::rotaryEmbedding(const std::string& name, TensorId x) {
    return apply(OpKind::RotaryEmbedding, name, {x});
}

TensorId GraphBuilder::crossEntropy(const std::string& name, TensorId logits, TensorId target) {
    auto loss = apply(OpKind::CrossEntropy, name, {logits, target});
    m_graph.setLoss(loss);
    return loss;
}

ModelGraph GraphBuilder::finish() {
    if (m_graph.loss() < 0)
        throw GraphError(TORCHRIG_MESSAGE("model", "model '%1' has no loss").arg(m_graph.name()));
    return std::move(m_graph);
}

} // namespace torchrig
