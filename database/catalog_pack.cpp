#include "catalog_pack.h"

#include "catalog_pack_cells.h"

#include "catalog_migrations.h"
#include "category_schema.h"
#include "part_record.h"
#include "part_store.h"
#include "schema_migrator.h"
#include "user_database_preparation.h"

#include "util/text_file.h"
#include "util/utf8_text.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>
#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

namespace torchrig::db {

namespace fs = std::filesystem;

namespace {

// A version is a label people read in a listing ("2026.12"), not a place for text.
constexpr std::size_t kMaxVersionBytes = 64;
// A pack signed off today somewhere east of UTC is dated tomorrow here; more than this is a date
// that would make every genuine later pack look older.
constexpr int kFutureMarginDays = 2;
// The bundled catalog holds under a thousand parts; a pack of more than this is not a catalog a
// planner sweeping over every part could use, and reading it would only take the user's memory.
constexpr int kMaxPackParts = 200'000;
// The bundled pack is under 1 MiB; a pack of kMaxPackParts rows and their prices stays well below.
constexpr std::size_t kMaxPackFileBytes = std::size_t{512} << 20;
constexpr int kMaxPackPrices = 2'000'000;

// The tables the bundled side of the catalog is read from, with this schema's columns in order
// (the overlay views select them with *, side by side with the user's tables).
using TableColumns = std::vector<std::pair<std::string, std::vector<std::string>>>;

const TableColumns& packTableColumns() {
    static TableColumns tables;
    static std::once_flag once;
    std::call_once(once, [] {
        SQLite::Database reference(":memory:", SQLite::OPEN_READWRITE);
        if (!migrateToLatest(reference))
            return; // cannot happen for an in-memory database; no table is then demanded
        std::vector<std::string> names = {"part",        "price",         "field_source",      "catalog_pack",
                                          "part_search", "exchange_rate", "market_restriction"};
        for (auto category : kAllPartCategories)
            names.emplace_back(categorySchema(category).table);
        for (const auto& name : names) {
            SQLite::Statement info(reference, fmt::format("PRAGMA main.table_info({})", name));
            std::vector<std::string> columns;
            while (info.executeStep())
                columns.push_back(info.getColumn(1).getString());
            tables.emplace_back(name, std::move(columns));
        }
    });
    return tables;
}

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& name : names)
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

bool hasControlCharacter(std::string_view text) {
    return std::any_of(text.begin(), text.end(),
                       [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == '\x7f'; });
}

std::optional<std::chrono::sys_days> calendarDate(std::string_view text) {
    if (text.size() != 10 || !isPartialIsoDate(text))
        return std::nullopt;
    auto number = [&](std::size_t from, std::size_t count) {
        int value = 0;
        for (std::size_t i = from; i < from + count; ++i)
            value = value * 10 + (text[i] - '0');
        return value;
    };
    const std::chrono::year_month_day date{std::chrono::year(number(0, 4)),
                                           std::chrono::month(static_cast<unsigned>(number(5, 2))),
                                           std::chrono::day(static_cast<unsigned>(number(8, 2)))};
    if (!date.ok())
        return std::nullopt;
    return std::chrono::sys_days(date);
}

std::string isoDate(std::chrono::sys_days day) {
    const std::chrono::year_month_day date(day);
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()),
                       static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
}

} // namespace

std::chrono::sys_days todayUtc() {
    return std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
}

namespace {

// What is missing or different in the tables of the catalog attached as `schema`, or nothing.
std::optional<std::string> tablesProblem(SQLite::Database& database, std::string_view schema) {
    const auto& tables = packTableColumns();
    for (const auto& [table, columns] : tables) {
        SQLite::Statement info(database, fmt::format("PRAGMA {}.table_info({})", schema, table));
        std::vector<std::string> found;
        while (info.executeStep())
            found.push_back(info.getColumn(1).getString());
        if (found.empty())
            return fmt::format("it lacks the table \"{}\"", table);
        if (found != columns)
            return fmt::format("its table \"{}\" has the columns ({}), not this schema's ({})", table,
                               textExcerpt(joined(found), 200), joined(columns));
    }
    // MATCH is FTS5's: an ordinary table of the same name would fail every search.
    SQLite::Statement search(
        database, fmt::format("SELECT sql FROM {}.sqlite_master WHERE name = 'part_search'", schema));
    std::string sql = search.executeStep() ? search.getColumn(0).getString() : std::string();
    std::transform(sql.begin(), sql.end(), sql.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (!tables.empty() && sql.find("using fts5") == std::string::npos)
        return "its table \"part_search\" is not the FTS5 search index";
    return std::nullopt;
}

// The pack's reference exchange rates, each checked; the error names the row and what is wrong.
Result<std::vector<plan::ReferenceRate>> referenceRatesOf(SQLite::Database& database,
                                                          std::string_view schema) {
    std::vector<plan::ReferenceRate> rates;
    SQLite::Statement rows(
        database,
        fmt::format("SELECT currency, per_euro, date, source FROM {}.exchange_rate ORDER BY currency",
                    schema));
    for (int row = 1; rows.executeStep(); ++row) {
        const auto refused = [&](const std::string& why) {
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("table exchange_rate, row {}: {}", row, why));
        };
        for (int c : {0, 2, 3})
            if (auto problem = packTextProblem(rows.getColumn(c)))
                return refused(*problem);
        const auto& perEuro = rows.getColumn(1);
        if (!perEuro.isFloat() && !perEuro.isInteger())
            return refused("per_euro is not a number");
        plan::ReferenceRate rate{rows.getColumn(0).getString(), perEuro.getDouble(),
                                 rows.getColumn(2).getString(), rows.getColumn(3).getString()};
        if (auto problem = referenceRateProblem(rate))
            return refused(*problem);
        rates.push_back(std::move(rate));
    }
    return rates;
}

// The markets the pack keeps parts out of, each row checked: a part of the pack, a market TorchRig
// knows, a source.
Result<std::vector<plan::MarketRestriction>> marketRestrictionsOf(SQLite::Database& database,
                                                                  std::string_view schema) {
    std::vector<plan::MarketRestriction> restrictions;
    SQLite::Statement rows(
        database, fmt::format("SELECT r.part_id, r.market, r.source, p.id FROM {0}.market_restriction r "
                              "LEFT JOIN {0}.part p ON p.id = r.part_id ORDER BY r.part_id, r.market",
                              schema));
    for (int row = 1; rows.executeStep(); ++row) {
        const auto refused = [&](const std::string& why) {
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("table market_restriction, row {}: {}", row, why));
        };
        for (int c : {0, 1, 2})
            if (auto problem = packTextProblem(rows.getColumn(c)))
                return refused(*problem);
        const auto partId = rows.getColumn(0).getString();
        if (rows.getColumn(3).isNull())
            return refused(fmt::format("part_id \"{}\" is not a part of the pack", textExcerpt(partId)));
        const auto market = enumFromName(plan::kMarketCatalogCodes, rows.getColumn(1).getString());
        if (!market)
            return refused(
                fmt::format("market \"{}\" is not CN", textExcerpt(rows.getColumn(1).getString())));
        const auto source = rows.getColumn(2).getString();
        if (source.find_first_not_of(' ') == std::string::npos || hasControlCharacter(source))
            return refused("the source is blank or holds control characters");
        restrictions.push_back({partId, *market, source});
    }
    return restrictions;
}

// The pack's version, date and signer, each checked; the error says which, without the file.
Result<CatalogPackInfo> identityOf(SQLite::Database& database, std::string_view schema,
                                   std::chrono::sys_days today) {
    const auto refused = [&](std::string_view key, const std::string& why) {
        return makeError(ErrorCode::InvalidInput, fmt::format("table catalog_pack, {}: {}", key, why));
    };
    CatalogPackInfo info;
    std::set<std::string> seen;
    SQLite::Statement rows(database, fmt::format("SELECT key, value FROM {}.catalog_pack", schema));
    for (int row = 1; rows.executeStep(); ++row) {
        if (auto problem = packTextProblem(rows.getColumn(0), false, 32))
            return refused(fmt::format("row {}", row), "the key " + *problem);
        const auto key = rows.getColumn(0).getString();
        std::string* target = key == "version"         ? &info.version
                              : key == "date"          ? &info.date
                              : key == "signed_off_by" ? &info.signedOffBy
                                                       : nullptr;
        if (!target)
            return refused(fmt::format("row {}", row),
                           fmt::format("\"{}\" is not version, date or signed_off_by", textExcerpt(key)));
        if (!seen.insert(key).second)
            return refused(key, "it appears twice");
        const auto& value = rows.getColumn(1);
        if (auto problem =
                packTextProblem(value, false, key == "version" ? kMaxVersionBytes : kMaxPackTextBytes))
            return refused(key, "the value " + *problem);
        *target = value.getString();
        if (hasControlCharacter(*target) || target->find_first_not_of(' ') == std::string::npos)
            return refused(key,
                           fmt::format("\"{}\" is blank or holds control characters", textExcerpt(*target)));
    }
    if (info.version.empty() || info.date.empty())
        return makeError(ErrorCode::InvalidInput, "it names no version or date");
    const auto date = calendarDate(info.date);
    if (!date)
        return refused("date", fmt::format("\"{}\" is not a date YYYY-MM-DD", textExcerpt(info.date)));
    const auto latest = today + std::chrono::days(kFutureMarginDays);
    if (*date > latest)
        return refused(
            "date", fmt::format("{} is in the future (today is {}): a pack is dated when it was signed off. "
                                "If this computer's clock is right, the pack is not genuine",
                                info.date, isoDate(today)));
    if (auto rates = referenceRatesOf(database, schema); !rates)
        return rates.error();
    else
        info.referenceRates = std::move(*rates);
    if (auto restrictions = marketRestrictionsOf(database, schema); !restrictions)
        return restrictions.error();
    else
        info.marketRestrictions = std::move(*restrictions);
    info.parts = database.execAndGet(fmt::format("SELECT count(*) FROM {}.part", schema)).getInt();
    info.prices = database.execAndGet(fmt::format("SELECT count(*) FROM {}.price", schema)).getInt();
    if (info.parts == 0)
        return makeError(ErrorCode::InvalidInput, "it holds no parts");
    if (info.parts > kMaxPackParts || info.prices > kMaxPackPrices)
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("it holds {} parts and {} prices; a catalog pack holds at most {} "
                                     "and {}",
                                     info.parts, info.prices, kMaxPackParts, kMaxPackPrices));
    return info;
}

} // namespace

std::optional<std::string> referenceRateProblem(const plan::ReferenceRate& rate) {
    const auto& c = rate.currency;
    if (c.size() != 3 || !std::all_of(c.begin(), c.end(), [](char x) { return x >= 'A' && x <= 'Z'; }) ||
        c == "EUR")
        return fmt::format(
            "\"{}\" is not an ISO 4217 currency other than the euro (three capitals, e.g. USD)",
            textExcerpt(c));
    // Any currency's units per euro lie far inside these (the Indonesian rupiah's about 17,000).
    if (!std::isfinite(rate.perEuro) || rate.perEuro < 1e-4 || rate.perEuro > 1e6)
        return fmt::format("{}'s rate {} is not a number of units for one euro from 0.0001 to 1000000", c,
                           rate.perEuro);
    if (!calendarDate(rate.date))
        return fmt::format("{}'s date \"{}\" is not a date YYYY-MM-DD", c, textExcerpt(rate.date));
    if (rate.source.find_first_not_of(' ') == std::string::npos || hasControlCharacter(rate.source) ||
        rate.source.size() > kMaxPackTextBytes)
        return fmt::format("{}'s source is blank, holds control characters or is longer than {} bytes", c,
                           kMaxPackTextBytes);
    return std::nullopt;
}

Status checkCatalogTables(SQLite::Database& database, std::string_view schema, std::string_view label) {
    if (auto problem = tablesProblem(database, schema))
        return makeError(ErrorCode::InvalidInput, fmt::format("{}: {}", label, *problem));
    return Ok{};
}

Result<CatalogPackInfo> readPackIdentity(SQLite::Database& database, std::string_view schema,
                                         std::string_view label, std::chrono::sys_days today) {
    try {
        auto info = identityOf(database, schema, today);
        if (!info)
            return makeError(info.error().code, fmt::format("{}: {}", label, info.error().text()));
        return info;
    } catch (const SQLite::Exception& e) {
        return makeError(ErrorCode::InvalidInput, fmt::format("{} cannot be read as a catalog ({})", label,
                                                              textExcerpt(e.what(), 200)));
    }
}

Result<CatalogPackInfo> readCatalogPack(const fs::path& path, std::chrono::sys_days today) {
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
        // SQLite's report lists every damaged page (thousands of characters): its first finding
        // says enough, and the way out is the same.
        SQLite::Statement check(database, "PRAGMA integrity_check(20)");
        std::vector<std::string> findings;
        while (check.executeStep())
            findings.push_back(check.getColumn(0).getString());
        if (findings.size() != 1 || findings.front() != "ok")
            return notAPack(
                fmt::format("the file is damaged (SQLite's check finds {}{}: \"{}\"); get the "
                            "pack again",
                            findings.size() >= 20 ? "20 or more problems, the first" : "a problem", "",
                            findings.empty() ? "" : textExcerpt(findings.front(), 120)));
        if (auto problem = tablesProblem(database, "main"))
            return notAPack(*problem);
        auto info = identityOf(database, "main", today);
        if (!info)
            return notAPack(info.error().text());
        info->path = path;
        return info;
    } catch (const SQLite::Exception& e) {
        const int code = e.getErrorCode() & 0xff;
        if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
            return notAPack("the file is damaged, or not a database (SQLite: " + textExcerpt(e.what(), 120) +
                            "); get the pack again");
        return notAPack(textExcerpt(e.what(), 200) + "; get the pack again");
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
                                            const fs::path& destination, std::chrono::sys_days today) {
    auto info = readCatalogPack(pack, today);
    if (!info)
        return info.error();
    if (!isNewerPack(*info, current))
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{} is pack {} of {}, not newer than the catalog in use (pack {} of "
                                     "{}): nothing was changed",
                                     pack.string(), info->version, info->date, current.version,
                                     current.date));
    // Every row before a byte is copied: a refused pack leaves the catalog in use as it was.
    try {
        SQLite::Database database(sqliteUri(pack, "mode=ro"), SQLite::OPEN_READONLY | SQLite::OPEN_URI);
        if (auto rows = validateCatalogPackRows(database, "main", pack.string()); !rows)
            return makeError(rows.error().code,
                             fmt::format("{}\nNothing was installed: the catalog in use (pack {} of {}) is "
                                         "unchanged. Ask whoever made the pack for a corrected one.",
                                         rows.error().text(), current.version, current.date));
    } catch (const SQLite::Exception& e) {
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{} cannot be read as a catalog ({}); nothing was installed",
                                     pack.string(), textExcerpt(e.what(), 200)));
    }
    std::error_code ec;
    fs::create_directories(destination.parent_path(), ec);
    // Copied through the one atomic writer: a link planted beside the destination is never written
    // through, and a failed copy leaves the pack in use as it was.
    auto bytes = readTextFile(pack, kMaxPackFileBytes);
    if (!bytes)
        return makeError(bytes.error().code, "the pack could not be installed: " + bytes.error().text());
    if (auto written = writeFileAtomically(destination, *bytes); !written)
        return makeError(ErrorCode::Io, fmt::format("the pack could not be installed as {}: {}",
                                                    destination.string(), written.error().text()));
    info->path = destination;
    return PackInstallation{*info, current};
}

} // namespace torchrig::db
