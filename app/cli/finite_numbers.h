#pragma once
// Every number option of torchrig-cli takes a sane number only. CLI11 reads "nan" and "inf" as
// doubles, a range check lets NaN through (NaN is neither below nor above a bound), and a flag
// checked only for being positive took 1e308 or 1e-300 and printed a 300-digit answer as if it
// were one. So each floating-point option refuses what is not finite, what is larger in magnitude
// than kMaxMagnitude or smaller than kMinMagnitude (but not 0), and each integer option what its
// type cannot hold; a flag whose physical range is known checks that range too (the ranges below).

#include <CLI/CLI.hpp>

#include <string>

namespace torchrig::cli {

// The default bounds of every floating-point flag: more than any money, count or rate a planner
// is given, and less than any fraction of one that means something.
inline constexpr double kMaxMagnitude = 1e15;
inline constexpr double kMinMagnitude = 1e-6;

// The ranges of the number flags whose physical range is known; the check names the unit.
inline constexpr double kMaxMoney = 1e12; // as a build file's amounts (core/io/build_file.cpp)
inline constexpr double kMaxEpochs = 1e6;
inline constexpr double kMaxTokens = 1e15;            // Llama 3 trained on 1.5e13
inline constexpr double kMaxRunSamples = 1e15;        // samples one run processes
inline constexpr double kMaxGigabytesPerSecond = 1e5; // NVLink 5 is 900 GB/s each way
inline constexpr double kMaxMegabytesPerSecond = 1e8; // 100 TB/s: far past any storage
inline constexpr double kMaxSamplesPerSecond = 1e9;   // one loader worker's decode rate
inline constexpr double kMaxNodeWatts = 1e6;          // one node at the wall
// Units of one currency for one of another: one VND is 4e-5 USD, one USD 2.6e4 VND.
inline constexpr double kMinExchangeRate = 1e-6;
inline constexpr double kMaxExchangeRate = 1e6;

// `lowest` to `highest` inclusive, refused as "VALUE is out of range: give LOW to HIGH UNIT" (CLI11
// puts the flag's name before it).
CLI::Validator numberIn(double lowest, double highest, const std::string& unit);

// A sum of money in the flag's currency: 0 to kMaxMoney (`positive`: more than 0).
CLI::Validator moneyAmount(bool positive = false);

// Adds the default checks to every number option of `app` and of its subcommands, recursively.
void refuseNonFiniteNumbers(CLI::App& app);

} // namespace torchrig::cli
