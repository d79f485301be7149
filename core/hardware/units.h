#pragma once
// Units the planner computes in. Memory is counted in bytes, rates in units per second, so that
// catalog figures (GB/s, TFLOPS, GiB) are converted once, where they are read.

#include <cstdint>

namespace torchrig::units {

inline constexpr std::int64_t kKiB = 1024;
inline constexpr std::int64_t kMiB = 1024 * kKiB;
inline constexpr std::int64_t kGiB = 1024 * kMiB;
inline constexpr double kGB = 1e9;    // decimal, as bandwidths and disk sizes are quoted
inline constexpr double kTera = 1e12; // TFLOPS -> FLOP/s

} // namespace torchrig::units
