#pragma once

#include "subcommand.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

namespace torchrig::cli {

// `torchrig-cli fit`: every catalog GPU against one workload: whether it fits, the largest batch
// that does, and the estimated throughput there; the ones that fit first, the most samples per
// second per dollar of launch price first.
class FitCommand : public Subcommand {
public:
    FitCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    WorkloadOptions m_workload;
    double m_budget = 0;
    bool m_json = false;
};

} // namespace torchrig::cli
