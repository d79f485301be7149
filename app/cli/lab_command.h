#pragma once

#include "subcommand.h"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace torchrig::db {
class Catalog;
}

namespace torchrig::cli {

// `torchrig-cli lab`: a lab's shared database on PostgreSQL. `init URL` sets it up (or upgrades it)
// and makes its first admins; `member ROLE` lets a login role in; `status` says which database is in
// use and whether it answers; `push` sends the runs recorded while it did not; `runs` lists the
// validation history (the lab's, or without --lab the user database's); `build` shares build files
// with their purchasing records, each save checked against the version it was based on.
class LabCommand : public Subcommand {
public:
    LabCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    void addInit();
    void addMember();
    void addStatus();
    void addPush();
    void addRuns();
    void addBuilds(); // lab_build_command.cpp
    int withCatalog(bool writable, const std::function<int(db::Catalog&)>& action) const;

    std::function<int()> m_action;
    std::string m_url;
    std::vector<std::string> m_admins;
    std::string m_role;
    bool m_admin = false;
    bool m_json = false;
    std::string m_file;
    std::string m_name;
    std::int64_t m_basedOn = 0; // 0: a new build
    bool m_force = false;
};

} // namespace torchrig::cli
