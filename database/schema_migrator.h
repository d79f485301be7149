#pragma once

#include "util/result.h"

namespace SQLite {
class Database;
}

namespace torchrig::db {

// Brings a database to the latest catalog schema, one migration per transaction, so an
// interrupted upgrade leaves it at a consistent earlier version. Refuses a newer database.
Status migrateToLatest(SQLite::Database& database);
int schemaVersion(SQLite::Database& database);

} // namespace torchrig::db
