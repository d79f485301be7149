#include "catalog_migrations.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <algorithm>

using namespace torchrig;

TEST_CASE("User rows written at schema version 1 survive the upgrade to the latest",
          "[database][migration]") {
    test::TemporaryFolder folder;
    auto path = folder.file("user.sqlite");
    {
        SQLite::Database database(path.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
        database.exec(std::string(db::catalogMigrations()[0].sql));
        database.exec("PRAGMA user_version = 1");
        database.exec(
            "INSERT INTO part (id, category, name, vendor, aliases, source, as_of, confidence, notes) VALUES "
            "('gpu/v1-card', 'gpu', 'Version One Card', 'Lab', 'V1C', 'our own test', '2025-01-02', 'high', "
            "'kept')");
        database.exec("INSERT INTO gpu (part_id, architecture, vram_gb, memory_bandwidth_gbs, tdp_w, "
                      "form_factor, gpu_link) "
                      "VALUES ('gpu/v1-card', 'Test', 12, 360, 170, 'pcie', 'none')");
        database.exec(
            "INSERT INTO part_search (rowid, part_id, category, name, aliases, keywords) "
            "SELECT key, id, category, name, aliases, 'gpu lab' FROM part WHERE id = 'gpu/v1-card'");
        database.exec("INSERT INTO price (part_id, kind, amount, currency, date, source) "
                      "VALUES ('gpu/rtx-4090', 'street', 1750, 'USD', '2025-01-02', 'shop A')");
    }
    auto catalog = test::openCatalog(path);
    REQUIRE(catalog->userStatus().state == db::UserDatabaseState::Writable);
    {
        SQLite::Database check(path.string(), SQLite::OPEN_READONLY);
        CHECK(check.execAndGet("PRAGMA user_version").getInt() == db::latestSchemaVersion());
    }
    auto card = catalog->find("gpu/v1-card");
    REQUIRE(card.has_value());
    CHECK(card->name == "Version One Card");
    CHECK(card->notes == "kept");
    CHECK(std::get<double>(card->field("vram_gb")) == 12.0);
    CHECK(catalog->search("version one").front().part.id == "gpu/v1-card");
    const auto prices = catalog->find("gpu/rtx-4090")->prices;
    CHECK(std::any_of(prices.begin(), prices.end(),
                      [](const Price& price) { return price.amount == 1750 && price.source == "shop A"; }));
    // Version 2's tables work: hiding a bundled part needs hidden_part.
    REQUIRE(catalog->remove("gpu/rtx-3070").ok());
    CHECK_FALSE(catalog->find("gpu/rtx-3070").has_value());
}

TEST_CASE("Migrations are numbered 1, 2, … without gaps", "[database][migration]") {
    int expected = 1;
    for (const auto& migration : db::catalogMigrations())
        CHECK(migration.version == expected++);
}

TEST_CASE("Validation runs and device calibrations are kept in the user's database",
          "[database][validation]") {
    test::TemporaryFolder folder;
    const auto path = folder.file("user.sqlite");
    {
        auto catalog = test::openCatalog(path);
        CHECK(catalog->validationRuns().empty());
        CHECK_FALSE(catalog->calibrationFor("AMD EPYC"));
        db::ValidationRunRecord run{0,
                                    "",
                                    "AMD EPYC",
                                    "cpu",
                                    "1.13.0",
                                    "mlp",
                                    R"({"model": "mlp"})",
                                    R"({"event": "result", "model": "mlp"})",
                                    "", // the machine, the recorder and the run's own id: filled in
                                    "",
                                    ""};
        auto first = catalog->addValidationRun(run);
        REQUIRE(first.ok());
        run.model = "resnet18";
        auto second = catalog->addValidationRun(run);
        REQUIRE(second.ok());
        CHECK(*second > *first);
        run.requestJson = "not json";
        CHECK_FALSE(catalog->addValidationRun(run).ok()); // refused, not stored half-written
        REQUIRE(catalog->setCalibration("AMD EPYC", R"({"calibration": {"step_time_ratio": 2.5}})", *second)
                    .ok());
        REQUIRE(
            catalog->setCalibration("AMD EPYC", R"({"calibration": {"step_time_ratio": 3}})", *first).ok());
    }
    auto reopened = test::openCatalog(path);
    const auto runs = reopened->validationRuns();
    REQUIRE(runs.size() == 2);
    CHECK(runs[0].model == "resnet18"); // newest first
    CHECK(runs[1].model == "mlp");
    CHECK(runs[0].deviceName == "AMD EPYC");
    CHECK(runs[0].libtorchVersion == "1.13.0");
    CHECK(runs[0].measuredAt.size() == 20); // 2026-12-01T02:50:00Z
    const auto calibration = reopened->calibrationFor("AMD EPYC");
    REQUIRE(calibration);
    CHECK(calibration->find("\"step_time_ratio\": 3") != std::string::npos); // the later one replaced it
    CHECK_FALSE(reopened->calibrationFor("NVIDIA H200"));
    REQUIRE(reopened->resetCalibration("AMD EPYC").ok());
    CHECK_FALSE(reopened->calibrationFor("AMD EPYC"));
}
