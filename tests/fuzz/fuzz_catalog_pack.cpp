// libFuzzer target: the rows of a catalog pack, as `catalog update` checks them before installing.
// A pack is an SQLite file anything can write, its CHECK constraints switched off; the input is
// its rows, one a line: "T|cell|cell|…", where T's first byte picks the table (part, a category's
// table, price, field_source, part_search, catalog_pack) and each cell is "~" (NULL), "#1.5" (a
// number), "!6869" (bytes, in hex) or text. They go into an in-memory catalog of this schema made
// once, inside a savepoint rolled back after each input, so that an input costs its rows only.
//
// Beyond not crashing: a pack the checks accept must satisfy every CHECK and NOT NULL of the
// schema, which SQLite's integrity_check verifies on a writable database.

#include "catalog_pack.h"
#include "category_schema.h"
#include "schema_migrator.h"

#include <SQLiteCpp/SQLiteCpp.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Table {
    std::string name;
    std::vector<std::string> columns;
};

struct Pack {
    std::unique_ptr<SQLite::Database> database;
    std::vector<Table> tables;
};

Pack& pack() {
    static Pack made = [] {
        Pack p;
        p.database = std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE);
        if (!torchrig::db::migrateToLatest(*p.database))
            std::abort();
        p.database->exec("PRAGMA ignore_check_constraints = ON");
        std::vector<std::string> names = {"part", "price", "field_source", "part_search", "catalog_pack"};
        for (auto category : torchrig::kAllPartCategories)
            names.emplace_back(torchrig::db::categorySchema(category).table);
        for (const auto& name : names) {
            SQLite::Statement info(*p.database, "PRAGMA main.table_info(" + name + ")");
            Table table{name, {}};
            while (info.executeStep())
                table.columns.push_back(info.getColumn(1).getString());
            p.tables.push_back(std::move(table));
        }
        return p;
    }();
    return made;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == separator) {
            parts.push_back(text.substr(start, i - start));
            start = i + 1;
        }
    }
    return parts;
}

void bindCell(SQLite::Statement& insert, int index, std::string_view cell) {
    if (cell == "~") {
        insert.bind(index);
    } else if (!cell.empty() && cell.front() == '#') {
        const std::string number(cell.substr(1));
        char* end = nullptr;
        const long long whole = std::strtoll(number.c_str(), &end, 10);
        if (end && *end == '\0' && !number.empty())
            insert.bind(index, static_cast<std::int64_t>(whole));
        else
            insert.bind(index, std::strtod(number.c_str(), nullptr));
    } else if (!cell.empty() && cell.front() == '!') {
        std::string bytes;
        for (std::size_t i = 1; i + 1 < cell.size(); i += 2)
            bytes += static_cast<char>(std::strtol(std::string(cell.substr(i, 2)).c_str(), nullptr, 16));
        insert.bind(index, bytes.data(), static_cast<int>(bytes.size()));
    } else {
        insert.bind(index, std::string(cell));
    }
}

void insertRow(Pack& p, std::string_view line) {
    if (line.empty())
        return;
    const auto& table = p.tables[static_cast<unsigned char>(line.front()) % p.tables.size()];
    auto cells = split(line.substr(1), '|');
    if (!cells.empty() && cells.front().empty())
        cells.erase(cells.begin());
    std::string columns, marks;
    for (std::size_t c = 0; c < table.columns.size() && c < cells.size(); ++c) {
        columns += (c ? ", " : "") + table.columns[c];
        marks += c ? ", ?" : "?";
    }
    if (columns.empty())
        return;
    try {
        SQLite::Statement insert(*p.database, "INSERT INTO main." + table.name + " (" + columns +
                                                  ") VALUES (" + marks + ")");
        for (std::size_t c = 0; c < table.columns.size() && c < cells.size(); ++c)
            bindCell(insert, static_cast<int>(c) + 1, cells[c]);
        insert.exec();
    } catch (const SQLite::Exception&) {
        // NOT NULL, UNIQUE and the primary keys hold even with the CHECKs off: the row is not there.
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 64 * 1024)
        return 0; // a few hundred rows say all a pack's rows can; more is only time
    auto& p = pack();
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    p.database->exec("SAVEPOINT input");
    for (auto line : split(input, '\n'))
        insertRow(p, line);
    const auto today = std::chrono::sys_days(std::chrono::year(2026) / 12 / 3);
    const bool identity = torchrig::db::readPackIdentity(*p.database, "main", "fuzz", today).ok();
    const bool rows = torchrig::db::validateCatalogPackRows(*p.database, "main", "fuzz").ok();
    if (identity && rows) {
        p.database->exec("PRAGMA ignore_check_constraints = OFF");
        SQLite::Statement check(*p.database, "PRAGMA integrity_check");
        if (!check.executeStep() || check.getColumn(0).getString() != "ok")
            std::abort(); // the checks let in a row the schema's constraints refuse
        p.database->exec("PRAGMA ignore_check_constraints = ON");
    }
    p.database->exec("ROLLBACK TO input");
    p.database->exec("RELEASE input");
    return 0;
}
