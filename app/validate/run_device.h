#pragma once
// Where a run trains, for the worker's LibTorch code (training_run.cpp and what it includes).

#include "cuda_device.h"

#include <c10/core/Device.h>
#include <torch/version.h>

#define TORCHRIG_TORCH_AT_LEAST(major, minor)                                                                \
    (TORCH_VERSION_MAJOR > (major) || (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

namespace torchrig::validate {

// Where a run trains: the CPU, or one CUDA device of a CUDA build of LibTorch.
struct RunDevice {
    bool cuda = false;
    int index = 0;

    c10::Device device() const {
        return cuda ? c10::Device(c10::kCUDA, static_cast<c10::DeviceIndex>(index)) : c10::Device(c10::kCPU);
    }
    void synchronize() const {
        if (cuda)
            cuda::synchronize(index);
    }
};

} // namespace torchrig::validate
