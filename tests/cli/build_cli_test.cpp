// The build commands as scripts call them: presets, new, show, check, cost, compare, rent, advise.

#include "cli_run.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <map>
#include <set>

using namespace torchrig;
using test::runCli;

TEST_CASE("build presets lists the seed articles' builds, every part from the catalog", "[cli][build]") {
    test::TemporaryFolder folder;
    auto run = runCli(folder, "build presets --json");
    REQUIRE(run.exitCode == 0);
    auto presets = nlohmann::json::parse(run.output);
    std::map<std::string, nlohmann::json> byId;
    for (const auto& preset : presets) {
        byId[preset["id"].get<std::string>()] = preset;
        INFO(preset["id"]);
        CHECK(preset["source"].get<std::string>().rfind("seeds/0", 0) == 0);
        REQUIRE_FALSE(preset["parts"].empty());
        for (const auto& part : preset["parts"]) {
            INFO(part["id"]);
            CHECK(part["name"].is_string()); // found in the bundled catalog
            CHECK(part["quantity"].get<int>() >= 1);
        }
    }
    for (const char* id : {"entry-rtx-3060", "entry-gtx-1660-super", "research-2x-rtx-4090",
                           "research-rtx-4090-7950x", "research-rtx-a6000-7950x", "enterprise-4x2-a100"})
        CHECK(byId.count(id) == 1);
    // The article's "2x RTX 4090 with NVLink" is kept as two cards over PCIe, and the correction said.
    const auto& research = byId.at("research-2x-rtx-4090");
    CHECK(research["parts"][0]["id"] == "gpu/rtx-4090");
    CHECK(research["parts"][0]["quantity"] == 2);
    CHECK(research["notes"].dump().find("no NVLink connector") != std::string::npos);
    CHECK(byId.at("enterprise-4x2-a100")["nodes"] == 4);
    auto text = runCli(folder, "build presets");
    CHECK(text.exitCode == 0);
    CHECK(text.output.find("GeForce RTX 3060 12GB") != std::string::npos);
}

TEST_CASE("build new writes a preset's file, and build show says where the catalog now differs",
          "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    auto made = runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + file + "'");
    REQUIRE(made.exitCode == 0);
    // Nothing the user made is replaced without asking.
    auto again = runCli(folder, "build new --preset entry-rtx-3060 -o '" + file + "'");
    CHECK(again.exitCode == 5);
    CHECK(again.output.find("--force") != std::string::npos);
    auto shown = nlohmann::json::parse(runCli(folder, "build show '" + file + "' --json").output);
    CHECK(shown["preset"] == "research-2x-rtx-4090");
    REQUIRE(shown["parts"].size() == 7);
    CHECK(shown["parts"][0]["quantity"] == 2);
    CHECK(shown["parts"][0]["catalog_differs"].empty());
    // A file made when the catalog said otherwise keeps its own figures and says what changed.
    auto text = test::readFile(file);
    text.replace(text.find("\"vram_gb\": 24.0"), 15, "\"vram_gb\": 20.0");
    test::writeFile(folder.file("old.torchrig"), text);
    auto old = nlohmann::json::parse(
        runCli(folder, "build show '" + folder.file("old.torchrig").string() + "' --json").output);
    REQUIRE(old["parts"][0]["catalog_differs"].size() == 1);
    CHECK(old["parts"][0]["catalog_differs"][0]["field"] == "vram_gb");
    CHECK(old["parts"][0]["catalog_differs"][0]["file"] == "20");
    auto unknown = runCli(folder, "build new --preset nope -o '" + folder.file("x.torchrig").string() + "'");
    CHECK(unknown.exitCode == 3);
    CHECK(unknown.output.find("entry-rtx-3060") != std::string::npos);
    test::writeFile(folder.file("cut.torchrig"), text.substr(0, 200));
    auto cut = runCli(folder, "build show '" + folder.file("cut.torchrig").string() + "'");
    CHECK(cut.exitCode == 4);
    CHECK(cut.output.find("ends early") != std::string::npos);
}

TEST_CASE("build check shows the research preset's findings and catches NVLink on RTX 4090s",
          "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + file + "'").exitCode == 0);
    auto checked = runCli(folder, "build check '" + file + "' --json");
    REQUIRE(checked.exitCode == 0);
    auto d = nlohmann::json::parse(checked.output);
    std::set<std::string> rules;
    for (const auto& f : d["findings"])
        rules.insert(f["rule"].get<std::string>());
    CHECK(rules.count("gpu-interconnect") == 1); // two 4090s over PCIe 4.0: ~63 GB/s, under the article's 100
    CHECK(rules.count("nvlink") == 0);
    CHECK(d["not_checked"].size() >= 5);
    // The article's build as written: the two cards "connected with NVLink".
    auto build = nlohmann::json::parse(test::readFile(file));
    build["parts"].push_back({{"id", "interconnect/nvidia-nvlink-bridge-rtx-3090-3-slot"},
                              {"quantity", 1},
                              {"snapshot",
                               {{"name", "NVIDIA NVLink bridge"},
                                {"category", "interconnect"},
                                {"fields", {{"kind", "nvlink_bridge"}, {"for_gpus", "GeForce RTX 3090"}}}}}});
    test::writeFile(folder.file("nvlink.torchrig"), build.dump(2));
    auto nvlink = nlohmann::json::parse(
        runCli(folder, "build check '" + folder.file("nvlink.torchrig").string() + "' --json").output);
    bool caught = false;
    for (const auto& f : nvlink["findings"])
        if (f["rule"] == "nvlink" && f["severity"] == "problem") {
            caught = true;
            CHECK(f["message"].get<std::string>().find("GeForce RTX 4090 has no NVLink connector") !=
                  std::string::npos);
            // The catalog fix the checker agrees with: take the bridge out.
            REQUIRE(f["catalog_fixes"].size() >= 1);
            CHECK(f["catalog_fixes"][0] == "Remove NVIDIA NVLink bridge");
        }
    CHECK(caught);
    auto badCircuit = runCli(folder, "build check '" + file + "' --circuit 15");
    CHECK(badCircuit.exitCode == 2);
}

TEST_CASE("build cost prices a preset's parts and says which have no price", "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + file + "'").exitCode == 0);
    auto d =
        nlohmann::json::parse(runCli(folder, "build cost '" + file + "' --kwh-price 0.15 --json").output);
    const auto& gpu = d["lines"][0];
    CHECK(gpu["id"] == "gpu/rtx-4090");
    CHECK(gpu["quantity"] == 2);
    CHECK(gpu["subtotal"].get<double>() == Approx(2 * gpu["unit_price"]["amount"].get<double>()));
    // 2 x 450 W (RTX 4090) + the i9-13900K's rated power + 75 W.
    CHECK(d["load_watts"].get<double>() > 975);
    CHECK(d["energy_cost_per_month"].get<double>() == Approx(d["energy_kwh_per_month"].get<double>() * 0.15));
    if (!d["missing"].empty())
        CHECK(d["total"].is_null());
    auto badRate = runCli(folder, "build cost '" + file + "' --currency CNY --rate USD");
    CHECK(badRate.exitCode == 2);
    auto rateAlone = runCli(folder, "build cost '" + file + "' --rate USD=7");
    CHECK(rateAlone.exitCode == 2);
}

TEST_CASE("build compare puts builds side by side", "[cli][build]") {
    test::TemporaryFolder folder;
    const auto entry = folder.file("entry.torchrig").string(),
               research = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset entry-rtx-3060 -o '" + entry + "'").exitCode == 0);
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + research + "'").exitCode == 0);
    auto d = nlohmann::json::parse(
        runCli(folder, "build compare '" + entry + "' '" + research + "' --json").output);
    REQUIRE(d.size() == 2);
    CHECK(d[0]["gpus"] == "1 x GeForce RTX 3060 12GB");
    CHECK(d[1]["gpus"] == "2 x GeForce RTX 4090");
    CHECK(d[1]["load_watts"].get<double>() > d[0]["load_watts"].get<double>());
    CHECK(d[1]["warnings"].get<int>() >= 1);
    auto one = runCli(folder, "build compare '" + entry + "'");
    CHECK(one.exitCode == 2);
}

TEST_CASE("build rent sets the research preset against every cloud instance of the catalog", "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    // The lab's own drive has no price yet: the purchase is known only from below.
    REQUIRE(runCli(folder, "catalog add -c storage --name 'Lab scratch SSD' --source 'a shelf in the lab' "
                           "--set kind=nvme --set 'interface=PCIe 4.0 x4 NVMe' --set 'form_factor=M.2 2280' "
                           "--set capacity_gb=1000")
                .exitCode == 0);
    const std::string researchBuild =
        "build new --preset research-2x-rtx-4090 --part storage/lab-scratch-ssd";
    REQUIRE(runCli(folder, researchBuild + " -o '" + file + "'").exitCode == 0);
    const std::string workload = " -m bert-base-uncased -b 32 --seq-len 128 --precision amp-bf16";
    // The catalog's shop prices are in several currencies: one total at the test's rates.
    const std::string rates =
        " --currency USD --rate EUR=1.1 --rate CHF=1.2 --rate CNY=0.14 --rates-date 2026-12-01";
    auto run = runCli(folder, "build rent '" + file + "'" + workload + rates +
                                  " --kwh-price 0.15 --run-samples 1e7 --json");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    CHECK(d["currency"] == "USD");
    CHECK(d["build"]["gpus"] == 2);
    CHECK(d["build"]["fits"] == true);
    CHECK(d["purchase_is_lower_bound"] == true);
    const auto instances = runCli(folder, "catalog list --category cloud --json");
    CHECK(d["cloud"].size() == nlohmann::json::parse(instances.output)["count"].get<std::size_t>());
    int compared = 0;
    for (const auto& o : d["cloud"]) {
        if (o["break_even_months"].is_null())
            continue;
        ++compared;
        // Renting the build's month of work: the hours it takes there times the hourly price.
        CHECK(o["cost_per_month"].get<double>() ==
              Approx(o["hours_per_month"].get<double>() * o["hourly_cost"].get<double>()));
        CHECK(o["break_even_months"].get<double>() ==
              Approx(d["purchase"].get<double>() /
                     (o["cost_per_month"].get<double>() - d["energy_cost_per_month"].get<double>())));
    }
    CHECK(compared >= 3);

    // Every part priced (a lab's quotes recorded in the user's database): the purchase is whole.
    auto cost = nlohmann::json::parse(runCli(folder, "build cost '" + file + "' --json").output);
    int unpricedUnits = 0;
    for (const auto& line : cost["lines"])
        if (line["unit_price"].is_null()) {
            unpricedUnits += line["quantity"].get<int>();
            REQUIRE(runCli(folder, "catalog price " + line["id"].get<std::string>() +
                                       " --amount 100 --currency USD --source 'a quote'")
                        .exitCode == 0);
        }
    REQUIRE(unpricedUnits > 0);
    const auto quoted = folder.file("quoted.torchrig").string();
    REQUIRE(runCli(folder, researchBuild + " -o '" + quoted + "'").exitCode == 0);
    auto whole = nlohmann::json::parse(runCli(folder, "build rent '" + quoted + "'" + workload + rates +
                                                          " --kwh-price 0.15 --run-samples 1e7 --json")
                                           .output);
    CHECK(whole["purchase_is_lower_bound"] == false);
    CHECK(whole["purchase"].get<double>() ==
          Approx(d["purchase"].get<double>() + 100 * unpricedUnits)); // each unit the catalog left unpriced
    // The preset brings its article's workload; a build of parts alone has none to rent for.
    const auto partsOnly = folder.file("parts-only.torchrig").string();
    REQUIRE(runCli(folder, "build new --part gpu/rtx-4090 --part cpu/core-i9-13900k -o '" + partsOnly + "'")
                .exitCode == 0);
    auto noWorkload = runCli(folder, "build rent '" + partsOnly + "'");
    CHECK(noWorkload.exitCode == 4);
    CHECK(noWorkload.output.find("--model") != std::string::npos);
    auto noBatch = runCli(folder, "build rent '" + file + "' -m gpt2");
    CHECK(noBatch.exitCode == 4);
    CHECK(noBatch.output.find("--batch") != std::string::npos);
}

TEST_CASE("build advise gives the seed articles' advice with sources and computed changes", "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("research.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset research-2x-rtx-4090 -o '" + file + "'").exitCode == 0);
    auto run = runCli(folder, "build advise '" + file +
                                  "' -m bert-base-uncased -b 32 --seq-len 128 --precision fp32 --json");
    REQUIRE(run.exitCode == 0);
    auto d = nlohmann::json::parse(run.output);
    std::set<std::string> rules;
    for (const auto& a : d["advice"]) {
        rules.insert(a["rule"].get<std::string>());
        CHECK(a["source"].get<std::string>().rfind("seeds/", 0) == 0);
    }
    CHECK(rules.count("mixed-precision") == 1);
    CHECK(rules.count("data-parallel-link") == 1); // two RTX 4090s over PCIe
    for (const auto& a : d["advice"])
        if (a["rule"] == "mixed-precision") {
            CHECK(a["change"]["value"] == "amp-bf16");
            CHECK(a["effect"]["step_seconds_after"].get<double>() <
                  a["effect"]["step_seconds_before"].get<double>());
        }
    const auto partsOnly = folder.file("parts-only.torchrig").string();
    REQUIRE(runCli(folder, "build new --part gpu/rtx-4090 --part gpu/rtx-4090 --part cpu/core-i9-13900k "
                           "--part memory/kingston-fury-beast-64gb-ddr5-5600 -o '" +
                               partsOnly + "'")
                .exitCode == 0);
    auto buildOnly = nlohmann::json::parse(runCli(folder, "build advise '" + partsOnly + "' --json").output);
    CHECK(buildOnly["note"].get<std::string>().find("no workload") != std::string::npos);
    REQUIRE_FALSE(buildOnly["advice"].empty());
    for (const auto& a : buildOnly["advice"])
        CHECK(a["change"].is_null());
}

TEST_CASE("build check with a workload checks host RAM and storage against its needs", "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("entry.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset entry-rtx-3060 -o '" + file + "'").exitCode == 0);
    auto rulesOf = [&](const std::string& flags) {
        auto run = runCli(folder, "build check '" + file + "' -m resnet50 -b 64 " + flags + " --json");
        REQUIRE(run.exitCode == 0);
        const auto d = nlohmann::json::parse(run.output);
        std::set<std::string> rules;
        for (const auto& f : d["findings"])
            rules.insert(f["rule"].get<std::string>());
        return rules;
    };
    // ImageNet (1.28 M JPEGs of ~110 KB) cached in the entry build's 16 GB; then 2 TB on its 500 GB drive.
    auto cached = rulesOf("--dataset-samples 1281167 --sample-bytes 110000 --cache-dataset");
    CHECK(cached.count("host-ram-needs") == 1);
    CHECK(cached.count("storage-needs") == 0);
    auto large = rulesOf("--dataset-samples 1281167 --sample-bytes 2000000");
    CHECK(large.count("host-ram-needs") == 0);
    CHECK(large.count("storage-needs") == 1);
    CHECK(rulesOf("").count("host-ram-needs") == 0);
}

TEST_CASE("build new composes a build from catalog parts, a cloud instance among them", "[cli][build]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("pair.torchrig").string();
    // The seed article's research build as written: two RTX 4090s and an NVLink bridge.
    auto made =
        runCli(folder, "build new -o '" + file +
                           "' --part gpu/rtx-4090x2 --part interconnect/nvidia-nvlink-bridge-rtx-3090-3-slot "
                           "--part cpu/core-i9-13900k --title 'As the article has it'");
    REQUIRE(made.exitCode == 0);
    auto shown = nlohmann::json::parse(runCli(folder, "build show '" + file + "' --json").output);
    CHECK(shown["title"] == "As the article has it");
    REQUIRE(shown["parts"].size() == 3);
    CHECK(shown["parts"][0]["quantity"] == 2);
    auto checked = nlohmann::json::parse(runCli(folder, "build check '" + file + "' --json").output);
    bool nvlink = false;
    for (const auto& f : checked["findings"])
        nvlink = nvlink || (f["rule"] == "nvlink" && f["severity"] == "problem");
    CHECK(nvlink);

    const auto cloud = folder.file("cloud.torchrig").string();
    REQUIRE(runCli(folder, "build new -o '" + cloud + "' --part cloud/aws-p4d.24xlarge --nodes 2").exitCode ==
            0);
    auto cost =
        nlohmann::json::parse(runCli(folder, "build cost '" + cloud + "' --hours-per-day 4 --json").output);
    CHECK(cost["lines"][0]["hourly"] == true);
    CHECK(cost["missing"].empty());
    const double hourly = cost["lines"][0]["unit_price"]["amount"].get<double>();
    CHECK(cost["hourly_by_currency"]["USD"].get<double>() == Approx(2 * hourly));
    CHECK(cost["rent_per_month_by_currency"]["USD"].get<double>() == Approx(2 * hourly * 4 * 30));
    CHECK(cost["load_watts"].get<double>() == 0);

    CHECK(runCli(folder, "build new -o '" + folder.file("none.torchrig").string() + "'").exitCode == 2);
    auto unknown =
        runCli(folder, "build new -o '" + folder.file("x.torchrig").string() + "' --part gpu/nope");
    CHECK(unknown.exitCode == 3);
    CHECK(unknown.output.find("gpu/nope") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(folder.file("x.torchrig")));
}

TEST_CASE("A 4-GPU RTX PRO 6000 workstation and an 8-GPU HGX server build from the catalog and check clean, "
          "but for what the catalog does not know",
          "[cli][build][catalog]") {
    test::TemporaryFolder folder;
    const auto workstation = folder.file("workstation.torchrig").string();
    REQUIRE(
        runCli(folder,
               "build new --title 'RTX PRO workstation' "
               "--part gpu/rtx-pro-6000-blackwell-max-q-workstation-editionx4 "
               "--part cpu/ryzen-threadripper-pro-7985wx --part cooler/noctua-nh-u14s-tr5-sp6 "
               "--part motherboard/asus-pro-ws-wrx90e-sage-se --part memory/samsung-256gb-ddr5-4800-rdimm "
               "--part psu/seasonic-prime-px-2200 --part storage/samsung-990-pro-4tb "
               "--part chassis/fractal-design-define-7-xl -o '" +
                   workstation + "'")
            .exitCode == 0);
    // A lab's 16 A, 220 V circuit: four 300 W blower cards and a 350 W CPU draw 1625 W.
    auto checked = runCli(folder, "build check --circuit 16x220 '" + workstation + "' --json");
    INFO(checked.output);
    // No source read gives the PX-2200's cable counts: the check says so rather than passing the cards.
    const auto findings = nlohmann::json::parse(checked.output)["findings"];
    REQUIRE(findings.size() == 1);
    CHECK(findings[0]["rule"] == "psu-connectors");
    CHECK(findings[0]["severity"] == "note");
    CHECK_THAT(findings[0]["message"].get<std::string>(),
               Catch::Contains("the catalog does not know how many Seasonic PRIME PX-2200"));

    const auto server = folder.file("hgx.torchrig").string();
    REQUIRE(
        runCli(folder,
               "build new --title 'HGX H100' --part server/nvidia-dgx-h100 --part gpu/h100-sxm5-80gbx8 -o '" +
                   server + "'")
            .exitCode == 0);
    checked = runCli(folder, "build check '" + server + "' --json");
    INFO(checked.output);
    CHECK(nlohmann::json::parse(checked.output)["findings"].empty());
    // The server ships its GPUs: they are bought with it, not priced again; named alone, it brings them.
    auto cost = nlohmann::json::parse(runCli(folder, "build cost '" + server + "' --json").output);
    CHECK(cost["lines"][1]["included_in"] == "server/nvidia-dgx-h100");
    REQUIRE(runCli(folder, "build new --part server/nvidia-dgx-h100 -o '" +
                               folder.file("alone.torchrig").string() + "'")
                .exitCode == 0);
    const auto alone = nlohmann::json::parse(
        runCli(folder, "build cost '" + folder.file("alone.torchrig").string() + "' --json").output);
    REQUIRE(alone["lines"].size() == 2);
    CHECK(alone["lines"][1]["id"] == "gpu/h100-sxm5-80gb");
    CHECK(alone["lines"][1]["quantity"] == 8);
    CHECK(alone["lines"][1]["included_in"] == "server/nvidia-dgx-h100");

    // The same modules on a workstation board are refused: SXM needs the server's baseboard.
    const auto wrong = folder.file("wrong.torchrig").string();
    REQUIRE(
        runCli(folder, "build new --part gpu/h100-sxm5-80gbx8 --part motherboard/supermicro-h13ssl-n -o '" +
                           wrong + "'")
            .exitCode == 0);
    CHECK(runCli(folder, "build check '" + wrong + "'").output.find("problem: [gpu-modules]") !=
          std::string::npos);
}

TEST_CASE("build cost says which prices are old and how much of the total rests on them", "[cli][prices]") {
    test::TemporaryFolder folder;
    REQUIRE(
        runCli(folder,
               "catalog add -c gpu --name 'Old card' --source sheet --set architecture=T --set vram_gb=8 "
               "--set memory_bandwidth_gbs=300 --set tdp_w=100 --set form_factor=pcie --set gpu_link=none")
            .exitCode == 0);
    REQUIRE(runCli(folder, "catalog price gpu/old-card --amount 500 --kind launch_msrp --date 2019-03 "
                           "--source 'maker launch'")
                .exitCode == 0);
    const auto file = folder.file("old.torchrig").string();
    REQUIRE(runCli(folder, "build new --part gpu/old-card --part gpu/rtx-4090 -o '" + file + "'").exitCode ==
            0);
    auto text = runCli(folder, "build cost '" + file + "'");
    CHECK(text.exitCode == 0);
    CHECK(text.output.find("2019 launch price — ask for a quote, maker launch") != std::string::npos);
    auto json = nlohmann::json::parse(runCli(folder, "build cost '" + file + "' --json").output);
    const auto& old = json["lines"][0];
    CHECK(old["unit_price"]["stale"] == true);
    CHECK(old["unit_price"]["stale_label"] == "2019 launch price — ask for a quote");
    // The summary line reads the same figures the JSON gives.
    const auto staleLines = json["stale_lines"].get<int>();
    CHECK(staleLines >= 1);
    if (json["stale_share"].is_number())
        CHECK(text.output.find(
                  "prices: " + std::to_string(int(std::lround(json["stale_share"].get<double>() * 100))) +
                  " % of the priced parts rest on prices older than 12 months") != std::string::npos);
    else
        CHECK(text.output.find("prices: " + std::to_string(staleLines) +
                               " lines rest on prices older than 12 months") != std::string::npos);
}

TEST_CASE("Two cards on a B550: the second sits in the chipset's PCIe 3.0 x4 slot, and build check and the "
          "advice's gradient exchange both say that link",
          "[cli][build][link]") {
    test::TemporaryFolder folder;
    // Two RTX 4090s and a Ryzen 9 5950X on the given board, training ResNet-50.
    const auto twoCardsOn = [&](const std::string& name, const std::string& board) {
        const auto path = folder.file(name).string();
        REQUIRE(runCli(folder, "build new -o '" + path +
                                   "' --part gpu/rtx-4090-dx2 --part cpu/ryzen-9-5950x --part " + board +
                                   " -m resnet50 -b 64 --precision amp-bf16")
                    .exitCode == 0);
        return path;
    };
    const auto file = twoCardsOn("b550.torchrig", "motherboard/asus-tuf-gaming-b550-plus");
    const auto checked = runCli(folder, "build check '" + file + "'");
    // 3.0 x4: 0.985 GB/s a lane each way, 7.9 both ways, for the whole exchange.
    CHECK_THAT(checked.output,
               Catch::Contains("a GPU sits in ASUS TUF GAMING B550-PLUS's slot 5, PCIe 3.0 x4 "
                               "wired from the chipset"));
    CHECK_THAT(checked.output, Catch::Contains("the GPUs talk at about 8 GB/s (both ways)"));
    const auto advised = runCli(folder, "build advise '" + file + "'");
    CHECK_THAT(advised.output, Catch::Contains("the GPUs talk at about 8 GB/s (both ways)"));

    // A board that wires both cards from the CPU is not faulted for it.
    const auto creator = twoCardsOn("creator.torchrig", "motherboard/asus-proart-b550-creator");
    CHECK_THAT(runCli(folder, "build check '" + creator + "'").output,
               !Catch::Contains("wired from the chipset"));
}

TEST_CASE(
    "The enterprise preset's gradient exchange weighs its InfiniBand HDR link between the nodes against "
    "PCIe within each",
    "[cli][build][link]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("enterprise.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset enterprise-4x2-a100 -o '" + file + "'").exitCode == 0);
    // 200 Gb/s each way is 25 GB/s, of which NCCL reaches 24.0; between the two A100 PCIe cards of a
    // node it reaches 62 % of PCIe 4.0 x16's 31.5, 19.7 GB/s: the ring over the 4 nodes runs at that.
    const auto advised = runCli(folder, "build advise '" + file + "'");
    CHECK_THAT(advised.output,
               Catch::Contains("where NCCL reaches 19.7 GB/s each way, less than the 24.0 over "
                               "the nodes' network"));
    CHECK_THAT(advised.output, Catch::Contains("the step's gradient exchange takes"));
}

TEST_CASE("build check names the enterprise preset's empty memory channels, and EPS cables a supply lacks",
          "[cli][build][catalog]") {
    test::TemporaryFolder folder;
    const auto enterprise = folder.file("enterprise.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset enterprise-4x2-a100 -o '" + enterprise + "'").exitCode == 0);
    auto findings =
        nlohmann::json::parse(runCli(folder, "build check '" + enterprise + "' --json").output)["findings"];
    const auto channels = std::find_if(findings.begin(), findings.end(), [](const nlohmann::json& f) {
        return f["rule"] == "memory-channels";
    });
    REQUIRE(channels != findings.end());
    CHECK((*channels)["message"] ==
          "8 memory module(s) leave 4 of EPYC 9354's 12 memory channels empty: 33 % of "
          "its memory bandwidth is unused (it reaches 307 of 461 GB/s at 4800 MT/s)");

    // Two A100 PCIe take an 8-pin CPU (EPS) cable each; the ROG Thor 1200W has two, one the board's.
    const auto a100 = folder.file("a100.torchrig").string();
    REQUIRE(runCli(folder,
                   "build new --part gpu/a100-40gb-pcie --part gpu/a100-80gb-pcie --part cpu/ryzen-9-7950x "
                   "--part motherboard/asus-proart-x670e-creator-wifi --part "
                   "psu/asus-rog-thor-1200w-platinum-ii -o '" +
                       a100 + "'")
                .exitCode == 0);
    findings = nlohmann::json::parse(runCli(folder, "build check '" + a100 + "' --json").output)["findings"];
    const auto eps = std::find_if(findings.begin(), findings.end(), [](const nlohmann::json& f) {
        return f["rule"] == "psu-connectors" && f["severity"] == "problem";
    });
    REQUIRE(eps != findings.end());
    CHECK((*eps)["message"] ==
          "the cards take 2 8-pin CPU (EPS) cable(s); ASUS ROG Thor 1200W Platinum II has 2, "
          "of which the board takes 1 or more");
}
