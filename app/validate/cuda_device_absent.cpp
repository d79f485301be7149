// A CPU-only LibTorch (Debian's): runTraining refuses cuda:N before any of these is called, so
// each one only guards against a future caller that forgets to ask built() first.

#include "cuda_device.h"

#include <stdexcept>

namespace torchrig::validate::cuda {

namespace {
[[noreturn]] void notBuilt() {
    throw std::logic_error("torchrig-validate was built without CUDA; ask cuda::built() first");
}
} // namespace

bool built() {
    return false;
}
void recordMemoryBeforeContext() {}
std::optional<std::int64_t> createContext(int) {
    notBuilt();
}
void resetPeaks(int) {
    notBuilt();
}
AllocatorPeaks peaks(int) {
    notBuilt();
}
std::int64_t deviceUsedBytes(int) {
    notBuilt();
}
void synchronize(int) {
    notBuilt();
}
void releaseCachedMemory() {
    notBuilt();
}
ValidationDevice describe(int) {
    notBuilt();
}

} // namespace torchrig::validate::cuda
