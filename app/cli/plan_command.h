#pragma once
#include "cli_errors.h"
#include "cost_flags.h"
#include "dataset_flags.h"
#include "plan/plan_scenarios.h"
#include "plan/planner.h"
#include "subcommand.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace torchrig::cli {

// `torchrig-cli plan`: the three best complete builds of the catalog for one or more workloads,
// a budget and constraints (plan/planner.h), or one of the seed articles' scenarios
// (plan/plan_scenarios.h); --save writes each proposal as a build file. Scripts depend on the
// JSON names (README).
class PlanCommand : public Subcommand {
public:
    PlanCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    // The workloads of the flags, the scenario and --workloads, each checked to build.
    std::optional<Failure> addWorkloads(plan::PlanRequest& request) const;
    // The currency and rates, budget, mode, ranking, circuit, chassis and counts from the flags.
    // The catalog's reference rates convert the currencies no --rate is given for.
    std::optional<Failure> setMoneyAndLimits(plan::PlanRequest& request, const plan::PlanScenario* scenario,
                                             const std::vector<plan::ReferenceRate>& referenceRates);
    // --save: each proposal's file, all or none (the paths; none without --save).
    std::variant<std::vector<std::string>, Failure> saveProposals(const plan::PlanResult& result) const;

    std::string m_scenario;
    WorkloadOptions m_workload;
    std::string m_strategy;
    bool m_largestBatch = false;
    DatasetFlags m_data;
    std::string m_workloadsFile;
    double m_budget = 0;
    CostFlags m_costFlags;
    double m_lifetimeMonths = 36;
    std::string m_mode = "own";
    std::string m_ranking;
    std::string m_circuit;
    std::string m_chassis;
    int m_maxGpus = 0;
    int m_nodes = 0;
    int m_proposals = 3;
    std::vector<std::string> m_forbiddenLevers;
    bool m_noRamRule = false;
    std::string m_market;
    std::string m_saveFolder;
    bool m_force = false; // --save replaces plan-N.torchrig files already there
    std::string m_language = "en";
    bool m_json = false;
};

} // namespace torchrig::cli
