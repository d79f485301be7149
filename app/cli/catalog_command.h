#pragma once

#include "subcommand.h"

#include <CLI/CLI.hpp>

#include "hardware/part_category.h"

#include <functional>
#include <optional>
#include <string>

namespace torchrig::db {
class Catalog;
}

namespace torchrig::cli {

// `torchrig-cli catalog list|search|show|import|export|add|edit|remove|price|update`.
class CatalogCommand : public Subcommand {
public:
    CatalogCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    void addList();
    void addSearch();
    void addShow();
    void addImport();
    void addExport();
    void addAddAndEdit();
    void addRemove();
    void addPrice();
    void addUpdate();
    std::optional<PartCategory> selectedCategory() const; // --category, checked when parsed

    std::function<int(db::Catalog&)> m_action;

    // Options shared by the subcommands; each subcommand reads the ones it declares.
    std::string m_category;
    std::string m_query;
    std::string m_id;
    std::string m_file;
    std::string m_format;
    std::string m_output;
    bool m_force = false; // export: replace the output file
    int m_limit = 10;
    bool m_json = false;
    bool m_sources = false; // catalog list: each part's source and confidence too
    bool m_revert = false;
    std::string m_name;
    std::string m_vendor;
    std::vector<std::string> m_aliases;
    std::vector<std::string> m_sets;
    std::string m_source;
    std::string m_asOf;
    std::string m_confidence;
    std::string m_notes;
    double m_amount = -1;
    std::string m_currency = "USD";
    std::string m_date;
    std::string m_kind = "street";
};

} // namespace torchrig::cli
