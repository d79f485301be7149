// What only a lab's PostgreSQL server does: refuse a member what the lab's roles do not allow, whatever
// program the member writes with; stamp who and when itself; say plainly when it cannot be reached.

#include "postgres_lab_schema.h"
#include "postgres_server.h"
#include "postgres_shared_store.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

struct Lab {
    test::PostgresServer server;
    std::string database = server.createDatabase();
    Lab() {
        auto migrated = db::migrateLab(server.url({}, database));
        INFO((migrated.ok() ? std::string() : migrated.error().text()));
        REQUIRE(migrated.ok());
        server.createLogin("alice");
        server.createLogin("bob");
        REQUIRE(db::grantLabMembership(server.url({}, database), "alice", true).ok());
        REQUIRE(db::grantLabMembership(server.url({}, database), "bob", false).ok());
    }
    std::unique_ptr<db::PostgresSharedStore> as(const std::string& member) {
        auto store = db::PostgresSharedStore::open(server.url(member, database));
        REQUIRE(store.ok());
        return std::move(store).value();
    }
    // The server's refusal of `statements` run as `role` through psql, or "" when it let them through.
    std::string refusal(const std::string& statements, const std::string& role) {
        try {
            server.sql(statements, database, role);
            return {};
        } catch (const std::exception& e) {
            return e.what();
        }
    }
};

db::ValidationRunRecord aRun(const std::string& model) {
    db::ValidationRunRecord run;
    run.deviceName = "NVIDIA RTX 4090";
    run.deviceKind = "cuda:0";
    run.libtorchVersion = "2.5.1";
    run.model = model;
    run.requestJson = run.resultJson = "{}";
    return run;
}

} // namespace

TEST_CASE("Lab server: a member's change of a part's price is refused by the server, not by TorchRig",
          "[database][lab]") {
    Lab lab;
    auto alice = lab.as("alice");
    auto bob = lab.as("bob");
    REQUIRE(alice->addPrice("gpu/rtx-4090", Price{1599, "USD", "2022-10-12", "NVIDIA", PriceKind::LaunchMsrp})
                .ok());

    auto refused =
        bob->addPrice("gpu/rtx-4090", Price{999, "USD", "2026-12-01", "my guess", PriceKind::Street});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::ReadOnly);
    CHECK(refused.error().text().find("refused") != std::string::npos);
    // Past the program: the same rows straight through psql as bob.
    CHECK(lab.refusal("UPDATE torchrig.price SET amount = 1", "bob").find("permission denied") !=
          std::string::npos);
    CHECK(lab.refusal("DELETE FROM torchrig.price", "bob").empty()); // allowed, but only his own quotes go:
    CHECK(lab.refusal("INSERT INTO torchrig.price (part_id, kind, amount, currency, date, source) VALUES "
                      "('gpu/rtx-4090', 'street', 1, 'USD', '2026-12-01', 'x')",
                      "bob")
              .find("row-level security") != std::string::npos);
    auto prices = alice->prices("gpu/rtx-4090");
    REQUIRE(prices.ok());
    REQUIRE(prices->size() == 1);
    CHECK(prices->front().price.amount == 1599);

    // Quotes are members' to add; who entered one is the server's to say.
    CHECK(
        lab.refusal("INSERT INTO torchrig.price (part_id, kind, amount, currency, date, source, entered_by) "
                    "VALUES ('gpu/rtx-4090', 'vendor_quote', 1450, 'USD', '2026-12-01', 'quote', 'alice')",
                    "bob")
            .empty());
    prices = alice->prices("gpu/rtx-4090");
    REQUIRE(prices->size() == 2);
    CHECK(prices->back().enteredBy == "bob");
    // A stranger with a login but no membership reads nothing.
    lab.server.createLogin("mallory");
    CHECK_FALSE(lab.refusal("SELECT * FROM torchrig.build", "mallory").empty());
}

TEST_CASE("Lab server: a member removes their own runs and builds, not another's", "[database][lab]") {
    Lab lab;
    auto alice = lab.as("alice");
    auto bob = lab.as("bob");
    auto run = aRun("resnet50");
    REQUIRE(alice->addValidationRun(run).ok());
    REQUIRE(alice->saveBuild("alice's box", "{}", std::nullopt).ok());
    CHECK(lab.refusal("DELETE FROM torchrig.validation_run; DELETE FROM torchrig.build", "bob").empty());
    CHECK(bob->validationRuns()->size() == 1); // the policy let none of alice's rows go
    CHECK(bob->builds()->size() == 1);
    CHECK(lab.refusal("UPDATE torchrig.build SET saved_by = 'carol', row_version = 1", "bob").empty());
    auto build = bob->loadBuild("alice's box");
    REQUIRE(build.ok());
    CHECK((*build)->savedBy == "bob"); // stamped by the server, and counted
    CHECK((*build)->version == 2);
}

TEST_CASE("Lab server: set up once, opened only when set up, and unreachable said as such",
          "[database][lab]") {
    Lab lab;
    auto again = db::migrateLab(lab.server.url({}, lab.database));
    REQUIRE(again.ok());
    CHECK(*again == db::latestLabSchemaVersion()); // nothing to do the second time

    auto empty = lab.server.createDatabase();
    auto notSetUp = db::PostgresSharedStore::open(lab.server.url("alice", empty));
    REQUIRE_FALSE(notSetUp.ok());
    CHECK(notSetUp.error().text().find("lab init") != std::string::npos);

    auto bob = lab.as("bob");
    lab.server.stop();
    auto offline = bob->builds();
    REQUIRE_FALSE(offline.ok());
    CHECK(offline.error().code == ErrorCode::Io);
    CHECK(offline.error().text().find("cannot be reached") != std::string::npos);
    lab.server.start();
}

TEST_CASE("Lab server: TLS with the server's certificate checked unless the server is this machine",
          "[database][lab]") {
    CHECK(*db::labConnectionString("host=/run/postgresql dbname=lab") == "host=/run/postgresql dbname=lab");
    CHECK(*db::labConnectionString("postgresql://alice@localhost/lab") == "postgresql://alice@localhost/lab");
    CHECK(*db::labConnectionString("postgresql://alice@lab.example.edu/lab") ==
          "postgresql://alice@lab.example.edu/lab?sslmode=verify-full");
    CHECK(*db::labConnectionString("postgresql://alice@10.0.0.5/lab?connect_timeout=5") ==
          "postgresql://alice@10.0.0.5/lab?connect_timeout=5&sslmode=verify-full");
    CHECK(*db::labConnectionString("host=10.0.0.5 dbname=lab") ==
          "host=10.0.0.5 dbname=lab sslmode=verify-full");
    auto weak = db::labConnectionString("postgresql://alice@10.0.0.5/lab?sslmode=require");
    REQUIRE_FALSE(weak.ok());
    CHECK(weak.error().text().find("verify-full") != std::string::npos);
    auto unreadable = db::labConnectionString("host=");
    CHECK(unreadable.ok()); // an empty host is the default socket
    CHECK_FALSE(db::labConnectionString("postgresql://[bad").ok());
}

TEST_CASE("Lab server: stopped mid-session, a run is kept, shown, and pushed once when it is back",
          "[database][lab]") {
    Lab lab;
    test::TemporaryFolder desktop;
    db::CatalogOpenOptions options;
    options.bundledPath = test::bundledCatalogPath();
    options.userPath = desktop.file("user.sqlite");
    options.labUrl = lab.server.url("bob", lab.database);
    auto opened = db::Catalog::open(options);
    REQUIRE(opened.ok());
    auto& catalog = **opened;
    REQUIRE(catalog.labStatus().state == db::LabState::Connected);
    auto run = aRun("resnet50");
    REQUIRE(catalog.addValidationRun(run).ok());
    REQUIRE(catalog.validationRuns().size() == 1); // and copied

    lab.server.stop();
    run.model = "bert-base-uncased";
    auto kept = catalog.addValidationRun(run);
    REQUIRE(kept.ok());
    CHECK(catalog.labStatus().state == db::LabState::Offline);
    CHECK(catalog.pendingLabRuns() == 1);
    auto shown = catalog.validationRuns();
    REQUIRE(shown.size() == 2); // the kept run, then the copy
    CHECK(shown[0].model == "bert-base-uncased");
    auto refused = catalog.setCalibration("NVIDIA RTX 4090", "{}", std::nullopt);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::ReadOnly);

    lab.server.start();
    auto again = db::Catalog::open(options); // the next start: pushed on opening
    REQUIRE(again.ok());
    CHECK((*again)->labStatus().pushedRuns == 1);
    CHECK((*again)->pendingLabRuns() == 0);
    auto runs = lab.as("alice")->validationRuns();
    REQUIRE(runs.ok());
    REQUIRE(runs->size() == 2); // arrived once
    CHECK((*runs)[0].model == "bert-base-uncased");
    CHECK((*runs)[0].recordedBy == "bob");
    CHECK((*again)->pushPendingLabRuns().value() == 0);
    CHECK(lab.as("alice")->validationRuns()->size() == 2);
}
