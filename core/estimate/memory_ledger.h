#pragma once
// The live bytes of a simulated training step: storages with reference counts (tensors share
// storage through views and autograd's saved variables), their categories, the peak and what was
// live at it, and on CUDA the caching allocator's replay. Used by the step simulation only.

#include "estimate/caching_allocator.h"
#include "estimate/glibc_heap_model.h"
#include "estimate/memory_estimate.h"

#include <algorithm>
#include <array>
#include <vector>

namespace torchrig::estimate {

inline constexpr int kNoStorage = -1;

// Live storages with reference counts, as tensors share storage through views and autograd's saved
// variables. Bytes are what the allocator hands out: exact on the CPU, rounded up to 512 on CUDA.
// On CUDA the caching allocator's replay gives the reserved peak; on the CPU glibc's malloc's
// replay gives the fresh pages each phase of the recorded step faults in.
class MemoryLedger {
public:
    explicit MemoryLedger(bool cuda)
        : m_cuda(cuda) {}

    int alloc(std::int64_t bytes, MemoryCategory category) {
        if (m_cuda)
            bytes = std::max<std::int64_t>(512, (bytes + 511) / 512 * 512);
        m_storages.push_back({bytes, category, 1});
        if (m_cuda) {
            m_allocator.allocate(static_cast<int>(m_storages.size() - 1), bytes);
        } else {
            const auto fresh = m_heap.allocate(static_cast<int>(m_storages.size() - 1), bytes);
            if (m_recording)
                m_freshBytes[static_cast<std::size_t>(m_phase)] += fresh;
        }
        m_byCategory[static_cast<std::size_t>(category)] += bytes;
        m_live += bytes;
        if (m_live > m_peak) {
            m_peak = m_live;
            m_peakBreakdown = m_byCategory;
            m_peakAt = {m_live, m_op, m_phase};
        }
        record();
        return static_cast<int>(m_storages.size() - 1);
    }
    void retain(int id) {
        if (id != kNoStorage)
            ++m_storages[static_cast<std::size_t>(id)].refs;
    }
    void release(int id) {
        if (id == kNoStorage)
            return;
        auto& s = m_storages[static_cast<std::size_t>(id)];
        if (--s.refs == 0) {
            if (m_cuda)
                m_allocator.free(id);
            else
                m_heap.free(id);
            m_live -= s.bytes;
            m_byCategory[static_cast<std::size_t>(s.category)] -= s.bytes;
            record();
        }
    }
    int refs(int id) const { return m_storages[static_cast<std::size_t>(id)].refs; }
    std::int64_t bytes(int id) const { return m_storages[static_cast<std::size_t>(id)].bytes; }
    void transient(std::int64_t bytes, MemoryCategory category) {
        if (bytes > 0)
            release(alloc(bytes, category));
    }
    void resetPeak() {
        m_peak = m_live;
        m_peakBreakdown = m_byCategory;
        m_peakAt = {m_live, m_op, m_phase};
    }
    void at(TimelinePoint::Phase phase, int op) {
        m_phase = phase;
        m_op = op;
    }
    void recordTimeline(bool on) { m_recording = on; }

    std::int64_t peak() const { return m_peak; }
    std::int64_t live() const { return m_live; }
    std::int64_t reservedPeak() const { return m_allocator.reservedPeakBytes(); }
    const std::array<std::int64_t, kMemoryCategoryCount>& peakBreakdown() const { return m_peakBreakdown; }
    TimelinePoint peakAt() const { return m_peakAt; }
    std::vector<TimelinePoint> takeTimeline() { return std::move(m_timeline); }
    // CPU: the fresh pages the recorded part faulted in, by phase (the start's go to the forward).
    PhaseBytes freshPageBytes() const {
        using Phase = TimelinePoint::Phase;
        auto of = [this](Phase phase) {
            return m_freshBytes[static_cast<std::size_t>(phase)];
        };
        return {of(Phase::Start) + of(Phase::Forward), of(Phase::Backward), of(Phase::Optimizer)};
    }

private:
    void record() {
        if (m_recording)
            m_timeline.push_back({m_live, m_op, m_phase});
    }
    struct Storage {
        std::int64_t bytes;
        MemoryCategory category;
        int refs;
    };
    bool m_cuda;
    CachingAllocatorModel m_allocator;
    GlibcHeapModel m_heap;
    std::array<std::int64_t, 4> m_freshBytes{}; // by TimelinePoint::Phase
    std::vector<Storage> m_storages;
    std::array<std::int64_t, kMemoryCategoryCount> m_byCategory{};
    std::array<std::int64_t, kMemoryCategoryCount> m_peakBreakdown{};
    std::int64_t m_live = 0;
    std::int64_t m_peak = 0;
    TimelinePoint m_peakAt;
    int m_op = -1;
    TimelinePoint::Phase m_phase = TimelinePoint::Phase::Start;
    bool m_recording = false;
    std::vector<TimelinePoint> m_timeline;
};

} // namespace torchrig::estimate
