// One suite for both homes of what a lab shares (database/shared_store.h): every case runs against
// a desktop's SQLite user database and against a real PostgreSQL server this test starts.

#include "postgres_lab_schema.h"
#include "postgres_server.h"
#include "postgres_shared_store.h"
#include "schema_migrator.h"
#include "sqlite_shared_store.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <memory>

using namespace torchrig;

namespace {

enum class Home { Sqlite, Postgres };

// The server of this test program, started on first use and stopped at its end.
test::PostgresServer& labServer() {
    static test::PostgresServer server;
    return server;
}

// One lab (or one desktop's database) per case, and a store on it for each member who asks.
class SharedHome {
public:
    explicit SharedHome(Home home)
        : m_home(home) {
        if (home == Home::Sqlite) {
            m_file = std::make_unique<SQLite::Database>(m_folder.file("user.sqlite").string(),
                                                        SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
            REQUIRE(db::migrateToLatest(*m_file).ok());
            return;
        }
        auto& server = labServer();
        m_database = server.createDatabase();
        auto migrated = db::migrateLab(server.url({}, m_database));
        INFO((migrated.ok() ? std::string() : migrated.error().text()));
        REQUIRE(migrated.ok());
        for (const char* member : {"alice", "bob"}) {
            server.createLogin(member);
            REQUIRE(db::grantLabMembership(server.url({}, m_database), member, member == std::string("alice"))
                        .ok());
        }
    }
    const char* name() const { return m_home == Home::Sqlite ? "SQLite" : "PostgreSQL"; }
    // alice is the lab's admin, bob a member; on one desktop both are names the owner records under.
    std::unique_ptr<db::SharedStore> as(const std::string& member) {
        if (m_home == Home::Sqlite) {
            // A connection of its own, as another program on the desktop would have.
            m_connections.push_back(std::make_unique<SQLite::Database>(m_folder.file("user.sqlite").string(),
                                                                       SQLite::OPEN_READWRITE));
            return std::make_unique<db::SqliteSharedStore>(*m_connections.back(), "main", member);
        }
        auto store = db::PostgresSharedStore::open(labServer().url(member, m_database));
        REQUIRE(store.ok());
        return std::move(store).value();
    }

private:
    Home m_home;
    test::TemporaryFolder m_folder;
    std::unique_ptr<SQLite::Database> m_file;
    std::vector<std::unique_ptr<SQLite::Database>> m_connections;
    std::string m_database;
};

db::ValidationRunRecord run(const std::string& model) {
    db::ValidationRunRecord run;
    run.deviceName = "NVIDIA A100-SXM4-80GB";
    run.deviceKind = "cuda:0";
    run.libtorchVersion = "2.5.1";
    run.model = model;
    run.requestJson = R"({"model": ")" + model + R"("})";
    run.resultJson = R"({"event": "result", "step_ms": 41.5})";
    run.machine = "lab-a100";
    return run;
}

} // namespace

TEST_CASE("Shared store: validation runs say who recorded them, where, and are kept once",
          "[database][lab]") {
    SharedHome home(GENERATE(Home::Sqlite, Home::Postgres));
    INFO(home.name());
    auto alice = home.as("alice");
    auto bob = home.as("bob");
    auto first = alice->addValidationRun(run("resnet50"));
    REQUIRE(first.ok());
    auto pushed = run("bert-base-uncased");
    pushed.uid = "0123456789abcdef0123456789abcdef";
    pushed.measuredAt = "2026-12-01T02:50:00Z"; // kept offline, pushed later
    auto second = bob->addValidationRun(pushed);
    REQUIRE(second.ok());
    auto again = bob->addValidationRun(pushed); // the push tried twice
    REQUIRE(again.ok());
    CHECK(*again == *second);

    auto runs = alice->validationRuns(); // the other member sees them
    REQUIRE(runs.ok());
    REQUIRE(runs->size() == 2);
    CHECK((*runs)[0].model == "bert-base-uncased"); // newest first
    CHECK((*runs)[0].recordedBy == "bob");
    CHECK((*runs)[0].measuredAt == "2026-12-01T02:50:00Z");
    CHECK((*runs)[0].uid == pushed.uid);
    CHECK((*runs)[0].machine == "lab-a100");
    CHECK((*runs)[0].resultJson == pushed.resultJson);
    CHECK((*runs)[1].recordedBy == "alice");
    CHECK((*runs)[1].measuredAt.size() == 20);

    auto broken = run("mlp");
    broken.resultJson = "{not json";
    auto refused = alice->addValidationRun(broken);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == ErrorCode::InvalidInput);
    broken = run("mlp");
    broken.measuredAt = "yesterday";
    CHECK_FALSE(alice->addValidationRun(broken).ok());
    CHECK(alice->validationRuns()->size() == 2); // nothing half-written
}

TEST_CASE("Shared store: a device's calibration is one, replaced by the latest choice, and reset",
          "[database][lab]") {
    SharedHome home(GENERATE(Home::Sqlite, Home::Postgres));
    INFO(home.name());
    auto alice = home.as("alice");
    auto bob = home.as("bob");
    auto measured = bob->addValidationRun(run("resnet50"));
    REQUIRE(measured.ok());
    REQUIRE(alice
                ->setCalibration({"NVIDIA A100-SXM4-80GB",
                                  R"({"calibration": {"step_time_ratio": 1.2}})",
                                  std::nullopt,
                                  {},
                                  {}})
                .ok());
    REQUIRE(
        bob->setCalibration(
               {"NVIDIA A100-SXM4-80GB", R"({"calibration": {"step_time_ratio": 1.1}})", *measured, {}, {}})
            .ok());
    REQUIRE(bob->setCalibration({"AMD EPYC 9354", R"({"calibration": {}})", std::nullopt, {}, {}}).ok());
    auto kept = alice->calibrations();
    REQUIRE(kept.ok());
    REQUIRE(kept->size() == 2);
    CHECK((*kept)[0].deviceName == "AMD EPYC 9354"); // by name
    CHECK((*kept)[1].document.find("1.1") != std::string::npos);
    CHECK((*kept)[1].runId == *measured);
    CHECK((*kept)[1].calibratedBy == "bob");
    CHECK((*kept)[1].calibratedAt.size() == 20);
    REQUIRE(alice->resetCalibration("AMD EPYC 9354").ok());
    CHECK(bob->calibrations()->size() == 1);
}

TEST_CASE("Shared store: prices and quotes say who entered them and when", "[database][lab]") {
    SharedHome home(GENERATE(Home::Sqlite, Home::Postgres));
    INFO(home.name());
    auto alice = home.as("alice");
    auto bob = home.as("bob");
    REQUIRE(alice
                ->addPrice("gpu/rtx-4090-d", Price{12999, "CNY", "2026-11-20", "JD.com listing",
                                                   PriceKind::Street, "CN", "JD.com"})
                .ok());
    REQUIRE(bob->addPrice("gpu/rtx-4090-d",
                          Price{13999, "CNY", "2026-12-01", "Vendor quote Q-1201", PriceKind::VendorQuote})
                .ok());
    REQUIRE(bob->addPrice("gpu/a100-pcie-80gb",
                          Price{70000, "CNY", "2026-12-02", "Vendor quote Q-1202", PriceKind::VendorQuote})
                .ok());
    auto prices = alice->prices("gpu/rtx-4090-d");
    REQUIRE(prices.ok());
    REQUIRE(prices->size() == 2);
    CHECK((*prices)[0].price.amount == 12999); // oldest first
    CHECK((*prices)[0].price.retailer == "JD.com");
    CHECK((*prices)[0].enteredBy == "alice");
    CHECK((*prices)[1].price.kind == PriceKind::VendorQuote);
    CHECK((*prices)[1].enteredBy == "bob");
    CHECK((*prices)[1].enteredAt.size() == 20);
    CHECK(bob->prices()->size() == 3);
    auto refused =
        alice->addPrice("gpu/rtx-4090-d", Price{-1, "CNY", "2026-12-01", "typo", PriceKind::Street});
    CHECK_FALSE(refused.ok());
    CHECK(alice->prices()->size() == 3);
}

TEST_CASE("Shared store: two members save one build, the second is refused with the first's name and "
          "time, and kept as a copy",
          "[database][lab]") {
    SharedHome home(GENERATE(Home::Sqlite, Home::Postgres));
    INFO(home.name());
    auto alice = home.as("alice");
    auto bob = home.as("bob");
    auto created = alice->saveBuild("4x A100 node", R"({"format_version": 1, "gpus": 4})", std::nullopt);
    REQUIRE(created.ok());
    CHECK(created->version == 1);
    CHECK(created->savedBy == "alice");

    // Both open version 1 and change it.
    auto bobs = bob->saveBuild("4x A100 node", R"({"format_version": 1, "gpus": 8})", created->version);
    REQUIRE(bobs.ok());
    CHECK(bobs->version == 2);
    CHECK(bobs->savedBy == "bob");
    auto alices = alice->saveBuild("4x A100 node", R"({"format_version": 1, "gpus": 2})", created->version);
    REQUIRE_FALSE(alices.ok());
    CHECK(alices.error().code == ErrorCode::Conflict);
    const auto why = alices.error().text();
    CHECK(why.find("changed by bob at " + bobs->savedAt) != std::string::npos);
    CHECK(why.find(db::buildCopyName("4x A100 node", "alice")) != std::string::npos);
    auto stored = alice->loadBuild("4x A100 node");
    REQUIRE(stored.ok());
    REQUIRE(stored->has_value());
    CHECK((*stored)->document == R"({"format_version": 1, "gpus": 8})"); // bob's, untouched
    // Nothing of alice's is lost: her change is saved beside it.
    auto copy = alice->saveBuild(db::buildCopyName("4x A100 node", "alice"),
                                 R"({"format_version": 1, "gpus": 2})", std::nullopt);
    REQUIRE(copy.ok());
    auto all = bob->builds();
    REQUIRE(all.ok());
    REQUIRE(all->size() == 2);
    CHECK((*all)[0].name == "4x A100 node");
    CHECK((*all)[1].savedBy == "alice");

    // A new build under a name in use is refused too, naming who has it.
    auto taken = bob->saveBuild("4x A100 node", R"({"format_version": 1})", std::nullopt);
    REQUIRE_FALSE(taken.ok());
    CHECK(taken.error().text().find("saved by bob") != std::string::npos);
    CHECK_FALSE(bob->saveBuild(" ", "{}", std::nullopt).ok());
    CHECK_FALSE(bob->saveBuild("draft", "{gpus: 4", std::nullopt).ok());
    CHECK(bob->builds()->size() == 2);
}
