#include "estimate/glibc_heap_model.h"

#include <algorithm>

namespace torchrig::estimate {

namespace {

constexpr std::int64_t kChunkHeaderBytes = 8; // SIZE_SZ: a chunk's size field
constexpr std::int64_t kAlignment = 16;
constexpr std::int64_t kMinChunkBytes = 32;

std::int64_t roundUp(std::int64_t value, std::int64_t multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

} // namespace

std::int64_t GlibcHeapModel::allocate(int id, std::int64_t bytes) {
    const auto size = std::max(kMinChunkBytes, roundUp(bytes + kChunkHeaderBytes, kAlignment));
    // The smallest free chunk that holds it, split when the rest is a chunk of its own.
    auto fit = m_free.lower_bound({size, 0});
    if (fit != m_free.end()) {
        const auto [freeSize, address] = *fit;
        eraseFree(address, freeSize);
        m_chunks[address] = {size, false};
        if (freeSize - size >= kMinChunkBytes) {
            m_chunks[address + size] = {freeSize - size, true};
            insertFree(address + size, freeSize - size);
        } else {
            m_chunks[address].size = freeSize;
        }
        m_placed[id] = address;
        return 0;
    }
    if (m_brk - m_top < size + kMinChunkBytes && size >= m_mmapThreshold) {
        // sysmalloc: a mapping of its own, every page of it fresh.
        const auto mapped = roundUp(bytes + 2 * kChunkHeaderBytes, kPageBytes);
        m_mapped[id] = mapped;
        return mapped;
    }
    m_placed[id] = takeFromTop(size);
    const auto fresh = m_pendingFresh;
    m_pendingFresh = 0;
    return fresh;
}

std::int64_t GlibcHeapModel::takeFromTop(std::int64_t size) {
    if (m_brk - m_top < size + kMinChunkBytes) // sbrk: what is missing, the top pad, whole pages
        m_brk = roundUp(m_top + size + kMinChunkBytes + kTopPadBytes, kPageBytes);
    const auto address = m_top;
    m_top += size;
    m_chunks[address] = {size, false};
    // Written pages past what is resident fault in (a tensor is written whole).
    const auto end = roundUp(m_top, kPageBytes);
    if (end > m_touchedEnd) {
        m_pendingFresh += end - std::max(m_touchedEnd, address / kPageBytes * kPageBytes);
        m_touchedEnd = end;
    }
    return address;
}

void GlibcHeapModel::free(int id) {
    if (auto mapped = m_mapped.find(id); mapped != m_mapped.end()) {
        // munmap, and the dynamic threshold: a mapping this size is worth keeping in the heap.
        if (mapped->second > m_mmapThreshold && mapped->second <= kMaxMmapThresholdBytes) {
            m_mmapThreshold = mapped->second;
            m_trimThreshold = 2 * mapped->second;
        }
        m_mapped.erase(mapped);
        return;
    }
    auto placed = m_placed.find(id);
    if (placed == m_placed.end())
        return;
    auto address = placed->second;
    m_placed.erase(placed);
    auto chunk = m_chunks.find(address);
    auto size = chunk->second.size;
    const auto freedSize = size;
    // Merge with the free chunk after it, then with the free chunk before it.
    if (auto next = std::next(chunk); next != m_chunks.end() && next->second.free) {
        eraseFree(next->first, next->second.size);
        size += next->second.size;
        m_chunks.erase(next);
    }
    if (chunk != m_chunks.begin()) {
        auto previous = std::prev(chunk);
        if (previous->second.free && previous->first + previous->second.size == address) {
            eraseFree(previous->first, previous->second.size);
            size += previous->second.size;
            m_chunks.erase(chunk);
            address = previous->first;
            chunk = previous;
        }
    }
    if (address + size == m_top) { // into the top
        m_chunks.erase(chunk);
        m_top = address;
    } else {
        chunk->second = {size, true};
        insertFree(address, size);
    }
    // systrim: give back whole pages of the top past the pad; they fault in again when reused.
    if (std::max(size, freedSize) >= kConsolidationBytes && m_brk - m_top >= m_trimThreshold) {
        const auto extra = (m_brk - m_top - kMinChunkBytes - 1 - kTopPadBytes) / kPageBytes * kPageBytes;
        if (extra > 0) {
            m_brk -= extra;
            m_touchedEnd = std::min(m_touchedEnd, m_brk);
        }
    }
}

void GlibcHeapModel::insertFree(std::int64_t address, std::int64_t size) {
    m_free.insert({size, address});
}

void GlibcHeapModel::eraseFree(std::int64_t address, std::int64_t size) {
    m_free.erase({size, address});
}

} // namespace torchrig::estimate
