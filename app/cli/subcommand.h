#pragma once
// What every torchrig-cli subcommand shares: the global options (where the catalog and the user's
// parts are) and its CLI11 app, to ask whether the command line chose it.

#include <CLI/CLI.hpp>

#include <string>

namespace torchrig::cli {

struct GlobalOptions {
    std::string catalogPath; // empty: the bundled catalog beside the program
    std::string userDbPath;  // empty: the default user database
    bool noUserDb = false;
    bool readOnly = false;
    std::string labUrl; // a lab's PostgreSQL database; empty: none
};

class Subcommand {
public:
    bool selected() const { return m_command->parsed(); }

protected:
    explicit Subcommand(const GlobalOptions& options)
        : m_options(options) {}
    ~Subcommand() = default;
    Subcommand(const Subcommand&) = delete;
    Subcommand& operator=(const Subcommand&) = delete;

    const GlobalOptions& m_options;
    CLI::App* m_command = nullptr; // set by the subclass's constructor
};

} // namespace torchrig::cli
