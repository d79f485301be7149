#pragma once

#include "plan/build_cost.h"
#include "util/result.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace torchrig::db {
class Catalog;
}

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

// The options with the catalog's dated reference rates for the currencies no --rate was given for
// (unchanged without a catalog: then only the user's rates convert).
plan::CostOptions withCatalogRates(const plan::CostOptions& options, const db::Catalog* catalog);

} // namespace torchrig::cli
