// The glibc malloc model's rules, on sequences small enough to follow by hand (malloc/malloc.c).

#include "estimate/glibc_heap_model.h"

#include <catch2/catch.hpp>

using torchrig::estimate::GlibcHeapModel;

namespace {
constexpr std::int64_t MiB = 1 << 20;
constexpr std::int64_t page = GlibcHeapModel::kPageBytes;
} // namespace

TEST_CASE("A mapped block freed raises the mmap threshold, and the heap then serves its size",
          "[core][estimate][heap]") {
    GlibcHeapModel heap;
    // Past the default 128 KiB threshold: a mapping of its own, header included, whole pages.
    CHECK(heap.allocate(1, MiB) == MiB + page);
    heap.free(1);
    CHECK(heap.mmapThresholdBytes() == MiB + page);
    // The same request now comes from the heap: fresh pages the first time only.
    CHECK(heap.allocate(2, MiB) == MiB + page);
    heap.free(2);
    CHECK(heap.allocate(3, MiB) == 0);
    heap.free(3);
    // The top (the heap's size) is below twice the threshold: nothing was given back.
    CHECK(heap.heapBytes() > MiB);
}

TEST_CASE("A top past the trim threshold goes back to the kernel and faults in again",
          "[core][estimate][heap]") {
    GlibcHeapModel heap;
    heap.allocate(1, MiB);
    heap.free(1); // threshold 1 MiB + a page, trim threshold twice that
    std::int64_t fresh = 0;
    for (int id = 10; id < 14; ++id)
        fresh += heap.allocate(id, MiB);
    CHECK(fresh >= 4 * MiB);
    for (int id = 10; id < 14; ++id)
        heap.free(id);
    // Trimmed to the top pad: the next step's tensors fault in again.
    CHECK(heap.heapBytes() <= GlibcHeapModel::kTopPadBytes + page);
    fresh = 0;
    for (int id = 20; id < 24; ++id)
        fresh += heap.allocate(id, MiB);
    CHECK(fresh >= 4 * MiB - GlibcHeapModel::kTopPadBytes - page);
}

TEST_CASE("A hole below the top is reused best-fit without faults, and keeps the heap from trimming",
          "[core][estimate][heap]") {
    GlibcHeapModel heap;
    heap.allocate(1, MiB);
    heap.free(1);
    heap.allocate(2, 512 << 10); // under the threshold: the heap
    heap.allocate(3, 2 * MiB);   // past it with no room: mapped
    heap.allocate(8, 64);        // small tensors between the large ones
    heap.allocate(4, 600 << 10);
    heap.allocate(5, 64);
    heap.free(4); // a hole of 600 KiB below the top
    heap.free(2); // and one of 512 KiB apart from it
    CHECK(heap.heapBytes() > (1100 << 10));
    CHECK(heap.allocate(6, 500 << 10) == 0); // into the 512 KiB hole
    CHECK(heap.allocate(7, 590 << 10) == 0); // into the 600 KiB one
    heap.free(3);
    CHECK(heap.mmapThresholdBytes() == 2 * MiB + page);
}

TEST_CASE("Past 32 MiB every allocation the heap cannot hold is a fresh mapping", "[core][estimate][heap]") {
    GlibcHeapModel heap;
    for (int id = 1; id <= 3; ++id) {
        CHECK(heap.allocate(id, 64 * MiB) == 64 * MiB + page);
        heap.free(id);
    }
    CHECK(heap.mmapThresholdBytes() == GlibcHeapModel::kDefaultMmapThresholdBytes);
}
