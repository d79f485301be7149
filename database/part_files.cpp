#include "part_files.h"

#include "category_schema.h"
#include "csv_table.h"
#include "field_value.h"
#include "part_store.h"

#include "util/json_document.h"
#include "util/utf8_text.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <map>
#include <optional>
#include <set>

namespace torchrig::db {

namespace {

constexpr std::size_t kMaxReportedProblems = 25;

// Gathers problems; the result is an error listing them all (up to a limit) or nothing.
class Problems {
public:
    void add(std::string message) {
        ++m_count;
        if (m_messages.size() < kMaxReportedProblems)
            m_messages.push_back(std::move(message));
    }
    bool any() const { return m_count > 0; }
    Error error() const {
        std::string text = m_count == 1 ? "1 problem, nothing was imported:"
                                        : fmt::format("{} problems, nothing was imported:", m_count);
        for (const auto& message : m_messages)
            text += "\n  " + message;
        if (m_count > m_messages.size())
            text += fmt::format("\n  … and {} more", m_count - m_messages.size());
        return makeError(ErrorCode::InvalidInput, text);
    }

private:
    std::vector<std::string> m_messages;
    std::size_t m_count = 0;
};

// Maps header names to column indexes and reports unknown or missing columns.
class ColumnMap {
public:
    ColumnMap(const CsvTable& table, std::string_view fileLabel, std::span<const std::string_view> known,
              std::span<const std::string_view> required, Problems& problems) {
        for (std::size_t c = 0; c < table.header.size(); ++c) {
            const auto& name = table.header[c];
            if (std::find(known.begin(), known.end(), name) == known.end()) {
                std::string list;
                for (auto k : known)
                    list += (list.empty() ? "" : ", ") + std::string(k);
                problems.add(
                    fmt::format("{}, row 1, column {}: \"{}\" is not a column of this file (known: {})",
                                fileLabel, CsvTable::columnLetter(c), name, list));
            }
            m_index[name] = c;
        }
        for (auto name : required) {
            if (!m_index.contains(std::string(name)))
                problems.add(
                    fmt::format("{}, row 1: the required column \"{}\" is missing", fileLabel, name));
        }
    }
    std::optional<std::size_t> index(std::string_view name) const {
        auto it = m_index.find(std::string(name));
        return it == m_index.end() ? std::nullopt : std::optional(it->second);
    }
    std::string cell(const std::vector<std::string>& row, std::string_view name) const {
        auto i = index(name);
        return i ? row[*i] : std::string();
    }

private:
    std::map<std::string, std::size_t> m_index;
};

std::string where(std::string_view fileLabel, int row, const ColumnMap& columns, std::string_view column) {
    auto index = columns.index(column);
    return index ? fmt::format("{}, row {}, column {} ({})", fileLabel, row, CsvTable::columnLetter(*index),
                               column)
                 : fmt::format("{}, row {}", fileLabel, row);
}

Result<Provenance> readProvenance(std::string_view source, std::string_view asOf,
                                  std::string_view confidence) {
    Provenance provenance{std::string(source), std::string(asOf), Confidence::Medium};
    auto level = confidenceFromString(confidence);
    if (!level)
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("confidence \"{}\" is not high, medium or low", confidence));
    provenance.confidence = *level;
    return provenance;
}

} // namespace

Result<std::vector<PartRecord>> readPartsCsv(std::string_view text, PartCategory category,
                                             std::string_view fileLabel) {
    auto table = parseCsv(text, fileLabel);
    if (!table)
        return table.error();
    const auto& schema = categorySchema(category);
    std::vector<std::string_view> known(std::begin(kCommonColumnsBeforeFields),
                                        std::end(kCommonColumnsBeforeFields));
    std::vector<std::string_view> required = {"name", "source", "as_of", "confidence"};
    for (const auto& field : schema.fields) {
        known.push_back(field.column);
        if (field.required)
            required.push_back(field.column);
    }
    known.insert(known.end(), std::begin(kCommonColumnsAfterFields), std::end(kCommonColumnsAfterFields));

    Problems problems;
    ColumnMap columns(*table, fileLabel, known, required, problems);
    if (problems.any())
        return problems.error();

    std::vector<PartRecord> parts;
    std::map<std::string, int> firstRowOfId;
    for (std::size_t r = 0; r < table->rows.size(); ++r) {
        const auto& row = table->rows[r];
        int rowNumber = table->rowNumbers[r];
        PartRecord part;
        part.category = category;
        part.name = columns.cell(row, "name");
        part.vendor = columns.cell(row, "vendor");
        part.aliases = splitAliases(columns.cell(row, "aliases"));
        part.notes = columns.cell(row, "notes");
        part.id = columns.cell(row, "id");
        if (part.id.empty())
            part.id = makePartId(category, part.name);
        auto provenance = readProvenance(columns.cell(row, "source"), columns.cell(row, "as_of"),
                                         columns.cell(row, "confidence"));
        if (!provenance) {
            problems.add(fmt::format("{}: {}", where(fileLabel, rowNumber, columns, "confidence"),
                                     provenance.error().text()));
            continue;
        }
        part.provenance = *provenance;
        bool rowOk = true;
        for (const auto& field : schema.fields) {
            auto value = parseFieldValue(field, columns.cell(row, field.column));
            if (!value) {
                problems.add(fmt::format("{}: {}", where(fileLabel, rowNumber, columns, field.column),
                                         value.error().text()));
                rowOk = false;
                continue;
            }
            part.fields[std::string(field.column)] = *value;
        }
        if (!rowOk)
            continue;
        if (auto status = validatePart(part); !status) {
            problems.add(fmt::format("{}, row {}: {}", fileLabel, rowNumber, status.error().text()));
            continue;
        }
        if (auto [it, inserted] = firstRowOfId.emplace(part.id, rowNumber); !inserted) {
            problems.add(fmt::format("{}, row {}: id \"{}\" is already used on row {}", fileLabel, rowNumber,
                                     part.id, it->second));
            continue;
        }
        parts.push_back(std::move(part));
    }
    if (problems.any())
        return problems.error();
    return parts;
}

std::string writePartsCsv(std::span<const PartRecord> parts, PartCategory category) {
    const auto& schema = categorySchema(category);
    std::vector<std::string> header(std::begin(kCommonColumnsBeforeFields),
                                    std::end(kCommonColumnsBeforeFields));
    for (const auto& field : schema.fields)
        header.emplace_back(field.column);
    header.insert(header.end(), std::begin(kCommonColumnsAfterFields), std::end(kCommonColumnsAfterFields));
    std::string out = csvLine(header);
    for (const auto& part : parts) {
        if (part.category != category)
            continue;
        std::vector<std::string> cells = {part.id, part.name, part.vendor, joinAliases(part.aliases)};
        for (const auto& field : schema.fields)
            cells.push_back(formatFieldValue(part.field(field.column)));
        cells.push_back(part.provenance.source);
        cells.push_back(part.provenance.asOf);
        cells.emplace_back(confidenceId(part.provenance.confidence));
        cells.push_back(part.notes);
        out += csvLine(cells);
    }
    return out;
}

nlohmann::json priceToJson(const Price& price) {
    nlohmann::json json = {{"kind", priceKindId(price.kind)},
                           {"amount", price.amount},
                           {"currency", price.currency},
                           {"date", price.date},
                           {"source", price.source}};
    if (!price.region.empty())
        json["region"] = price.region;
    if (!price.retailer.empty())
        json["retailer"] = price.retailer;
    return json;
}

nlohmann::json partToJson(const PartRecord& part) {
    nlohmann::json fields = nlohmann::json::object();
    for (const auto& field : categorySchema(part.category).fields) {
        const auto& value = part.field(field.column);
        std::visit(
            [&](const auto& v) {
                using V = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<V, std::monostate>)
                    fields[std::string(field.column)] = nullptr;
                else if constexpr (std::is_same_v<V, std::int64_t>) {
                    if (field.type == FieldType::Boolean)
                        fields[std::string(field.column)] = v != 0;
                    else
                        fields[std::string(field.column)] = v;
                } else
                    fields[std::string(field.column)] = v;
            },
            value);
    }
    nlohmann::json sources = nlohmann::json::object();
    for (const auto& [column, provenance] : part.fieldProvenance)
        sources[column] = {{"source", provenance.source},
                           {"as_of", provenance.asOf},
                           {"confidence", confidenceId(provenance.confidence)}};
    nlohmann::json prices = nlohmann::json::array();
    for (const auto& price : part.prices)
        prices.push_back(priceToJson(price));
    return {{"id", part.id},
            {"category", categoryId(part.category)},
            {"name", part.name},
            {"vendor", part.vendor},
            {"aliases", part.aliases},
            {"fields", fields},
            {"source", part.provenance.source},
            {"as_of", part.provenance.asOf},
            {"confidence", confidenceId(part.provenance.confidence)},
            {"field_sources", sources},
            {"notes", part.notes},
            {"prices", prices},
            {"origin", partOriginId(part.origin)}};
}

std::string writePartsJson(std::span<const PartRecord> parts) {
    nlohmann::json list = nlohmann::json::array();
    for (const auto& part : parts)
        list.push_back(partToJson(part));
    nlohmann::json document = {
        {"format", "torchrig-parts"}, {"format_version", kPartsJsonFormatVersion}, {"parts", list}};
    return document.dump(2) + "\n";
}

namespace {

std::optional<FieldValue> jsonToFieldValue(const FieldSpec& field, const nlohmann::json& value) {
    if (value.is_null())
        return FieldValue{};
    switch (field.type) {
    case FieldType::Integer:
        if (value.is_number_integer())
            return FieldValue{value.get<std::int64_t>()};
        return std::nullopt;
    case FieldType::Real:
        if (value.is_number())
            return FieldValue{value.get<double>()};
        return std::nullopt;
    case FieldType::Boolean:
        if (value.is_boolean())
            return FieldValue{std::int64_t{value.get<bool>() ? 1 : 0}};
        if (value.is_number_integer() && (value == 0 || value == 1))
            return FieldValue{value.get<std::int64_t>()};
        return std::nullopt;
    case FieldType::Text:
    case FieldType::Choice:
        if (value.is_string())
            return FieldValue{value.get<std::string>()};
        return std::nullopt;
    }
    return std::nullopt;
}

std::string jsonString(const nlohmann::json& object, const char* key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The list of parts a parts file holds: the file itself when it is a list, or the "parts" of a
// torchrig-parts object whose format this TorchRig reads.
Result<const nlohmann::json*> partsListOf(const nlohmann::json& document, std::string_view fileLabel) {
    if (!document.is_object()) {
        if (document.is_array())
            return &document;
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{}: expected an object with \"parts\" or a list of parts", fileLabel));
    }
    if (jsonString(document, "format") != "torchrig-parts")
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("{}: \"format\" must be \"torchrig-parts\" (a file written by torchrig-cli "
                        "catalog export --format json)",
                        fileLabel));
    auto versionField = document.find("format_version");
    if (versionField != document.end() && !versionField->is_number_integer())
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{}: \"format_version\" must be a whole number, not {}", fileLabel,
                                     jsonExcerpt(*versionField)));
    const auto version = versionField == document.end() ? 0 : versionField->get<std::int64_t>();
    if (version > kPartsJsonFormatVersion)
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("{}: format_version {} is newer than this TorchRig reads ({}); update TorchRig",
                        fileLabel, version, kPartsJsonFormatVersion));
    auto it = document.find("parts");
    if (it == document.end() || !it->is_array())
        return makeError(ErrorCode::InvalidInput, fmt::format("{}: \"parts\" must be a list", fileLabel));
    return &*it;
}

// Each reader below notes what it refuses and says whether the item may still be imported.

bool readJsonFields(const nlohmann::json& item, const std::string& at, PartRecord& part, Problems& problems) {
    auto fields = item.find("fields");
    if (fields == item.end() || !fields->is_object())
        return true;
    bool ok = true;
    for (const auto& [column, value] : fields->items()) {
        const auto* field = findField(part.category, column);
        if (!field) {
            problems.add(fmt::format("{}.fields.{}: not a {} field", at, textExcerpt(column, 40),
                                     categoryId(part.category)));
            ok = false;
            continue;
        }
        auto converted = jsonToFieldValue(*field, value);
        if (!converted) {
            problems.add(fmt::format("{}.fields.{}: {} has the wrong type", at, textExcerpt(column, 40),
                                     jsonExcerpt(value)));
            ok = false;
            continue;
        }
        part.fields[column] = *converted;
    }
    return ok;
}

bool readJsonFieldSources(const nlohmann::json& item, const std::string& at, PartRecord& part,
                          Problems& problems) {
    auto sources = item.find("field_sources");
    if (sources == item.end() || !sources->is_object())
        return true;
    bool ok = true;
    for (const auto& [column, source] : sources->items()) {
        auto fieldProvenance = readProvenance(jsonString(source, "source"), jsonString(source, "as_of"),
                                              jsonString(source, "confidence"));
        if (!fieldProvenance) {
            problems.add(fmt::format("{}.field_sources.{}: {}", at, column, fieldProvenance.error().text()));
            ok = false;
            continue;
        }
        part.fieldProvenance[column] = *fieldProvenance;
    }
    return ok;
}

bool readJsonPrices(const nlohmann::json& item, const std::string& at, PartRecord& part, Problems& problems) {
    auto prices = item.find("prices");
    if (prices == item.end() || !prices->is_array())
        return true;
    bool ok = true;
    for (std::size_t p = 0; p < prices->size(); ++p) {
        const auto& entry = (*prices)[p];
        auto kind = priceKindFromString(jsonString(entry, "kind"));
        if (!kind || !entry.contains("amount") || !entry["amount"].is_number()) {
            problems.add(fmt::format("{}.prices[{}]: needs a kind (launch_msrp, street, vendor_quote, "
                                     "on_demand_hourly, spot_hourly, reserved_hourly) and a numeric amount",
                                     at, p));
            ok = false;
            continue;
        }
        part.prices.push_back(Price{entry["amount"].get<double>(), jsonString(entry, "currency"),
                                    jsonString(entry, "date"), jsonString(entry, "source"), *kind,
                                    jsonString(entry, "region"), jsonString(entry, "retailer")});
    }
    return ok;
}

// One item of the list as a part, or nothing (its problems noted).
std::optional<PartRecord> partFromJson(const nlohmann::json& item, const std::string& at,
                                       Problems& problems) {
    if (!item.is_object()) {
        problems.add(at + ": not an object");
        return std::nullopt;
    }
    auto category = categoryFromString(jsonString(item, "category"));
    if (!category) {
        problems.add(fmt::format("{}.category: \"{}\" is not a category", at,
                                 textExcerpt(jsonString(item, "category"))));
        return std::nullopt;
    }
    PartRecord part;
    part.category = *category;
    part.name = jsonString(item, "name");
    part.id = jsonString(item, "id");
    if (part.id.empty())
        part.id = makePartId(part.category, part.name);
    part.vendor = jsonString(item, "vendor");
    part.notes = jsonString(item, "notes");
    if (auto aliases = item.find("aliases"); aliases != item.end() && aliases->is_array()) {
        for (const auto& alias : *aliases) {
            if (alias.is_string())
                part.aliases.push_back(alias.get<std::string>());
        }
    }
    auto provenance =
        readProvenance(jsonString(item, "source"), jsonString(item, "as_of"), jsonString(item, "confidence"));
    if (!provenance) {
        problems.add(fmt::format("{}.confidence: {}", at, provenance.error().text()));
        return std::nullopt;
    }
    part.provenance = *provenance;
    // Every reader runs, so that one item's problems are all listed at once.
    const bool fieldsOk = readJsonFields(item, at, part, problems);
    const bool sourcesOk = readJsonFieldSources(item, at, part, problems);
    const bool pricesOk = readJsonPrices(item, at, part, problems);
    if (!fieldsOk || !sourcesOk || !pricesOk)
        return std::nullopt;
    if (auto status = validatePart(part); !status) {
        problems.add(fmt::format("{}: {}", at, status.error().text()));
        return std::nullopt;
    }
    return part;
}

} // namespace

Result<std::vector<PartRecord>> readPartsJson(std::string_view text, std::string_view fileLabel) {
    JsonLimits limits;
    limits.maxTextBytes = 4096; // as a CSV cell: a name, a source, a note, never a page
    auto parsed = readJsonDocument(text, fileLabel, limits);
    if (!parsed)
        return parsed.error();
    auto list = partsListOf(*parsed, fileLabel);
    if (!list)
        return list.error();
    Problems problems;
    std::vector<PartRecord> parts;
    std::set<std::string> ids;
    for (std::size_t i = 0; i < (*list)->size(); ++i) {
        const auto at = fmt::format("{}: parts[{}]", fileLabel, i);
        auto part = partFromJson((**list)[i], at, problems);
        if (!part)
            continue;
        if (!ids.insert(part->id).second) {
            problems.add(fmt::format("{}: id \"{}\" appears twice in the file", at, part->id));
            continue;
        }
        parts.push_back(std::move(*part));
    }
    if (problems.any())
        return problems.error();
    return parts;
}

Result<std::vector<PriceRow>> readPricesCsv(std::string_view text, std::string_view fileLabel) {
    auto table = parseCsv(text, fileLabel);
    if (!table)
        return table.error();
    static constexpr std::string_view kRequired[] = {"part_id",  "kind", "amount",
                                                     "currency", "date", "source"};
    static constexpr std::string_view kKnown[] = {"part_id", "kind",   "amount",   "currency",
                                                  "date",    "region", "retailer", "source"};
    Problems problems;
    ColumnMap columns(*table, fileLabel, kKnown, kRequired, problems);
    if (problems.any())
        return problems.error();
    std::vector<PriceRow> prices;
    for (std::size_t r = 0; r < table->rows.size(); ++r) {
        const auto& row = table->rows[r];
        int rowNumber = table->rowNumbers[r];
        PriceRow entry;
        entry.row = rowNumber;
        entry.partId = columns.cell(row, "part_id");
        auto kind = priceKindFromString(columns.cell(row, "kind"));
        if (!kind) {
            problems.add(fmt::format(
                "{}: \"{}\" is not launch_msrp, street, vendor_quote, on_demand_hourly, spot_hourly or "
                "reserved_hourly",
                where(fileLabel, rowNumber, columns, "kind"), columns.cell(row, "kind")));
            continue;
        }
        auto amountText = columns.cell(row, "amount");
        char* end = nullptr;
        double amount = std::strtod(amountText.c_str(), &end);
        if (amountText.empty() || *end != '\0') {
            problems.add(fmt::format("{}: \"{}\" is not a number",
                                     where(fileLabel, rowNumber, columns, "amount"), amountText));
            continue;
        }
        entry.price = Price{
            amount, columns.cell(row, "currency"), columns.cell(row, "date"),    columns.cell(row, "source"),
            *kind,  columns.cell(row, "region"),   columns.cell(row, "retailer")};
        if (auto status = validatePrice(entry.price); !status) {
            problems.add(fmt::format("{}, row {}: {}", fileLabel, rowNumber, status.error().text()));
            continue;
        }
        prices.push_back(std::move(entry));
    }
    if (problems.any())
        return problems.error();
    return prices;
}

Result<std::vector<FieldSourceRow>> readFieldSourcesCsv(std::string_view text, std::string_view fileLabel) {
    auto table = parseCsv(text, fileLabel);
    if (!table)
        return table.error();
    static constexpr std::string_view kColumns[] = {"part_id", "field", "source", "as_of", "confidence"};
    Problems problems;
    ColumnMap columns(*table, fileLabel, kColumns, kColumns, problems);
    if (problems.any())
        return problems.error();
    std::vector<FieldSourceRow> rows;
    for (std::size_t r = 0; r < table->rows.size(); ++r) {
        const auto& row = table->rows[r];
        auto provenance = readProvenance(columns.cell(row, "source"), columns.cell(row, "as_of"),
                                         columns.cell(row, "confidence"));
        if (!provenance) {
            problems.add(fmt::format("{}: {}", where(fileLabel, table->rowNumbers[r], columns, "confidence"),
                                     provenance.error().text()));
            continue;
        }
        rows.push_back(FieldSourceRow{columns.cell(row, "part_id"), columns.cell(row, "field"), *provenance,
                                      table->rowNumbers[r]});
    }
    if (problems.any())
        return problems.error();
    return rows;
}

} // namespace torchrig::db
