#include "catalog_builder.h"

#include "category_schema.h"
#include "csv_table.h"
#include "field_value.h"
#include "part_files.h"
#include "part_store.h"
#include "schema_migrator.h"
#include "util/text_file.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <cstdlib>
#include <map>
#include <set>

namespace torchrig::db {

namespace fs = std::filesystem;

namespace {} // namespace

Result<std::vector<PartRecord>> readSeedFolder(const fs::path& seedDir) {
    std::vector<PartRecord> parts;
    std::map<std::string, std::size_t> indexById;
    for (auto category : kAllPartCategories) {
        auto path = seedDir / (std::string(categorySchema(category).table) + ".csv");
        auto text = readTextFile(path);
        if (!text)
            return text.error();
        auto read = readPartsCsv(*text, category, path.filename().string());
        if (!read)
            return read.error();
        for (auto& part : *read) {
            if (!indexById.emplace(part.id, parts.size()).second)
                return makeError(ErrorCode::InvalidInput, fmt::format("{}: id {} is used in two seed files",
                                                                      path.filename().string(), part.id));
            parts.push_back(std::move(part));
        }
    }

    auto pricesText = readTextFile(seedDir / "prices.csv");
    if (!pricesText)
        return pricesText.error();
    auto prices = readPricesCsv(*pricesText, "prices.csv");
    if (!prices)
        return prices.error();
    for (auto& row : *prices) {
        auto it = indexById.find(row.partId);
        if (it == indexById.end())
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("prices.csv, row {}: no part has id {}", row.row, row.partId));
        parts[it->second].prices.push_back(std::move(row.price));
    }

    auto sourcesText = readTextFile(seedDir / "field_sources.csv");
    if (!sourcesText)
        return sourcesText.error();
    auto sources = readFieldSourcesCsv(*sourcesText, "field_sources.csv");
    if (!sources)
        return sources.error();
    for (auto& row : *sources) {
        auto it = indexById.find(row.partId);
        if (it == indexById.end())
            return makeError(
                ErrorCode::InvalidInput,
                fmt::format("field_sources.csv, row {}: no part has id {}", row.row, row.partId));
        auto& part = parts[it->second];
        if (!findField(part.category, row.field))
            return makeError(
                ErrorCode::InvalidInput,
                fmt::format("field_sources.csv, row {}: {} has no field {}", row.row, part.id, row.field));
        part.fieldProvenance[row.field] = row.provenance;
    }

    for (const auto& part : parts) {
        if (part.category != PartCategory::CloudInstance)
            continue;
        auto* gpu = std::get_if<std::string>(&part.field("gpu_part_id"));
        if (gpu && (!indexById.contains(*gpu) || parts[indexById[*gpu]].category != PartCategory::Gpu))
            return makeError(
                ErrorCode::InvalidInput,
                fmt::format("cloud.csv: {} names GPU {}, which is not in gpu.csv", part.id, *gpu));
    }
    return parts;
}

// A seed CSV of the pack's own (not a category's), its header exactly `columns`.
Result<CsvTable> readSeedTable(const fs::path& seedDir, const std::string& name,
                               const std::vector<std::string>& columns) {
    auto text = readTextFile(seedDir / name);
    if (!text)
        return text.error();
    auto table = parseCsv(*text, name);
    if (!table)
        return table.error();
    if (table->header != columns) {
        std::string header;
        for (const auto& column : columns)
            header += (header.empty() ? "" : ",") + column;
        return makeError(ErrorCode::InvalidInput, name + ": the header is " + header);
    }
    return table;
}

// exchange_rates.csv (currency,per_euro,date,source): the reference rates the catalog ships.
Result<std::vector<plan::ReferenceRate>> readSeedExchangeRates(const fs::path& seedDir) {
    auto table = readSeedTable(seedDir, "exchange_rates.csv", {"currency", "per_euro", "date", "source"});
    if (!table)
        return table.error();
    std::vector<plan::ReferenceRate> rates;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
        const auto& row = table->rows[i];
        const auto where = fmt::format("exchange_rates.csv, row {}", i + 2);
        if (row.size() != 4)
            return makeError(ErrorCode::InvalidInput, where + ": each row is currency,per_euro,date,source");
        plan::ReferenceRate rate{row[0], 0, row[2], row[3]};
        char* end = nullptr;
        rate.perEuro = std::strtod(row[1].c_str(), &end);
        if (row[1].empty() || *end != '\0')
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}: per_euro \"{}\" is not a number", where, row[1]));
        if (auto problem = referenceRateProblem(rate))
            return makeError(ErrorCode::InvalidInput, where + ": " + *problem);
        if (!seen.insert(rate.currency).second)
            return makeError(ErrorCode::InvalidInput, where + ": " + rate.currency + " appears twice");
        rates.push_back(std::move(rate));
    }
    return rates;
}

// market_restrictions.csv (part_id,market,source): the parts not sold new in a market; that each
// names a part of the catalog is checked where the catalog is written.
Result<std::vector<plan::MarketRestriction>> readSeedMarketRestrictions(const fs::path& seedDir) {
    auto table = readSeedTable(seedDir, "market_restrictions.csv", {"part_id", "market", "source"});
    if (!table)
        return table.error();
    std::vector<plan::MarketRestriction> restrictions;
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
        const auto& row = table->rows[i];
        const auto where = fmt::format("market_restrictions.csv, row {}", i + 2);
        if (row.size() != 3 || row[0].empty() || row[2].empty())
            return makeError(ErrorCode::InvalidInput,
                             where + ": each row is part_id,market,source, none empty");
        const auto market = enumFromName(plan::kMarketCatalogCodes, row[1]);
        if (!market)
            return makeError(ErrorCode::InvalidInput, where + ": market \"" + row[1] + "\" is not CN");
        restrictions.push_back({row[0], *market, row[2]});
    }
    return restrictions;
}

Result<CatalogPackInfo> readSeedPack(const fs::path& seedDir) {
    auto text = readTextFile(seedDir / "pack.csv");
    if (!text)
        return text.error();
    auto table = parseCsv(*text, "pack.csv");
    if (!table)
        return table.error();
    CatalogPackInfo pack;
    for (const auto& row : table->rows) {
        if (row.size() != 2)
            return makeError(ErrorCode::InvalidInput, "pack.csv: each row is key,value");
        if (row[0] == "version")
            pack.version = row[1];
        else if (row[0] == "date")
            pack.date = row[1];
        else if (row[0] == "signed_off_by")
            pack.signedOffBy = row[1];
        else
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("pack.csv: \"{}\" is not version, date or signed_off_by", row[0]));
    }
    if (pack.version.empty() || pack.date.size() != 10 || !isPartialIsoDate(pack.date) ||
        pack.signedOffBy.empty())
        return makeError(ErrorCode::InvalidInput,
                         "pack.csv needs a version, a date (YYYY-MM-DD) and who signed the catalog off");
    auto rates = readSeedExchangeRates(seedDir);
    if (!rates)
        return rates.error();
    pack.referenceRates = std::move(*rates);
    auto restrictions = readSeedMarketRestrictions(seedDir);
    if (!restrictions)
        return restrictions.error();
    pack.marketRestrictions = std::move(*restrictions);
    return pack;
}

Result<BuildReport> writeCatalogFile(const std::vector<PartRecord>& parts, const fs::path& output,
                                     const CatalogPackInfo& pack) {
    // A file of our own beside the output (never one a link planted there points to), filled by
    // SQLite, then renamed over the output; removed on every way out that does not get that far.
    auto created = createFileBeside(output);
    if (!created)
        return created.error();
    const auto temporary = *created;
    struct RemoveUnlessRenamed {
        const fs::path& path;
        bool renamed = false;
        ~RemoveUnlessRenamed() {
            std::error_code ignored;
            if (!renamed)
                fs::remove(path, ignored);
        }
    } cleanup{temporary};
    std::error_code ec;
    BuildReport report;
    try {
        {
            SQLite::Database database(temporary.string(), SQLite::OPEN_READWRITE);
            database.exec("PRAGMA foreign_keys = ON");
            if (auto migrated = migrateToLatest(database); !migrated)
                return migrated.error();
            SQLite::Transaction transaction(database);
            PartStore store(database, "main");
            for (const auto& part : parts) {
                if (auto status = store.put(part); !status)
                    return status.error();
                for (const auto& price : part.prices) {
                    if (auto status = store.addPrice(part.id, price); !status)
                        return status.error();
                    ++report.prices;
                }
                ++report.parts;
            }
            SQLite::Statement named(database, "INSERT INTO catalog_pack(key, value) VALUES (?, ?)");
            for (const auto& [key, value] : {std::pair{"version", pack.version}, std::pair{"date", pack.date},
                                             std::pair{"signed_off_by", pack.signedOffBy}}) {
                if (value.empty())
                    continue;
                named.bind(1, key);
                named.bind(2, value);
                named.exec();
                named.reset();
            }
            SQLite::Statement rate(
                database, "INSERT INTO exchange_rate(currency, per_euro, date, source) VALUES (?, ?, ?, ?)");
            for (const auto& r : pack.referenceRates) {
                rate.bind(1, r.currency);
                rate.bind(2, r.perEuro);
                rate.bind(3, r.date);
                rate.bind(4, r.source);
                rate.exec();
                rate.reset();
            }
            SQLite::Statement restricted(
                database, "INSERT INTO market_restriction(part_id, market, source) VALUES (?, ?, ?)");
            for (const auto& r : pack.marketRestrictions) {
                if (!store.contains(r.partId))
                    return makeError(ErrorCode::InvalidInput,
                                     fmt::format("market_restrictions.csv: no part has id {}", r.partId));
                restricted.bind(1, r.partId);
                restricted.bind(2, std::string(enumName(plan::kMarketCatalogCodes, r.market)));
                restricted.bind(3, r.source);
                restricted.exec();
                restricted.reset();
            }
            transaction.commit();
            database.exec("INSERT INTO part_search(part_search) VALUES ('optimize')");
            database.exec("ANALYZE");
            database.exec("VACUUM");
        }
        fs::rename(temporary, output, ec);
        cleanup.renamed = !ec;
        if (ec)
            return makeError(ErrorCode::Io,
                             fmt::format("{} could not be written: {}", output.string(), ec.message()));
    } catch (const SQLite::Exception& e) {
        return makeError(ErrorCode::Database,
                         fmt::format("{} could not be written: {}", temporary.string(), e.what()));
    }
    return report;
}

Result<BuildReport> buildCatalog(const fs::path& seedDir, const fs::path& output) {
    auto parts = readSeedFolder(seedDir);
    if (!parts)
        return parts.error();
    auto pack = readSeedPack(seedDir);
    if (!pack)
        return pack.error();
    return writeCatalogFile(*parts, output, *pack);
}

} // namespace torchrig::db
