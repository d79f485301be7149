#include "tracking_cpu_allocator.h"

#include <c10/core/CPUAllocator.h>
#include <c10/util/Exception.h>
#include <torch/version.h>

#include <algorithm>
#include <atomic>
#include <string>

namespace torchrig::validate {

namespace {

// Each block carries its size in a header in front of the data, so freeing needs no lookup. The
// header keeps the data at the 64-byte alignment the underlying allocator gives.
constexpr std::size_t kHeader = 64;

std::atomic<std::int64_t> g_live{0};
std::atomic<std::int64_t> g_peak{0};
std::atomic<std::int64_t> g_limit{0};
std::atomic<std::int64_t> g_refused{0};
c10::Allocator* g_underlying = nullptr;

void deleteTracked(void* data) {
    if (!data)
        return;
    auto* base = static_cast<char*>(data) - kHeader;
    std::int64_t size = 0;
    std::copy_n(base, sizeof size, reinterpret_cast<char*>(&size));
    g_live.fetch_sub(size, std::memory_order_relaxed);
    g_underlying->raw_deallocate(base);
}

// PyTorch 2.3 made allocate() non-const and copying part of the allocator interface.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
#define TORCHRIG_ALLOCATE_CONST
#else
#define TORCHRIG_ALLOCATE_CONST const
#endif

class Allocator final : public c10::Allocator {
public:
    c10::DataPtr allocate(std::size_t n) TORCHRIG_ALLOCATE_CONST override {
        auto size = static_cast<std::int64_t>(n);
        auto limit = g_limit.load(std::memory_order_relaxed);
        auto live = g_live.fetch_add(size, std::memory_order_relaxed) + size;
        if (limit > 0 && live > limit) {
            g_live.fetch_sub(size, std::memory_order_relaxed);
            g_refused.store(size, std::memory_order_relaxed);
            TORCH_CHECK(false, "DefaultCPUAllocator: can't allocate memory: you tried to allocate ", n,
                        " bytes (torchrig-validate memory limit ", limit, " bytes)");
        }
        auto peak = g_peak.load(std::memory_order_relaxed);
        while (live > peak && !g_peak.compare_exchange_weak(peak, live, std::memory_order_relaxed)) {
        }
        auto* base = static_cast<char*>(g_underlying->raw_allocate(n + kHeader));
        std::copy_n(reinterpret_cast<const char*>(&size), sizeof size, base);
        void* data = base + kHeader;
        // oneDNN requires context == data and a raw deleter (LIBTORCH-NOTES.md).
        return {data, data, &deleteTracked, c10::Device(c10::DeviceType::CPU)};
    }
    c10::DeleterFnPtr raw_deleter() const override { return &deleteTracked; }
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 3)
    void copy_data(void* dest, const void* src, std::size_t count) const override {
        default_copy_data(dest, src, count);
    }
#endif
};

} // namespace

void TrackingCpuAllocator::install() {
    static Allocator allocator;
    if (g_underlying)
        return;
    g_underlying = c10::GetCPUAllocator();
    c10::SetCPUAllocator(&allocator, 100);
}

std::int64_t TrackingCpuAllocator::liveBytes() {
    return g_live.load();
}
std::int64_t TrackingCpuAllocator::peakBytes() {
    return g_peak.load();
}
void TrackingCpuAllocator::resetPeak() {
    g_peak.store(g_live.load());
}
void TrackingCpuAllocator::setLimit(std::int64_t bytes) {
    g_limit.store(bytes);
}
std::int64_t TrackingCpuAllocator::limit() {
    return g_limit.load();
}
std::int64_t TrackingCpuAllocator::refusedRequest() {
    return g_refused.load();
}
void TrackingCpuAllocator::forgetRefusal() {
    g_refused.store(0);
}

} // namespace torchrig::validate
