#pragma once
// Before the user's database is attached to the catalog it is checked on a connection of its own:
// created when missing, upgraded when old, and left exactly as it is when anything is doubtful
// (damaged, locked, read-only, from a newer TorchRig, not a TorchRig file).

#include "catalog.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace SQLite {
class Exception;
}

namespace torchrig::db {

UserDatabaseStatus prepareUserDatabase(const std::filesystem::path& path, const CatalogOpenOptions& options);
// The Unavailable status with a message naming the file, what is wrong ("what") and what TorchRig does.
UserDatabaseStatus userDatabaseUnavailable(const std::filesystem::path& path, std::string what);
// What an SQLite error at open means for a person, and the way out.
std::string explainSqliteOpenFailure(const SQLite::Exception& e);
// A write the database refused, as a person reads it: locked by another program or read-only now is
// theirs to fix (exit status 6, as the README says); anything else is SQLite's own failure.
Error sqliteWriteFailure(const SQLite::Exception& e, const std::string& what);
// A file name as an SQLite URI ("file:/a%20b/c.sqlite?mode=ro"): unreserved characters and '/'
// as they are, the rest escaped.
std::string sqliteUri(const std::filesystem::path& path, std::string_view query);

} // namespace torchrig::db
