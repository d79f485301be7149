#include "user_database_preparation.h"

#include "catalog_migrations.h"
#include "schema_migrator.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <optional>
#include <set>
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

namespace {

// The tables a user database of the latest schema has, read off one migrated in memory: the list
// can never fall behind the migrations.
const std::set<std::string>& userDatabaseTables() {
    static const std::set<std::string> tables = [] {
        SQLite::Database memory(":memory:", SQLite::OPEN_READWRITE);
        if (!migrateToLatest(memory))
            return std::set<std::string>{};
        std::set<std::string> names;
        SQLite::Statement query(memory, "SELECT name FROM sqlite_master WHERE type = 'table'");
        while (query.executeStep())
            names.insert(query.getColumn(0).getString());
        return names;
    }();
    return tables;
}

std::optional<std::string> missingTable(SQLite::Database& database) {
    std::set<std::string> present;
    SQLite::Statement query(database, "SELECT name FROM main.sqlite_master WHERE type = 'table'");
    while (query.executeStep())
        present.insert(query.getColumn(0).getString());
    for (const auto& table : userDatabaseTables())
        if (!present.contains(table))
            return table;
    return std::nullopt;
}

} // namespace

Error sqliteWriteFailure(const SQLite::Exception& e, const std::string& what) {
    switch (e.getErrorCode() & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return makeError(
            ErrorCode::ReadOnly,
            what + ": your parts database is locked by another program (another TorchRig or an "
                   "SQLite tool holding it open). Nothing was changed; close that program and try again");
    case SQLITE_READONLY:
    case SQLITE_PERM:
        return makeError(ErrorCode::ReadOnly,
                         fmt::format("{}: your parts database cannot be written now ({}). "
                                     "Nothing was changed",
                                     what, e.getErrorStr()));
    case SQLITE_FULL: return makeError(ErrorCode::Io, what + ": the disk is full. Nothing was changed");
    default: return makeError(ErrorCode::Database, fmt::format("{}: {}", what, e.what()));
    }
}

UserDatabaseStatus prepareUserDatabase(const fs::path& path, const CatalogOpenOptions& options) {
    std::error_code ec;
    bool exists = fs::exists(path, ec);
    // SQLite takes an empty file for a new database; but a file of the user's that is empty was cut
    // off or emptied by something else, and starting over in it would hide that.
    if (exists && fs::is_regular_file(path, ec) && fs::file_size(path, ec) == 0 && !ec)
        return userDatabaseUnavailable(
            path, "is empty (0 bytes): it was cut off or emptied by another program. Restore it from a "
                  "backup, or delete it to start a new one");
    if (!exists && options.userReadOnly)
        return {UserDatabaseState::None, path,
                fmt::format("{} does not exist yet; nothing of yours to show", path.string())};
    // A folder that cannot be written (a read-only mount, no permission): SQLite could not even
    // read the file in WAL mode there without its -shm file, so it is opened as immutable.
    std::optional<std::string> folderProblem;
    if (exists && !options.userReadOnly &&
        ::access(path.parent_path().empty() ? "." : path.parent_path().c_str(), W_OK) != 0)
        folderProblem = std::strerror(errno);
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
        auto name = path.string();
        if (folderProblem) {
            name = sqliteUri(path, "mode=ro&immutable=1");
            flags = SQLite::OPEN_READONLY | SQLite::OPEN_URI;
        }
        SQLite::Database database(name, flags, static_cast<int>(options.busyTimeout.count()));
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
        if (version == latestSchemaVersion())
            if (auto table = missingTable(database))
                return userDatabaseUnavailable(
                    path, fmt::format("is damaged: its table \"{}\" is missing. Move it aside to start a new "
                                      "one, or restore it from a backup",
                                      *table));
        bool readOnly =
            options.userReadOnly || folderProblem || sqlite3_db_readonly(database.getHandle(), "main") == 1;
        if (readOnly && version < latestSchemaVersion())
            return userDatabaseUnavailable(
                path, fmt::format("needs upgrading from catalog schema version {} to {} but is read-only. "
                                  "Make it writable (chmod u+w) and start TorchRig again",
                                  version, latestSchemaVersion()));
        if (folderProblem)
            return {
                UserDatabaseState::ReadOnly, path,
                fmt::format("Your parts database {} is in a folder that cannot be written ({}): your parts "
                            "are shown, but changes cannot be saved. Make the folder {} writable to change "
                            "them.",
                            path.string(), *folderProblem, path.parent_path().string()),
                true};
        if (readOnly)
            return {
                UserDatabaseState::ReadOnly, path,
                fmt::format(
                    "Your parts database {} is read-only: your parts are shown, but changes cannot be saved. "
                    "Make it writable (chmod u+w) to change it.",
                    path.string())};
        database.exec("PRAGMA journal_mode = WAL");
        if (auto migrated = migrateToLatest(database); !migrated)
            return userDatabaseUnavailable(path, "could not be upgraded: " + migrated.error().text());
    } catch (const SQLite::Exception& e) {
        return userDatabaseUnavailable(path, explainSqliteOpenFailure(e));
    }
    return {UserDatabaseState::Writable, path, {}};
}

} // namespace torchrig::db
