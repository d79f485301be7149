#pragma once
// A catalog pack: the bundled catalog released as one SQLite file with a version, a date and who
// signed it off (its catalog_pack table). A newer pack installed by `torchrig-cli catalog update` or
// the app sits beside the user's database and takes the bundled catalog's place; the user's own
// parts, price overrides, quotes and hidden rows stay in the user's database and keep overlaying it.
//
// A pack comes from outside: its file may have been made by anything that writes SQLite, with the
// schema's CHECK constraints switched off or written without them. So nothing in it is trusted
// because it is there: its tables, its identity and (before it is installed) every row are checked
// as an import checks a file.

#include "plan/build_cost.h"
#include "plan/market.h"
#include "util/result.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace SQLite {
class Database;
}

namespace torchrig::db {

struct CatalogPackInfo {
    std::string version;     // "2026.12"
    std::string date;        // "YYYY-MM-DD": when its figures and prices were signed off
    std::string signedOffBy; // who checked it
    int parts = 0;
    int prices = 0;
    std::filesystem::path path;
    // The reference exchange rates it ships (table exchange_rate), each with its date and source.
    std::vector<plan::ReferenceRate> referenceRates;
    // The parts it says are not sold new in a market (table market_restriction), each with its source.
    std::vector<plan::MarketRestriction> marketRestrictions;
};

// Why a reference rate cannot be taken (its currency, rate, date or source), or nothing.
std::optional<std::string> referenceRateProblem(const plan::ReferenceRate& rate);

// Today's date (UTC), the day a pack's date may not be much later than.
std::chrono::sys_days todayUtc();

// The pack's identity, after checking that it is a whole, undamaged catalog of this TorchRig's
// schema (every table, with this schema's columns) and that its version and date are plausible: a
// version of at most 64 characters, a date YYYY-MM-DD no later than two days after `today`.
Result<CatalogPackInfo> readCatalogPack(const std::filesystem::path& path,
                                        std::chrono::sys_days today = todayUtc());

// Whether the catalog attached to `database` as `schema` ("main", "bundled") has every table the
// bundled side of the catalog is read from, each with this schema's columns in this order; the
// error names the table and `label` (the file).
Status checkCatalogTables(SQLite::Database& database, std::string_view schema, std::string_view label);

// The version, date and signer of the catalog attached as `schema`, checked as readCatalogPack
// says, with its parts and prices counted; the error names `label`, the table and the key.
Result<CatalogPackInfo> readPackIdentity(SQLite::Database& database, std::string_view schema,
                                         std::string_view label, std::chrono::sys_days today = todayUtc());

// Every row of the catalog attached to `database` as `schema`, checked against what the schema's
// CHECK constraints and an import (validatePart, validatePrice, UTF-8, the length of a cell) allow:
// parts, their typed rows, field sources, prices and search entries. The error lists the problems
// found (up to ten), each naming its table, row, part and field.
Status validateCatalogPackRows(SQLite::Database& database, std::string_view schema, std::string_view label);

// Where an installed pack lives for the user's database at `userDatabasePath`.
std::filesystem::path installedPackPathFor(const std::filesystem::path& userDatabasePath);

// Whether `candidate` is newer than `current`: a later date, or the same date and a later version.
bool isNewerPack(const CatalogPackInfo& candidate, const CatalogPackInfo& current);

struct PackInstallation {
    CatalogPackInfo installed;
    CatalogPackInfo replaced; // the pack the catalog used before
};

// Copies `pack` to `destination` (atomically) when it is a whole catalog newer than `current` and
// every row of it passes validateCatalogPackRows; refuses anything else, saying why (which pack is
// in use, or which row and field is wrong), with `destination` left as it was.
Result<PackInstallation> installCatalogPack(const std::filesystem::path& pack, const CatalogPackInfo& current,
                                            const std::filesystem::path& destination,
                                            std::chrono::sys_days today = todayUtc());

} // namespace torchrig::db
