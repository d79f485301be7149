#pragma once

#include "catalog_pack.h"
#include "part_record.h"
#include "util/result.h"

#include <filesystem>
#include <vector>

namespace torchrig::db {

struct BuildReport {
    int parts = 0;
    int prices = 0;
};

// Reads the seed folder (one <category>.csv per category, prices.csv, field_sources.csv) and
// checks what crosses files: prices and field sources name existing parts and fields, cloud
// instances name existing GPUs.
Result<std::vector<PartRecord>> readSeedFolder(const std::filesystem::path& seedDir);
// The seed folder's pack.csv (key,value: version, date, signed_off_by): what the catalog is released as.
Result<CatalogPackInfo> readSeedPack(const std::filesystem::path& seedDir);
// Writes parts into a new SQLite file at output (replacing it only once complete), named as `pack`.
Result<BuildReport>
writeCatalogFile(const std::vector<PartRecord>& parts, const std::filesystem::path& output,
                 const CatalogPackInfo& pack = {"unreleased", "1970-01-01", "", 0, 0, {}, {}, {}});
Result<BuildReport> buildCatalog(const std::filesystem::path& seedDir, const std::filesystem::path& output);

} // namespace torchrig::db
