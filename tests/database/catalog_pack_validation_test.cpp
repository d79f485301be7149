// What the hardening review (issue 35) installed with `catalog update`: packs whose rows break the
// schema's own CHECK constraints (written with them switched off), prices of -1000, 1e308 and inf,
// a version of 1 MiB, a date of 9999-12-31 that made every genuine later pack "not newer", a pack
// without a table, a damaged file. Each is refused naming its row and field (or what it lacks),
// and the catalog in use is left as it was.

#include "catalog.h"
#include "catalog_pack.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>
#include <fmt/format.h>

#include <functional>

using namespace torchrig;

namespace {

std::string isoDate(std::chrono::sys_days day) {
    const std::chrono::year_month_day date(day);
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(date.year()),
                       static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
}

// The bundled catalog as a pack dated `date`, changed by `change` with the CHECKs switched off, as
// any program that writes SQLite can.
std::filesystem::path makePack(const test::TemporaryFolder& folder, const std::string& name,
                               const std::string& date,
                               const std::function<void(SQLite::Database&)>& change) {
    const auto path = folder.file(name);
    std::filesystem::copy_file(test::bundledCatalogPath(), path);
    SQLite::Database pack(path.string(), SQLite::OPEN_READWRITE);
    pack.exec("PRAGMA ignore_check_constraints = ON");
    pack.exec("UPDATE catalog_pack SET value = '2026.12.9' WHERE key = 'version'");
    SQLite::Statement dated(pack, "UPDATE catalog_pack SET value = ? WHERE key = 'date'");
    dated.bind(1, date);
    dated.exec();
    change(pack);
    return path;
}

db::CatalogPackInfo bundledPack() {
    auto bundled = db::readCatalogPack(test::bundledCatalogPath());
    REQUIRE(bundled.ok());
    return *bundled;
}

} // namespace

TEST_CASE(
    "A pack whose rows break the schema's CHECKs or an import's limits is refused, naming row and field",
    "[database][pack][hostile]") {
    test::TemporaryFolder folder;
    const auto today = isoDate(db::todayUtc());
    const auto destination = folder.file("catalog-pack.sqlite");
    struct Case {
        const char* name;
        std::string sql;
        const char* where; // what the message must name
    };
    const std::string bigId = "gpu/" + std::string(1 << 20, 'x');
    const std::vector<Case> cases = {
        {"vram", "UPDATE gpu SET vram_gb = -1 WHERE part_id = 'gpu/rtx-4090'", "table part, row"},
        {"vram-text", "UPDATE gpu SET vram_gb = 'lots' WHERE part_id = 'gpu/rtx-4090'", "vram_gb"},
        {"empty-name", "UPDATE part SET name = '' WHERE id = 'gpu/rtx-4090'", "a name is required"},
        {"latin1-name", "UPDATE part SET name = CAST(X'436166E920436172' AS TEXT) WHERE id = 'gpu/rtx-4090'",
         "name byte 3 is not a UTF-8 character"},
        {"big-id",
         "UPDATE part SET id = '" + bigId + "' WHERE id = 'gpu/rtx-4090'; UPDATE gpu SET part_id = '" +
             bigId +
             "' WHERE part_id = 'gpu/rtx-4090'; DELETE FROM market_restriction WHERE part_id = "
             "'gpu/rtx-4090'",
         "id is 1048580 bytes long"},
        {"negative-price", "UPDATE price SET amount = -1000 WHERE part_id = 'gpu/rtx-4090'",
         "is not an amount between 0 and 1e9"},
        {"huge-price", "UPDATE price SET amount = 1e308 WHERE part_id = 'gpu/rtx-4090'",
         "is not an amount between 0 and 1e9"},
        {"infinite-price", "UPDATE price SET amount = 9e999 WHERE part_id = 'gpu/rtx-4090'",
         "is not an amount between 0 and 1e9"},
        {"orphan-price",
         "INSERT INTO price(part_id, kind, amount, currency, date, source) VALUES ('gpu/none', 'street', 1, "
         "'USD', '2026-11', 'shop')",
         "part_id \"gpu/none\" is not a part of the pack"},
        {"no-typed-row", "DELETE FROM gpu WHERE part_id = 'gpu/rtx-4090'", "has no row in table gpu"},
        {"search-name", "UPDATE part_search SET name = 'Cheap card' WHERE part_id = 'gpu/rtx-4090'",
         "table part_search, row"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        const auto pack = makePack(folder, std::string(c.name) + ".sqlite", today,
                                   [&](SQLite::Database& database) { database.exec(c.sql); });
        auto installed = db::installCatalogPack(pack, bundledPack(), destination);
        REQUIRE_FALSE(installed.ok());
        const auto& message = installed.error().text();
        INFO(message.substr(0, 2000));
        CHECK(message.find(pack.string() + " holds rows that TorchRig refuses") == 0);
        CHECK(message.find(c.where) != std::string::npos);
        CHECK(message.find("Nothing was installed") != std::string::npos);
        CHECK(message.size() < 2000);
        CHECK_FALSE(std::filesystem::exists(destination));
    }
    // Where the row is: the part, its table and row number, and the field.
    const auto vram = makePack(folder, "vram-again.sqlite", today, [](SQLite::Database& database) {
        database.exec("UPDATE gpu SET vram_gb = -1 WHERE part_id = 'gpu/rtx-4090'");
    });
    auto refused = db::installCatalogPack(vram, bundledPack(), destination);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().text(), Catch::Contains("(gpu/rtx-4090): gpu/rtx-4090: vram_gb"));
}

TEST_CASE("A pack's version and date must be plausible, and a refused one leaves genuine packs installable",
          "[database][pack][hostile]") {
    test::TemporaryFolder folder;
    const auto today = db::todayUtc();
    const auto destination = folder.file("catalog-pack.sqlite");

    const auto longVersion =
        makePack(folder, "version.sqlite", isoDate(today), [](SQLite::Database& database) {
            SQLite::Statement version(database, "UPDATE catalog_pack SET value = ? WHERE key = 'version'");
            version.bind(1, std::string(1 << 20, 'v'));
            version.exec();
        });
    auto version = db::installCatalogPack(longVersion, bundledPack(), destination);
    REQUIRE_FALSE(version.ok());
    CHECK_THAT(version.error().text(),
               Catch::Contains("table catalog_pack, version: the value is 1048576 bytes "
                               "long"));
    CHECK(version.error().text().size() < 600);

    const auto farFuture = makePack(folder, "9999.sqlite", "9999-12-31", [](SQLite::Database&) {});
    auto future = db::installCatalogPack(farFuture, bundledPack(), destination);
    REQUIRE_FALSE(future.ok());
    CHECK_THAT(future.error().text(),
               Catch::Contains("table catalog_pack, date: 9999-12-31 is in the future"));
    CHECK_FALSE(std::filesystem::exists(destination));

    // Two days ahead is a pack signed off east of here; three is not.
    const auto soon =
        makePack(folder, "soon.sqlite", isoDate(today + std::chrono::days(3)), [](SQLite::Database&) {});
    CHECK_FALSE(db::installCatalogPack(soon, bundledPack(), destination, today).ok());
    CHECK(db::installCatalogPack(soon, bundledPack(), destination, today + std::chrono::days(1)).ok());
    std::filesystem::remove(destination);
    for (const auto* date : {"2026-02-30", "2026-13-01", "2026-12", "12/03/2026"}) {
        INFO(date);
        const auto odd =
            makePack(folder, std::string("odd-") + std::to_string(std::hash<std::string>{}(date)) + ".sqlite",
                     date, [](SQLite::Database&) {});
        auto read = db::readCatalogPack(odd, today);
        REQUIRE_FALSE(read.ok());
        CHECK_THAT(read.error().text(), Catch::Contains("table catalog_pack, date:"));
    }

    // A genuine newer pack installs after all of them.
    const auto genuine = makePack(folder, "genuine.sqlite", isoDate(today), [](SQLite::Database&) {});
    auto installed = db::installCatalogPack(genuine, bundledPack(), destination);
    INFO((installed.ok() ? std::string() : installed.error().text()));
    CHECK(installed.ok());
}

TEST_CASE(
    "A pack dated in the future that was installed before is not used, and does not block a genuine one",
    "[database][pack][hostile]") {
    test::TemporaryFolder folder;
    const auto user = folder.file("user.sqlite");
    const auto installedPath = db::installedPackPathFor(user);
    // Placed there by a TorchRig from before these checks.
    std::filesystem::copy_file(makePack(folder, "9999.sqlite", "9999-12-31", [](SQLite::Database&) {}),
                               installedPath);
    db::CatalogOpenOptions options;
    options.bundledPath = test::bundledCatalogPath();
    options.userPath = user;
    options.installedPackPath = installedPath;
    auto catalog = db::Catalog::open(options);
    REQUIRE(catalog.ok());
    CHECK((*catalog)->pack().date == bundledPack().date);
    CHECK_THAT((*catalog)->packNotice(), Catch::Contains("is in the future"));
    const auto genuine =
        makePack(folder, "genuine.sqlite", isoDate(db::todayUtc()), [](SQLite::Database&) {});
    CHECK(db::installCatalogPack(genuine, (*catalog)->pack(), installedPath).ok());
}

TEST_CASE("A pack or catalog that lacks a table, or is damaged, is named with what it lacks and the way out",
          "[database][pack][hostile]") {
    test::TemporaryFolder folder;
    const auto today = isoDate(db::todayUtc());
    const auto noGpu = makePack(folder, "no-gpu.sqlite", today,
                                [](SQLite::Database& database) { database.exec("DROP TABLE gpu"); });
    auto read = db::readCatalogPack(noGpu);
    REQUIRE_FALSE(read.ok());
    CHECK_THAT(read.error().text(),
               Catch::Contains("is not a TorchRig catalog pack: it lacks the table \"gpu\""));

    // As an installed pack: not used, the bundled catalog is.
    const auto user = folder.file("user.sqlite");
    std::filesystem::copy_file(noGpu, db::installedPackPathFor(user));
    db::CatalogOpenOptions options;
    options.bundledPath = test::bundledCatalogPath();
    options.userPath = user;
    options.installedPackPath = db::installedPackPathFor(user);
    auto withPack = db::Catalog::open(options);
    REQUIRE(withPack.ok());
    CHECK_THAT((*withPack)->packNotice(), Catch::Contains("lacks the table \"gpu\""));
    CHECK((*withPack)->find("gpu/rtx-4090").has_value());

    // As the bundled catalog itself: refused at open, naming the table, not "no such table: bundled.gpu".
    db::CatalogOpenOptions broken;
    broken.bundledPath = noGpu;
    auto opened = db::Catalog::open(broken);
    REQUIRE_FALSE(opened.ok());
    CHECK_THAT(opened.error().text(), Catch::Contains("lacks the table \"gpu\""));
    CHECK_THAT(opened.error().text(), Catch::Contains("Reinstall TorchRig"));

    // Columns in another order would mix figures in the overlay's UNION ALL.
    const auto reordered = makePack(folder, "reordered.sqlite", today, [](SQLite::Database& database) {
        database.exec("ALTER TABLE price RENAME TO price_old");
        database.exec(
            "CREATE TABLE price AS SELECT id, part_id, kind, currency, amount, date, source FROM price_old");
        database.exec("DROP TABLE price_old");
    });
    auto columns = db::readCatalogPack(reordered);
    REQUIRE_FALSE(columns.ok());
    CHECK_THAT(columns.error().text(), Catch::Contains("its table \"price\" has the columns"));

    // A damaged file: SQLite's first finding, not its whole report.
    const auto damaged = makePack(folder, "damaged.sqlite", today, [](SQLite::Database& database) {
        database.exec("PRAGMA writable_schema = ON");
        database.exec("UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = "
                      "'price') WHERE name = 'part_category'");
    });
    auto refused = db::installCatalogPack(damaged, bundledPack(), folder.file("catalog-pack.sqlite"));
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().text(),
               Catch::Contains("is not a TorchRig catalog pack: the file is damaged"));
    CHECK_THAT(refused.error().text(), Catch::Contains("get the pack again"));
    CHECK(refused.error().text().size() < 600);
}

TEST_CASE(
    "A pack's reference exchange rates are dated and sourced, and a bad one refuses the pack, naming it",
    "[database][pack][hostile]") {
    const auto bundled = bundledPack();
    REQUIRE(bundled.referenceRates.size() >= 5);
    for (const auto& rate : bundled.referenceRates) {
        INFO(rate.currency);
        CHECK_FALSE(db::referenceRateProblem(rate));
        CHECK(rate.source.find("European Central Bank") != std::string::npos);
    }
    const auto usd = std::find_if(bundled.referenceRates.begin(), bundled.referenceRates.end(),
                                  [](const plan::ReferenceRate& r) { return r.currency == "USD"; });
    REQUIRE(usd != bundled.referenceRates.end());
    CHECK(usd->date == "2024-06-28");

    test::TemporaryFolder folder;
    const auto today = isoDate(db::todayUtc());
    const auto destination = folder.file("catalog-pack.sqlite");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"UPDATE exchange_rate SET per_euro = 0 WHERE currency = 'USD'", "USD's rate 0 is not a number"},
        {"UPDATE exchange_rate SET per_euro = 9e999 WHERE currency = 'USD'",
         "USD's rate inf is not a number"},
        {"UPDATE exchange_rate SET per_euro = 'many' WHERE currency = 'USD'", "per_euro is not a number"},
        {"UPDATE exchange_rate SET currency = 'usd' WHERE currency = 'USD'", "\"usd\" is not an ISO 4217"},
        {"INSERT INTO exchange_rate VALUES ('EUR', 1, '2024-06-28', 'x')", "\"EUR\" is not an ISO 4217"},
        {"UPDATE exchange_rate SET date = '2024-13-01' WHERE currency = 'USD'",
         "\"2024-13-01\" is not a date"},
        {"UPDATE exchange_rate SET source = ' ' WHERE currency = 'USD'", "USD's source is blank"},
        {"UPDATE market_restriction SET part_id = 'gpu/none' WHERE part_id = 'gpu/rtx-4090'",
         "table market_restriction, row"},
        {"UPDATE market_restriction SET market = 'US' WHERE part_id = 'gpu/rtx-4090'",
         "market \"US\" is not CN"},
    };
    for (std::size_t i = 0; i < cases.size(); ++i) {
        const auto& sql = cases[i].first; // named apart: clang 15 cannot capture a structured binding
        const auto& why = cases[i].second;
        INFO(sql);
        const auto pack = makePack(folder, "rate-" + std::to_string(i) + ".sqlite", today,
                                   [&](SQLite::Database& database) { database.exec(sql); });
        auto installed = db::installCatalogPack(pack, bundled, destination);
        REQUIRE_FALSE(installed.ok());
        CHECK_THAT(installed.error().text(), Catch::Contains("table exchange_rate, row") ||
                                                 Catch::Contains("table market_restriction, row"));
        CHECK_THAT(installed.error().text(), Catch::Contains(why));
        CHECK_FALSE(std::filesystem::exists(destination));
    }
}
