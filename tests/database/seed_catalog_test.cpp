#include "catalog_builder.h"
#include "category_schema.h"
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
    CHECK(built.error().message == "prices.csv, row 3: no part has id gpu/nope");
    CHECK_FALSE(std::filesystem::exists(folder.file("out.sqlite")));
}
