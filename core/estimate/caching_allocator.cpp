#include "estimate/caching_allocator.h"

#include <algorithm>
#include <iterator>

namespace torchrig::estimate {

namespace {
constexpr std::int64_t kMinBlock = 512;
constexpr std::int64_t kSmallSize = 1 << 20;   // small pool: requests up to 1 MiB
constexpr std::int64_t kSmallBuffer = 2 << 20; // its segments
constexpr std::int64_t kMinLargeAlloc = 10 << 20;
constexpr std::int64_t kLargeBuffer = 20 << 20; // segments for 1-10 MiB requests
constexpr std::int64_t kRoundLarge = 2 << 20;

std::int64_t roundSize(std::int64_t bytes) {
    return bytes < kMinBlock ? kMinBlock : (bytes + kMinBlock - 1) / kMinBlock * kMinBlock;
}
std::int64_t segmentSize(std::int64_t size) {
    if (size <= kSmallSize)
        return kSmallBuffer;
    if (size < kMinLargeAlloc)
        return kLargeBuffer;
    return (size + kRoundLarge - 1) / kRoundLarge * kRoundLarge;
}
} // namespace

void CachingAllocatorModel::insertFree(int segment, std::int64_t offset, std::int64_t size) {
    auto& pool = m_segments[static_cast<std::size_t>(segment)].small ? m_freeSmall : m_freeLarge;
    pool.insert({size, segment, offset});
}

void CachingAllocatorModel::allocate(int id, std::int64_t bytes) {
    const auto size = roundSize(bytes);
    const bool small = size <= kSmallSize;
    auto& pool = small ? m_freeSmall : m_freeLarge;
    auto found = pool.lower_bound({size, -1, -1}); // best fit: the smallest free block that is large enough
    int segment = 0;
    std::int64_t offset = 0, blockSize = 0;
    if (found == pool.end()) {
        blockSize = segmentSize(size);
        m_segments.push_back({});
        m_segments.back().small = small;
        m_segments.back().blocks[0] = {blockSize, true};
        segment = static_cast<int>(m_segments.size() - 1);
        m_reserved += blockSize;
        m_reservedPeak = std::max(m_reservedPeak, m_reserved);
    } else {
        std::tie(blockSize, segment, offset) = *found;
        pool.erase(found);
    }
    auto& blocks = m_segments[static_cast<std::size_t>(segment)].blocks;
    const auto remaining = blockSize - size;
    // The allocator splits a small block when at least 512 bytes remain, a large one when more
    // than 1 MiB does.
    const bool split = small ? remaining >= kMinBlock : remaining > kSmallSize;
    if (split) {
        blocks[offset] = {size, false};
        blocks[offset + size] = {remaining, true};
        insertFree(segment, offset + size, remaining);
    } else {
        blocks[offset] = {blockSize, false};
    }
    m_placed[id] = {segment, offset};
}

void CachingAllocatorModel::free(int id) {
    auto placed = m_placed.find(id);
    if (placed == m_placed.end())
        return;
    auto [segment, offset] = placed->second;
    m_placed.erase(placed);
    auto& seg = m_segments[static_cast<std::size_t>(segment)];
    auto& pool = seg.small ? m_freeSmall : m_freeLarge;
    auto it = seg.blocks.find(offset);
    it->second.free = true;
    // Merge with free neighbours within the segment.
    auto next = std::next(it);
    if (next != seg.blocks.end() && next->second.free) {
        pool.erase({next->second.size, segment, next->first});
        it->second.size += next->second.size;
        seg.blocks.erase(next);
    }
    if (it != seg.blocks.begin()) {
        auto previous = std::prev(it);
        if (previous->second.free) {
            pool.erase({previous->second.size, segment, previous->first});
            previous->second.size += it->second.size;
            seg.blocks.erase(it);
            it = previous;
        }
    }
    insertFree(segment, it->first, it->second.size);
}

} // namespace torchrig::estimate
