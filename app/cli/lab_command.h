#pragma once

#include "subcommand.h"

#include <CLI/CLI.hpp>

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
// validation history (the lab's, or without --lab the user database's).
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
    int withCatalog(bool writable, const std::function<int(db::Catalog&)>& action) const;

    std::function<int()> m_action;
    std::string m_url;
    std::vector<std::string> m_admins;
    std::string m_role;
    bool m_admin = false;
    bool m_json = false;
};

} // namespace torchrig::cli
