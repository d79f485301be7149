#pragma once
// For the lab database's translation units only (postgres_*.cpp): libpqxx's headers stay out of
// every other one. Opening a connection as a lab member's program must, and saying what a failure
// means for the person.

#include "postgres_lab_schema.h"

#include "util/result.h"

#include <pqxx/pqxx>

#include <memory>
#include <string>

namespace torchrig::db {

Result<std::unique_ptr<pqxx::connection>> connectToLab(const std::string& url);
// What went wrong talking to the lab's server, as a person reads it: unreachable (Io), refused by
// its roles (ReadOnly), a row it rejects (InvalidInput), anything else (Database).
Error labFailure(const std::exception& e, const std::string& what);
// UTC as the history writes it, from a timestamptz column or expression.
std::string isoUtc(const std::string& column);

} // namespace torchrig::db
