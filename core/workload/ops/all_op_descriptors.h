#pragma once
// Every op kind's descriptor, by the file that defines it; op_registry.cpp lists them. Read the
// descriptors through ops/op_descriptor.h, not these names.

#include "workload/ops/op_descriptor.h"

namespace torchrig::ops {

// linear_and_convolution.cpp
extern const OpDescriptor kConv2d;
extern const OpDescriptor kConvTranspose2d;
extern const OpDescriptor kLinear;
// matmul.cpp
extern const OpDescriptor kMatmul;
// attention.cpp
extern const OpDescriptor kScaledDotProductAttention;
extern const OpDescriptor kRotaryEmbedding;
// normalization.cpp
extern const OpDescriptor kBatchNorm2d;
extern const OpDescriptor kLayerNorm;
extern const OpDescriptor kRmsNorm;
// activations.cpp
extern const OpDescriptor kGelu;
extern const OpDescriptor kSilu;
extern const OpDescriptor kRelu;
extern const OpDescriptor kRelu6;
extern const OpDescriptor kTanh;
extern const OpDescriptor kSigmoid;
extern const OpDescriptor kSoftmax;
extern const OpDescriptor kLogSoftmax;
// routing.cpp
extern const OpDescriptor kTopK;
extern const OpDescriptor kGatherRows;
extern const OpDescriptor kIndexAddRows;
// dropout.cpp
extern const OpDescriptor kDropout;
// embedding.cpp
extern const OpDescriptor kEmbedding;
// cross_entropy.cpp
extern const OpDescriptor kCrossEntropy;
// elementwise.cpp
extern const OpDescriptor kAdd;
extern const OpDescriptor kMul;
extern const OpDescriptor kPow;
extern const OpDescriptor kFloat;
// layout.cpp
extern const OpDescriptor kView;
extern const OpDescriptor kReshape;
extern const OpDescriptor kPermute;
extern const OpDescriptor kTranspose;
extern const OpDescriptor kContiguous;
extern const OpDescriptor kFlatten;
extern const OpDescriptor kExpand;
extern const OpDescriptor kSelect;
extern const OpDescriptor kSlice;
extern const OpDescriptor kCat;
// pooling.cpp
extern const OpDescriptor kMaxPool2d;
extern const OpDescriptor kAvgPool2d;
extern const OpDescriptor kAdaptiveAvgPool2d;

} // namespace torchrig::ops
