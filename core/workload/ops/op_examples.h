#pragma once
// The smallest trainable models around one op, for the descriptors' `example`: what the tests and
// the worker's self-check (torchrig-validate --check-ops) run for every kind.

#include "workload/graph_builder.h"

#include <functional>
#include <string>

namespace torchrig::ops {

// A float input of `shape` plus a trained parameter of the same shape, so that what follows needs
// a gradient (autograd records it) and may change it in place.
TensorId trainedInput(GraphBuilder& g, const Shape& shape);

// "example <id>": `body` adds the op under test (and what it needs) and returns its output; a
// flatten from dimension 1, a linear to two classes and a cross-entropy follow, for a batch of
// the output's first size.
ModelGraph exampleModel(std::string_view opId, const std::function<TensorId(GraphBuilder&)>& body);

} // namespace torchrig::ops
