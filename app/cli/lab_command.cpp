#include "lab_command.h"

#include "catalog.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "exit_codes.h"
#include "postgres_lab_schema.h"
#include "shared_store.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

namespace {

std::string_view labStateId(db::LabState state) {
    switch (state) {
    case db::LabState::None: return "none";
    case db::LabState::Connected: return "connected";
    case db::LabState::Offline: return "offline";
    }
    return "none";
}

} // namespace

LabCommand::LabCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command =
        parent.add_subcommand("lab", "A lab's shared database on PostgreSQL: set up, members, status, push");
    m_command->require_subcommand(1);
    addInit();
    addMember();
    addStatus();
    addPush();
    addRuns();
    addBuilds();
}

int LabCommand::run() {
    return m_action();
}

int LabCommand::withCatalog(bool writable, const std::function<int(db::Catalog&)>& action) const {
    auto open = catalogOpenOptions(m_options);
    if (!writable)
        open.userReadOnly = true;
    auto catalog = db::Catalog::open(open);
    if (!catalog)
        return fail(catalog.error());
    return action(**catalog);
}

void LabCommand::addInit() {
    auto* command = m_command->add_subcommand(
        "init",
        "Set up the lab's schema and roles in a PostgreSQL database (or upgrade them), run by its owner");
    command->add_option("url", m_url, "The database: postgresql://OWNER@HOST/DATABASE")->required();
    command->add_option("--admin", m_admins, "A login role to make the lab's admin (repeat for more)");
    command->callback([this] {
        m_action = [this] {
            auto before = db::migrateLab(m_url);
            if (!before)
                return fail(before.error());
            for (const auto& admin : m_admins)
                if (auto granted = db::grantLabMembership(m_url, admin, true); !granted)
                    return fail(granted.error());
            auto key = db::labKey(m_url);
            std::cout << fmt::format(
                "{}: lab schema version {}{}\n", key ? *key : m_url, db::latestLabSchemaVersion(),
                *before == 0                              ? " (set up)"
                : *before == db::latestLabSchemaVersion() ? " (already)"
                                                          : fmt::format(" (upgraded from {})", *before));
            for (const auto& admin : m_admins)
                std::cout << fmt::format("{} is an admin of the lab\n", admin);
            return kExitOk;
        };
    });
}

void LabCommand::addMember() {
    auto* command = m_command->add_subcommand(
        "member",
        "Let a login role of the lab's server in as a member (or, with --admin, an admin); run by an admin");
    command->add_option("role", m_role, "The role (createuser --pwprompt ROLE makes one)")->required();
    command->add_flag("--admin", m_admin, "An admin: changes parts and prices, and lets members in");
    command->callback([this] {
        m_action = [this] {
            if (m_options.labUrl.empty())
                return usage("give the lab database with --lab URL (or TORCHRIG_LAB)");
            if (auto granted = db::grantLabMembership(m_options.labUrl, m_role, m_admin); !granted)
                return fail(granted.error());
            std::cout << fmt::format("{} is {} of the lab\n", m_role, m_admin ? "an admin" : "a member");
            return kExitOk;
        };
    });
}

void LabCommand::addStatus() {
    auto* command =
        m_command->add_subcommand("status", "Which database is in use, whether it answers, what waits");
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this] {
            return withCatalog(false, [this](db::Catalog& catalog) {
                const auto& lab = catalog.labStatus();
                nlohmann::json status = {{"state", labStateId(lab.state)},
                                         {"lab", lab.lab},
                                         {"member", lab.member},
                                         {"pending_runs", catalog.pendingLabRuns()},
                                         {"user_database", catalog.userStatus().path.string()}};
                if (!lab.message.empty())
                    status["message"] = lab.message;
                if (auto* store = catalog.lab()) {
                    auto runs = store->validationRuns();
                    auto prices = store->prices();
                    auto builds = store->builds();
                    status["runs"] = runs ? runs->size() : 0;
                    status["prices"] = prices ? prices->size() : 0;
                    status["builds"] = builds ? builds->size() : 0;
                    status["calibrations"] = catalog.calibrations().size();
                }
                if (m_json) {
                    std::cout << status.dump(2) << "\n";
                    return kExitOk;
                }
                if (lab.state == db::LabState::None) {
                    std::cout << "no lab database: what is shared stays in "
                              << catalog.userStatus().path.string()
                              << " (give --lab URL or set TORCHRIG_LAB)\n";
                    return kExitOk;
                }
                std::cout << fmt::format("lab database: {} ({})\n", lab.lab, labStateId(lab.state));
                if (lab.state == db::LabState::Connected)
                    std::cout << fmt::format(
                        "you are: {}\nruns {}, calibrations {}, prices and quotes {}, builds {}\n",
                        lab.member, status["runs"].get<std::size_t>(),
                        status["calibrations"].get<std::size_t>(), status["prices"].get<std::size_t>(),
                        status["builds"].get<std::size_t>());
                else
                    std::cout << lab.message << "\n";
                std::cout << fmt::format("runs waiting to be pushed: {}\n", catalog.pendingLabRuns());
                return kExitOk;
            });
        };
    });
}

void LabCommand::addPush() {
    auto* command =
        m_command->add_subcommand("push", "Send the validation runs recorded while the lab did not answer");
    command->callback([this] {
        m_action = [this] {
            if (m_options.labUrl.empty())
                return usage("give the lab database with --lab URL (or TORCHRIG_LAB)");
            return withCatalog(true, [](db::Catalog& catalog) {
                const int pushedOnOpening = catalog.labStatus().pushedRuns;
                auto pushed = catalog.pushPendingLabRuns();
                if (!pushed)
                    return fail(pushed.error());
                std::cout << fmt::format("pushed {} run(s) to {}; {} wait\n", pushedOnOpening + *pushed,
                                         catalog.labStatus().lab, catalog.pendingLabRuns());
                return kExitOk;
            });
        };
    });
}

void LabCommand::addRuns() {
    auto* command = m_command->add_subcommand(
        "runs", "The validation history, newest first: the lab's with --lab, else your parts database's");
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this] {
            return withCatalog(false, [this](db::Catalog& catalog) {
                if (catalog.labStatus().state == db::LabState::Offline)
                    std::cerr << "torchrig-cli: warning: " << catalog.labStatus().message << "\n";
                const auto runs = catalog.validationRuns();
                if (m_json) {
                    auto list = nlohmann::json::array();
                    for (const auto& run : runs)
                        list.push_back({{"id", run.id},
                                        {"measured_at", run.measuredAt},
                                        {"recorded_by", run.recordedBy},
                                        {"machine", run.machine},
                                        {"device", run.deviceName},
                                        {"device_kind", run.deviceKind},
                                        {"libtorch", run.libtorchVersion},
                                        {"model", run.model},
                                        {"uid", run.uid},
                                        {"result", nlohmann::json::parse(run.resultJson, nullptr, false)}});
                    std::cout << list.dump(2) << "\n";
                    return kExitOk;
                }
                for (const auto& run : runs)
                    std::cout << fmt::format("{}  {:<12} {:<16} {} ({})  {}\n", run.measuredAt,
                                             run.recordedBy, run.machine, run.deviceName, run.deviceKind,
                                             run.model);
                if (runs.empty())
                    std::cout << "no validation runs recorded\n";
                return kExitOk;
            });
        };
    });
}

} // namespace torchrig::cli
