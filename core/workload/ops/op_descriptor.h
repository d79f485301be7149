#pragma once
// An op kind, whole, in one place: the name a model file gives it, the attributes it reads, the
// shape and dtype of what it makes, how autocast treats it, which of a device's rates it runs at and
// what it costs, what its forward allocates and keeps for its backward and what that backward
// makes, and the smallest model that uses it. Shape inference (workload/shape_inference.h), model
// files (workload/model_graph_json.h), the memory simulation (estimate/step_simulation.h) and the time
// model (estimate/estimate.h) read a kind through its descriptor and nothing else.
//
// Each descriptor is defined in its family's file beside this one (convolution.cpp, products.cpp,
// attention.cpp, …) and listed once in op_registry.cpp; tests/core/op_descriptor_test.cpp fails
// for a kind without a complete one, and the worker's per-kind LibTorch module is checked against
// the same list (torchrig-validate --check-ops).

#include "workload/model_graph.h"
#include "workload/ops/op_attributes.h"

#include <array>
#include <string_view>

namespace torchrig::ops {

class ShapeCheck;    // ops/shape_check.h
class ForwardMemory; // ops/forward_memory.h

// How torch.autocast treats the op's floating inputs (its op lists in autocast_mode.cpp).
enum class AutocastRule {
    LowerPrecision, // cast to autocast's type: convolutions, products, attention
    Float32,        // cast to float32: losses
    Float32OnCuda,  // float32 on CUDA; on the CPU the inputs' own type (softmax, norms, pow)
    Promote,        // the widest of its inputs: everything else
};

// Which of a device's rates the op runs at.
enum class KernelClass {
    View,        // a view of its input: moves no data
    Memory,      // reads and writes its tensors: elementwise, norms, copies, pooling, lookups
    RandomMask,  // as Memory, and draws a random mask (dropout)
    Matrix,      // products: linear, matmul, attention
    Convolution, // products the convolution library runs
};

// Forward work at a given element size.
struct OpCost {
    double flops = 0; // products only
    double bytes = 0; // read and written
    // A matrix product's smallest dimension (of M, N and K; a convolution's as the implicit GEMM
    // cuDNN runs): narrow products reach less of the tensor cores' rate. 0: not a matrix product.
    double smallestDimension = 0;
    // What the op adds when it runs as separate kernels rather than one fused kernel (attention's
    // math path: the scores and probabilities written and read by each step), forward.
    double unfusedBytes = 0;
    int unfusedKernels = 0;
};

struct OpDescriptor {
    OpKind kind = OpKind::KindCount;
    std::string_view id;       // the model file's name: "conv2d"
    std::string_view call;     // the PyTorch call it stands for: "torch.nn.functional.conv2d"
    OpAttributeSet attributes; // the OpAttributes it reads
    // The output's shape and dtype from the inputs and parameters, checking them as PyTorch does
    // (throws GraphError naming the op and the shapes).
    TensorInfo (*shape)(const ShapeCheck& check) = nullptr;
    AutocastRule autocast = AutocastRule::Promote; // unless autocast's lists name the op
    KernelClass kernel = KernelClass::Memory;      // unless it is a view or computes products
    // Matrix and Convolution classes: the products backward computes when the inputs need a
    // gradient, and when the parameters do.
    int inputGradientProducts = 0;
    int parameterGradientProducts = 0;
    OpCost (*cost)(const ModelGraph& graph, const Op& op, double elementBytes) = nullptr;
    // Generation's KV cache is sized by what the keys and values were before this op: it only
    // reshapes, repeats or rotates its first input (estimate/inference_estimate.h traces through it).
    bool kvCacheTracesThrough = false;
    // What the forward allocates and keeps for backward, and what backward makes.
    void (*forwardMemory)(ForwardMemory& memory) = nullptr;
    // The smallest model that uses the op: an input, the op, a linear head and a loss.
    ModelGraph (*example)() = nullptr;

    bool matrix() const { return kernel == KernelClass::Matrix || kernel == KernelClass::Convolution; }
};

// The kind's descriptor; every kind has one (a programmer error otherwise: see findOpDescriptor).
const OpDescriptor& opDescriptor(OpKind kind);
// The registry's entry for a kind, or nullptr: what tests enumerate.
const OpDescriptor* findOpDescriptor(OpKind kind);

// Cost rules shared by many kinds.
OpCost movesNoData(const ModelGraph& graph, const Op& op, double elementBytes);
// Reads every input and parameter and writes the output once.
OpCost readsAndWrites(const ModelGraph& graph, const Op& op, double elementBytes);

} // namespace torchrig::ops
