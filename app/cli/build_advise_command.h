#pragma once

#include "cost_flags.h"
#include "dataset_flags.h"
#include "subcommand.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

#include <string>

namespace torchrig::cli {

// `torchrig-cli build advise FILE [workload flags] [dataset flags] [--json]`: the seed articles'
// advice that applies to this build and workload (plan/advisor.h), each with its source, the
// article's claim, the correction where the article is wrong, and the change it offers with the
// estimator's figures for it. Scripts depend on the JSON names (README).
class BuildAdviseCommand : public Subcommand {
public:
    BuildAdviseCommand(CLI::App& build, const GlobalOptions& options);
    int run();

private:
    std::string m_file;
    WorkloadOptions m_workload;
    DatasetFlags m_data;
    std::string m_strategy; // "": the build file's
    CostFlags m_costFlags;
    double m_lifetimeMonths = 36;
    std::string m_language = "en";
    bool m_json = false;
};

} // namespace torchrig::cli
