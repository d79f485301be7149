#pragma once
// Debian's libtorch-dev 1.13 ships c10d's reducer.hpp but not the distributed-autograd header it
// includes, although libtorch_cpu.so has everything the Reducer needs. reducer.hpp asks two names of
// it: the gradient callback's type (a static_assert) and the context's shared_ptr (a member whose
// layout does not depend on the class). This declares those two and nothing else; CMake puts this
// folder on the include path only when LibTorch's own header is missing (PyTorch's builds have it),
// and nothing in torchrig-validate uses distributed autograd.

#include <ATen/core/Tensor.h>

#include <functional>
#include <memory>

namespace torch::distributed::autograd {

class DistAutogradContext {
public:
    using GradCallback = std::function<bool(at::Tensor&)>;
};
using ContextPtr = std::shared_ptr<DistAutogradContext>;

} // namespace torch::distributed::autograd
