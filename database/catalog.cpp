#include "catalog.h"

#include "catalog_migrations.h"
#include "category_schema.h"
#include "lab_copy.h"
#include "part_store.h"
#include "schema_migrator.h"
#include "search_text.h"
#include "shared_store.h"
#include "sqlite_shared_store.h"
#include "user_database_preparation.h"

#include "util/utf8_text.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <system_error>

namespace torchrig::db {

namespace fs = std::filesystem;

namespace {

constexpr const char* kUserSchema = "user";
// A query matching more parts than this is too vague to have one intended part: its results are
// the best of the first matches in index order. Anything narrower is ranked exhaustively.
constexpr int kSearchCandidates = 250;

FieldValue readColumn(const SQLite::Column& column) {
    if (column.isNull())
        return FieldValue{};
    if (column.isInteger())
        return FieldValue{static_cast<std::int64_t>(column.getInt64())};
    if (column.isFloat())
        return FieldValue{column.getDouble()};
    return FieldValue{column.getString()};
}

std::string placeholders(std::size_t count) {
    std::string out;
    for (std::size_t i = 0; i < count; ++i)
        out += i ? ", ?" : "?";
    return out;
}

} // namespace

Catalog::~Catalog() = default;

Result<std::unique_ptr<Catalog>> Catalog::open(const CatalogOpenOptions& options) {
    std::unique_ptr<Catalog> catalog(new Catalog);
    catalog->m_bundledPath = options.bundledPath;
    std::error_code ec;
    if (!fs::exists(options.bundledPath, ec))
        return makeError(ErrorCode::Io,
                         fmt::format("The bundled hardware catalog {} is missing. Reinstall TorchRig, or "
                                     "rebuild it (cmake --build) and point TORCHRIG_CATALOG at it.",
                                     options.bundledPath.string()));
    // The bundled rows come from the newest pack: the installed one when it is newer and whole.
    if (auto bundled = readCatalogPack(options.bundledPath))
        catalog->m_pack = *bundled;
    else
        catalog->m_pack = {"unversioned", "", "", 0, 0, options.bundledPath, {}, {}};
    if (options.installedPackPath && fs::exists(*options.installedPackPath, ec)) {
        auto installed = readCatalogPack(*options.installedPackPath);
        if (!installed)
            catalog->m_packNotice = "The installed catalog pack is not used: " + installed.error().text();
        else if (!isNewerPack(*installed, catalog->m_pack))
            catalog->m_packNotice = fmt::format("The installed catalog pack {} ({}) is not newer than the "
                                                "one this TorchRig brings ({} of {}); "
                                                "the bundled one is used",
                                                installed->version, installed->date, catalog->m_pack.version,
                                                catalog->m_pack.date);
        else
            catalog->m_pack = *installed;
    }
    try {
        // An in-memory main schema holds the overlay views; the catalogs are attached to it.
        catalog->m_database =
            std::make_unique<SQLite::Database>(":memory:", SQLite::OPEN_READWRITE | SQLite::OPEN_URI,
                                               static_cast<int>(options.busyTimeout.count()));
        auto& database = *catalog->m_database;
        SQLite::Statement attach(database, "ATTACH DATABASE ? AS bundled");
        attach.bind(1, sqliteUri(catalog->m_pack.path, "mode=ro"));
        attach.exec();
        const auto inUse = catalog->m_pack.path.string();
        int version = database.execAndGet("PRAGMA bundled.user_version").getInt();
        if (version != latestSchemaVersion())
            return makeError(
                ErrorCode::ReadOnly,
                fmt::format("The bundled hardware catalog {} has schema version {}, but this TorchRig "
                            "needs {}. It belongs to another TorchRig version: reinstall, or rebuild it.",
                            inUse, version, latestSchemaVersion()));
        // A file that is not a whole catalog fails here, naming what it lacks, rather than in the
        // views below as "no such table: bundled.gpu".
        if (auto tables = checkCatalogTables(database, "bundled", inUse); !tables)
            return makeError(ErrorCode::Database,
                             fmt::format("The bundled hardware catalog is not a whole TorchRig catalog: {}. "
                                         "Reinstall TorchRig, or rebuild it (cmake --build).",
                                         tables.error().text()));
        database.exec("PRAGMA foreign_keys = ON");
    } catch (const SQLite::Exception& e) {
        return makeError(
            ErrorCode::Database,
            fmt::format("The bundled hardware catalog {} cannot be read ({}). Reinstall TorchRig, "
                        "or rebuild it (cmake --build).",
                        catalog->m_pack.path.string(), textExcerpt(e.what(), 200)));
    }

    if (options.userPath) {
        catalog->m_userStatus = prepareUserDatabase(*options.userPath, options);
        auto state = catalog->m_userStatus.state;
        if (state == UserDatabaseState::Writable || state == UserDatabaseState::ReadOnly) {
            try {
                SQLite::Statement attach(*catalog->m_database, "ATTACH DATABASE ? AS user");
                attach.bind(
                    1, sqliteUri(*options.userPath, catalog->m_userStatus.immutable ? "mode=ro&immutable=1"
                                                    : state == UserDatabaseState::ReadOnly ? "mode=ro"
                                                                                           : "mode=rw"));
                attach.exec();
            } catch (const SQLite::Exception& e) {
                catalog->m_userStatus =
                    userDatabaseUnavailable(*options.userPath, explainSqliteOpenFailure(e));
            }
        }
    }
    try {
        catalog->createViews();
    } catch (const SQLite::Exception& e) {
        return makeError(ErrorCode::Database, fmt::format("The catalog could not be prepared: {}", e.what()));
    }
    if (auto lab = catalog->openLab(options); !lab)
        return lab.error();
    return catalog;
}

void Catalog::createViews() {
    bool withUser = hasUserDatabase();
    auto& database = *m_database;
    if (!withUser) {
        database.exec("CREATE TEMP VIEW part_all AS SELECT *, 'bundled' AS origin FROM bundled.part");
        for (auto category : kAllPartCategories) {
            auto table = categorySchema(category).table;
            database.exec(fmt::format("CREATE TEMP VIEW {0}_all AS SELECT * FROM bundled.{0}", table));
        }
        database.exec("CREATE TEMP VIEW price_all AS SELECT * FROM bundled.price");
        database.exec("CREATE TEMP VIEW field_source_all AS SELECT * FROM bundled.field_source");
        return;
    }
    // A bundled row is shown unless the user overrides it (same id) or hid it.
    constexpr const char* kBundledVisible =
        "NOT EXISTS (SELECT 1 FROM user.part u WHERE u.id = {0}) AND "
        "NOT EXISTS (SELECT 1 FROM user.hidden_part h WHERE h.part_id = {0})";
    database.exec(fmt::format("CREATE TEMP VIEW part_all AS "
                              "SELECT p.*, CASE WHEN EXISTS (SELECT 1 FROM bundled.part b WHERE b.id = p.id) "
                              "THEN 'edited' ELSE 'user' END AS origin "
                              "FROM user.part p UNION ALL SELECT b.*, 'bundled' FROM bundled.part b WHERE {}",
                              fmt::format(fmt::runtime(kBundledVisible), "b.id")));
    for (auto category : kAllPartCategories) {
        auto table = categorySchema(category).table;
        database.exec(fmt::format("CREATE TEMP VIEW {0}_all AS SELECT * FROM user.{0} UNION ALL "
                                  "SELECT b.* FROM bundled.{0} b WHERE {1}",
                                  table, fmt::format(fmt::runtime(kBundledVisible), "b.part_id")));
    }
    database.exec(
        "CREATE TEMP VIEW price_all AS SELECT * FROM user.price UNION ALL SELECT * FROM bundled.price");
    database.exec(
        fmt::format("CREATE TEMP VIEW field_source_all AS SELECT * FROM user.field_source UNION ALL "
                    "SELECT b.* FROM bundled.field_source b WHERE {}",
                    fmt::format(fmt::runtime(kBundledVisible), "b.part_id")));
}

std::vector<PartRecord> Catalog::readParts(const std::string& where,
                                           const std::vector<std::string>& arguments) const {
    auto& database = *m_database;
    std::vector<PartRecord> parts;
    std::map<std::string, std::size_t, std::less<>> indexById;
    SQLite::Statement query(
        database, "SELECT id, category, name, vendor, aliases, source, as_of, confidence, notes, origin "
                  "FROM part_all WHERE " +
                      where + " ORDER BY category, name, id");
    for (std::size_t i = 0; i < arguments.size(); ++i)
        query.bind(static_cast<int>(i) + 1, arguments[i]);
    while (query.executeStep()) {
        PartRecord part;
        part.id = query.getColumn(0).getString();
        part.category = categoryFromString(query.getColumn(1).getString()).value_or(PartCategory::Gpu);
        part.name = query.getColumn(2).getString();
        part.vendor = query.getColumn(3).getString();
        part.aliases = splitAliases(query.getColumn(4).getString());
        part.provenance = {query.getColumn(5).getString(), query.getColumn(6).getString(),
                           confidenceFromString(query.getColumn(7).getString()).value_or(Confidence::Low)};
        part.notes = query.getColumn(8).getString();
        auto origin = query.getColumn(9).getString();
        part.origin = origin == "user"     ? PartOrigin::User
                      : origin == "edited" ? PartOrigin::Edited
                                           : PartOrigin::Bundled;
        indexById.emplace(part.id, parts.size());
        parts.push_back(std::move(part));
    }
    if (parts.empty())
        return parts;

    // Few parts: fetch their rows by id. Many: read whole tables once and pick.
    constexpr std::size_t kByIdLimit = 200;
    std::vector<std::string> ids;
    for (const auto& part : parts)
        ids.push_back(part.id);
    auto forEachRow = [&](const std::string& table, const std::string& idColumn, auto&& onRow) {
        std::string sql = fmt::format("SELECT * FROM {}", table);
        bool byId = ids.size() <= kByIdLimit;
        if (byId)
            sql += fmt::format(" WHERE {} IN ({})", idColumn, placeholders(ids.size()));
        SQLite::Statement rows(database, sql);
        if (byId) {
            for (std::size_t i = 0; i < ids.size(); ++i)
                rows.bind(static_cast<int>(i) + 1, ids[i]);
        }
        while (rows.executeStep()) {
            auto it = indexById.find(rows.getColumn(idColumn.c_str()).getString());
            if (it != indexById.end())
                onRow(parts[it->second], rows);
        }
    };
    std::set<PartCategory> categories;
    for (const auto& part : parts)
        categories.insert(part.category);
    for (auto category : categories) {
        const auto& schema = categorySchema(category);
        forEachRow(std::string(schema.table) + "_all", "part_id",
                   [&](PartRecord& part, SQLite::Statement& row) {
                       for (const auto& field : schema.fields)
                           part.fields[std::string(field.column)] =
                               readColumn(row.getColumn(std::string(field.column).c_str()));
                   });
    }
    forEachRow("field_source_all", "part_id", [&](PartRecord& part, SQLite::Statement& row) {
        part.fieldProvenance[row.getColumn("field").getString()] = {
            row.getColumn("source").getString(), row.getColumn("as_of").getString(),
            confidenceFromString(row.getColumn("confidence").getString()).value_or(Confidence::Low)};
    });
    forEachRow("price_all", "part_id", [&](PartRecord& part, SQLite::Statement& row) {
        part.prices.push_back(
            Price{row.getColumn("amount").getDouble(), row.getColumn("currency").getString(),
                  row.getColumn("date").getString(), row.getColumn("source").getString(),
                  priceKindFromString(row.getColumn("kind").getString()).value_or(PriceKind::Street),
                  row.getColumn("region").getString(), row.getColumn("retailer").getString()});
    });
    // The lab's prices (its admins' and its members' quotes) beside the catalog's own.
    for (auto& part : parts) {
        auto [first, last] = m_labPrices.equal_range(part.id);
        for (auto it = first; it != last; ++it)
            part.prices.push_back(it->second);
    }
    for (auto& part : parts)
        std::stable_sort(part.prices.begin(), part.prices.end(),
                         [](const Price& a, const Price& b) { return a.date < b.date; });
    return parts;
}

std::vector<PartRecord> Catalog::list(std::optional<PartCategory> category) const {
    if (category)
        return readParts("category = ?", {std::string(categoryId(*category))});
    return readParts("1", {});
}

int Catalog::count(std::optional<PartCategory> category) const {
    SQLite::Statement query(*m_database, category ? "SELECT count(*) FROM part_all WHERE category = ?"
                                                  : "SELECT count(*) FROM part_all");
    if (category)
        query.bind(1, std::string(categoryId(*category)));
    query.executeStep();
    return query.getColumn(0).getInt();
}

std::optional<PartRecord> Catalog::find(std::string_view id) const {
    auto parts = readParts("id = ?", {std::string(id)});
    if (parts.empty())
        return std::nullopt;
    return std::move(parts.front());
}

bool Catalog::bundledHas(std::string_view id) const {
    SQLite::Statement query(*m_database, "SELECT 1 FROM bundled.part WHERE id = ?");
    query.bind(1, std::string(id));
    return query.executeStep();
}

std::vector<SearchHit> Catalog::search(std::string_view query, std::optional<PartCategory> category,
                                       int limit) const {
    bool withUser = hasUserDatabase();
    // One read transaction for the whole search: the files are locked once, not per statement.
    SQLite::Transaction readTransaction(*m_database);
    // Candidates come from the full-text index in index order, capped; the ranking is ours
    // (SearchRanker), not FTS5's bm25, which costs milliseconds per ten thousand matches.
    auto collect = [&](const std::string& expression, int cap) {
        std::vector<SearchCandidate> found;
        if (expression.empty())
            return found;
        for (const char* schema : {"bundled", kUserSchema}) {
            bool isBundled = std::string_view(schema) == "bundled";
            if (!isBundled && !withUser)
                continue;
            // A bundled part the user overrides or hid is not a candidate (its user row is).
            std::string sql = fmt::format(
                "SELECT part_id, category, name, aliases FROM {}.part_search s WHERE part_search MATCH ?{}{} "
                "LIMIT {}",
                schema, category ? " AND category = ?" : "",
                isBundled && withUser
                    ? " AND NOT EXISTS (SELECT 1 FROM user.part u WHERE u.id = s.part_id) AND NOT "
                      "EXISTS (SELECT 1 FROM user.hidden_part h WHERE h.part_id = s.part_id)"
                    : "",
                cap);
            SQLite::Statement statement(*m_database, sql);
            statement.bind(1, expression);
            if (category)
                statement.bind(2, std::string(categoryId(*category)));
            while (statement.executeStep()) {
                found.push_back(
                    {statement.getColumn(0).getString(),
                     categoryFromString(statement.getColumn(1).getString()).value_or(PartCategory::Gpu),
                     statement.getColumn(2).getString(), statement.getColumn(3).getString()});
            }
        }
        return found;
    };
    auto words = searchWords(query);
    if (words.empty())
        return {};
    auto candidates = collect(ftsMatchExpression(words, true), kSearchCandidates);
    if (candidates.empty() && words.size() > 1) {
        // No part has every word: drop the words no part has (a typo, a word the catalog does not
        // use), then, if all words exist but never together, take parts with any of them.
        std::vector<std::string> known;
        for (std::size_t i = 0; i < words.size(); ++i) {
            // Checked as it is used: whole, or as a prefix when it is the last word.
            auto expression = ftsMatchExpression({words[i]}, true);
            if (i + 1 < words.size())
                expression.erase(std::remove(expression.begin(), expression.end(), '*'), expression.end());
            if (!collect(expression, 1).empty())
                known.push_back(words[i]);
        }
        if (!known.empty() && known.size() < words.size())
            candidates = collect(ftsMatchExpression(known, true), kSearchCandidates);
        if (candidates.empty())
            candidates = collect(ftsMatchExpression(words, false), kSearchCandidates);
    }
    SearchRanker ranker(query);
    std::vector<std::pair<double, std::string>> ranked;
    for (const auto& candidate : candidates)
        ranked.emplace_back(ranker.score(candidate), candidate.id);
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    if (ranked.size() > static_cast<std::size_t>(limit))
        ranked.resize(static_cast<std::size_t>(limit));
    if (ranked.empty())
        return {};
    std::vector<std::string> ids;
    for (const auto& entry : ranked)
        ids.push_back(entry.second);
    auto parts = readParts(fmt::format("id IN ({})", placeholders(ids.size())), ids);
    std::vector<SearchHit> hits;
    for (const auto& entry : ranked) {
        auto it = std::find_if(parts.begin(), parts.end(),
                               [&](const PartRecord& p) { return p.id == entry.second; });
        if (it != parts.end())
            hits.push_back({std::move(*it), entry.first});
    }
    return hits;
}

Status Catalog::requireWritable() const {
    switch (m_userStatus.state) {
    case UserDatabaseState::Writable: return Ok{};
    case UserDatabaseState::None:
        return makeError(ErrorCode::ReadOnly,
                         "No parts database is open, so changes cannot be saved. " + m_userStatus.message);
    default: return makeError(ErrorCode::ReadOnly, m_userStatus.message);
    }
}

Status Catalog::add(const PartRecord& part) {
    if (auto status = requireWritable(); !status)
        return status;
    if (find(part.id) || bundledHas(part.id))
        return makeError(
            ErrorCode::Conflict,
            fmt::format("{} already exists; change it with edit, or choose another id", part.id));
    auto report = importParts({part});
    if (!report)
        return report.error();
    return Ok{};
}

Status Catalog::edit(const PartRecord& part) {
    if (auto status = requireWritable(); !status)
        return status;
    if (!find(part.id))
        return makeError(ErrorCode::NotFound, fmt::format("{} is not in the catalog; add it first", part.id));
    auto report = importParts({part});
    if (!report)
        return report.error();
    return Ok{};
}

Status Catalog::remove(std::string_view id) {
    if (auto status = requireWritable(); !status)
        return status;
    auto part = find(id);
    if (!part)
        return makeError(ErrorCode::NotFound, fmt::format("{} is not in the catalog", id));
    try {
        SQLite::Transaction transaction(*m_database);
        PartStore store(*m_database, kUserSchema);
        if (auto status = store.remove(id); !status)
            return status;
        if (part->origin != PartOrigin::User) {
            SQLite::Statement hide(*m_database,
                                   "INSERT OR IGNORE INTO user.hidden_part (part_id) VALUES (?)");
            hide.bind(1, std::string(id));
            hide.exec();
        }
        transaction.commit();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("{} could not be removed", id));
    }
    return Ok{};
}

Status Catalog::revert(std::string_view id) {
    if (auto status = requireWritable(); !status)
        return status;
    if (!bundledHas(id))
        return makeError(ErrorCode::NotFound,
                         fmt::format("{} is not a bundled part; there is nothing to revert to", id));
    try {
        SQLite::Transaction transaction(*m_database);
        PartStore store(*m_database, kUserSchema);
        if (auto status = store.remove(id, PartStore::Prices::Keep); !status)
            return status;
        SQLite::Statement unhide(*m_database, "DELETE FROM user.hidden_part WHERE part_id = ?");
        unhide.bind(1, std::string(id));
        unhide.exec();
        transaction.commit();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("{} could not be reverted", id));
    }
    return Ok{};
}

Status Catalog::addPrice(std::string_view id, const Price& price) {
    if (!find(id))
        return makeError(ErrorCode::NotFound, fmt::format("{} is not in the catalog", id));
    if (m_labStatus.state == LabState::Offline)
        return refuseOffline(fmt::format("the price for {}", id));
    if (m_lab) { // the lab's server says whether this member may (quotes yes, other prices admins only)
        if (auto recorded = m_lab->addPrice(id, price); !recorded)
            return recorded.error();
        m_labPrices.emplace(std::string(id), price);
        return Ok{};
    }
    if (auto status = requireWritable(); !status)
        return status;
    try {
        SQLite::Transaction transaction(*m_database);
        if (auto status = PartStore(*m_database, kUserSchema).addPrice(id, price, desktopMember()); !status)
            return status;
        transaction.commit();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("the price for {} could not be saved", id));
    }
    return Ok{};
}

namespace {

// A cloud offer's memory per GPU in the catalog's unit, the nominal GB its GPU is sold as. A cloud's
// API reports the GiB its driver sees (AWS: 44.7 for an L40S's 48 GB, 22.4 for an A10G's 24): read
// as GiB and within 3 % of the GPU row's figure, it is that figure, and the import says so.
std::optional<std::string> memoryToNominalGb(PartRecord& offer, const PartRecord& gpu) {
    const auto* memory = std::get_if<double>(&offer.field("gpu_memory_gb"));
    const auto* nominal = std::get_if<double>(&gpu.field("vram_gb"));
    if (!memory || !nominal || *memory == *nominal)
        return std::nullopt;
    constexpr double kBytesPerGib = 1024.0 * 1024.0 * 1024.0 / 1e9;
    if (std::abs(*memory * kBytesPerGib - *nominal) > 0.03 * *nominal)
        return std::nullopt; // another GPU, or a slice of one: the row says what it says
    auto said = fmt::format("{}: {} GB per GPU read as the GiB a cloud reports; stored as {}'s nominal {} GB",
                            offer.id, *memory, gpu.name, *nominal);
    offer.fields["gpu_memory_gb"] = *nominal;
    return said;
}

} // namespace

Result<ImportReport> Catalog::importParts(const std::vector<PartRecord>& parts) {
    if (auto status = requireWritable(); !status)
        return status.error();
    ImportReport report;
    try {
        SQLite::Transaction transaction(*m_database);
        PartStore store(*m_database, kUserSchema);
        for (const auto& given : parts) {
            auto current = find(given.id);
            // A file that gives no source for a figure it leaves unchanged (CSV cannot) keeps the
            // figure's own source.
            PartRecord part = given;
            if (part.category == PartCategory::CloudInstance) {
                const auto* gpuId = std::get_if<std::string>(&part.field("gpu_part_id"));
                const auto inFile = std::find_if(
                    parts.begin(), parts.end(), [&](const PartRecord& p) { return gpuId && p.id == *gpuId; });
                const auto inCatalog = gpuId && inFile == parts.end() ? find(*gpuId) : std::nullopt;
                const PartRecord* gpu = inFile != parts.end() ? &*inFile : inCatalog ? &*inCatalog : nullptr;
                if (gpu)
                    if (auto said = memoryToNominalGb(part, *gpu))
                        report.conversions.push_back(std::move(*said));
            }
            if (current) {
                for (const auto& [column, provenance] : current->fieldProvenance) {
                    if (!part.fieldProvenance.contains(column) &&
                        part.field(column) == current->field(column))
                        part.fieldProvenance[column] = provenance;
                }
            }
            bool existed = current || store.contains(part.id) || bundledHas(part.id);
            bool unchanged =
                current && current->origin == PartOrigin::Bundled && current->sameDescription(part);
            if (!unchanged) {
                if (auto status = store.put(part); !status)
                    return makeError(status.error().code, "nothing was imported: " + status.error().text());
                SQLite::Statement unhide(*m_database, "DELETE FROM user.hidden_part WHERE part_id = ?");
                unhide.bind(1, part.id);
                unhide.exec();
            }
            for (const auto& price : part.prices) {
                // Re-importing an export must not double the price history it already shows.
                SQLite::Statement known(
                    *m_database,
                    "SELECT 1 FROM price_all WHERE part_id = ? AND kind = ? AND amount = ? "
                    "AND currency = ? AND date = ? AND source = ? AND region = ? AND retailer = ?");
                known.bind(1, part.id);
                known.bind(2, std::string(priceKindId(price.kind)));
                known.bind(3, price.amount);
                known.bind(4, price.currency);
                known.bind(5, price.date);
                known.bind(6, price.source);
                known.bind(7, price.region);
                known.bind(8, price.retailer);
                if (known.executeStep())
                    continue;
                if (auto status = store.addPrice(part.id, price); !status)
                    return makeError(status.error().code, "nothing was imported: " + status.error().text());
                ++report.prices;
            }
            ++(unchanged ? report.unchanged : existed ? report.replaced : report.added);
        }
        transaction.commit();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, "nothing was imported");
    }
    return report;
}

bool Catalog::hasUserDatabase() const {
    return m_userStatus.state == UserDatabaseState::Writable ||
           m_userStatus.state == UserDatabaseState::ReadOnly;
}
} // namespace torchrig::db
