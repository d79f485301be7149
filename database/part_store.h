#pragma once

#include "part_record.h"
#include "util/result.h"

#include <string>
#include <string_view>

namespace SQLite {
class Database;
}

namespace torchrig::db {

// Writes parts into one schema of a connection ("main" while the bundled catalog is built,
// "user" for the user's overlay). Callers own the transaction; a failed write throws nothing and
// reports which part and why.
class PartStore {
public:
    PartStore(SQLite::Database& database, std::string schema);

    // Inserts the part or replaces the one with its id: the part row, its typed row, its field
    // sources and its search entry. Prices are added separately (they are history).
    Status put(const PartRecord& part);
    enum class Prices { Delete, Keep };
    // Deletes the part and its field sources; its prices in this schema too unless kept (they are
    // history the user recorded, still true of the bundled part an edit is dropped from).
    Status remove(std::string_view id, Prices prices = Prices::Delete);
    // `enteredBy`: who recorded it (the time is now); empty for the bundled catalog's rows.
    Status addPrice(std::string_view partId, const Price& price, std::string_view enteredBy = {});
    bool contains(std::string_view id) const;

private:
    std::string table(std::string_view name) const;
    void removeRows(std::string_view id); // the part, its typed row, field sources, search entry

    SQLite::Database& m_database;
    std::string m_schema;
};

// Checks what the database's constraints would check, with messages that name the field:
// id form, required fields, ranges, choices, dates, confidence.
Status validatePart(const PartRecord& part);
Status validatePrice(const Price& price);
// "gpu/rtx-4090" for category gpu and name "GeForce RTX 4090"... from a free-form name.
std::string makePartId(PartCategory category, std::string_view name);

} // namespace torchrig::db
