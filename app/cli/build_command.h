#pragma once

#include "catalog_command.h"

#include <CLI/CLI.hpp>

namespace torchrig::cli {

// `torchrig-cli build …`: builds made of catalog parts. So far `build presets [--json]`: the seed
// articles' scenario builds, each with its source. Scripts depend on its JSON names (README).
class BuildCommand {
public:
    BuildCommand(CLI::App& parent, const GlobalOptions& options);
    bool selected() const { return m_command->parsed(); }
    int run();

private:
    int presets();

    CLI::App* m_command = nullptr;
    CLI::App* m_presets = nullptr;
    const GlobalOptions& m_options;
    bool m_json = false;
};

} // namespace torchrig::cli
