#include "search_text.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {
std::string firstHit(db::Catalog& catalog, const std::string& query) {
    auto hits = catalog.search(query);
    return hits.empty() ? std::string("(none)") : hits.front().part.id;
}
} // namespace

TEST_CASE("Search finds the intended part first however people type it", "[database][search]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    CHECK(firstHit(*catalog, "4090") == "gpu/rtx-4090");
    CHECK(firstHit(*catalog, "rtx4090") == "gpu/rtx-4090");
    CHECK(firstHit(*catalog, "RTX 4090 24G") == "gpu/rtx-4090");
    CHECK(firstHit(*catalog, "a100 80") == "gpu/a100-80gb-sxm4");
    CHECK(firstHit(*catalog, "A6000") == "gpu/rtx-a6000");
    CHECK(firstHit(*catalog, "7950x") == "cpu/ryzen-9-7950x");
    CHECK(firstHit(*catalog, "i9-13900k") == "cpu/core-i9-13900k");
    CHECK(firstHit(*catalog, "p4d") == "cloud/aws-p4d.24xlarge");
    CHECK(firstHit(*catalog, "980 pro 1tb") == "storage/samsung-980-pro-1tb");
    CHECK(firstHit(*catalog, "hdr 200") == "interconnect/nvidia-connectx-6-hdr-200g");
}

TEST_CASE("Search limits itself to a category and finds nothing for nonsense", "[database][search]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto clouds = catalog->search("a100", PartCategory::CloudInstance);
    REQUIRE_FALSE(clouds.empty());
    for (const auto& hit : clouds)
        CHECK(hit.part.category == PartCategory::CloudInstance);
    CHECK(catalog->search("zzqx").empty());
    // A word no part has is dropped rather than hiding the rest.
    CHECK(catalog->search("rtx 4090 founders").front().part.id == "gpu/rtx-4090");
    CHECK(catalog->search("  ").empty());
}

TEST_CASE("Search text splits letters from digits and indexes the joined form", "[database][search]") {
    CHECK(db::normalizedSearchText("RTX 4090 24G") == "rtx 4090 24 g");
    CHECK(db::splitLettersAndDigits("a100") == std::vector<std::string>{"a", "100"});
    CHECK(db::ftsMatchExpression(db::searchWords("rtx4090 24g"), true) ==
          R"(("rtx4090" OR ("rtx" AND "4090")) AND ("24g"* OR ("24"* AND "g"*)))");
    auto gpu = test::sampleGpu("gpu/test-x1", "GeForce RTX 4090");
    auto keywords = db::searchKeywords(gpu);
    CHECK(keywords.find("rtx4090") != std::string::npos);
    CHECK(keywords.find("16gb") != std::string::npos);
}
