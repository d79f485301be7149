#pragma once
// A model of glibc's malloc (main arena, 64-bit Linux, default tunables) replaying a CPU training
// step's allocations and frees to count the fresh pages they fault in: what a step pays on top of
// its kernels when malloc hands memory back to the kernel and takes it again.
//
// What it follows of glibc (malloc/malloc.c, 2.36): requests at or past the mmap threshold get
// their own mapping when no free chunk or the top of the heap can serve them; freeing such a
// mapping raises the threshold to its size (at most 32 MiB) and the trim threshold to twice that;
// freed heap chunks merge with free neighbours and with the top; when the top grows past the trim
// threshold the heap is cut back to the top pad (128 KiB). Free chunks are reused best-fit. What it
// leaves out: tcache and fastbins (small chunks), other threads' arenas, memalign's slack.

#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>
#include <utility>

namespace torchrig::estimate {

class GlibcHeapModel {
public:
    // Both return the bytes of pages faulted in by the allocation (0 for a free).
    std::int64_t allocate(int id, std::int64_t bytes);
    void free(int id);

    std::int64_t mmapThresholdBytes() const { return m_mmapThreshold; }
    std::int64_t heapBytes() const { return m_brk; } // the main arena's size (its break)

    static constexpr std::int64_t kPageBytes = 4096;
    static constexpr std::int64_t kDefaultMmapThresholdBytes = 128 << 10;
    static constexpr std::int64_t kMaxMmapThresholdBytes = 32LL << 20; // DEFAULT_MMAP_THRESHOLD_MAX
    static constexpr std::int64_t kTopPadBytes = 128 << 10;
    // A free of at least this much checks whether the top is worth trimming
    // (FASTBIN_CONSOLIDATION_THRESHOLD).
    static constexpr std::int64_t kConsolidationBytes = 64 << 10;

private:
    struct Chunk {
        std::int64_t size = 0;
        bool free = false;
    };
    std::int64_t takeFromTop(std::int64_t size); // the chunk's address
    void insertFree(std::int64_t address, std::int64_t size);
    void eraseFree(std::int64_t address, std::int64_t size);

    std::map<std::int64_t, Chunk> m_chunks;                 // below the top, by address
    std::set<std::pair<std::int64_t, std::int64_t>> m_free; // size, address
    std::unordered_map<int, std::int64_t> m_placed;         // id -> address (heap)
    std::unordered_map<int, std::int64_t> m_mapped;         // id -> mapping size
    std::int64_t m_top = 0;                                 // where the top chunk starts
    std::int64_t m_brk = 0;                                 // where the heap ends
    std::int64_t m_touchedEnd = 0;                          // pages below this (and below m_brk) are resident
    std::int64_t m_mmapThreshold = kDefaultMmapThresholdBytes;
    std::int64_t m_trimThreshold = kDefaultMmapThresholdBytes;
    std::int64_t m_pendingFresh = 0;
};

} // namespace torchrig::estimate
