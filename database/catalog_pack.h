#pragma once
// A catalog pack: the bundled catalog released as one SQLite file with a version, a date and who
// signed it off (its catalog_pack table). A newer pack installed by `torchrig-cli catalog update` or
// the app sits beside the user's database and takes the bundled catalog's place; the user's own
// parts, price overrides, quotes and hidden rows stay in the user's database and keep overlaying it.

#include "util/result.h"

#include <filesystem>
#include <optional>
#include <string>

namespace torchrig::db {

struct CatalogPackInfo {
    std::string version;     // "2026.12"
    std::string date;        // "YYYY-MM-DD": when its figures and prices were signed off
    std::string signedOffBy; // who checked it
    int parts = 0;
    int prices = 0;
    std::filesystem::path path;
};

// The pack's identity, after checking that it is a whole catalog of this TorchRig's schema.
Result<CatalogPackInfo> readCatalogPack(const std::filesystem::path& path);

// Where an installed pack lives for the user's database at `userDatabasePath`.
std::filesystem::path installedPackPathFor(const std::filesystem::path& userDatabasePath);

// Whether `candidate` is newer than `current`: a later date, or the same date and a later version.
bool isNewerPack(const CatalogPackInfo& candidate, const CatalogPackInfo& current);

struct PackInstallation {
    CatalogPackInfo installed;
    CatalogPackInfo replaced; // the pack the catalog used before
};

// Copies `pack` to `destination` (atomically) when it is a whole catalog newer than `current`;
// refuses an older or the same pack, saying which is in use.
Result<PackInstallation> installCatalogPack(const std::filesystem::path& pack, const CatalogPackInfo& current,
                                            const std::filesystem::path& destination);

} // namespace torchrig::db
