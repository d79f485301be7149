#include "catalog_pack.h"

#include "catalog_migrations.h"
#include "user_database_preparation.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

namespace torchrig::db {

namespace fs = std::filesystem;

Result<CatalogPackInfo> readCatalogPack(const fs::path& path) {
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
        return makeError(ErrorCode::NotFound, fmt::format("{} is not a file", path.string()));
    const auto notAPack = [&](const std::string& why) {
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{} is not a TorchRig catalog pack: {}. A pack is the catalog.sqlite "
                                     "of a TorchRig release (or one its maintainers publish)",
                                     path.string(), why));
    };
    try {
        SQLite::Database database(sqliteUri(path, "mode=ro"), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
        const int version = database.execAndGet("PRAGMA user_version").getInt();
        if (version != latestSchemaVersion())
            return makeError(ErrorCode::ReadOnly,
                             fmt::format("{} has catalog schema version {}, but this TorchRig reads version "
                                         "{}: use the pack made for this TorchRig release",
                                         path.string(), version, latestSchemaVersion()));
        if (auto check = database.execAndGet("PRAGMA integrity_check").getString(); check != "ok")
            return notAPack("the file is damaged (" + check + ")");
        CatalogPackInfo info;
        info.path = path;
        SQLite::Statement rows(database, "SELECT key, value FROM catalog_pack");
        while (rows.executeStep()) {
            const auto key = rows.getColumn(0).getString();
            (key == "version" ? info.version
             : key == "date"  ? info.date
                              : info.signedOffBy) = rows.getColumn(1).getString();
        }
        if (info.version.empty() || info.date.empty())
            return notAPack("it names no version or date");
        info.parts = database.execAndGet("SELECT count(*) FROM part").getInt();
        info.prices = database.execAndGet("SELECT count(*) FROM price").getInt();
        if (info.parts == 0)
            return notAPack("it holds no parts");
        return info;
    } catch (const SQLite::Exception& e) {
        return notAPack(e.what());
    }
}

fs::path installedPackPathFor(const fs::path& userDatabasePath) {
    return userDatabasePath.parent_path() / "catalog-pack.sqlite";
}

bool isNewerPack(const CatalogPackInfo& candidate, const CatalogPackInfo& current) {
    if (candidate.date != current.date)
        return candidate.date > current.date;
    return candidate.version > current.version;
}

Result<PackInstallation> installCatalogPack(const fs::path& pack, const CatalogPackInfo& current,
                                            const fs::path& destination) {
    auto info = readCatalogPack(pack);
    if (!info)
        return info.error();
    if (!isNewerPack(*info, current))
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{} is pack {} of {}, not newer than the catalog in use (pack {} of "
                                     "{}): nothing was changed",
                                     pack.string(), info->version, info->date, current.version,
                                     current.date));
    std::error_code ec;
    fs::create_directories(destination.parent_path(), ec);
    auto temporary = destination;
    temporary += ".partial";
    fs::copy_file(pack, temporary, fs::copy_options::overwrite_existing, ec);
    if (!ec)
        fs::rename(temporary, destination, ec);
    if (ec) {
        const auto why = ec.message();
        fs::remove(temporary, ec);
        return makeError(ErrorCode::Io,
                         fmt::format("the pack could not be installed as {}: {}", destination.string(), why));
    }
    info->path = destination;
    return PackInstallation{*info, current};
}

} // namespace torchrig::db
