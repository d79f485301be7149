#pragma once
// A model as the one description both the estimator and the LibTorch worker read: tensors with
// shapes and dtypes, and the ops between them in execution order. Output shapes are inferred
// and every op's inputs and parameters are checked when it is added; a mismatch names the op
// and both shapes.

#include "util/message.h"
#include "util/result.h"
#include "workload/dtype.h"
#include "workload/op_kind.h"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace torchrig {

using Shape = std::vector<std::int64_t>;
using TensorId = int;

std::int64_t numel(const Shape& shape);
std::string shapeToString(const Shape& shape); // "[8, 3, 224, 224]"

enum class TensorRole {
    Input,      // fed to the model each step (images, token ids)
    Target,     // what the loss compares with (labels)
    Parameter,  // trained weights: counted in the model's size, get gradients and optimizer state
    Buffer,     // state that is not trained (batch-norm running statistics, position ids)
    Activation, // produced by an op
};
std::string_view tensorRoleId(TensorRole role);

struct TensorInfo {
    std::string name; // parameters and buffers use PyTorch's state_dict names
    Shape shape;
    DType dtype = DType::Float32;
    TensorRole role = TensorRole::Activation;
    // Parameters only: frozen ones get no gradient and no optimizer state (LoRA's base model);
    // a 4-bit one is stored as bitsandbytes' NF4 with double-quantised block constants (QLoRA)
    // and is always frozen.
    bool frozen = false;
    bool quantized4bit = false;
};

// The settings an op kind uses; the others keep their defaults. Pairs are (height, width).
struct OpAttributes {
    std::int64_t kernel[2] = {1, 1};
    std::int64_t stride[2] = {1, 1};
    std::int64_t padding[2] = {0, 0};
    std::int64_t dilation[2] = {1, 1};
    std::int64_t outputPadding[2] = {0, 0};
    std::int64_t outputSize[2] = {1, 1};
    std::int64_t groups = 1;
    std::vector<std::int64_t> dims; // view / reshape / expand: the shape; permute: the order
    std::int64_t dim = -1;          // softmax, cat, select, slice, flatten start, transpose first
    std::int64_t dim2 = -1;         // transpose second, flatten end
    std::int64_t index = 0;         // select
    std::int64_t start = 0;         // slice; gather_rows, index_add_rows: the first row
    std::int64_t end = 0;           // slice (exclusive; negative counts from the end)
    double eps = 1e-5;              // norms
    double p = 0;                   // dropout probability (also attention dropout)
    double scalar = 1;              // one-input mul and add: the number; pow: the exponent
    bool inplace = false;           // relu_, hardtanh_
    bool causal = false;            // attention
    bool tanhApproximation = false; // gelu(approximate="tanh")
    std::int64_t ignoreIndex = -100;
    std::int64_t k = 1;    // topk
    std::int64_t rows = 0; // gather_rows: rows taken; index_add_rows with one input: rows made
};

struct Op {
    OpKind kind = OpKind::Relu;
    std::string name;              // the module path, e.g. "layer1.0.conv1"
    std::vector<TensorId> inputs;  // activations (and parameters used as data, like a class token)
    std::vector<TensorId> params;  // weight, then bias when there is one
    std::vector<TensorId> buffers; // batch norm: running mean, running var, num_batches_tracked
    std::vector<TensorId> outputs; // filled in when the op is added
    OpAttributes attributes;
    int block = -1; // index into ModelGraph::blocks(), for activation checkpointing
};

// What graph building and the simulation throw, deep inside, when a model or its sizes cannot be
// built or run. It leaves core only as a Result, through graphResult below.
class GraphError : public std::runtime_error {
public:
    explicit GraphError(Message message)
        : std::runtime_error(message.text())
        , m_message(std::move(message)) {}
    const Message& message() const { return m_message; }

private:
    Message m_message;
};

namespace detail {
template <class T> struct ResultOf { using type = Result<T>; };
template <class T> struct ResultOf<Result<T>> { using type = Result<T>; };
} // namespace detail

// The one door from graph building and the estimator to their callers: `run`'s value (or its
// Result), or the GraphError it threw as an InvalidInput error with the same message.
template <class F> auto graphResult(F&& run) -> typename detail::ResultOf<std::invoke_result_t<F>>::type {
    try {
        return run();
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput, e.message());
    }
}

class ModelGraph {
public:
    explicit ModelGraph(std::string name = {});

    const std::string& name() const { return m_name; }
    void setReference(std::string reference) { m_reference = std::move(reference); }
    // Which implementation the graph follows ("torchvision 0.16 resnet.py", …).
    const std::string& reference() const { return m_reference; }

    TensorId addTensor(TensorInfo tensor);
    // Checks the op against its inputs and parameters, infers its output, adds both; throws GraphError.
    TensorId addOp(Op op);
    void setLoss(TensorId loss);
    int addBlock(std::string name);

    const std::vector<TensorInfo>& tensors() const { return m_tensors; }
    const std::vector<Op>& ops() const { return m_ops; }
    const std::vector<std::string>& blocks() const { return m_blocks; }
    const TensorInfo& tensor(TensorId id) const { return m_tensors.at(static_cast<std::size_t>(id)); }
    TensorId loss() const { return m_loss; }
    TensorId findTensor(std::string_view name) const; // -1 when none

    // Trained parameters; with a prefix, only those whose name starts with it ("bert.").
    std::int64_t parameterCount(std::string_view namePrefix = {}) const;
    std::int64_t parameterBytes() const;
    std::int64_t trainableParameterCount() const; // parameters that are not frozen

private:
    std::string m_name;
    std::string m_reference;
    std::vector<TensorInfo> m_tensors;
    std::vector<Op> m_ops;
    std::vector<std::string> m_blocks;
    TensorId m_loss = -1;
};

} // namespace torchrig
