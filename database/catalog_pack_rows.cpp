#include "catalog_pack.h"

#include "catalog_pack_cells.h"
#include "category_schema.h"
#include "part_record.h"
#include "part_store.h"

#include "util/utf8_text.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <initializer_list>
#include <map>
#include <set>
#include <vector>

// A pack's rows read as an import would read them, each cell held to what an import lets in.

namespace torchrig::db {

std::optional<std::string> packTextProblem(const SQLite::Column& column, bool nullable,
                                           std::size_t maxBytes) {
    if (column.isNull())
        return nullable ? std::nullopt : std::optional<std::string>("is missing (NULL)");
    if (!column.isText())
        return column.isBlob() ? "holds bytes (a BLOB), not text" : "is a number, not text";
    const auto text = column.getString();
    if (text.size() > maxBytes)
        return fmt::format("is {} bytes long (\"{}\"); it may hold up to {}", text.size(), textExcerpt(text),
                           maxBytes);
    if (const auto bad = firstNonUtf8Byte(text); bad != std::string::npos)
        return fmt::format("byte {} is not a UTF-8 character (\"{}\")", bad, textExcerpt(text));
    return std::nullopt;
}

namespace {

constexpr std::size_t kMaxListedProblems = 10;
constexpr std::size_t kMaxProblemChars = 300;

// Gathers what is wrong with a pack's rows; the error lists the first few and counts the rest.
class PackProblems {
public:
    void add(std::string_view where, std::string_view what) {
        ++m_count;
        if (m_lines.size() < kMaxListedProblems)
            m_lines.push_back(textExcerpt(fmt::format("{}: {}", where, what), kMaxProblemChars));
    }
    bool any() const { return m_count > 0; }
    Error error(std::string_view label) const {
        auto text = fmt::format("{} holds rows that TorchRig refuses ({} {}):", label, m_count,
                                m_count == 1 ? "problem" : "problems");
        for (const auto& line : m_lines)
            text += "\n  " + line;
        if (m_count > m_lines.size())
            text += fmt::format("\n  … and {} more", m_count - m_lines.size());
        return makeError(ErrorCode::InvalidInput, text);
    }

private:
    std::vector<std::string> m_lines;
    std::size_t m_count = 0;
};

struct PackPart {
    PartRecord record;
    int row = 0;
    bool typed = false; // its row in its category's table was seen
};

// Reads a pack's rows into records, noting every cell that no import would have let in.
class PackRowReader {
public:
    PackRowReader(SQLite::Database& database, std::string_view schema)
        : m_database(database)
        , m_schema(schema) {}

    void readParts();
    void readTypedRows(PartCategory category);
    void readFieldSources();
    void readPrices();
    void readSearchEntries();
    void checkParts();
    const PackProblems& problems() const { return m_problems; }

private:
    SQLite::Statement select(std::string_view columns, std::string_view table) {
        return SQLite::Statement(m_database, fmt::format("SELECT {} FROM {}.{}", columns, m_schema, table));
    }
    // The part a row of another table names, or null (noted) when the pack has none of that id.
    PackPart* partNamed(const SQLite::Column& id, const std::string& where);
    // Whether the row's text cells at these columns are all ones an import lets in (each one that is
    // not is noted).
    bool textCellsAccepted(SQLite::Statement& rows, const char* const* names,
                           std::initializer_list<int> columns, const std::string& where);

    SQLite::Database& m_database;
    std::string m_schema;
    std::map<std::string, PackPart, std::less<>> m_parts;
    PackProblems m_problems;
};

void PackRowReader::readParts() {
    auto rows = select("id, category, name, vendor, aliases, source, as_of, confidence, notes", "part");
    static constexpr const char* kColumns[] = {"id",     "category", "name",       "vendor", "aliases",
                                               "source", "as_of",    "confidence", "notes"};
    for (int row = 1; rows.executeStep(); ++row) {
        auto where = fmt::format("table part, row {}", row);
        if (!textCellsAccepted(rows, kColumns, {0, 1, 2, 3, 4, 5, 6, 7, 8}, where))
            continue;
        PackPart part;
        part.row = row;
        auto& r = part.record;
        r.id = rows.getColumn(0).getString();
        where += " (" + textExcerpt(r.id) + ")";
        const auto category = categoryFromString(rows.getColumn(1).getString());
        const auto confidence = confidenceFromString(rows.getColumn(7).getString());
        if (!category || !confidence) {
            m_problems.add(where, !category ? fmt::format("category \"{}\" is not a category",
                                                          textExcerpt(rows.getColumn(1).getString()))
                                            : fmt::format("confidence \"{}\" is not high, medium or low",
                                                          textExcerpt(rows.getColumn(7).getString())));
            continue;
        }
        r.category = *category;
        r.name = rows.getColumn(2).getString();
        r.vendor = rows.getColumn(3).getString();
        r.aliases = splitAliases(rows.getColumn(4).getString());
        r.provenance = {rows.getColumn(5).getString(), rows.getColumn(6).getString(), *confidence};
        r.notes = rows.getColumn(8).getString();
        r.origin = PartOrigin::Bundled;
        if (auto [it, added] = m_parts.try_emplace(r.id, std::move(part)); !added)
            m_problems.add(where, fmt::format("the id is already used on row {}", it->second.row));
    }
}

PackPart* PackRowReader::partNamed(const SQLite::Column& id, const std::string& where) {
    if (auto problem = packTextProblem(id)) {
        m_problems.add(where, "part_id " + *problem);
        return nullptr;
    }
    auto it = m_parts.find(id.getString());
    if (it == m_parts.end()) {
        m_problems.add(where,
                       fmt::format("part_id \"{}\" is not a part of the pack", textExcerpt(id.getString())));
        return nullptr;
    }
    return &it->second;
}

bool PackRowReader::textCellsAccepted(SQLite::Statement& rows, const char* const* names,
                                      std::initializer_list<int> columns, const std::string& where) {
    bool accepted = true;
    for (int c : columns) {
        if (auto problem = packTextProblem(rows.getColumn(c))) {
            m_problems.add(where, fmt::format("{} {}", names[c], *problem));
            accepted = false;
        }
    }
    return accepted;
}

void PackRowReader::readTypedRows(PartCategory category) {
    const auto& schema = categorySchema(category);
    std::string columns = "part_id";
    for (const auto& field : schema.fields)
        columns += ", " + std::string(field.column);
    auto rows = select(columns, schema.table);
    for (int row = 1; rows.executeStep(); ++row) {
        auto where = fmt::format("table {}, row {}", schema.table, row);
        auto* part = partNamed(rows.getColumn(0), where);
        if (!part)
            continue;
        where += " (" + textExcerpt(part->record.id) + ")";
        if (part->record.category != category || part->typed) {
            m_problems.add(where, part->typed ? "the part has another row in this table"
                                              : fmt::format("the part is a {} part (table part, row {})",
                                                            categoryId(part->record.category), part->row));
            continue;
        }
        part->typed = true;
        int index = 1;
        for (const auto& field : schema.fields) {
            const auto& cell = rows.getColumn(index++);
            const auto column = std::string(field.column);
            if (cell.isNull())
                continue; // not known; validatePart says whether the field is required
            if (cell.isBlob()) {
                m_problems.add(where, column + " holds bytes (a BLOB), not a value");
            } else if (cell.isText()) {
                if (auto problem = packTextProblem(cell))
                    m_problems.add(where, column + " " + *problem);
                else
                    part->record.fields[column] = FieldValue{cell.getString()};
            } else if (cell.isInteger()) {
                part->record.fields[column] = FieldValue{static_cast<std::int64_t>(cell.getInt64())};
            } else {
                part->record.fields[column] = FieldValue{cell.getDouble()};
            }
        }
    }
}

void PackRowReader::readFieldSources() {
    auto rows = select("part_id, field, source, as_of, confidence", "field_source");
    static constexpr const char* kColumns[] = {"part_id", "field", "source", "as_of", "confidence"};
    for (int row = 1; rows.executeStep(); ++row) {
        auto where = fmt::format("table field_source, row {}", row);
        auto* part = partNamed(rows.getColumn(0), where);
        if (!part)
            continue;
        where += " (" + textExcerpt(part->record.id) + ")";
        if (!textCellsAccepted(rows, kColumns, {1, 2, 3, 4}, where))
            continue;
        const auto field = rows.getColumn(1).getString();
        const auto confidence = confidenceFromString(rows.getColumn(4).getString());
        if (!confidence) {
            m_problems.add(where, fmt::format("confidence \"{}\" is not high, medium or low",
                                              textExcerpt(rows.getColumn(4).getString())));
            continue;
        }
        Provenance provenance{rows.getColumn(2).getString(), rows.getColumn(3).getString(), *confidence};
        if (!part->record.fieldProvenance.try_emplace(field, std::move(provenance)).second)
            m_problems.add(where, fmt::format("field \"{}\" has another source row", textExcerpt(field)));
    }
}

void PackRowReader::readPrices() {
    auto rows = select("part_id, kind, amount, currency, date, source, region, retailer", "price");
    static constexpr const char* kColumns[] = {"part_id", "kind",   "amount", "currency",
                                               "date",    "source", "region", "retailer"};
    for (int row = 1; rows.executeStep(); ++row) {
        auto where = fmt::format("table price, row {}", row);
        auto* part = partNamed(rows.getColumn(0), where);
        if (!part)
            continue;
        where += " (" + textExcerpt(part->record.id) + ")";
        bool ok = textCellsAccepted(rows, kColumns, {1, 3, 4, 5, 6, 7}, where);
        const auto& amount = rows.getColumn(2);
        if (!amount.isInteger() && !amount.isFloat()) {
            m_problems.add(where, "amount is not a number");
            ok = false;
        }
        if (!ok)
            continue;
        const auto kind = priceKindFromString(rows.getColumn(1).getString());
        if (!kind) {
            m_problems.add(where, fmt::format("kind \"{}\" is not a kind of price",
                                              textExcerpt(rows.getColumn(1).getString())));
            continue;
        }
        const Price price{amount.getDouble(),
                          rows.getColumn(3).getString(),
                          rows.getColumn(4).getString(),
                          rows.getColumn(5).getString(),
                          *kind,
                          rows.getColumn(6).getString(),
                          rows.getColumn(7).getString()};
        if (auto status = validatePrice(price); !status)
            m_problems.add(where, status.error().text());
    }
}

void PackRowReader::readSearchEntries() {
    // The search reads names and aliases from its index: an entry that is not its part's would
    // show a part under a name the pack's own rows do not give it.
    auto rows = select("part_id, category, name, aliases, keywords", "part_search");
    std::set<std::string, std::less<>> indexed;
    for (int row = 1; rows.executeStep(); ++row) {
        auto where = fmt::format("table part_search, row {}", row);
        auto* part = partNamed(rows.getColumn(0), where);
        if (!part)
            continue;
        where += " (" + textExcerpt(part->record.id) + ")";
        if (auto problem = packTextProblem(rows.getColumn(4), true, 4 * kMaxPackTextBytes)) {
            m_problems.add(where, "keywords " + *problem);
            continue;
        }
        const auto& r = part->record;
        auto text = [&](int c) {
            return rows.getColumn(c).isText() ? rows.getColumn(c).getString() : "";
        };
        if (text(1) != categoryId(r.category) || text(2) != r.name || text(3) != joinAliases(r.aliases))
            m_problems.add(where, "the entry's category, name or aliases are not the part's");
        else if (!indexed.insert(r.id).second)
            m_problems.add(where, "the part has another entry");
    }
    for (const auto& [id, part] : m_parts)
        if (!indexed.contains(id))
            m_problems.add(fmt::format("table part, row {} ({})", part.row, textExcerpt(id)),
                           "the part has no entry in the search index (part_search)");
}

void PackRowReader::checkParts() {
    for (const auto& [id, part] : m_parts) {
        const auto where = fmt::format("table part, row {} ({})", part.row, textExcerpt(id));
        if (!part.typed)
            m_problems.add(where, fmt::format("the part has no row in table {}",
                                              categorySchema(part.record.category).table));
        else if (auto status = validatePart(part.record); !status)
            m_problems.add(where, status.error().text());
    }
}

} // namespace

Status validateCatalogPackRows(SQLite::Database& database, std::string_view schema, std::string_view label) {
    try {
        if (auto tables = checkCatalogTables(database, schema, label); !tables)
            return tables;
        PackRowReader reader(database, schema);
        reader.readParts();
        for (auto category : kAllPartCategories)
            reader.readTypedRows(category);
        reader.readFieldSources();
        reader.readPrices();
        reader.readSearchEntries();
        reader.checkParts();
        if (reader.problems().any())
            return reader.problems().error(label);
        return Ok{};
    } catch (const SQLite::Exception& e) {
        return makeError(ErrorCode::InvalidInput, fmt::format("{} cannot be read as a catalog ({})", label,
                                                              textExcerpt(e.what(), 200)));
    }
}

} // namespace torchrig::db
