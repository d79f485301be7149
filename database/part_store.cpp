#include "part_store.h"

#include "category_schema.h"
#include "field_value.h"
#include "search_text.h"

#include "user_database_preparation.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace torchrig::db {

namespace {

void bindValue(SQLite::Statement& statement, int index, const FieldValue& value) {
    std::visit(
        [&](const auto& v) {
            using V = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<V, std::monostate>)
                statement.bind(index);
            else if constexpr (std::is_same_v<V, std::int64_t>)
                statement.bind(index, static_cast<int64_t>(v));
            else
                statement.bind(index, v);
        },
        value);
}

Status checkProvenance(const Provenance& provenance, std::string_view what) {
    if (provenance.source.find_first_not_of(" \t") == std::string::npos)
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{}: a source is required (where the figure comes from)", what));
    if (!isPartialIsoDate(provenance.asOf))
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("{}: as-of date \"{}\" is not YYYY, YYYY-MM or YYYY-MM-DD", what, provenance.asOf));
    return Ok{};
}

} // namespace

std::string makePartId(PartCategory category, std::string_view name) {
    std::string slug;
    for (char ch : name) {
        auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) || c == '.' || c == '+')
            slug += static_cast<char>(std::tolower(c));
        else if (!slug.empty() && slug.back() != '-')
            slug += '-';
    }
    while (!slug.empty() && (slug.back() == '-' || slug.back() == '.'))
        slug.pop_back();
    return std::string(categoryId(category)) + "/" + slug;
}

Status validatePart(const PartRecord& part) {
    auto prefix = std::string(categoryId(part.category)) + "/";
    bool idOk = part.id.size() > prefix.size() && part.id.size() <= 160 && part.id.rfind(prefix, 0) == 0;
    for (std::size_t i = prefix.size(); idOk && i < part.id.size(); ++i) {
        auto c = static_cast<unsigned char>(part.id[i]);
        idOk = std::islower(c) || std::isdigit(c) || c == '-' || c == '.' || c == '+' || c == '_';
    }
    if (!idOk)
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("id \"{}\" must be \"{}\" followed by lower-case letters, digits and - . + _ "
                        "(e.g. {})",
                        part.id, prefix,
                        makePartId(part.category, part.name.empty() ? "my part" : part.name)));
    if (part.name.find_first_not_of(" \t") == std::string::npos)
        return makeError(ErrorCode::InvalidInput, fmt::format("{}: a name is required", part.id));
    for (const auto& alias : part.aliases) {
        if (alias.find(';') != std::string::npos)
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}: an alias may not contain ';'", part.id));
    }
    if (auto status = checkProvenance(part.provenance, part.id); !status)
        return status;
    for (const auto& [column, value] : part.fields) {
        const auto* field = findField(part.category, column);
        if (!field)
            return makeError(ErrorCode::InvalidInput, fmt::format("{}: \"{}\" is not a {} field", part.id,
                                                                  column, categoryId(part.category)));
        if (auto status = checkFieldValue(*field, value); !status)
            return makeError(ErrorCode::InvalidInput, fmt::format("{}: {}", part.id, status.error().text()));
    }
    for (const auto& field : categorySchema(part.category).fields) {
        if (field.required && std::holds_alternative<std::monostate>(part.field(field.column)))
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}: {} is required", part.id, field.column));
    }
    for (const auto& [column, provenance] : part.fieldProvenance) {
        if (!findField(part.category, column))
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}: a source is given for \"{}\", which is not a {} field", part.id,
                                         column, categoryId(part.category)));
        if (auto status = checkProvenance(provenance, part.id + " " + column); !status)
            return status;
    }
    for (const auto& price : part.prices) {
        if (auto status = validatePrice(price); !status)
            return makeError(ErrorCode::InvalidInput, fmt::format("{}: {}", part.id, status.error().text()));
    }
    return Ok{};
}

Status validatePrice(const Price& price) {
    if (!(price.amount >= 0) || price.amount > 1e9)
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("price {} is not an amount between 0 and 1e9", price.amount));
    bool currencyOk = price.currency.size() == 3 && std::all_of(price.currency.begin(), price.currency.end(),
                                                                [](char c) { return c >= 'A' && c <= 'Z'; });
    if (!currencyOk)
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("currency \"{}\" is not a three-letter ISO 4217 code such as USD", price.currency));
    if (!isPartialIsoDate(price.date))
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("price date \"{}\" is not YYYY, YYYY-MM or YYYY-MM-DD", price.date));
    if (price.source.find_first_not_of(" \t") == std::string::npos)
        return makeError(ErrorCode::InvalidInput, "a price needs a source (a shop, a quote, a price list)");
    return Ok{};
}

PartStore::PartStore(SQLite::Database& database, std::string schema)
    : m_database(database)
    , m_schema(std::move(schema)) {}

std::string PartStore::table(std::string_view name) const {
    return m_schema + "." + std::string(name);
}

bool PartStore::contains(std::string_view id) const {
    SQLite::Statement query(m_database, fmt::format("SELECT 1 FROM {} WHERE id = ?", table("part")));
    query.bind(1, std::string(id));
    return query.executeStep();
}

Status PartStore::put(const PartRecord& part) {
    if (auto status = validatePart(part); !status)
        return status;
    const auto& schema = categorySchema(part.category);
    try {
        removeRows(part.id);
        SQLite::Statement insertPart(
            m_database, fmt::format("INSERT INTO {} (id, category, name, vendor, aliases, source, as_of, "
                                    "confidence, notes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                                    table("part")));
        insertPart.bind(1, part.id);
        insertPart.bind(2, std::string(categoryId(part.category)));
        insertPart.bind(3, part.name);
        insertPart.bind(4, part.vendor);
        insertPart.bind(5, joinAliases(part.aliases));
        insertPart.bind(6, part.provenance.source);
        insertPart.bind(7, part.provenance.asOf);
        insertPart.bind(8, std::string(confidenceId(part.provenance.confidence)));
        insertPart.bind(9, part.notes);
        insertPart.exec();
        auto partKey = m_database.getLastInsertRowid();

        std::string columns = "part_id";
        std::string placeholders = "?";
        for (const auto& field : schema.fields) {
            columns += ", " + std::string(field.column);
            placeholders += ", ?";
        }
        SQLite::Statement insertTyped(m_database, fmt::format("INSERT INTO {} ({}) VALUES ({})",
                                                              table(schema.table), columns, placeholders));
        insertTyped.bind(1, part.id);
        int index = 2;
        for (const auto& field : schema.fields)
            bindValue(insertTyped, index++, part.field(field.column));
        insertTyped.exec();

        SQLite::Statement insertSource(
            m_database,
            fmt::format("INSERT INTO {} (part_id, field, source, as_of, confidence) VALUES (?, ?, ?, ?, ?)",
                        table("field_source")));
        for (const auto& [column, provenance] : part.fieldProvenance) {
            insertSource.bind(1, part.id);
            insertSource.bind(2, column);
            insertSource.bind(3, provenance.source);
            insertSource.bind(4, provenance.asOf);
            insertSource.bind(5, std::string(confidenceId(provenance.confidence)));
            insertSource.exec();
            insertSource.reset();
        }

        SQLite::Statement insertSearch(m_database,
                                       fmt::format("INSERT INTO {} (rowid, part_id, category, name, aliases, "
                                                   "keywords) VALUES (?, ?, ?, ?, ?, ?)",
                                                   table("part_search")));
        insertSearch.bind(1, static_cast<int64_t>(partKey));
        insertSearch.bind(2, part.id);
        insertSearch.bind(3, std::string(categoryId(part.category)));
        insertSearch.bind(4, part.name);
        insertSearch.bind(5, joinAliases(part.aliases));
        insertSearch.bind(6, searchKeywords(part));
        insertSearch.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("{} could not be written", part.id));
    }
    return Ok{};
}

void PartStore::removeRows(std::string_view id) {
    // The search entry's rowid is the part's key: deleting by rowid is a lookup, where a match on
    // the unindexed part_id column would scan the whole index.
    SQLite::Statement search(m_database,
                             fmt::format("DELETE FROM {} WHERE rowid IN (SELECT key FROM {} WHERE id = ?)",
                                         table("part_search"), table("part")));
    search.bind(1, std::string(id));
    search.exec();
    for (auto [tableName, column] : {std::pair{"field_source", "part_id"}, std::pair{"part", "id"}}) {
        SQLite::Statement statement(m_database,
                                    fmt::format("DELETE FROM {} WHERE {} = ?", table(tableName), column));
        statement.bind(1, std::string(id));
        statement.exec();
    }
}

Status PartStore::remove(std::string_view id, Prices prices) {
    try {
        removeRows(id);
        if (prices == Prices::Keep)
            return Ok{};
        SQLite::Statement statement(m_database,
                                    fmt::format("DELETE FROM {} WHERE part_id = ?", table("price")));
        statement.bind(1, std::string(id));
        statement.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("{} could not be removed", id));
    }
    return Ok{};
}

Status PartStore::addPrice(std::string_view partId, const Price& price, std::string_view enteredBy) {
    if (auto status = validatePrice(price); !status)
        return makeError(ErrorCode::InvalidInput, fmt::format("{}: {}", partId, status.error().text()));
    try {
        SQLite::Statement insert(
            m_database,
            fmt::format("INSERT INTO {} (part_id, kind, amount, currency, date, source, region, retailer, "
                        "entered_by, entered_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?9, CASE WHEN ?9 = '' "
                        "THEN '' ELSE strftime('%Y-%m-%dT%H:%M:%SZ', 'now') END)",
                        table("price")));
        insert.bind(1, std::string(partId));
        insert.bind(2, std::string(priceKindId(price.kind)));
        insert.bind(3, price.amount);
        insert.bind(4, price.currency);
        insert.bind(5, price.date);
        insert.bind(6, price.source);
        insert.bind(7, price.region);
        insert.bind(8, price.retailer);
        insert.bind(9, std::string(enteredBy));
        insert.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("{}: the price could not be written", partId));
    }
    return Ok{};
}

} // namespace torchrig::db
