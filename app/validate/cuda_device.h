#pragma once
// The CUDA side of a measurement: the caching allocator's statistics, the driver's view of the
// device's memory, the CUDA context's size and the device's description. No LibTorch or CUDA type
// crosses this header. cuda_device.cpp implements it for a CUDA build of LibTorch (PyTorch's own on
// a GPU machine); cuda_device_absent.cpp for a CPU-only one such as Debian's, where no CUDA request
// gets this far.

#include "validation/validation_protocol.h"

#include <cstdint>
#include <optional>

namespace torchrig::validate::cuda {

// Whether this worker was built against a CUDA build of LibTorch.
bool built();

// Records every GPU's used memory through NVML before this process creates a CUDA context, so
// that the context's own size can be told apart from other processes' memory. Does nothing the
// second time, or when NVML cannot be loaded.
void recordMemoryBeforeContext();

// Creates the device's CUDA context and returns its size: the device's used memory (NVML) now
// minus before recordMemoryBeforeContext(), while the caching allocator holds nothing. nullopt
// when NVML could not tell. The same figure on later calls.
std::optional<std::int64_t> createContext(int device);

struct AllocatorPeaks {
    std::int64_t allocated = 0; // torch.cuda.max_memory_allocated()
    std::int64_t reserved = 0;  // torch.cuda.max_memory_reserved()
};
void resetPeaks(int device); // torch.cuda.reset_peak_memory_stats()
AllocatorPeaks peaks(int device);

// total − free as the driver reports it: this process's context, caches and libraries' own
// memory, and other processes' memory too.
std::int64_t deviceUsedBytes(int device);

void synchronize(int device);
// torch.cuda.empty_cache(): gives cached blocks back, so a run's reserved peak is its own.
void releaseCachedMemory();

ValidationDevice describe(int device);

} // namespace torchrig::validate::cuda
