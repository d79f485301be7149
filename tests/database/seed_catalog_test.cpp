#include "catalog_builder.h"
#include "category_schema.h"
#include "part_files.h"
#include "test_support.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <catch2/catch.hpp>

#include <set>

using namespace torchrig;

TEST_CASE("The bundled catalog holds every reference GPU, each with a source and an as-of date",
          "[database][seed]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto gpus = catalog->list(PartCategory::Gpu);
    CHECK(gpus.size() >= 38);
    for (const auto& gpu : gpus) {
        CHECK_FALSE(gpu.provenance.source.empty());
        CHECK(isPartialIsoDate(gpu.provenance.asOf));
    }
    for (auto id :
         {"gpu/rtx-3060-12gb", "gpu/gtx-1660-super", "gpu/rtx-4090", "gpu/rtx-a6000", "gpu/a100-80gb-sxm4",
          "gpu/h100-sxm5-80gb", "gpu/tesla-v100-sxm2-16gb", "cpu/ryzen-5-5600x", "cpu/core-i5-12400f",
          "cpu/core-i9-13900k", "cpu/ryzen-9-7950x", "storage/samsung-980-pro-1tb",
          "storage/wd-black-sn850-1tb", "interconnect/nvidia-connectx-6-hdr-200g"})
        CHECK(catalog->find(id).has_value());
    for (auto category : kAllPartCategories)
        CHECK(catalog->count(category) > 0);
}

TEST_CASE("The seed corrects the articles' wrong figures", "[database][seed]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    CHECK(std::get<double>(catalog->find("gpu/rtx-3090")->field("memory_bandwidth_gbs")) == 936.0);
    CHECK(std::get<std::string>(catalog->find("gpu/rtx-4090")->field("gpu_link")) == "none");
    CHECK(std::get<double>(catalog->find("gpu/a100-80gb-sxm4")->field("tf32_tflops")) == 156.0);
}

TEST_CASE("Each category's field list matches its table's columns", "[database][schema]") {
    SQLite::Database database(test::bundledCatalogPath().string(), SQLite::OPEN_READONLY);
    for (auto category : kAllPartCategories) {
        const auto& schema = db::categorySchema(category);
        std::vector<std::string> columns;
        SQLite::Statement info(database, "PRAGMA table_info(" + std::string(schema.table) + ")");
        while (info.executeStep())
            columns.push_back(info.getColumn(1).getString());
        std::vector<std::string> expected = {"part_id"};
        for (const auto& field : schema.fields)
            expected.emplace_back(field.column);
        CHECK(columns == expected);
    }
}

TEST_CASE("A seed price that names no part fails the build with its row", "[database][seed]") {
    test::TemporaryFolder folder;
    std::filesystem::copy(test::seedFolder(), folder.path() / "seed");
    test::writeFile(folder.path() / "seed" / "prices.csv",
                    "part_id,kind,amount,currency,date,source\ngpu/rtx-4090,street,1,USD,2026,x\ngpu/"
                    "nope,street,1,USD,2026,x\n");
    auto built = db::buildCatalog(folder.path() / "seed", folder.file("out.sqlite"));
    REQUIRE_FALSE(built.ok());
    CHECK(built.error().text() == "prices.csv, row 3: no part has id gpu/nope");
    CHECK_FALSE(std::filesystem::exists(folder.file("out.sqlite")));
}

TEST_CASE("Every bundled price says when, what kind, in which currency and where it was seen",
          "[database][seed][prices]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    int prices = 0;
    for (const auto& part : catalog->list()) {
        for (const auto& price : part.prices) {
            INFO(part.id << " " << price.amount << " " << price.currency << " " << price.date);
            ++prices;
            CHECK(isPartialIsoDate(price.date));
            CHECK(price.currency.size() == 3);
            CHECK(price.source.find_first_not_of(" \t") != std::string::npos);
            CHECK(priceKindFromString(priceKindId(price.kind)) == price.kind);
        }
    }
    CHECK(prices >= 200);
    // The seed reader refuses a price without each of them, naming the row and what is missing.
    for (const auto& [row, expected] :
         {std::pair{"gpu/rtx-4090,street,1599,USD,,Newegg", "price date \"\" is not YYYY"},
          {"gpu/rtx-4090,,1599,USD,2026-11,Newegg", "is not launch_msrp, street, vendor_quote"},
          {"gpu/rtx-4090,street,1599,,2026-11,Newegg", "currency \"\" is not a three-letter"},
          {"gpu/rtx-4090,street,1599,USD,2026-11,", "a price needs a source"}}) {
        auto read = db::readPricesCsv(std::string("part_id,kind,amount,currency,date,source\n") + row + "\n",
                                      "prices.csv");
        REQUIRE_FALSE(read.ok());
        CHECK_THAT(read.error().text(), Catch::Contains(expected));
    }
}

TEST_CASE("The bundled catalog names its pack, and every category and provider the README counts",
          "[database][seed]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    CHECK(catalog->pack().version == "2026.12");
    CHECK(catalog->pack().date == "2026-12-02");
    CHECK(catalog->count(PartCategory::Gpu) >= 70);
    CHECK(catalog->count(PartCategory::Server) >= 10);
    CHECK(catalog->count(PartCategory::Cooler) >= 10);
    std::set<std::string> providers;
    for (const auto& offer : catalog->list(PartCategory::CloudInstance))
        providers.insert(std::get<std::string>(offer.field("provider")));
    CHECK(catalog->count(PartCategory::CloudInstance) >= 40);
    CHECK(providers.size() >= 8);
}

TEST_CASE("A newer catalog pack takes the bundled one's place and leaves the user's rows alone",
          "[database][pack]") {
    test::TemporaryFolder folder;
    const auto user = folder.file("user.sqlite");
    const auto installedPath = db::installedPackPathFor(user);
    auto open = [&] {
        db::CatalogOpenOptions options;
        options.bundledPath = test::bundledCatalogPath();
        options.userPath = user;
        options.installedPackPath = installedPath;
        auto catalog = db::Catalog::open(options);
        REQUIRE(catalog.ok());
        return std::move(*catalog);
    };
    auto catalog = open();
    REQUIRE(catalog->add(test::sampleGpu("gpu/lab-card", "Lab card")).ok());
    REQUIRE(
        catalog
            ->addPrice("gpu/rtx-4090", Price{1750, "USD", "2026-11-20", "quote 17", PriceKind::VendorQuote})
            .ok());
    const auto bundled = catalog->pack();

    // A pack of the next month: the bundled file with another date and one price more.
    const auto newer = folder.file("pack-2027.01.sqlite");
    std::filesystem::copy_file(test::bundledCatalogPath(), newer);
    {
        SQLite::Database pack(newer.string(), SQLite::OPEN_READWRITE);
        pack.exec("UPDATE catalog_pack SET value = '2027.01' WHERE key = 'version'");
        pack.exec("UPDATE catalog_pack SET value = '" + test::todayUtc() + "' WHERE key = 'date'");
        pack.exec("INSERT INTO price(part_id, kind, amount, currency, date, source) VALUES "
                  "('gpu/rtx-5090', 'street', 2899, 'USD', '" +
                  test::todayUtc() + "', 'Newegg listing')");
    }
    auto installed = db::installCatalogPack(newer, bundled, installedPath);
    REQUIRE(installed.ok());
    CHECK(installed->installed.version == "2027.01");
    CHECK(installed->replaced.version == bundled.version);

    catalog = open();
    CHECK(catalog->pack().version == "2027.01");
    CHECK(catalog->packNotice().empty());
    CHECK(catalog->find("gpu/rtx-5090")->latestPrice(PriceKind::Street)->amount == 2899);
    CHECK(catalog->find("gpu/lab-card").has_value()); // the user's own part
    CHECK(catalog->find("gpu/rtx-4090")->latestPrice(PriceKind::VendorQuote)->amount == 1750);

    // The same pack again, or the older bundled one, changes nothing and says which is in use.
    auto again = db::installCatalogPack(newer, catalog->pack(), installedPath);
    REQUIRE_FALSE(again.ok());
    CHECK_THAT(again.error().text(), Catch::Contains("not newer than the catalog in use (pack 2027.01"));
    auto older = db::installCatalogPack(test::bundledCatalogPath(), catalog->pack(), installedPath);
    REQUIRE_FALSE(older.ok());

    // Something that is not a pack is refused before anything is copied.
    const auto junk = folder.file("junk.sqlite");
    test::writeFile(junk, "not a database");
    auto refused = db::installCatalogPack(junk, catalog->pack(), installedPath);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().text(), Catch::Contains("is not a TorchRig catalog pack"));
    CHECK(open()->pack().version == "2027.01");
}

TEST_CASE("A seed exchange rate that is not a dated, sourced rate fails the build with its row",
          "[database][seed]") {
    test::TemporaryFolder folder;
    std::filesystem::copy(test::seedFolder(), folder.path() / "seed");
    const auto rates = folder.path() / "seed" / "exchange_rates.csv";
    const std::string header = "currency,per_euro,date,source\nUSD,1.07,2024-06-28,ECB\n";
    for (const auto& [row, why] : std::vector<std::pair<std::string, std::string>>{
             {"CNY,,2024-06-28,ECB", "row 3: per_euro \"\" is not a number"},
             {"CNY,-7,2024-06-28,ECB",
              "row 3: CNY's rate -7 is not a number of units for one euro from 0.0001 to 1000000"},
             {"CNY,7.7,2024-06,ECB", "row 3: CNY's date \"2024-06\" is not a date YYYY-MM-DD"},
             {"USD,1.08,2024-06-28,ECB", "row 3: USD appears twice"},
         }) {
        INFO(row);
        test::writeFile(rates, header + row + "\n");
        auto built = db::buildCatalog(folder.path() / "seed", folder.file("out.sqlite"));
        REQUIRE_FALSE(built.ok());
        CHECK(built.error().text() == "exchange_rates.csv, " + why);
        CHECK_FALSE(std::filesystem::exists(folder.file("out.sqlite")));
    }
}
