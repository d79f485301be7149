#pragma once

#include "cost_flags.h"
#include "plan/rent_vs_buy.h"
#include "subcommand.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

#include <string>

namespace torchrig::cli {

// `torchrig-cli build rent FILE [workload flags] [--json]`: the build bought against the same work
// rented from each cloud instance of the catalog (plan/rent_vs_buy.h). The workload is the flags'
// one, else the file's first. Scripts depend on the JSON names (README).
class BuildRentCommand : public Subcommand {
public:
    BuildRentCommand(CLI::App& build, const GlobalOptions& options);
    int run();

private:
    std::string m_file;
    WorkloadOptions m_workload;
    std::string m_strategy; // "": the build file's
    CostFlags m_costFlags;
    plan::UsagePlan m_usage;
    bool m_json = false;
};

} // namespace torchrig::cli
