#pragma once
// A model of PyTorch's CUDA caching allocator (c10/cuda/CUDACachingAllocator.cpp, default
// settings), replaying a sequence of allocations and frees to find the reserved peak: what
// torch.cuda.max_memory_reserved() reports. Requests round up to 512 bytes; up to 1 MiB they come
// from 2 MiB segments (the small pool), up to 10 MiB from 20 MiB segments, larger ones from segments
// of their own size rounded up to 2 MiB (the large pool). Freed blocks are cached, merged with free
// neighbours, and reused best-fit, split when what is left is worth keeping.

#include <cstdint>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>
#include <vector>

namespace torchrig::estimate {

class CachingAllocatorModel {
public:
    void allocate(int id, std::int64_t bytes);
    void free(int id);
    std::int64_t reservedBytes() const { return m_reserved; }
    std::int64_t reservedPeakBytes() const { return m_reservedPeak; }

private:
    struct Block {
        std::int64_t size = 0;
        bool free = true;
    };
    struct Segment {
        std::map<std::int64_t, Block> blocks; // by offset
        bool small = false;
    };
    using FreeKey = std::tuple<std::int64_t, int, std::int64_t>; // size, segment, offset

    void insertFree(int segment, std::int64_t offset, std::int64_t size);

    std::vector<Segment> m_segments;
    std::set<FreeKey> m_freeSmall, m_freeLarge;
    std::unordered_map<int, std::pair<int, std::int64_t>> m_placed; // id -> segment, offset
    std::int64_t m_reserved = 0;
    std::int64_t m_reservedPeak = 0;
};

} // namespace torchrig::estimate
