#include "catalog_migrations.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <unistd.h>

using namespace torchrig;

namespace {

void expectBundledOnly(db::Catalog& catalog) {
    CHECK(catalog.find("gpu/rtx-4090").has_value());
    CHECK(catalog.search("rtx4090").front().part.id == "gpu/rtx-4090");
    auto write = catalog.add(test::sampleGpu("gpu/not-saved", "Not Saved"));
    REQUIRE_FALSE(write.ok());
    CHECK(write.error().code == ErrorCode::ReadOnly);
}

} // namespace

TEST_CASE("A damaged user database is named, left untouched, and the bundled catalog still works",
          "[database][failure]") {
    test::TemporaryFolder folder;
    auto path = folder.file("user.sqlite");
    std::string garbage = "This is not an SQLite file, it was overwritten by something else.\n";
    test::writeFile(path, garbage);
    auto catalog = test::openCatalog(path);
    const auto& status = catalog->userStatus();
    CHECK(status.state == db::UserDatabaseState::Unavailable);
    CHECK(status.message ==
          "Your parts database " + path.string() +
              " is damaged or is not a database (file is not a database). Move it aside (rename it, e.g. to "
              "user-catalog.sqlite.broken) to start a new one, or restore it from a backup. TorchRig has not "
              "changed it "
              "and shows the bundled catalog only; your own parts, edits and prices are not shown and "
              "nothing you "
              "change now can be saved.");
    expectBundledOnly(*catalog);
    catalog.reset();
    CHECK(test::readFile(path) == garbage);
}

TEST_CASE("A user database from a newer TorchRig is not touched", "[database][failure]") {
    test::TemporaryFolder folder;
    auto path = folder.file("user.sqlite");
    {
        auto catalog = test::openCatalog(path);
        REQUIRE(catalog->add(test::sampleGpu("gpu/mine", "Mine")).ok());
    }
    {
        SQLite::Database database(path.string(), SQLite::OPEN_READWRITE);
        database.exec("PRAGMA user_version = 99");
        database.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    }
    auto before = test::readFile(path);
    auto catalog = test::openCatalog(path);
    CHECK(catalog->userStatus().state == db::UserDatabaseState::Unavailable);
    CHECK(catalog->userStatus().message.find(
              "was written by a newer TorchRig (catalog schema version 99; this one knows up to " +
              std::to_string(db::latestSchemaVersion()) + "). Update TorchRig to use it") !=
          std::string::npos);
    CHECK_FALSE(catalog->find("gpu/mine").has_value());
    expectBundledOnly(*catalog);
    catalog.reset();
    CHECK(test::readFile(path) == before);
}

TEST_CASE("A read-only user database shows the user's parts and refuses changes", "[database][failure]") {
    test::TemporaryFolder folder;
    auto path = folder.file("user.sqlite");
    {
        auto catalog = test::openCatalog(path);
        REQUIRE(catalog->add(test::sampleGpu("gpu/mine", "Mine")).ok());
    }
    auto checkReadOnly = [&](db::Catalog& catalog, const std::string& message) {
        CHECK(catalog.userStatus().state == db::UserDatabaseState::ReadOnly);
        CHECK(catalog.userStatus().message == message);
        CHECK(catalog.find("gpu/mine").has_value());
        auto write = catalog.remove("gpu/mine");
        REQUIRE_FALSE(write.ok());
        CHECK(write.error().code == ErrorCode::ReadOnly);
        CHECK(catalog.find("gpu/mine").has_value());
    };
    SECTION("opened read-only on request") {
        auto catalog = test::openCatalog(path, true);
        checkReadOnly(*catalog, "Your parts database " + path.string() +
                                    " is read-only: your parts are shown, but changes cannot be saved. "
                                    "Make it writable (chmod u+w) to change it.");
    }
    SECTION("a file the operating system will not let us write") {
        // Root may write any file whatever its mode: as root the folder is made read-only by a
        // read-only bind mount in a mount namespace of this process's own instead.
        test::ReadOnlyFolder readOnly(folder.path());
        if (!readOnly.active()) {
            WARN("neither an unwritable file nor a read-only mount can be made here: " + readOnly.why());
            return;
        }
        auto catalog = test::openCatalog(path);
        checkReadOnly(*catalog, "Your parts database " + path.string() +
                                    " is in a folder that cannot be written (" +
                                    (geteuid() == 0 ? "Read-only file system" : "Permission denied") +
                                    "): your parts are shown, but changes cannot be saved. Make the folder " +
                                    folder.path().string() + " writable to change them.");
    }
}

TEST_CASE("A user database locked by another program is reported and left alone", "[database][failure]") {
    test::TemporaryFolder folder;
    auto path = folder.file("user.sqlite");
    { test::openCatalog(path); }
    SQLite::Database holder(path.string(), SQLite::OPEN_READWRITE);
    holder.exec("PRAGMA locking_mode = EXCLUSIVE");
    holder.exec("BEGIN EXCLUSIVE");
    holder.exec("CREATE TABLE held (x)");
    auto catalog = test::openCatalog(path);
    CHECK(catalog->userStatus().state == db::UserDatabaseState::Unavailable);
    CHECK(catalog->userStatus().message.find("is locked by another program") != std::string::npos);
    expectBundledOnly(*catalog);
}

TEST_CASE("A missing bundled catalog is an error that names the file", "[database][failure]") {
    db::CatalogOpenOptions options;
    options.bundledPath = "/nonexistent/catalog.sqlite";
    auto catalog = db::Catalog::open(options);
    REQUIRE_FALSE(catalog.ok());
    CHECK(catalog.error().text().rfind("The bundled hardware catalog /nonexistent/catalog.sqlite is missing.",
                                       0) == 0);
}
