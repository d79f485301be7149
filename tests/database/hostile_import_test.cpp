// What the hardening review (issue 19) fed the catalog: a CSV byte that is not UTF-8 (it imported,
// then broke every JSON listing), parts JSON whose version is not a number, a user database that
// lost a table or every byte. Each is refused with its place named, and nothing is changed.

#include "catalog.h"
#include "part_files.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

using namespace torchrig;

TEST_CASE("A CSV with a byte that is not UTF-8 is refused at the door, naming the line",
          "[database][hostile]") {
    const std::string csv =
        "id,name,vendor,aliases,architecture,vram_gb,memory_bandwidth_gbs,tdp_w,form_factor,"
        "gpu_link,source,as_of,confidence\n"
        "gpu/latin1,Caf\xE9 Card,Lab,,Test,16,500,200,pcie,none,sheet,2026-11,high\n";
    auto parts = db::readPartsCsv(csv, PartCategory::Gpu, "gpu.csv");
    REQUIRE_FALSE(parts.ok());
    CHECK(parts.error().text() == "gpu.csv, line 2: byte 130 is not a UTF-8 character. Save the file as "
                                  "UTF-8 (in a spreadsheet: CSV UTF-8) "
                                  "and import it again");
    const std::string longCell =
        "id,name,vendor,aliases,architecture,vram_gb,memory_bandwidth_gbs,tdp_w,form_factor,"
        "gpu_link,source,as_of,confidence\n"
        "gpu/long,Long," +
        std::string(5000, 'L') + ",,Test,16,500,200,pcie,none,sheet,2026-11,high\n";
    auto cell = db::readPartsCsv(longCell, PartCategory::Gpu, "gpu.csv");
    REQUIRE_FALSE(cell.ok());
    CHECK(cell.error().text().find("gpu.csv, row 2, column C: a cell of 5000 bytes") == 0);
    CHECK(cell.error().text().size() < 500);
}

TEST_CASE("A parts JSON whose format_version is not a whole number is refused", "[database][hostile]") {
    for (const auto* version : {"\"2\"", "[1]", "null", "1e999"}) {
        INFO(version);
        auto parts = db::readPartsJson(std::string(R"({"format":"torchrig-parts","format_version":)") +
                                           version + R"(,"parts":[]})",
                                       "parts.json");
        REQUIRE_FALSE(parts.ok());
        CHECK(parts.error().text().find("parts.json") == 0);
        CHECK(parts.error().text().find("format_version") != std::string::npos);
    }
}

TEST_CASE("A user database that lost a table, or all its bytes, is named and left alone",
          "[database][hostile]") {
    test::TemporaryFolder folder;
    const auto path = folder.file("user.sqlite");
    {
        auto catalog = test::openCatalog(path);
        REQUIRE(catalog->add(test::sampleGpu("gpu/mine", "Mine")).ok());
    }
    {
        SQLite::Database database(path.string(), SQLite::OPEN_READWRITE);
        database.exec("DROP TABLE price");
        database.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    const auto before = test::readFile(path);
    for (bool readOnly : {false, true}) {
        auto catalog = test::openCatalog(path, readOnly);
        CHECK(catalog->userStatus().state == db::UserDatabaseState::Unavailable);
        CHECK(catalog->userStatus().message.find("is damaged: its table \"price\" is missing") !=
              std::string::npos);
        CHECK(catalog->find("gpu/rtx-4090").has_value()); // the bundled catalog still answers
    }
    CHECK(test::readFile(path) == before);

    const auto empty = folder.file("empty.sqlite");
    test::writeFile(empty, "");
    auto catalog = test::openCatalog(empty);
    CHECK(catalog->userStatus().state == db::UserDatabaseState::Unavailable);
    CHECK(catalog->userStatus().message.find("is empty (0 bytes)") != std::string::npos);
    catalog.reset();
    CHECK(test::readFile(empty).empty());
}

TEST_CASE("A write that finds the database locked by another program is refused as read-only now",
          "[database][hostile]") {
    test::TemporaryFolder folder;
    const auto path = folder.file("user.sqlite");
    auto catalog = test::openCatalog(path);
    REQUIRE(catalog->userStatus().state == db::UserDatabaseState::Writable);
    // Locked after TorchRig opened it: the CLI exited 1 ("unexpected") here, where the README says 6.
    SQLite::Database holder(path.string(), SQLite::OPEN_READWRITE);
    holder.exec("BEGIN EXCLUSIVE");
    auto write = catalog->add(test::sampleGpu("gpu/late", "Late"));
    REQUIRE_FALSE(write.ok());
    CHECK(write.error().code == ErrorCode::ReadOnly);
    CHECK(write.error().text().find("locked by another program") != std::string::npos);
    holder.exec("ROLLBACK");
    CHECK(catalog->add(test::sampleGpu("gpu/late", "Late")).ok());
}

// Issue 35: a 1 MiB device name in the validation history (written there by another program, or
// a hostile worker) made the PDF sheet that lists the history take more than 20 s.
TEST_CASE("The validation history hands on bounded rows, whatever a row holds", "[database][hostile]") {
    test::TemporaryFolder folder;
    const auto path = folder.file("user.sqlite");
    auto catalog = test::openCatalog(path);
    db::ValidationRunRecord run;
    run.deviceName = std::string(1 << 20, 'N');
    run.deviceKind = "cuda:0";
    run.model = "mlp";
    run.requestJson = "{}";
    run.resultJson = "{}";
    REQUIRE(catalog->addValidationRun(run).ok());
    {
        SQLite::Database raw(path.string(), SQLite::OPEN_READWRITE);
        SQLite::Statement insert(raw,
                                 "INSERT INTO validation_run (device_name, device_kind, libtorch_version, "
                                 "model, request, result) VALUES (?, 'cuda:0', '', ?, '{}', '{}')");
        insert.bind(1, std::string(1 << 20, 'R'));
        insert.bind(2, std::string(1 << 20, 'M'));
        insert.exec();
    }
    const auto runs = catalog->validationRuns();
    REQUIRE(runs.size() == 2);
    for (const auto& stored : runs) {
        CHECK(stored.deviceName.size() <= db::ValidationHistoryBounds::kDeviceName);
        CHECK(stored.model.size() <= db::ValidationHistoryBounds::kModel);
        CHECK(stored.deviceName.ends_with("…"));
    }
}
