#include "user_database_preparation.h"

#include "catalog_migrations.h"
#include "schema_migrator.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include <cctype>
#include <system_error>

namespace torchrig::db {

namespace fs = std::filesystem;

std::string sqliteUri(const fs::path& path, std::string_view query) {
    std::string uri = "file:";
    for (unsigned char c : path.string()) {
        if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~')
            uri += static_cast<char>(c);
        else
            uri += fmt::format("%{:02X}", c);
    }
    return uri + "?" + std::string(query);
}

UserDatabaseStatus userDatabaseUnavailable(const fs::path& path, std::string what) {
    return {UserDatabaseState::Unavailable, path,
            fmt::format(
                "Your parts database {} {}. TorchRig has not changed it and shows the bundled catalog only; "
                "your own parts, edits and prices are not shown and nothing you change now can be saved.",
                path.string(), what)};
}

std::string explainSqliteOpenFailure(const SQLite::Exception& e) {
    switch (e.getErrorCode() & 0xff) {
    case SQLITE_NOTADB:
    case SQLITE_CORRUPT:
        return fmt::format("is damaged or is not a database ({}). Move it aside (rename it, e.g. to "
                           "user-catalog.sqlite.broken) to start a new one, or restore it from a backup",
                           e.getErrorStr());
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return "is locked by another program (another TorchRig or an SQLite tool holding it open). Close "
               "that "
               "program and start TorchRig again";
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_AUTH:
        return fmt::format("cannot be opened ({}). Check that it exists and that you may read it",
                           e.getErrorStr());
    default: return fmt::format("cannot be read ({})", e.what());
    }
}

UserDatabaseStatus prepareUserDatabase(const fs::path& path, const CatalogOpenOptions& options) {
    std::error_code ec;
    bool exists = fs::exists(path, ec);
    if (!exists && options.userReadOnly)
        return {UserDatabaseState::None, path,
                fmt::format("{} does not exist yet; nothing of yours to show", path.string())};
    if (!exists) {
        fs::create_directories(path.parent_path(), ec);
        if (ec)
            return userDatabaseUnavailable(path,
                                           fmt::format("cannot be created: the folder {} cannot be made ({})",
                                                       path.parent_path().string(), ec.message()));
    }
    try {
        int flags =
            options.userReadOnly ? SQLite::OPEN_READONLY : (SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        SQLite::Database database(path.string(), flags, static_cast<int>(options.busyTimeout.count()));
        int version = schemaVersion(database);
        if (version > latestSchemaVersion())
            return userDatabaseUnavailable(
                path, fmt::format("was written by a newer TorchRig (catalog schema version {}; this one "
                                  "knows up to {}). Update TorchRig to use it, or move the file aside to "
                                  "start a new one",
                                  version, latestSchemaVersion()));
        if (version == 0 && database.execAndGet("SELECT count(*) FROM sqlite_master").getInt() > 0)
            return userDatabaseUnavailable(
                path, "is an SQLite database but not a TorchRig catalog. Move it aside, or point "
                      "TorchRig to another file with --user-db");
        if (version > 0) {
            auto check = database.execAndGet("PRAGMA quick_check(1)").getString();
            if (check != "ok")
                return userDatabaseUnavailable(
                    path, fmt::format("is damaged (SQLite's check says: {}). Move it aside to start a "
                                      "new one, or restore it from a backup",
                                      check));
        }
        bool readOnly = options.userReadOnly || sqlite3_db_readonly(database.getHandle(), "main") == 1;
        if (readOnly && version < latestSchemaVersion())
            return userDatabaseUnavailable(
                path, fmt::format("needs upgrading from catalog schema version {} to {} but is read-only. "
                                  "Make it writable (chmod u+w) and start TorchRig again",
                                  version, latestSchemaVersion()));
        if (readOnly)
            return {
                UserDatabaseState::ReadOnly, path,
                fmt::format(
                    "Your parts database {} is read-only: your parts are shown, but changes cannot be saved. "
                    "Make it writable (chmod u+w) to change it.",
                    path.string())};
        database.exec("PRAGMA journal_mode = WAL");
        if (auto migrated = migrateToLatest(database); !migrated)
            return userDatabaseUnavailable(path, "could not be upgraded: " + migrated.error().message);
    } catch (const SQLite::Exception& e) {
        return userDatabaseUnavailable(path, explainSqliteOpenFailure(e));
    }
    return {UserDatabaseState::Writable, path, {}};
}

} // namespace torchrig::db
