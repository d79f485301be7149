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
    for (const auto& migration : catalogMigrations()) {
        if (migration.version <= version)
            continue;
        try {
            SQLite::Transaction transaction(database);
            database.exec(std::string(migration.sql));
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
