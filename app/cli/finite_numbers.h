#pragma once
// Every number option of torchrig-cli refuses NaN and infinity: CLI11 reads "nan" and "inf" as
// doubles, and a range check lets NaN through (NaN is neither below nor above a bound).

#include <CLI/CLI.hpp>

namespace torchrig::cli {

// Adds the check to every floating-point option of `app` and of its subcommands, recursively.
void refuseNonFiniteNumbers(CLI::App& app);

} // namespace torchrig::cli
