// `torchrig-cli lab build list|save|get`: the lab's shared builds, purchasing records and quotes with
// them. A save names the version it was based on; one based on an older version than the lab's is
// refused with who saved the newer one and when, and the member's file is left as it is.

#include "build_file_loading.h"
#include "catalog.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "exit_codes.h"
#include "lab_command.h"
#include "shared_store.h"
#include "util/text_file.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

namespace {

nlohmann::json buildSummary(const db::SharedBuild& build) {
    return {{"name", build.name},
            {"version", build.version},
            {"saved_by", build.savedBy},
            {"saved_at", build.savedAt}};
}

} // namespace

void LabCommand::addBuilds() {
    auto* builds = m_command->add_subcommand("build", "The lab's shared builds: list, save, get");
    builds->require_subcommand(1);
    // Each needs the lab connected: a build is not kept offline (its file is the member's copy).
    auto withLab = [this](const std::function<int(db::SharedStore&)>& action) {
        if (m_options.labUrl.empty())
            return usage("give the lab database with --lab URL (or TORCHRIG_LAB)");
        return withCatalog(false, [&](db::Catalog& catalog) {
            if (!catalog.lab())
                return fail(makeError(ErrorCode::Io, catalog.labStatus().message));
            return action(*catalog.lab());
        });
    };

    auto* list = builds->add_subcommand("list", "The lab's builds, with their versions and who saved them");
    list->add_flag("--json", m_json, "Print JSON");
    list->callback([this, withLab] {
        m_action = [this, withLab] {
            return withLab([this](db::SharedStore& lab) {
                auto all = lab.builds();
                if (!all)
                    return fail(all.error());
                auto out = nlohmann::json::array();
                for (const auto& build : *all)
                    out.push_back(buildSummary(build));
                if (m_json)
                    std::cout << out.dump(2) << "\n";
                for (const auto& build : *all)
                    if (!m_json)
                        std::cout << fmt::format("{}  version {}, saved by {} at {}\n", build.name,
                                                 build.version, build.savedBy, build.savedAt);
                return kExitOk;
            });
        };
    });

    auto* save = builds->add_subcommand(
        "save", "Save a build file to the lab (a new build, or over the version you got)");
    save->add_option("file", m_file, "The .torchrig file")->required()->check(CLI::ExistingFile);
    save->add_option("--name", m_name, "Its name in the lab (default: the build's title)");
    save->add_option("--based-on", m_basedOn, "The lab's version you changed (lab build get prints it)")
        ->check(CLI::PositiveNumber);
    save->callback([this, withLab] {
        m_action = [this, withLab] {
            auto build = loadBuildFile(m_file); // a file TorchRig can open, or nothing is saved
            if (!build)
                return fail(build.error());
            auto text = readTextFile(m_file);
            if (!text)
                return fail(text.error());
            const auto name = m_name.empty() ? build->title : m_name;
            return withLab([&](db::SharedStore& lab) {
                auto saved = lab.saveBuild(
                    name, *text, m_basedOn > 0 ? std::optional<std::int64_t>(m_basedOn) : std::nullopt);
                if (!saved)
                    return fail(saved.error());
                std::cout << fmt::format("saved \"{}\" as version {} in the lab\n", saved->name,
                                         saved->version);
                return kExitOk;
            });
        };
    });

    auto* get = builds->add_subcommand("get", "Write one of the lab's builds to a file, and say its version");
    get->add_option("name", m_name, "Its name in the lab")->required();
    get->add_option("-o,--output", m_file, "The .torchrig file to write")->required();
    get->add_flag("--force", m_force, "Replace the file if it exists");
    get->callback([this, withLab] {
        m_action = [this, withLab] {
            return withLab([this](db::SharedStore& lab) {
                auto build = lab.loadBuild(m_name);
                if (!build)
                    return fail(build.error());
                if (!build->has_value())
                    return fail(makeError(
                        ErrorCode::NotFound,
                        fmt::format("the lab has no build \"{}\": lab build list names them", m_name)));
                if (auto written =
                        writeTextFileAtomically(m_file, (*build)->document, existingTargetFor(m_force));
                    !written)
                    return failWrite(written.error());
                std::cout << fmt::format("wrote {}: \"{}\" version {}, saved by {} at {} (save it back with "
                                         "--based-on {})\n",
                                         m_file, (*build)->name, (*build)->version, (*build)->savedBy,
                                         (*build)->savedAt, (*build)->version);
                return kExitOk;
            });
        };
    });
}

} // namespace torchrig::cli
