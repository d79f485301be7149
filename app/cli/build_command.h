#pragma once

#include "build_advise_command.h"
#include "build_rent_command.h"
#include "cost_flags.h"
#include "dataset_flags.h"
#include "subcommand.h"
#include "workload_options.h"

#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace torchrig::cli {

// `torchrig-cli build …`: builds made of catalog parts. `build presets [--json]`: the seed
// articles' scenario builds, each with its source; `build new --preset ID -o FILE`: a build file
// from one, with the catalog's specs and prices as of now; `build show FILE [--json]`: a build
// file's parts, and where the local catalog now differs from what the file used; `build check FILE
// [--json]`: the compatibility findings and what is not checked; `build cost FILE [--json]`: the
// parts' prices, totals, and the power and energy; `build compare A B … [--json]`: builds side by
// side. Scripts depend on
// the JSON names (README).
class BuildCommand : public Subcommand {
public:
    BuildCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    int presets();
    int create();
    int show();
    int check();
    int cost();
    int compare();

    CLI::App* m_presets = nullptr;
    CLI::App* m_new = nullptr;
    CLI::App* m_show = nullptr;
    CLI::App* m_check = nullptr;
    CLI::App* m_cost = nullptr;
    CLI::App* m_compare = nullptr;
    std::unique_ptr<BuildRentCommand> m_rent;
    std::unique_ptr<BuildAdviseCommand> m_advise;
    std::vector<std::string> m_files;
    CostFlags m_costFlags;
    WorkloadOptions m_checkWorkload;
    WorkloadOptions m_newWorkload;
    DatasetFlags m_checkData;
    std::string m_checkStrategy; // "": the build file's
    std::string m_circuit = "15x120";
    std::string m_checkLanguage = "en";
    bool m_json = false;
    std::string m_preset;
    std::vector<std::string> m_newParts;
    int m_nodes = 0;
    std::string m_title;
    std::string m_output;
    bool m_force = false;
    std::string m_file;
};

} // namespace torchrig::cli
