#pragma once

#include "catalog_command.h"
#include "cost_flags.h"
#include "plan/rent_vs_buy.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

#include <string>

namespace torchrig::cli {

// `torchrig-cli build rent FILE [workload flags] [--json]`: the build bought against the same work
// rented from each cloud instance of the catalog (plan/rent_vs_buy.h). The workload is the flags'
// one, else the file's first. Scripts depend on the JSON names (README).
class BuildRentCommand {
public:
    BuildRentCommand(CLI::App& build, const GlobalOptions& options);
    bool selected() const { return m_command->parsed(); }
    int run();

private:
    CLI::App* m_command = nullptr;
    const GlobalOptions& m_options;
    std::string m_file;
    WorkloadOptions m_workload;
    std::string m_strategy; // "": the build file's
    CostFlags m_costFlags;
    plan::UsagePlan m_usage;
    bool m_json = false;
};

} // namespace torchrig::cli
