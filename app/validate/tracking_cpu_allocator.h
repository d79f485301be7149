#pragma once

#include <cstddef>
#include <cstdint>

namespace torchrig::validate {

// Counts every byte LibTorch's CPU allocator hands out (tensors and oneDNN scratch alike) and can
// refuse allocations past a limit, so that "does not fit" on the CPU is a result, not the kernel's
// OOM killer. Installed once, before any tensor exists, and never removed (LIBTORCH-NOTES.md).
class TrackingCpuAllocator {
public:
    static void install();
    static std::int64_t liveBytes();
    static std::int64_t peakBytes();
    static void resetPeak(); // peak := live
    // 0: no limit. Past it an allocation throws c10::Error, as the default allocator does when the
    // system refuses memory.
    static void setLimit(std::int64_t bytes);
    static std::int64_t limit();
    // Bytes the refused allocation asked for, and the live bytes at that moment (0 when none was).
    static std::int64_t refusedRequest();
    // A run starts without an earlier run's refusal: an allocation the system refuses later is
    // not this limit's.
    static void forgetRefusal();
};

} // namespace torchrig::validate
