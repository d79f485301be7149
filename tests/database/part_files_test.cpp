#include "part_files.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {
const std::string kGpuHeader =
    "id,name,vendor,aliases,architecture,vram_gb,memory_bandwidth_gbs,tdp_w,form_factor,gpu_link,"
    "source,as_of,confidence\n";
}

TEST_CASE("Bad CSV rows are each reported by row and column, and nothing is read", "[database][files]") {
    std::string csv = kGpuHeader +
                      "gpu/ok-card,OK Card,Lab,,Test,16,500,200,pcie,none,sheet,2026-11,high\n"
                      "gpu/bad-size,Bad Size,Lab,,Test,24G,500,200,pcie,none,sheet,2026-11,high\n"
                      "gpu/bad-link,Bad Link,Lab,,Test,16,500,200,pcie,nvlink9,sheet,2026-11,high\n"
                      "gpu/ok-card,Twice,Lab,,Test,16,500,200,pcie,none,sheet,2026-11,high\n"
                      "gpu/no-date,No Date,Lab,,Test,16,500,200,pcie,none,sheet,last year,high\n";
    auto parts = db::readPartsCsv(csv, PartCategory::Gpu, "gpu.csv");
    REQUIRE_FALSE(parts.ok());
    CHECK(parts.error().code == ErrorCode::InvalidInput);
    CHECK(parts.error().text() ==
          "4 problems, nothing was imported:\n"
          "  gpu.csv, row 3, column F (vram_gb): vram_gb: \"24G\" is not a number (expected a number of GB)\n"
          "  gpu.csv, row 4, column J (gpu_link): gpu_link: \"nvlink9\" is not a known choice (expected one "
          "of none, "
          "bridge, sxm, oam)\n"
          "  gpu.csv, row 5: id \"gpu/ok-card\" is already used on row 2\n"
          "  gpu.csv, row 6: gpu/no-date: as-of date \"last year\" is not YYYY, YYYY-MM or YYYY-MM-DD");
}

TEST_CASE("A CSV header with unknown or missing columns is refused before any row", "[database][files]") {
    auto parts = db::readPartsCsv("id,name,vram,source,as_of,confidence\n", PartCategory::Gpu, "mine.csv");
    REQUIRE_FALSE(parts.ok());
    auto message = parts.error().text();
    CHECK(message.find("mine.csv, row 1, column C: \"vram\" is not a column of this file") !=
          std::string::npos);
    CHECK(message.find("mine.csv, row 1: the required column \"vram_gb\" is missing") != std::string::npos);
}

TEST_CASE("Broken quoting and ragged rows name the row", "[database][files]") {
    auto quotes = db::readPartsCsv(kGpuHeader + "gpu/x,\"Broken,Lab\n", PartCategory::Gpu, "q.csv");
    REQUIRE_FALSE(quotes.ok());
    CHECK(quotes.error().text().rfind("q.csv, row 2: ", 0) == 0);
    auto ragged = db::readPartsCsv(kGpuHeader + "gpu/x,Short Row\n", PartCategory::Gpu, "r.csv");
    REQUIRE_FALSE(ragged.ok());
    CHECK(ragged.error().text() == "r.csv, row 2: 2 cells, but the header names 13 columns");
    auto empty = db::readPartsCsv("", PartCategory::Gpu, "e.csv");
    REQUIRE_FALSE(empty.ok());
    CHECK(empty.error().text() == "e.csv: the file is empty; the first row must name the columns");
}

TEST_CASE("CSV and JSON exports read back to the same parts", "[database][files]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto gpus = catalog->list(PartCategory::Gpu);
    auto fromCsv =
        db::readPartsCsv(db::writePartsCsv(gpus, PartCategory::Gpu), PartCategory::Gpu, "export.csv");
    REQUIRE(fromCsv.ok());
    REQUIRE(fromCsv->size() == gpus.size());
    auto fromJson = db::readPartsJson(db::writePartsJson(gpus), "export.json");
    REQUIRE(fromJson.ok());
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        CHECK((*fromCsv)[i].fields == gpus[i].fields);
        CHECK((*fromCsv)[i].notes == gpus[i].notes);
        CHECK((*fromJson)[i].fields == gpus[i].fields);
        CHECK((*fromJson)[i].prices.size() == gpus[i].prices.size());
        CHECK((*fromJson)[i].fieldProvenance.size() == gpus[i].fieldProvenance.size());
    }
}

TEST_CASE("JSON import names the path of each bad value", "[database][files]") {
    auto parts = db::readPartsJson(R"({"format": "torchrig-parts", "format_version": 1, "parts": [
        {"id": "gpu/j", "category": "gpu", "name": "J", "source": "s", "as_of": "2026", "confidence": "high",
         "fields": {"architecture": "T", "vram_gb": "lots", "memory_bandwidth_gbs": 1, "tdp_w": 1,
                    "form_factor": "pcie", "gpu_link": "none", "colour": "red"}}]})",
                                   "parts.json");
    REQUIRE_FALSE(parts.ok());
    CHECK(parts.error().text() == "2 problems, nothing was imported:\n"
                                  "  parts.json: parts[0].fields.colour: not a gpu field\n"
                                  "  parts.json: parts[0].fields.vram_gb: \"lots\" has the wrong type");
    auto notJson = db::readPartsJson("{oops", "parts.json");
    REQUIRE_FALSE(notJson.ok());
    CHECK(notJson.error().text().rfind("parts.json is damaged at byte 1 (line 1", 0) == 0);
}
