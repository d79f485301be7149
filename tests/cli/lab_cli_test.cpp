// Two desktops (two user databases) on one lab database, through torchrig-cli as members use it:
// what one records the other sees; the server refuses what a member may not do; a run recorded
// while the server is down is kept, shown, and pushed once when it is back.

#include "cli_run.h"
#include "postgres_server.h"
#include "test_support.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace torchrig;
using test::runCli;

namespace {

nlohmann::json jsonOf(const test::CliRun& run) {
    INFO(run.output);
    REQUIRE(run.exitCode == 0);
    // Standard error is merged in: what the command says before and after its JSON is left out.
    const auto start = run.output.find_first_of("[{");
    const auto end = run.output.find_last_of("]}");
    REQUIRE(start != std::string::npos);
    REQUIRE(end != std::string::npos);
    return nlohmann::json::parse(run.output.substr(start, end - start + 1));
}

// A lab set up by its admin alice, with bob a member, and their two desktops (user databases); onA
// and onB are the --lab flags each gives.
struct TwoDesktops {
    test::PostgresServer server;
    test::TemporaryFolder desktopA, desktopB;
    std::string onA, onB;
    TwoDesktops() {
        server.createLogin("alice");
        server.createLogin("bob");
        REQUIRE(runCli(desktopA, "lab init '" + server.url() + "' --admin alice").exitCode == 0);
        REQUIRE(runCli(desktopA, "--lab '" + server.url("alice") + "' lab member bob").exitCode == 0);
        onA = "--lab '" + server.url("alice") + "' ";
        onB = "--lab '" + server.url("bob") + "' ";
    }
};

} // namespace

TEST_CASE("lab init makes the first admin, who lets a member in, and a member cannot let anyone in",
          "[cli][lab]") {
    test::PostgresServer server;
    server.createLogin("alice");
    server.createLogin("bob");
    server.createLogin("carol");
    test::TemporaryFolder desktop;
    auto init = runCli(desktop, "lab init '" + server.url() + "' --admin alice");
    INFO(init.output);
    REQUIRE(init.exitCode == 0);
    CHECK(init.output.find("lab schema version 1 (set up)") != std::string::npos);
    CHECK(init.output.find("alice is an admin of the lab") != std::string::npos);
    CHECK(runCli(desktop, "lab init '" + server.url() + "'").output.find("(already)") != std::string::npos);

    auto member = runCli(desktop, "--lab '" + server.url("alice") + "' lab member bob");
    INFO(member.output);
    CHECK(member.exitCode == 0);
    auto status = jsonOf(runCli(desktop, "--lab '" + server.url("bob") + "' lab status --json"));
    CHECK(status["state"] == "connected");
    CHECK(status["member"] == "bob");
    auto refused = runCli(desktop, "--lab '" + server.url("bob") + "' lab member carol");
    test::expectRefusal(600, refused, 6, "carol");
    auto stranger = runCli(desktop, "--lab '" + server.url("carol") + "' lab status");
    CHECK(stranger.exitCode != 0);
    CHECK(stranger.output.find("refused") != std::string::npos);
}

#ifdef TORCHRIG_TEST_HAS_WORKER

TEST_CASE("Two desktops on one lab: a run, a calibration and a quote recorded on one are the other's, a run "
          "recorded while the server is down is pushed once",
          "[cli][lab][slow]") {
    TwoDesktops lab;
    auto& [server, desktopA, desktopB, onA, onB] = lab;

    // A measures and calibrates this CPU; B sees the run and estimates with A's calibration.
    auto measured = jsonOf(
        runCli(desktopA, onA + "validate --model mlp --batch 32 --steps 2 --compare --json --calibrate"));
    auto runs = jsonOf(runCli(desktopB, onB + "lab runs --json"));
    REQUIRE(runs.size() == 1);
    CHECK(runs[0]["recorded_by"] == "alice");
    CHECK(runs[0]["model"].get<std::string>().find("mlp") != std::string::npos);
    CHECK(runs[0]["result"]["measured"]["step_seconds"] == measured["measured"]["step_seconds"]);
    auto calibrated = jsonOf(
        runCli(desktopB, onB + "validate --model mlp --batch 32 --steps 2 --compare --json --calibrated"));
    CHECK(calibrated["calibration"]["estimate_used_stored_calibration"] == true);
    CHECK(calibrated["estimated"]["step_seconds"].get<double>() ==
          Approx(measured["measured"]["step_seconds"].get<double>()).epsilon(1e-6));
    // Without the lab, B's own database has no calibration for it.
    CHECK(runCli(desktopB, "validate --model mlp --batch 32 --steps 1 --compare --calibrated").exitCode == 3);

    // B's vendor quote is A's to see; a street price is the admins' to set, and the server says no.
    REQUIRE(
        runCli(desktopB, onB + "catalog price gpu/rtx-4090-d --amount 13999 --currency CNY --date 2026-12-01 "
                               "--kind vendor_quote --source 'Vendor quote Q-1201'")
            .exitCode == 0);
    auto prices = jsonOf(runCli(desktopA, onA + "catalog price gpu/rtx-4090-d --json"));
    bool quoteSeen = false;
    for (const auto& price : prices["prices"])
        quoteSeen = quoteSeen || (price["amount"] == 13999 && price["kind"] == "vendor_quote");
    CHECK(quoteSeen);
    // A's build made with the lab is priced at B's quote, on its cost and on its sheet (the 4090 D's
    // other price is a 2023 launch price in yuan: a shop's price in USD would be chosen first).
    const auto buildFile = desktopA.file("rtx4090.torchrig").string();
    REQUIRE(runCli(desktopA, onA + "build new --part gpu/rtx-4090-d -o '" + buildFile + "'").exitCode == 0);
    auto cost = runCli(desktopA, "build cost '" + buildFile + "' --currency CNY");
    INFO(cost.output);
    CHECK(cost.output.find("13999.00 CNY") != std::string::npos);
    CHECK(cost.output.find("Vendor quote Q-1201") != std::string::npos);
#ifdef TORCHRIG_TEST_HAS_REPORT
    const auto sheet = desktopA.file("rtx4090.pdf").string();
    REQUIRE(runCli(desktopA, "report '" + buildFile + "' -o '" + sheet + "' --currency CNY").exitCode == 0);
    CHECK(test::shellOutput("pdftotext -enc UTF-8 '" + sheet + "' - | tr -d ' \\n'")
              .find("VendorquoteQ-1201") != std::string::npos);
#endif
    auto street =
        runCli(desktopB, onB + "catalog price gpu/rtx-4090 --amount 9999 --currency CNY --kind street "
                               "--source 'my guess'");
    test::expectRefusal(800, street, 6, "refused");

    // The server goes down: A still shows the lab's last copy, and keeps a new run for it.
    CHECK(jsonOf(runCli(desktopA, onA + "lab runs --json")).size() == 1); // A looks at the history
    server.stop();
    auto offline = jsonOf(runCli(desktopA, onA + "lab status --json"));
    CHECK(offline["state"] == "offline");
    CHECK(offline["message"].get<std::string>().find("cannot be reached") != std::string::npos);
    CHECK(jsonOf(runCli(desktopA, onA + "lab runs --json")).size() == 1); // the copy
    // The calibration is in the copy too: A's estimate still uses it, offline.
    auto offlineEstimate = jsonOf(
        runCli(desktopA, onA + "validate --model mlp --batch 32 --steps 1 --compare --json --calibrated"));
    CHECK(offlineEstimate["calibration"]["estimate_used_stored_calibration"] == true);
    test::expectRefusal(900,
                        runCli(desktopA, onA + "catalog price gpu/rtx-4090 --amount 1 --kind vendor_quote "
                                               "--source x"),
                        6, "read-only");
    auto kept = runCli(desktopA, onA + "validate --model mlp --batch 16 --steps 1 --record");
    INFO(kept.output);
    REQUIRE(kept.exitCode == 0);
    CHECK(kept.output.find("until `torchrig-cli lab push`") != std::string::npos);
    CHECK(jsonOf(runCli(desktopA, onA + "lab status --json"))["pending_runs"] == 1);
    CHECK(jsonOf(runCli(desktopA, onA + "lab runs --json")).size() == 2); // the kept one, then the copy
    test::expectRefusal(800, runCli(desktopA, onA + "lab push"), 1, "cannot be reached");

    server.start();
    auto pushed = runCli(desktopA, onA + "lab push");
    INFO(pushed.output);
    CHECK(pushed.output.find("pushed 1 run(s)") != std::string::npos);
    CHECK(runCli(desktopA, onA + "lab push").output.find("pushed 0 run(s)") != std::string::npos);
    runs = jsonOf(runCli(desktopB, onB + "lab runs --json"));
    REQUIRE(runs.size() == 2); // arrived once
    CHECK(runs[0]["recorded_by"] == "alice");
    CHECK(runs[0]["uid"] != runs[1]["uid"]);
}

#endif

TEST_CASE("lab build: two members change one build, the second save is refused with who and when, and kept "
          "as a copy",
          "[cli][lab]") {
    TwoDesktops lab;
    auto& [server, desktopA, desktopB, onA, onB] = lab;
    const auto fileA = desktopA.file("node.torchrig").string(),
               fileB = desktopB.file("node.torchrig").string();
    REQUIRE(runCli(desktopA, "build new --part gpu/rtx-4090 -o '" + fileA + "'").exitCode == 0);
    auto first = runCli(desktopA, onA + "lab build save '" + fileA + "' --name 'lab node'");
    INFO(first.output);
    REQUIRE(first.exitCode == 0);
    CHECK(first.output.find("version 1") != std::string::npos);
    auto got = runCli(desktopB, onB + "lab build get 'lab node' -o '" + fileB + "'");
    INFO(got.output);
    REQUIRE(got.exitCode == 0);
    CHECK(got.output.find("--based-on 1") != std::string::npos);
    CHECK(test::readFile(fileB) == test::readFile(fileA));

    // Both change version 1: B saves first.
    REQUIRE(runCli(desktopB, "build new --part gpu/rtx-4090 --part gpu/rtx-4090 -o '" + fileB + "' --force")
                .exitCode == 0);
    REQUIRE(
        runCli(desktopB, onB + "lab build save '" + fileB + "' --name 'lab node' --based-on 1").exitCode ==
        0);
    auto refused = runCli(desktopA, onA + "lab build save '" + fileA + "' --name 'lab node' --based-on 1");
    test::expectRefusal(600, refused, 5, "changed by bob at");
    CHECK(refused.output.find("alice's copy") != std::string::npos);
    REQUIRE(runCli(desktopA, onA + "lab build save '" + fileA + "' --name \"lab node (alice's copy)\"")
                .exitCode == 0);
    auto list = jsonOf(runCli(desktopA, onA + "lab build list --json"));
    REQUIRE(list.size() == 2);
    CHECK(list[0]["name"] == "lab node");
    CHECK(list[0]["version"] == 2);
    CHECK(list[0]["saved_by"] == "bob");
    CHECK(list[1]["saved_by"] == "alice");
    test::expectRefusal(600, runCli(desktopA, onA + "lab build get 'no such build' -o '" + fileA + "'"), 3,
                        "no build");
    // A file TorchRig cannot open is not saved.
    test::writeFile(desktopA.file("broken.torchrig"), "{\"format_version\": 1, \"parts\": 7}");
    CHECK(runCli(desktopA, onA + "lab build save '" + desktopA.file("broken.torchrig").string() + "'")
              .exitCode != 0);
    CHECK(jsonOf(runCli(desktopA, onA + "lab build list --json")).size() == 2);
}
