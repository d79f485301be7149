#include "build_command.h"

#include "cli_language.h"

#include "build_file_loading.h"

#include "build_cost_output.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "exit_codes.h"
#include "io/build_file.h"
#include "part_snapshot.h"
#include "plan/build_presets.h"
#include "plan/compatibility.h"
#include "plan/price_standing.h"
#include "plan/workload_on_build.h"
#include "util/text_file.h"
#include "util/utf8_text.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <variant>

namespace torchrig::cli {

BuildCommand::BuildCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = parent.add_subcommand("build", "Builds made of catalog parts");
    m_command->require_subcommand(1);
    m_presets =
        m_command->add_subcommand("presets", "The seed articles' scenario builds, with their sources");
    m_presets->add_flag("--json", m_json, "Print JSON");
    m_new = m_command->add_subcommand(
        "new", "Write a build file from a preset, with today's catalog specs and prices");
    m_new->add_option("--preset", m_preset, "Start from a preset (torchrig-cli build presets)");
    m_new
        ->add_option("--part", m_newParts,
                     "Add a catalog part, ID or IDxQUANTITY (gpu/rtx-4090x2, cloud/aws-p4d.24xlarge); repeat")
        ->expected(1, -1);
    m_new->add_option("--nodes", m_nodes, "Identical nodes (each with every part)")
        ->check(CLI::Range(1, 100000));
    m_new->add_option("--title", m_title, "The build's title");
    m_newWorkload.addTo(*m_new, "", true);
    m_new->add_option("-o,--output", m_output, "The build file to write (.torchrig)")->required();
    m_new->add_flag("--force", m_force, "Replace the file if it exists");
    m_show = m_command->add_subcommand("show",
                                       "A build file's parts, and what the local catalog now says otherwise");
    m_show->add_option("file", m_file, "A .torchrig build file")->required();
    m_show->add_flag("--json", m_json, "Print JSON");
    m_check =
        m_command->add_subcommand("check", "Whether a build's parts go together, and what is not checked");
    m_check->add_option("file", m_file, "A .torchrig build file")->required();
    m_check->add_option("--circuit", m_circuit,
                        "The wall circuit as AMPSxVOLTS (default 15x120; 10x220 in China)");
    m_check->add_option("--lang", m_checkLanguage, "The findings' language: en or zh_CN")
        ->check(CLI::IsMember({"en", "zh_CN", "zh-CN", "zh"}));
    m_checkWorkload.addTo(*m_check, "", true);
    m_checkData.addTo(*m_check);
    addBuildStrategyOption(*m_check, m_checkStrategy);
    m_check->add_flag("--json", m_json, "Print JSON");
    m_cost = m_command->add_subcommand("cost", "What a build costs to buy and to run");
    m_cost->add_option("file", m_file, "A .torchrig build file")->required();
    m_costFlags.addTo(*m_cost);
    m_cost->add_flag("--json", m_json, "Print JSON");
    m_compare = m_command->add_subcommand("compare", "Builds side by side: GPUs, cost, power, findings");
    m_compare->add_option("files", m_files, "Two or more .torchrig build files")->required()->expected(2, 16);
    m_compare->add_flag("--json", m_json, "Print JSON");
    m_rent = std::make_unique<BuildRentCommand>(*m_command, options);
    m_advise = std::make_unique<BuildAdviseCommand>(*m_command, options);
}

int BuildCommand::run() {
    if (m_presets->parsed())
        return presets();
    if (m_new->parsed())
        return create();
    if (m_show->parsed())
        return show();
    if (m_check->parsed())
        return check();
    if (m_cost->parsed())
        return cost();
    if (m_compare->parsed())
        return compare();
    if (m_rent->selected())
        return m_rent->run();
    if (m_advise->selected())
        return m_advise->run();
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
                                 {"note", part.note.text()}});
            }
            list.push_back({{"id", preset.id},
                            {"title", preset.title.text()},
                            {"source", preset.source},
                            {"budget_band", preset.budgetBand.text()},
                            {"nodes", preset.nodes},
                            {"parts", parts},
                            {"notes", texts(preset.notes)}});
        }
        std::cout << list.dump(2) << "\n";
    } else {
        for (const auto& preset : plan::buildPresets()) {
            std::cout << fmt::format("{}\n  {}\n  source: {}\n  budget: {}\n", preset.id, preset.title.text(),
                                     preset.source, preset.budgetBand.text());
            if (preset.nodes > 1)
                std::cout << fmt::format("  {} nodes, each with:\n", preset.nodes);
            for (const auto& part : preset.parts) {
                const auto name = nameOf(part.partId);
                missing += name.empty() ? 1 : 0;
                std::cout << fmt::format("  {} x {}{}{}\n", part.quantity, name.empty() ? part.partId : name,
                                         name.empty() ? " (NOT IN THE CATALOG)" : "",
                                         part.note.empty() ? "" : " - " + part.note.text());
            }
            for (const auto& note : preset.notes)
                std::cout << "  note: " << note.text() << "\n";
            std::cout << "\n";
        }
    }
    if (!catalog)
        return fail(kExitNoCatalog, catalog.error().text() + " (the parts are listed by id)");
    if (missing > 0)
        return fail(kExitNotFound, std::to_string(missing) + " preset part(s) are not in the catalog");
    return kExitOk;
}

namespace {

std::string specText(const plan::SpecValue& value) {
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&value))
        return fmt::format("{}", *d);
    if (const auto* s = std::get_if<std::string>(&value))
        return *s;
    return "(none)";
}

// "gpu/rtx-4090x2": the id and a quantity; an id may itself end in x and digits only if no
// part has the longer id, so the whole text is tried first.
struct AddedPart {
    std::string text; // as given: tried as a whole id first
    std::string id;
    int quantity = 1;
};

std::variant<std::vector<AddedPart>, Failure> parseAddedParts(const std::vector<std::string>& texts) {
    std::vector<AddedPart> added;
    for (const auto& text : texts) {
        int quantity = 1;
        std::string id = text;
        const auto x = text.rfind('x');
        if (x != std::string::npos && x + 1 < text.size() &&
            text.find_first_not_of("0123456789", x + 1) == std::string::npos) {
            id = text.substr(0, x);
            // More digits than an int holds are out of range too, not an exception.
            const auto digits = std::string_view(text).substr(x + 1);
            if (std::from_chars(digits.data(), digits.data() + digits.size(), quantity).ec != std::errc())
                quantity = 0;
        }
        if (quantity < 1 || quantity > 1000)
            return Failure{kExitUsage, "--part " + textExcerpt(text) + ": the quantity must be 1 to 1000"};
        added.push_back({text, id, quantity});
    }
    return added;
}

// The parts given on the command line into `build`, and the GPUs a server of it ships with.
std::optional<Failure> addParts(plan::Build& build, const std::vector<AddedPart>& added,
                                const db::Catalog& catalog) {
    for (const auto& p : added) {
        auto part = catalog.find(p.text);
        int quantity = 1;
        if (!part) {
            part = catalog.find(p.id);
            quantity = p.quantity;
        }
        if (!part)
            return Failure{kExitNotFound,
                           "no part has id \"" + p.id + "\"; torchrig-cli catalog search finds ids"};
        auto same = std::find_if(build.parts.begin(), build.parts.end(),
                                 [&](const plan::BuildPart& b) { return b.partId == part->id; });
        if (same != build.parts.end())
            same->quantity += quantity;
        else
            build.parts.push_back({part->id, quantity, "", db::partSnapshot(*part)});
    }
    // A server that ships its GPUs brings them, unless the command named them itself.
    for (std::size_t i = 0, listed = build.parts.size(); i < listed; ++i) {
        const auto& server = build.parts[i].snapshot;
        const auto shipped = catalog.find(server.text("gpu_part_id"));
        const auto count = static_cast<int>(server.number("gpu_count").value_or(0));
        if (server.category != PartCategory::Server || !shipped || count <= 0 ||
            std::any_of(build.parts.begin(), build.parts.end(),
                        [&](const plan::BuildPart& b) { return b.partId == shipped->id; }))
            continue;
        build.parts.push_back({shipped->id, count * build.parts[i].quantity, "ships with the server",
                               db::partSnapshot(*shipped)});
    }
    return std::nullopt;
}

} // namespace

int BuildCommand::create() {
    if (m_preset.empty() && m_newParts.empty())
        return usage("give --preset, --part ID (repeat), or both");
    const plan::BuildPreset* preset = nullptr;
    if (!m_preset.empty()) {
        preset = plan::findBuildPreset(m_preset);
        if (!preset) {
            std::string ids;
            for (const auto& p : plan::buildPresets())
                ids += (ids.empty() ? "" : ", ") + p.id;
            return fail(kExitNotFound, "no preset \"" + m_preset + "\"; the presets are " + ids);
        }
    }
    auto parsed = parseAddedParts(m_newParts);
    if (auto* failure = std::get_if<Failure>(&parsed))
        return fail(*failure);
    const auto& added = std::get<std::vector<AddedPart>>(parsed);
    // Said before the catalog is opened; the write itself decides again, atomically.
    if (std::filesystem::exists(m_output) && !m_force)
        return failWrite(makeError(ErrorCode::Conflict, m_output + " exists already"));
    auto catalog = openCatalogForReading(m_options);
    if (!catalog)
        return fail(kExitNoCatalog, catalog.error().text());
    plan::Build build;
    if (preset) {
        auto made = db::presetBuild(*preset, **catalog);
        if (!made)
            return fail(kExitNotFound, made.error().text());
        build = std::move(*made);
    }
    if (auto failure = addParts(build, added, **catalog))
        return fail(*failure);
    if (m_newWorkload.given()) {
        auto request = m_newWorkload.toWorkload();
        if (!request)
            return fail(request.error());
        // The user's workload in place of the article's the preset brings.
        build.workloads = {{*request, estimate::ParallelStrategy::Ddp, {}}};
    }
    if (m_nodes > 0)
        build.nodes = m_nodes;
    if (!m_title.empty()) {
        if (!isUtf8(m_title))
            return usage("--title is not UTF-8 text (a byte at " + std::to_string(firstNonUtf8Byte(m_title)) +
                         " breaks it); give it in UTF-8");
        if (m_title.size() > kMaxBuildTextBytes)
            return usage(fmt::format("--title is {} bytes; a title holds at most {}", m_title.size(),
                                     kMaxBuildTextBytes));
        build.title = m_title;
    }
    if (build.title.empty())
        build.title = "Untitled build";
    if (auto problem = plan::buildSizeProblem(build))
        return usage("the build is too large: " + *problem);
    // What `build new` writes, `build check` and the app must open: the reader's limits (a title's
    // length and UTF-8, LoRA target names, a model file's nesting) are checked on the text itself.
    std::string text;
    try {
        text = writeBuildFile(build);
    } catch (const nlohmann::json::type_error&) { // a text given on the command line is not UTF-8
        return usage("the build was not written: a text it was given (a title, a LoRA target, a model "
                     "file's names) is not UTF-8; give it in UTF-8");
    }
    if (auto reread = readBuildFile(text, m_output); !reread)
        return usage("the build was not written, as it would not open again: " + reread.error().text());
    if (auto written = writeTextFileAtomically(m_output, text, existingTargetFor(m_force)); !written)
        return failWrite(written.error());
    std::cout << "wrote " << m_output << ": " << build.title << " (" << build.parts.size() << " parts)\n";
    return kExitOk;
}

int BuildCommand::check() {
    auto circuit = parseWallCircuit(m_circuit);
    if (!circuit)
        return usage(circuit.error().text());
    auto build = loadBuildFile(m_file);
    if (!build)
        return fail(build.error());
    // With a workload (the flags', else the file's), its host RAM and storage are checked too.
    auto checked = *build;
    if (m_checkWorkload.given() || !build->workloads.empty()) {
        auto planned = buildWorkload(m_checkWorkload, m_checkStrategy, &m_checkData, *build);
        if (!planned)
            return fail(planned.error());
        checked.workloads = {*planned};
    }
    const auto options = plan::checkOptionsFor(checked, *circuit);
    const auto findings = plan::checkBuild(*build, options);
    // Concrete fixes from the catalog, where it opens (plan/finding_fixes.h).
    std::vector<plan::CatalogChoice> choices;
    if (auto catalog = openCatalogForReading(m_options))
        choices = db::catalogChoices(**catalog);
    const auto translate = messageTranslationFor(m_checkLanguage);
    if (!translate)
        return usage(translate.error().text());
    auto say = [&](const Message& message) {
        return message.text(*translate);
    };
    auto offered = [&](const plan::Finding& f) {
        std::vector<std::string> labels;
        for (const auto& fix : plan::fixesFor(f, *build, choices, options))
            labels.push_back(say(fix.label));
        return labels;
    };
    std::vector<std::string> unchecked;
    for (const auto& item : plan::notChecked())
        unchecked.push_back(say(item));
    if (m_json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& f : findings)
            list.push_back({{"severity", plan::severityId(f.severity)},
                            {"rule", f.rule},
                            {"message", say(f.message)},
                            {"parts", f.parts},
                            {"fix", say(f.fix)},
                            {"catalog_fixes", offered(f)}});
        std::cout << nlohmann::json{{"findings", list}, {"not_checked", unchecked}}.dump(2) << "\n";
    } else {
        if (findings.empty())
            std::cout << say(TORCHRIG_MESSAGE("cli", "no findings")) << "\n";
        for (const auto& f : findings) {
            const auto severity = f.severity == plan::Severity::Problem   ? TORCHRIG_MESSAGE("cli", "problem")
                                  : f.severity == plan::Severity::Warning ? TORCHRIG_MESSAGE("cli", "warning")
                                                                          : TORCHRIG_MESSAGE("cli", "note");
            std::cout << fmt::format("{}: [{}] {}\n  {}: {}\n", say(severity), f.rule, say(f.message),
                                     say(TORCHRIG_MESSAGE("cli", "fix")), f.fix.empty() ? "-" : say(f.fix));
            for (const auto& label : offered(f))
                std::cout << "  " << say(TORCHRIG_MESSAGE("cli", "catalog fix")) << ": " << label << "\n";
        }
        std::cout << say(TORCHRIG_MESSAGE("cli", "not checked")) << ":\n";
        for (const auto& item : unchecked)
            std::cout << "  - " << item << "\n";
    }
    return kExitOk;
}

int BuildCommand::cost() {
    if (auto resolved = m_costFlags.resolve(); !resolved)
        return usage(resolved.error().text());
    auto build = loadBuildFile(m_file);
    if (!build)
        return fail(build.error());
    const auto catalog = openCatalogForReading(m_options);
    auto options = withCatalogRates(m_costFlags.options, catalog ? catalog->get() : nullptr);
    options.today = todayIso();
    const auto c = plan::costBuild(*build, options);
    if (m_json)
        printBuildCostJson(c, options);
    else
        printBuildCostText(c, options);
    return kExitOk;
}

int BuildCommand::compare() {
    struct Column {
        std::string file;
        plan::Build build;
        plan::BuildCost cost;
        std::vector<plan::Finding> findings;
    };
    std::vector<Column> columns;
    for (const auto& file : m_files) {
        auto build = loadBuildFile(file);
        if (!build)
            return fail(build.error());
        auto cost = plan::costBuild(*build, {});
        auto findings = plan::checkBuild(*build);
        columns.push_back({file, std::move(*build), std::move(cost), std::move(findings)});
    }
    auto gpusOf = [](const plan::Build& b) {
        std::string gpus;
        for (const auto& part : b.parts)
            if (part.snapshot.category == PartCategory::Gpu)
                gpus += (gpus.empty() ? "" : ", ") +
                        fmt::format("{} x {}", part.quantity * b.nodes, part.snapshot.name);
        return gpus.empty() ? std::string("none") : gpus;
    };
    auto countOf = [](const std::vector<plan::Finding>& findings, plan::Severity s) {
        return std::count_if(findings.begin(), findings.end(),
                             [&](const plan::Finding& f) { return f.severity == s; });
    };
    auto priced = [](const plan::BuildCost& c) {
        std::string out;
        for (const auto& [currency, amount] : c.totalsByCurrency)
            out += (out.empty() ? "" : " + ") + fmt::format("{:.0f} {}", amount, currency);
        for (const auto& [currency, amount] : c.hourlyByCurrency)
            out += (out.empty() ? "" : " + ") + fmt::format("{:.2f} {}/h", amount, currency);
        if (!c.missing.empty())
            out += fmt::format(" ({} unpriced)", c.missing.size());
        return out.empty() ? std::string("no prices") : out;
    };
    if (m_json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& c : columns)
            list.push_back({{"file", c.file},
                            {"title", c.build.title},
                            {"nodes", c.build.nodes},
                            {"gpus", gpusOf(c.build)},
                            {"totals_by_currency", c.cost.totalsByCurrency},
                            {"unpriced_parts", c.cost.missing.size()},
                            {"hourly_by_currency", c.cost.hourlyByCurrency},
                            {"load_watts", c.cost.loadWatts},
                            {"problems", countOf(c.findings, plan::Severity::Problem)},
                            {"warnings", countOf(c.findings, plan::Severity::Warning)}});
        std::cout << list.dump(2) << "\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> table;
    std::vector<std::string> header = {""};
    for (const auto& c : columns)
        header.push_back(shorten(c.build.title.empty() ? c.file : c.build.title, 40));
    table.push_back(header);
    auto row = [&](const std::string& label, auto&& cell) {
        std::vector<std::string> r = {label};
        for (const auto& c : columns)
            r.push_back(cell(c));
        table.push_back(r);
    };
    row("nodes", [](const Column& c) { return std::to_string(c.build.nodes); });
    row("GPUs", [&](const Column& c) { return shorten(gpusOf(c.build), 40); });
    row("parts", [&](const Column& c) { return priced(c.cost); });
    row("power at load", [](const Column& c) { return fmt::format("{:.0f} W", c.cost.loadWatts); });
    row("problems / warnings", [&](const Column& c) {
        return fmt::format("{} / {}", countOf(c.findings, plan::Severity::Problem),
                           countOf(c.findings, plan::Severity::Warning));
    });
    std::cout << formatTable(table);
    return kExitOk;
}

int BuildCommand::show() {
    auto build = loadBuildFile(m_file);
    if (!build)
        return fail(build.error());
    // The file's figures stand; the local catalog's different ones are said beside them.
    auto catalog = openCatalogForReading(m_options);
    nlohmann::json parts = nlohmann::json::array();
    std::vector<std::string> lines;
    for (const auto& part : build->parts) {
        nlohmann::json differences = nlohmann::json::array();
        std::optional<db::PartRecord> local;
        if (catalog)
            local = (*catalog)->find(part.partId);
        if (catalog && !local) {
            differences.push_back(
                {{"field", nullptr}, {"file", nullptr}, {"catalog", "not in this catalog"}});
        } else if (local) {
            const auto now = db::partSnapshot(*local);
            for (const auto& [column, value] : part.snapshot.fields) {
                auto found = now.fields.find(column);
                const auto current = found == now.fields.end() ? plan::SpecValue{} : found->second;
                if (current != value)
                    differences.push_back(
                        {{"field", column}, {"file", specText(value)}, {"catalog", specText(current)}});
            }
            if (part.snapshot.price && now.price &&
                (part.snapshot.price->amount != now.price->amount ||
                 part.snapshot.price->currency != now.price->currency))
                differences.push_back(
                    {{"field", "price"},
                     {"file", fmt::format("{} {} ({})", part.snapshot.price->amount,
                                          part.snapshot.price->currency, part.snapshot.price->date)},
                     {"catalog",
                      fmt::format("{} {} ({})", now.price->amount, now.price->currency, now.price->date)}});
        }
        nlohmann::json price = nullptr;
        if (part.snapshot.price)
            price = {{"amount", part.snapshot.price->amount},
                     {"currency", part.snapshot.price->currency},
                     {"date", part.snapshot.price->date},
                     {"source", part.snapshot.price->source}};
        parts.push_back({{"id", part.partId},
                         {"name", part.snapshot.name},
                         {"quantity", part.quantity},
                         {"price", price},
                         {"catalog_differs", differences}});
        lines.push_back(fmt::format(
            "  {} x {} ({}){}", part.quantity, part.snapshot.name, part.partId,
            part.snapshot.price ? fmt::format(", {} {} as of {}", part.snapshot.price->amount,
                                              part.snapshot.price->currency, part.snapshot.price->date)
                                : std::string(", no price")));
        for (const auto& d : differences)
            lines.push_back(d["field"].is_null()
                                ? "    the local catalog does not have this part"
                                : fmt::format("    the local catalog now says {} = {} (the file used {})",
                                              d["field"].get<std::string>(), d["catalog"].get<std::string>(),
                                              d["file"].get<std::string>()));
    }
    if (m_json) {
        std::cout << nlohmann::json{{"title", build->title},   {"preset", build->presetId},
                                    {"source", build->source}, {"nodes", build->nodes},
                                    {"parts", parts},          {"workloads", build->workloads.size()},
                                    {"notes", build->notes}}
                         .dump(2)
                  << "\n";
    } else {
        std::cout << build->title << "\n";
        if (!build->source.empty())
            std::cout << "source: " << build->source << "\n";
        if (build->nodes > 1)
            std::cout << build->nodes << " nodes, each with:\n";
        for (const auto& line : lines)
            std::cout << line << "\n";
        if (!build->notes.empty())
            std::cout << "notes: " << build->notes << "\n";
    }
    if (!catalog)
        std::cerr << "torchrig-cli: " << catalog.error().text()
                  << " (the file's figures are shown unchecked)\n";
    return kExitOk;
}

} // namespace torchrig::cli
