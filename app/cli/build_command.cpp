#include "build_command.h"

#include "catalog_devices.h"
#include "cli_output.h"
#include "exit_codes.h"
#include "plan/build_presets.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

BuildCommand::BuildCommand(CLI::App& parent, const GlobalOptions& options)
    : m_options(options) {
    m_command = parent.add_subcommand("build", "Builds made of catalog parts");
    m_command->require_subcommand(1);
    m_presets =
        m_command->add_subcommand("presets", "The seed articles' scenario builds, with their sources");
    m_presets->add_flag("--json", m_json, "Print JSON");
}

int BuildCommand::run() {
    if (m_presets->parsed())
        return presets();
    return kExitUsage;
}

int BuildCommand::presets() {
    // Each part named as the catalog names it; a preset part the catalog lacks is a fault of the
    // catalog or the preset, said rather than hidden.
    auto catalog = openCatalogForReading(m_options);
    auto nameOf = [&](const std::string& id) -> std::string {
        if (!catalog)
            return {};
        auto part = (*catalog)->find(id);
        return part ? part->name : std::string();
    };
    int missing = 0;
    if (m_json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& preset : plan::buildPresets()) {
            nlohmann::json parts = nlohmann::json::array();
            for (const auto& part : preset.parts) {
                const auto name = nameOf(part.partId);
                missing += name.empty() ? 1 : 0;
                parts.push_back({{"id", part.partId},
                                 {"name", name.empty() ? nlohmann::json(nullptr) : nlohmann::json(name)},
                                 {"quantity", part.quantity},
                                 {"note", part.note}});
            }
            list.push_back({{"id", preset.id},
                            {"title", preset.title},
                            {"source", preset.source},
                            {"budget_band", preset.budgetBand},
                            {"nodes", preset.nodes},
                            {"parts", parts},
                            {"notes", preset.notes}});
        }
        std::cout << list.dump(2) << "\n";
    } else {
        for (const auto& preset : plan::buildPresets()) {
            std::cout << fmt::format("{}\n  {}\n  source: {}\n  budget: {}\n", preset.id, preset.title,
                                     preset.source, preset.budgetBand);
            if (preset.nodes > 1)
                std::cout << fmt::format("  {} nodes, each with:\n", preset.nodes);
            for (const auto& part : preset.parts) {
                const auto name = nameOf(part.partId);
                missing += name.empty() ? 1 : 0;
                std::cout << fmt::format("  {} x {}{}{}\n", part.quantity, name.empty() ? part.partId : name,
                                         name.empty() ? " (NOT IN THE CATALOG)" : "",
                                         part.note.empty() ? "" : " - " + part.note);
            }
            for (const auto& note : preset.notes)
                std::cout << "  note: " << note << "\n";
            std::cout << "\n";
        }
    }
    if (!catalog) {
        std::cerr << "torchrig-cli: " << catalog.error().message << " (the parts are listed by id)\n";
        return kExitNoCatalog;
    }
    if (missing > 0) {
        std::cerr << "torchrig-cli: " << missing << " preset part(s) are not in the catalog\n";
        return kExitNotFound;
    }
    return kExitOk;
}

} // namespace torchrig::cli
