#pragma once

#include "plan/build_cost.h"
#include "util/result.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace torchrig::cli {

// The money and usage flags of the commands that cost a build (build cost, build rent): the
// currency and its dated rates, tax, shipping, hours a day and the electricity price.
struct CostFlags {
    plan::CostOptions options;
    std::vector<std::string> rates; // "USD=7.1", as typed

    void addTo(CLI::App& command);
    // The rates parsed into `options`, or what is wrong with one.
    Status resolve();
};

} // namespace torchrig::cli
