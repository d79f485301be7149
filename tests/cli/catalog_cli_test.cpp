// The command line's catalog commands as scripts call them: search, list, export and import, update,
// and the exit codes scripts read.

#include "cli_run.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>

using namespace torchrig;
using test::runCli;

TEST_CASE("catalog search prints the intended part first", "[cli]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "catalog search rtx4090");
    CHECK(run.exitCode == 0);
    auto secondLine = run.output.substr(run.output.find('\n') + 1);
    CHECK(secondLine.rfind("gpu/rtx-4090 ", 0) == 0);
    auto json = runCli(folder, "catalog search 'a100 80' --json");
    REQUIRE(json.exitCode == 0);
    CHECK(nlohmann::json::parse(json.output)["hits"][0]["part"]["id"] == "gpu/a100-80gb-sxm4");
}

TEST_CASE("catalog list --json lists parts with source and date", "[cli]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "catalog list --category gpu --json");
    REQUIRE(run.exitCode == 0);
    auto document = nlohmann::json::parse(run.output);
    CHECK(document["count"].get<int>() >= 38);
    CHECK(document["parts"][0].contains("source"));
    CHECK(document["parts"][0].contains("as_of"));
    CHECK(document["user_database"]["state"] == "writable");
}

TEST_CASE("Exit codes tell scripts what went wrong", "[cli]") {
    test::TemporaryFolder folder;
    CHECK(runCli(folder, "catalog show gpu/no-such-card").exitCode == 3);
    CHECK(runCli(folder, "catalog list --category toaster").exitCode == 2);
    CHECK(runCli(folder, "catalog frobnicate").exitCode == 2);
    test::writeFile(folder.file("gpu.csv"), "id,name\ngpu/x,X\n");
    auto invalid = runCli(folder, "catalog import " + folder.file("gpu.csv").string());
    CHECK(invalid.exitCode == 4);
    CHECK(invalid.output.find("the required column \"vram_gb\" is missing") != std::string::npos);
    auto add = "catalog add -c gpu --name 'Lab Card' --source sheet --set architecture=T --set vram_gb=8 "
               "--set memory_bandwidth_gbs=300 --set tdp_w=100 --set form_factor=pcie --set gpu_link=none";
    CHECK(runCli(folder, add).exitCode == 0);
    CHECK(runCli(folder, add).exitCode == 5);
    test::writeFile(folder.file("user.sqlite"), "garbage");
    auto readOnly = runCli(folder, add);
    CHECK(readOnly.exitCode == 6);
    CHECK(readOnly.output.find("is damaged or is not a database") != std::string::npos);
}

TEST_CASE("Export then import round-trips a category through CSV", "[cli]") {
    test::TemporaryFolder folder;
    auto out = folder.file("gpu.csv").string();
    REQUIRE(runCli(folder, "catalog export --category gpu --format csv -o " + out).exitCode == 0);
    const auto gpus =
        nlohmann::json::parse(runCli(folder, "catalog list --category gpu --json").output)["count"]
            .get<int>();
    auto imported = runCli(folder, "catalog import " + out);
    CHECK(imported.exitCode == 0);
    CHECK(imported.output.find("0 added, 0 replaced, " + std::to_string(gpus) + " unchanged") !=
          std::string::npos);
    // An export of the user's own edit imports as a replacement.
    REQUIRE(runCli(folder, "catalog edit gpu/rtx-4090 --set length_mm=304 --source 'card box'").exitCode ==
            0);
    // The earlier export is replaced only when the command says so.
    auto refused = runCli(folder, "catalog export --category gpu --format csv -o " + out);
    CHECK(refused.exitCode == 5);
    CHECK(refused.output.find("give --force to replace it") != std::string::npos);
    REQUIRE(runCli(folder, "catalog export --category gpu --format csv --force -o " + out).exitCode == 0);
    auto again = runCli(folder, "catalog import " + out);
    CHECK(again.output.find("0 added, 1 replaced, " + std::to_string(gpus - 1) + " unchanged") !=
          std::string::npos);
}

TEST_CASE("catalog update installs a newer pack beside the user's database and refuses anything else",
          "[cli][pack]") {
    test::TemporaryFolder folder;
    REQUIRE(runCli(folder, "catalog add --category gpu --name 'Lab card' --set vram_gb=24 "
                           "--set memory_bandwidth_gbs=900 --set tdp_w=300 --set architecture=Lab "
                           "--set form_factor=pcie --set gpu_link=none --source 'the lab'")
                .exitCode == 0);
    const auto junk = folder.file("junk.sqlite");
    test::writeFile(junk, "no database");
    auto refused = runCli(folder, "catalog update '" + junk.string() + "'");
    CHECK(refused.exitCode != 0);
    CHECK(refused.output.find("is not a TorchRig catalog pack") != std::string::npos);
    auto same = runCli(folder, "catalog update '" + test::bundledCatalogPath().string() + "'");
    CHECK(same.exitCode != 0);
    CHECK(same.output.find("not newer than the catalog in use (pack 2026.12 of 2026-12-02)") !=
          std::string::npos);

    const auto newer = folder.file("pack.sqlite");
    std::filesystem::copy_file(test::bundledCatalogPath(), newer);
    {
        SQLite::Database pack(newer.string(), SQLite::OPEN_READWRITE);
        pack.exec("UPDATE catalog_pack SET value = '2027.01' WHERE key = 'version'");
        pack.exec("UPDATE catalog_pack SET value = '" + test::todayUtc() + "' WHERE key = 'date'");
    }
    auto installed = runCli(folder, "catalog update '" + newer.string() + "'");
    INFO(installed.output);
    CHECK(installed.exitCode == 0);
    CHECK(installed.output.find("Catalog pack 2027.01 of " + test::todayUtc() + " installed") !=
          std::string::npos);
    CHECK(std::filesystem::exists(folder.file("catalog-pack.sqlite")));
    auto search = runCli(folder, "catalog search 'lab card' --json");
    CHECK(nlohmann::json::parse(search.output)["hits"][0]["part"]["id"] == "gpu/lab-card");
}

TEST_CASE("catalog list --sources shows each part's confidence and source, the domestic accelerators' too",
          "[cli][catalog]") {
    test::TemporaryFolder folder;
    const auto listed = runCli(folder, "catalog list --category gpu --sources");
    REQUIRE(listed.exitCode == 0);
    CHECK(listed.output.find("CONFIDENCE") != std::string::npos);
    for (const auto* line :
         {"gpu/huawei-ascend-910b3", "gpu/cambricon-mlu370-x8", "gpu/moore-threads-mtt-s4000"}) {
        INFO(line);
        const auto at = listed.output.find(line);
        REQUIRE(at != std::string::npos);
        const auto row = listed.output.substr(at, listed.output.find('\n', at) - at);
        CHECK((row.find(" low ") != std::string::npos || row.find(" medium ") != std::string::npos));
    }
    CHECK(listed.output.find("Cambricon's MLU370-X8 launch of 2022-03-21") != std::string::npos);
    // Without the flag the table stays as scripts read it.
    CHECK(runCli(folder, "catalog list --category gpu").output.find("CONFIDENCE") == std::string::npos);
}
