#include "catalog_command.h"

#include "catalog.h"
#include "catalog_devices.h"
#include "category_schema.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "exit_codes.h"
#include "field_value.h"
#include "part_files.h"
#include "part_store.h"
#include "paths.h"
#include "util/text_file.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

namespace torchrig::cli {

namespace fs = std::filesystem;

namespace {

// What an import changed to the catalog's conventions, a line each under its summary.
std::string conversionLines(const std::vector<std::string>& conversions) {
    std::string lines;
    for (const auto& conversion : conversions)
        lines += "  " + conversion + "\n";
    return lines;
}

// Checks a --category value while the command line is read, so a wrong one is a usage error.
const CLI::Validator& categoryValidator() {
    static const CLI::Validator validator(
        [](const std::string& text) -> std::string {
            if (categoryFromString(text))
                return {};
            std::string known;
            for (auto c : kAllPartCategories)
                known += (known.empty() ? "" : ", ") + std::string(categoryId(c));
            return fmt::format("\"{}\" is not a category; use one of {}", text, known);
        },
        "CATEGORY");
    return validator;
}

Status applySettings(db::PartRecord& part, const std::vector<std::string>& settings) {
    for (const auto& setting : settings) {
        auto equals = setting.find('=');
        if (equals == std::string::npos)
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("--set \"{}\": write FIELD=VALUE, e.g. vram_gb=24", setting));
        auto column = setting.substr(0, equals);
        const auto* field = db::findField(part.category, column);
        if (!field) {
            std::string known;
            for (const auto& f : db::categorySchema(part.category).fields)
                known += (known.empty() ? "" : ", ") + std::string(f.column);
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("--set: \"{}\" is not a {} field; fields: {}", column,
                                         categoryId(part.category), known));
        }
        auto value = db::parseFieldValue(*field, setting.substr(equals + 1));
        if (!value)
            return value.error();
        part.fields[column] = *value;
    }
    return Ok{};
}

} // namespace

CatalogCommand::CatalogCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = parent.add_subcommand("catalog", "Browse and change the hardware catalog");
    m_command->require_subcommand(1);
    addList();
    addSearch();
    addShow();
    addImport();
    addExport();
    addAddAndEdit();
    addRemove();
    addPrice();
    addUpdate();
}

std::optional<PartCategory> CatalogCommand::selectedCategory() const {
    return m_category.empty() ? std::nullopt : categoryFromString(m_category);
}

int CatalogCommand::run() {
    auto catalog = db::Catalog::open(catalogOpenOptions(m_options));
    if (!catalog)
        return fail(kExitNoCatalog, catalog.error().text());
    const auto& status = (*catalog)->userStatus();
    if (status.state == db::UserDatabaseState::Unavailable || status.state == db::UserDatabaseState::ReadOnly)
        std::cerr << "torchrig-cli: warning: " << status.message << "\n";
    if (!(*catalog)->packNotice().empty())
        std::cerr << "torchrig-cli: warning: " << (*catalog)->packNotice() << "\n";
    if ((*catalog)->labStatus().state == db::LabState::Offline)
        std::cerr << "torchrig-cli: warning: " << (*catalog)->labStatus().message << "\n";
    return m_action(**catalog);
}

void CatalogCommand::addList() {
    auto* command = m_command->add_subcommand("list", "List parts, one category or all");
    command
        ->add_option(
            "-c,--category", m_category,
            "gpu, cpu, memory, storage, motherboard, psu, chassis, interconnect, cloud, cooler, server")
        ->check(categoryValidator());
    command->add_flag("--json", m_json, "Print JSON");
    command->add_flag("--sources", m_sources, "Add each part's source and confidence");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            auto category = selectedCategory();
            auto parts = catalog.list(category);
            if (m_json) {
                nlohmann::json list = nlohmann::json::array();
                for (const auto& part : parts)
                    list.push_back(db::partToJson(part));
                // Every text was checked as UTF-8 where it came in (imports, packs); a row older than
                // those checks is printed with U+FFFD in its broken bytes, never a failed listing.
                std::cout << nlohmann::json{{"count", parts.size()},
                                            {"parts", list},
                                            {"user_database", userDatabaseJson(catalog.userStatus())}}
                                 .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                          << "\n";
                return kExitOk;
            }
            std::vector<std::vector<std::string>> rows = {{"ID", "NAME", "FIGURES", "AS OF"}};
            if (m_sources)
                rows[0].insert(rows[0].end(), {"CONFIDENCE", "SOURCE"});
            for (const auto& part : parts) {
                rows.push_back({part.id, part.name, partSummary(part), part.provenance.asOf});
                if (m_sources)
                    rows.back().insert(
                        rows.back().end(),
                        {std::string(confidenceId(part.provenance.confidence)), part.provenance.source});
            }
            std::cout << formatTable(rows) << fmt::format("{} parts\n", parts.size());
            return kExitOk;
        };
    });
}

void CatalogCommand::addSearch() {
    auto* command = m_command->add_subcommand(
        "search", "Find parts by name as people type it (\"rtx4090\", \"a100 80\")");
    command->add_option("query", m_query, "What to look for")->required();
    command->add_option("-c,--category", m_category, "Only this category")->check(categoryValidator());
    command->add_option("-n,--limit", m_limit, "At most this many results")->check(CLI::Range(1, 1000));
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            auto category = selectedCategory();
            auto hits = catalog.search(m_query, category, m_limit);
            if (m_json) {
                nlohmann::json list = nlohmann::json::array();
                for (const auto& hit : hits)
                    list.push_back({{"score", hit.score}, {"part", db::partToJson(hit.part)}});
                std::cout << nlohmann::json{{"query", m_query}, {"hits", list}}.dump(2) << "\n";
            } else if (hits.empty()) {
                std::cout << fmt::format("No part matches \"{}\".\n", m_query);
            } else {
                std::vector<std::vector<std::string>> rows = {{"ID", "NAME", "CATEGORY", "FIGURES"}};
                for (const auto& hit : hits)
                    rows.push_back({hit.part.id, hit.part.name, std::string(categoryId(hit.part.category)),
                                    partSummary(hit.part)});
                std::cout << formatTable(rows);
            }
            return hits.empty() ? kExitNotFound : kExitOk;
        };
    });
}

void CatalogCommand::addShow() {
    auto* command = m_command->add_subcommand("show", "Show one part with every figure's source and date");
    command->add_option("id", m_id, "The part's id, e.g. gpu/rtx-4090")->required();
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            auto part = catalog.find(m_id);
            if (!part) {
                auto hits = catalog.search(m_id, std::nullopt, 1);
                return fail(makeError(ErrorCode::NotFound,
                                      hits.empty()
                                          ? fmt::format("no part has id \"{}\"", m_id)
                                          : fmt::format("no part has id \"{}\"; did you mean {} ({})?", m_id,
                                                        hits.front().part.id, hits.front().part.name)));
            }
            if (m_json)
                std::cout << db::partToJson(*part).dump(2) << "\n";
            else
                std::cout << formatPartDetails(*part);
            return kExitOk;
        };
    });
}

void CatalogCommand::addImport() {
    auto* command =
        m_command->add_subcommand("import", "Add or replace parts from a CSV or JSON file (all or nothing)");
    command->add_option("file", m_file, "The file")->required();
    command
        ->add_option("-c,--category", m_category,
                     "The category of a CSV file (default: its name, e.g. gpu.csv)")
        ->check(categoryValidator());
    command->add_option("--format", m_format, "csv or json (default: from the file name)")
        ->check(CLI::IsMember({"csv", "json"}));
    command->add_flag("--json", m_json, "Print the report as JSON");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            auto format = m_format.empty() ? fs::path(m_file).extension().string() : "." + m_format;
            auto text = readTextFile(m_file);
            if (!text)
                return fail(text.error());
            Result<std::vector<db::PartRecord>> parts = std::vector<db::PartRecord>{};
            auto label = fs::path(m_file).filename().string();
            if (format == ".csv") {
                auto category = m_category.empty() ? categoryFromString(fs::path(m_file).stem().string())
                                                   : selectedCategory();
                if (!category)
                    return usage(fmt::format(
                        "say which category {} holds with --category (its name does not tell)", label));
                parts = db::readPartsCsv(*text, *category, label);
            } else if (format == ".json") {
                parts = db::readPartsJson(*text, label);
            } else {
                return usage(fmt::format("{}: say --format csv or --format json", label));
            }
            if (!parts)
                return fail(parts.error());
            if (auto only = selectedCategory()) {
                for (const auto& part : *parts) {
                    if (part.category != *only)
                        return fail(makeError(
                            ErrorCode::InvalidInput,
                            fmt::format("{}: {} is a {} part, not {} as --category says; nothing was "
                                        "imported",
                                        label, part.id, categoryId(part.category), categoryId(*only))));
                }
            }
            auto report = catalog.importParts(*parts);
            if (!report)
                return fail(report.error());
            if (m_json)
                std::cout << nlohmann::json{{"added", report->added},
                                            {"replaced", report->replaced},
                                            {"unchanged", report->unchanged},
                                            {"prices", report->prices},
                                            {"conversions", report->conversions}}
                                 .dump(2)
                          << "\n";
            else
                std::cout << fmt::format("Imported {}: {} added, {} replaced, {} unchanged, {} prices.\n{}",
                                         label, report->added, report->replaced, report->unchanged,
                                         report->prices, conversionLines(report->conversions));
            return kExitOk;
        };
    });
}

void CatalogCommand::addExport() {
    auto* command = m_command->add_subcommand("export", "Write parts to CSV (one category) or JSON");
    command->add_option("-c,--category", m_category, "The category (required for CSV)")
        ->check(categoryValidator());
    command->add_option("--format", m_format, "csv or json")
        ->check(CLI::IsMember({"csv", "json"}))
        ->required();
    command->add_option("-o,--output", m_output, "The file to write (default: standard output)");
    command->add_flag("--force", m_force, "Replace the output file if it exists");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            auto category = selectedCategory();
            if (m_format == "csv" && !category)
                return usage("CSV holds one category: add --category");
            auto parts = catalog.list(category);
            auto text = m_format == "csv" ? db::writePartsCsv(parts, *category) : db::writePartsJson(parts);
            if (m_output.empty()) {
                std::cout << text;
                return kExitOk;
            }
            if (auto status = writeTextFileAtomically(m_output, text, existingTargetFor(m_force)); !status)
                return failWrite(status.error());
            std::cerr << fmt::format("Wrote {} parts to {}.\n", parts.size(), m_output);
            return kExitOk;
        };
    });
}

void CatalogCommand::addAddAndEdit() {
    auto addCommonOptions = [this](CLI::App* command) {
        command->add_option("--name", m_name, "The part's name");
        command->add_option("--vendor", m_vendor, "Its maker or provider");
        command->add_option("--alias", m_aliases, "Another name people use (repeat for more)");
        command->add_option("--set", m_sets, "FIELD=VALUE, e.g. --set vram_gb=24 (repeat for more)");
        command->add_option("--source", m_source, "Where the figures come from");
        command->add_option("--as-of", m_asOf, "When they were checked: YYYY-MM-DD (default: today)");
        command->add_option("--confidence", m_confidence, "high, medium or low")
            ->check(CLI::IsMember({"high", "medium", "low"}));
        command->add_option("--notes", m_notes, "Notes");
        command->add_flag("--json", m_json, "Print the part as JSON");
    };
    auto printPart = [this](const db::PartRecord& part, const char* verb) {
        if (m_json)
            std::cout << db::partToJson(part).dump(2) << "\n";
        else
            std::cout << fmt::format("{} {} ({}).\n", verb, part.id, part.name);
    };

    auto* add = m_command->add_subcommand("add", "Add your own part");
    add->add_option("-c,--category", m_category, "Its category")->required()->check(categoryValidator());
    add->add_option("--id", m_id, "Its id (default: made from the name, e.g. gpu/my-card)");
    addCommonOptions(add);
    add->callback([this, printPart] {
        m_action = [this, printPart](db::Catalog& catalog) {
            auto category = selectedCategory();
            if (m_name.empty())
                return usage("a part needs --name");
            if (m_source.empty())
                return usage(
                    "say where the figures come from with --source (a datasheet, a shop page, \"measured\")");
            db::PartRecord part;
            part.category = *category;
            part.name = m_name;
            part.id = m_id.empty() ? db::makePartId(*category, m_name) : m_id;
            part.vendor = m_vendor;
            part.aliases = m_aliases;
            part.notes = m_notes;
            part.provenance = {m_source, m_asOf.empty() ? todayIso() : m_asOf,
                               confidenceFromString(m_confidence).value_or(Confidence::Medium)};
            if (auto status = applySettings(part, m_sets); !status)
                return fail(status.error());
            if (auto status = catalog.add(part); !status)
                return fail(status.error());
            printPart(*catalog.find(part.id), "Added");
            return kExitOk;
        };
    });

    auto* edit = m_command->add_subcommand(
        "edit", "Change a part (a bundled part keeps your changes in your database)");
    edit->add_option("id", m_id, "The part's id")->required();
    edit->add_flag("--revert", m_revert, "Drop your changes to a bundled part");
    addCommonOptions(edit);
    edit->callback([this, printPart] {
        m_action = [this, printPart](db::Catalog& catalog) {
            if (m_revert) {
                if (auto status = catalog.revert(m_id); !status)
                    return fail(status.error());
                printPart(*catalog.find(m_id), "Reverted");
                return kExitOk;
            }
            auto part = catalog.find(m_id);
            if (!part)
                return fail(makeError(ErrorCode::NotFound, fmt::format("no part has id \"{}\"", m_id)));
            if (!m_name.empty())
                part->name = m_name;
            if (!m_vendor.empty())
                part->vendor = m_vendor;
            if (!m_aliases.empty())
                part->aliases = m_aliases;
            if (!m_notes.empty())
                part->notes = m_notes;
            if (!m_source.empty() || !m_asOf.empty() || !m_confidence.empty()) {
                // Changed figures get the new source; the others keep the one they had.
                Provenance changed{m_source.empty() ? part->provenance.source : m_source,
                                   m_asOf.empty() ? todayIso() : m_asOf,
                                   confidenceFromString(m_confidence).value_or(part->provenance.confidence)};
                if (m_sets.empty()) {
                    part->provenance = changed;
                } else {
                    for (const auto& setting : m_sets)
                        part->fieldProvenance[setting.substr(0, setting.find('='))] = changed;
                }
            } else if (!m_sets.empty()) {
                return usage("say where the new figures come from with --source");
            }
            if (auto status = applySettings(*part, m_sets); !status)
                return fail(status.error());
            part->prices.clear(); // prices are history, kept where they are; edit changes the part
            if (auto status = catalog.edit(*part); !status)
                return fail(status.error());
            printPart(*catalog.find(m_id), "Changed");
            return kExitOk;
        };
    });
}

void CatalogCommand::addRemove() {
    auto* command = m_command->add_subcommand("remove", "Remove your part, or hide a bundled one");
    command->add_option("id", m_id, "The part's id")->required();
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            if (auto status = catalog.remove(m_id); !status)
                return fail(status.error());
            if (m_json)
                std::cout << nlohmann::json{{"removed", m_id}}.dump(2) << "\n";
            else
                std::cout << fmt::format("Removed {}.\n", m_id);
            return kExitOk;
        };
    });
}

void CatalogCommand::addPrice() {
    auto* command = m_command->add_subcommand("price", "Show a part's price history, or record a price");
    command->add_option("id", m_id, "The part's id")->required();
    command->add_option("--amount", m_amount, "The price to record")
        ->check(CLI::Range(0.0, 1e12)); // as a build file's amounts
    command->add_option("--currency", m_currency, "ISO 4217 code (default USD)");
    command->add_option("--date", m_date, "When it was seen: YYYY-MM-DD (default: today)");
    command->add_option("--source", m_source, "Where: a shop, a quote, a price list");
    command->add_option("--kind", m_kind,
                        "street, launch_msrp, vendor_quote, on_demand_hourly, spot_hourly, reserved_hourly");
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            if (m_amount >= 0) {
                auto kind = priceKindFromString(m_kind);
                if (!kind)
                    return usage(fmt::format("--kind \"{}\" is not street, launch_msrp, vendor_quote, "
                                             "on_demand_hourly, spot_hourly or reserved_hourly",
                                             m_kind));
                if (m_source.empty())
                    return usage("say where the price was seen with --source");
                Price price{m_amount, m_currency, m_date.empty() ? todayIso() : m_date, m_source, *kind};
                if (auto status = catalog.addPrice(m_id, price); !status)
                    return fail(status.error());
            }
            auto part = catalog.find(m_id);
            if (!part)
                return fail(makeError(ErrorCode::NotFound, fmt::format("no part has id \"{}\"", m_id)));
            if (m_json) {
                nlohmann::json prices = nlohmann::json::array();
                for (const auto& price : part->prices)
                    prices.push_back(db::priceToJson(price));
                std::cout << nlohmann::json{{"id", part->id}, {"prices", prices}}.dump(2) << "\n";
                return kExitOk;
            }
            std::cout << part->name << "\n"
                      << (part->prices.empty() ? "No prices recorded.\n" : formatPriceTable(part->prices));
            return kExitOk;
        };
    });
}

void CatalogCommand::addUpdate() {
    auto* command = m_command->add_subcommand(
        "update", "Install a newer catalog pack; your own parts, prices, quotes and hidden rows stay");
    command->add_option("pack", m_file, "The pack: a TorchRig catalog.sqlite with a newer date")->required();
    command->add_flag("--json", m_json, "Print JSON");
    command->callback([this] {
        m_action = [this](db::Catalog& catalog) {
            const auto& user = catalog.userStatus();
            if (user.state != db::UserDatabaseState::Writable)
                return fail(
                    makeError(ErrorCode::ReadOnly,
                              "a pack is installed beside your database, and it cannot be written now" +
                                  (user.message.empty() ? std::string() : ": " + user.message)));
            auto installed =
                db::installCatalogPack(m_file, catalog.pack(), db::installedPackPathFor(user.path));
            if (!installed)
                return fail(installed.error());
            const auto& now = installed->installed;
            const auto& before = installed->replaced;
            if (m_json) {
                auto packJson = [](const db::CatalogPackInfo& pack) {
                    return nlohmann::json{{"version", pack.version},
                                          {"date", pack.date},
                                          {"signed_off_by", pack.signedOffBy},
                                          {"parts", pack.parts},
                                          {"prices", pack.prices}};
                };
                std::cout << nlohmann::json{{"installed", packJson(now)}, {"replaced", packJson(before)}}
                                 .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                          << "\n";
            } else {
                std::cout << fmt::format(
                    "Catalog pack {} of {} installed ({} parts, {} prices; signed off by "
                    "{}), in place of pack {} of {} ({} parts).\n"
                    "Your own parts, prices and hidden rows are unchanged.\n",
                    now.version, now.date, now.parts, now.prices, now.signedOffBy, before.version,
                    before.date, before.parts);
            }
            return kExitOk;
        };
    });
}

} // namespace torchrig::cli
