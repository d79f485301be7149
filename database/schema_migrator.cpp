#include "schema_migrator.h"

#include "catalog_migrations.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

namespace torchrig::db {

int schemaVersion(SQLite::Database& database) {
    return database.execAndGet("PRAGMA user_version").getInt();
}

Status migrateToLatest(SQLite::Database& database) {
    int version = schemaVersion(database);
    if (version > latestSchemaVersion())
        return makeError(ErrorCode::ReadOnly,
                         fmt::format("{} has catalog schema version {}, newer than this TorchRig knows ({})",
                                     database.getFilename(), version, latestSchemaVersion()));
    // A step may rebuild a table others reference (SQLite's generalized ALTER TABLE): foreign keys
    // are off while it runs, checked before it commits, and restored after.
    bool foreignKeys = false;
    try {
        foreignKeys = database.execAndGet("PRAGMA foreign_keys").getInt() != 0;
        database.exec("PRAGMA foreign_keys = OFF");
    } catch (const SQLite::Exception& e) {
        return makeError(ErrorCode::Database,
                         fmt::format("{} cannot be upgraded: {}", database.getFilename(), e.what()));
    }
    struct RestoreForeignKeys {
        SQLite::Database& database;
        bool on;
        ~RestoreForeignKeys() {
            try {
                database.exec(on ? "PRAGMA foreign_keys = ON" : "PRAGMA foreign_keys = OFF");
            } catch (const SQLite::Exception&) {
                // The connection is failing anyway; its next statement says so.
            }
        }
    } restore{database, foreignKeys};
    for (const auto& migration : catalogMigrations()) {
        if (migration.version <= version)
            continue;
        try {
            SQLite::Transaction transaction(database);
            database.exec(std::string(migration.sql));
            SQLite::Statement violations(database, "PRAGMA foreign_key_check");
            if (violations.executeStep())
                return makeError(ErrorCode::Database,
                                 fmt::format("upgrading {} to catalog schema version {} would break the "
                                             "link of a {} row to its part",
                                             database.getFilename(), migration.version,
                                             violations.getColumn(0).getString()));
            database.exec(fmt::format("PRAGMA user_version = {}", migration.version));
            transaction.commit();
        } catch (const SQLite::Exception& e) {
            return makeError(ErrorCode::Database,
                             fmt::format("upgrading {} to catalog schema version {} failed: {}",
                                         database.getFilename(), migration.version, e.what()));
        }
        version = migration.version;
    }
    return Ok{};
}

} // namespace torchrig::db
