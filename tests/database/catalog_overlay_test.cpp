#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace torchrig;

TEST_CASE("A user part is added, found, priced and removed", "[database][overlay]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    REQUIRE(catalog->userStatus().state == db::UserDatabaseState::Writable);
    int bundledGpus = catalog->count(PartCategory::Gpu);

    REQUIRE(catalog->add(test::sampleGpu("gpu/lab-card", "Lab Card 16GB")).ok());
    CHECK(catalog->count(PartCategory::Gpu) == bundledGpus + 1);
    CHECK(catalog->find("gpu/lab-card")->origin == db::PartOrigin::User);
    CHECK(catalog->search("lab card").front().part.id == "gpu/lab-card");

    auto duplicate = catalog->add(test::sampleGpu("gpu/lab-card", "Lab Card again"));
    REQUIRE_FALSE(duplicate.ok());
    CHECK(duplicate.error().code == ErrorCode::Conflict);

    REQUIRE(catalog->addPrice("gpu/lab-card", Price{899, "EUR", "2026-11-01", "quote 17", PriceKind::Street})
                .ok());
    CHECK(catalog->find("gpu/lab-card")->latestPrice(PriceKind::Street)->amount == 899);

    REQUIRE(catalog->remove("gpu/lab-card").ok());
    CHECK_FALSE(catalog->find("gpu/lab-card").has_value());
    CHECK(catalog->search("lab card").empty());
    CHECK(catalog->count(PartCategory::Gpu) == bundledGpus);
}

TEST_CASE("Editing a bundled part overrides it until reverted, and the bundled file is untouched",
          "[database][overlay]") {
    test::TemporaryFolder folder;
    auto bundledBefore = test::readFile(test::bundledCatalogPath());
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto card = *catalog->find("gpu/rtx-4090");
    REQUIRE(card.origin == db::PartOrigin::Bundled);
    card.fields["vram_usable_mib"] = std::int64_t{24564};
    card.fieldProvenance["vram_usable_mib"] = {"nvidia-smi on the lab's card", "2026-11-30",
                                               Confidence::High};
    card.prices.clear();
    REQUIRE(catalog->edit(card).ok());

    auto edited = *catalog->find("gpu/rtx-4090");
    CHECK(edited.origin == db::PartOrigin::Edited);
    CHECK(std::get<std::int64_t>(edited.field("vram_usable_mib")) == 24564);
    CHECK(edited.provenanceOf("vram_usable_mib").source == "nvidia-smi on the lab's card");
    CHECK(edited.latestPrice(PriceKind::LaunchMsrp)->amount == 1599); // bundled price history still shows
    const auto hits = catalog->search("rtx4090");
    CHECK(std::count_if(hits.begin(), hits.end(), [](const db::SearchHit& hit) {
              return hit.part.id == "gpu/rtx-4090";
          }) == 1); // the edited row, not the bundled one beside it

    REQUIRE(catalog->revert("gpu/rtx-4090").ok());
    CHECK(catalog->find("gpu/rtx-4090")->origin == db::PartOrigin::Bundled);
    CHECK(std::holds_alternative<std::monostate>(catalog->find("gpu/rtx-4090")->field("vram_usable_mib")));
    catalog.reset();
    CHECK(test::readFile(test::bundledCatalogPath()) == bundledBefore);
}

TEST_CASE("Removing a bundled part hides it, and reverting shows it again", "[database][overlay]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    REQUIRE(catalog->remove("gpu/rtx-3070").ok());
    CHECK_FALSE(catalog->find("gpu/rtx-3070").has_value());
    CHECK(catalog->search("3070").empty());
    REQUIRE(catalog->revert("gpu/rtx-3070").ok());
    CHECK(catalog->find("gpu/rtx-3070").has_value());
}

TEST_CASE("An import is all or nothing", "[database][overlay]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    int before = catalog->count();
    auto good = test::sampleGpu("gpu/import-one", "Import One");
    auto bad = test::sampleGpu("gpu/import-two", "Import Two");
    bad.fields["vram_gb"] = -3.0;
    auto report = catalog->importParts({good, bad});
    REQUIRE_FALSE(report.ok());
    CHECK(report.error().text() == "nothing was imported: gpu/import-two: vram_gb: \"-3\" is outside "
                                   "0.5..4096 (expected a number of GB)");
    CHECK(catalog->count() == before);

    auto replaced = *catalog->find("gpu/rtx-3060-12gb");
    replaced.prices.clear();
    replaced.notes = "checked against the lab's card";
    auto ok = catalog->importParts({good, replaced});
    REQUIRE(ok.ok());
    CHECK(ok->added == 1);
    CHECK(ok->replaced == 1);
    CHECK(catalog->find("gpu/rtx-3060-12gb")->origin == db::PartOrigin::Edited);
    CHECK(catalog->count() == before + 1);
}

TEST_CASE("Re-importing an export adds no price twice", "[database][overlay]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto card = *catalog->find("gpu/rtx-4090");
    const auto bundledPrices = card.prices.size();
    REQUIRE(bundledPrices >= 1);
    card.prices.push_back(Price{1899, "USD", "2026-11-29", "shop B", PriceKind::Street});
    auto first = catalog->importParts({card});
    REQUIRE(first.ok());
    CHECK(first->prices == 1);
    auto second = catalog->importParts({*catalog->find("gpu/rtx-4090")});
    REQUIRE(second.ok());
    CHECK(second->prices == 0);
    CHECK(catalog->find("gpu/rtx-4090")->prices.size() == bundledPrices + 1);
}
