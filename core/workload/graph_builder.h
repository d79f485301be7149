#pragma once

#include "workload/model_graph.h"

#include <optional>
#include <string>
#include <vector>

namespace torchrig {

// Writes a model graph the way a PyTorch module's forward reads: one call per op, parameters
// created with their state_dict names ("layer1.0.conv1.weight") and PyTorch's default shapes.
class GraphBuilder {
public:
    GraphBuilder(std::string modelName, std::string reference);

    TensorId input(const std::string& name, Shape shape, DType dtype = DType::Float32);
    TensorId target(const std::string& name, Shape shape, DType dtype = DType::Int64);
    TensorId parameter(const std::string& name, Shape shape);
    TensorId buffer(const std::string& name, Shape shape, DType dtype = DType::Float32);
    const TensorInfo& info(TensorId id) const { return m_graph.tensor(id); }
    const Shape& shape(TensorId id) const { return m_graph.tensor(id).shape; }
    TensorId tensorNamed(const std::string& name) const; // throws GraphError when there is none

    // Ops until endBlock() belong to one checkpointable block (a transformer layer, a residual block).
    void beginBlock(const std::string& name);
    void endBlock();

    TensorId conv2d(const std::string& name, TensorId x, std::int64_t outChannels, std::int64_t kernel,
                    std::int64_t stride = 1, std::int64_t padding = 0, bool bias = true,
                    std::int64_t groups = 1);
    TensorId convTranspose2d(const std::string& name, TensorId x, std::int64_t outChannels,
                             std::int64_t kernel, std::int64_t stride, bool bias = true);
    TensorId batchNorm2d(const std::string& name, TensorId x, double eps = 1e-5);
    TensorId layerNorm(const std::string& name, TensorId x, double eps = 1e-5);
    TensorId rmsNorm(const std::string& name, TensorId x, double eps);
    TensorId linear(const std::string& name, TensorId x, std::int64_t outFeatures, bool bias = true);
    // A linear whose weight is another module's (a language model head tied to the embedding).
    TensorId linearWithWeight(const std::string& name, TensorId x, TensorId weight);
    TensorId embedding(const std::string& name, TensorId indices, std::int64_t count, std::int64_t width);

    TensorId relu(const std::string& name, TensorId x, bool inplace);
    TensorId relu6(const std::string& name, TensorId x, bool inplace);
    TensorId gelu(const std::string& name, TensorId x, bool tanhApproximation = false);
    TensorId silu(const std::string& name, TensorId x);
    TensorId tanh(const std::string& name, TensorId x);
    TensorId sigmoid(const std::string& name, TensorId x);
    // A mixture of experts' routing (ops/routing.cpp): the top k of the last dimension; `rows` rows
    // of x from row `start` on (wrapping around); source's rows added into `into` from row `start`
    // on, or into zeros of `rows` rows when there is nothing to add into.
    TensorId topK(const std::string& name, TensorId x, std::int64_t k);
    TensorId gatherRows(const std::string& name, TensorId x, std::int64_t start, std::int64_t rows);
    TensorId indexAddRows(const std::string& name, std::optional<TensorId> into, TensorId source,
                          std::int64_t start, std::int64_t rows = 0);
    TensorId dropout(const std::string& name, TensorId x, double p);
    TensorId softmax(const std::string& name, TensorId x, std::int64_t dim);
    TensorId logSoftmax(const std::string& name, TensorId x, std::int64_t dim);
    TensorId matmul(const std::string& name, TensorId a, TensorId b);

    TensorId add(const std::string& name, TensorId a, TensorId b);
    TensorId mul(const std::string& name, TensorId a, TensorId b);
    TensorId mulScalar(const std::string& name, TensorId x, double scalar);
    TensorId addScalar(const std::string& name, TensorId x, double scalar);
    TensorId pow(const std::string& name, TensorId x, double exponent);
    // transformers' NewGELUActivation ("gelu_new", GPT-2's): the tanh approximation written out in
    // Python ops, each saving its own tensors for backward, not the fused gelu kernel.
    TensorId newGelu(const std::string& name, TensorId x);
    TensorId cat(const std::string& name, const std::vector<TensorId>& parts, std::int64_t dim);
    TensorId view(const std::string& name, TensorId x, Shape shape);
    TensorId reshape(const std::string& name, TensorId x, Shape shape);
    TensorId permute(const std::string& name, TensorId x, std::vector<std::int64_t> order);
    TensorId transpose(const std::string& name, TensorId x, std::int64_t dim0, std::int64_t dim1);
    TensorId contiguous(const std::string& name, TensorId x);
    TensorId toFloat(const std::string& name, TensorId x);
    TensorId flatten(const std::string& name, TensorId x, std::int64_t startDim, std::int64_t endDim = -1);
    TensorId expand(const std::string& name, TensorId x, Shape shape);
    TensorId select(const std::string& name, TensorId x, std::int64_t dim, std::int64_t index);
    TensorId slice(const std::string& name, TensorId x, std::int64_t dim, std::int64_t start,
                   std::int64_t end);

    TensorId maxPool2d(const std::string& name, TensorId x, std::int64_t kernel, std::int64_t stride,
                       std::int64_t padding = 0);
    TensorId avgPool2d(const std::string& name, TensorId x, std::int64_t kernel, std::int64_t stride,
                       std::int64_t padding = 0);
    TensorId adaptiveAvgPool2d(const std::string& name, TensorId x, std::int64_t outputHeight,
                               std::int64_t outputWidth);
    TensorId attention(const std::string& name, TensorId q, TensorId k, TensorId v, bool causal,
                       double dropout);
    TensorId rotaryEmbedding(const std::string& name, TensorId x);
    // The loss; the graph ends here.
    TensorId crossEntropy(const std::string& name, TensorId logits, TensorId target);

    ModelGraph finish();

private:
    TensorId apply(OpKind kind, const std::string& name, std::vector<TensorId> inputs,
                   std::vector<TensorId> params = {}, OpAttributes attributes = {},
                   std::vector<TensorId> buffers = {});

    ModelGraph m_graph;
    int m_block = -1;
};

} // namespace torchrig
