#pragma once

#include <span>
#include <string_view>

namespace torchrig::db {

// One step of the catalog schema, applied to a database whose PRAGMA user_version is version - 1.
struct Migration {
    int version;
    std::string_view sql;
};

// Ordered, contiguous from 1. The bundled catalog and the user's database share the schema.
std::span<const Migration> catalogMigrations();
int latestSchemaVersion();

} // namespace torchrig::db
