#include "catalog_browser.h"
#include "catalog_table_model.h"
#include "part_details_view.h"
#include "test_support.h"

#include <QAbstractItemModel>
#include <QLabel>
#include <QLineEdit>
#include <QTabBar>
#include <QTableView>
#include <QTest>
#include <catch2/catch.hpp>

using namespace torchrig;

namespace {
QString cell(QTableView* table, int row, int column) {
    return table->model()->index(row, column).data().toString();
}
} // namespace

TEST_CASE("The GPU tab shows every GPU with units in the headers, sorted by name", "[ui]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::CatalogBrowser browser(*catalog);
    browser.setCategory(PartCategory::Gpu);
    auto* model = browser.table()->model();
    CHECK(model->rowCount() == catalog->count(PartCategory::Gpu));
    QStringList headers;
    for (int column = 0; column < model->columnCount(); ++column)
        headers << model->headerData(column, Qt::Horizontal).toString();
    CHECK(headers.at(2) == QStringLiteral("VRAM (marketing) (GB)")); // key figures first
    CHECK(headers.contains(QStringLiteral("Memory bandwidth (GB/s)")));
    CHECK(headers.contains(QStringLiteral("Board power (W)")));
    CHECK(cell(browser.table(), 0, 0) < cell(browser.table(), 1, 0));
}

TEST_CASE("Sorting a numeric column orders by value and puts unknown figures last", "[ui]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::CatalogBrowser browser(*catalog);
    browser.setCategory(PartCategory::Gpu);
    auto* model = browser.table()->model();
    int bandwidth = -1;
    int fp8 = -1;
    for (int column = 0; column < model->columnCount(); ++column) {
        auto header = model->headerData(column, Qt::Horizontal).toString();
        if (header == QStringLiteral("Memory bandwidth (GB/s)"))
            bandwidth = column;
        if (header == QStringLiteral("FP8 tensor, dense (TFLOPS)"))
            fp8 = column;
    }
    REQUIRE(bandwidth >= 0);
    browser.table()->sortByColumn(bandwidth, Qt::DescendingOrder);
    double most = 0;
    for (const auto& gpu : catalog->list(PartCategory::Gpu))
        most = std::max(most, std::get<double>(gpu.field("memory_bandwidth_gbs")));
    CHECK(cell(browser.table(), 0, bandwidth).toDouble() == most); // the most in the catalog first
    browser.table()->sortByColumn(fp8, Qt::AscendingOrder);
    CHECK(cell(browser.table(), 0, fp8) != QStringLiteral("—"));
    CHECK(cell(browser.table(), model->rowCount() - 1, fp8) == QStringLiteral("—"));
}

TEST_CASE("Typing in the search field shows the best match first with its sources", "[ui]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::CatalogBrowser browser(*catalog);
    browser.setCategory(std::nullopt);
    QTest::keyClicks(browser.searchField(), QStringLiteral("rtx4090"));
    REQUIRE(browser.table()->model()->rowCount() >= 1);
    CHECK(cell(browser.table(), 0, 0) == QStringLiteral("GeForce RTX 4090"));
    CHECK(browser.selectedPartId() == QStringLiteral("gpu/rtx-4090"));
    auto details = browser.details()->toPlainText();
    CHECK(details.contains(QStringLiteral("NVIDIA Ada Lovelace GPU architecture whitepaper")));
    CHECK(details.contains(QStringLiteral("As of: 2026-11")));
    CHECK(details.contains(QStringLiteral("1599.00 USD")));
    browser.searchField()->clear();
    CHECK(browser.table()->model()->rowCount() == catalog->count());
}

TEST_CASE("A damaged user database shows a banner and the bundled catalog", "[ui]") {
    test::TemporaryFolder folder;
    test::writeFile(folder.file("user.sqlite"), "not a database");
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::CatalogBrowser browser(*catalog);
    browser.setCategory(PartCategory::Gpu);
    CHECK(browser.table()->model()->rowCount() == catalog->count(PartCategory::Gpu));
    auto banners = browser.findChildren<QLabel*>();
    bool shown = std::any_of(banners.begin(), banners.end(), [](QLabel* label) {
        return !label->isHidden() &&
               label->text().contains(QStringLiteral("is damaged or is not a database"));
    });
    CHECK(shown);
}

TEST_CASE("A search that finds nothing on this tab says where it finds parts, each tab counts its "
          "matches, and Esc clears it",
          "[ui][catalog]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::CatalogBrowser browser(*catalog);
    browser.show();
    browser.setCategory(PartCategory::Gpu);
    QTest::keyClicks(browser.searchField(), QStringLiteral("4090"));
    REQUIRE(browser.shownParts() > 0);
    const int gpuHits = browser.shownParts();
    CHECK_FALSE(browser.searchNote()->isVisible());
    CHECK(browser.categoryTabs()->tabText(browser.categoryTabs()->currentIndex()) ==
          QStringLiteral("GPU (%1)").arg(gpuHits));

    browser.setCategory(PartCategory::MemoryKit);
    CHECK(browser.shownParts() == 0);
    REQUIRE(browser.searchNote()->isVisible());
    CHECK(browser.searchNote()->text().contains(QStringLiteral("GPU: %1").arg(gpuHits)));

    QTest::keyClick(browser.searchField(), Qt::Key_Escape);
    CHECK(browser.searchField()->text().isEmpty());
    CHECK(browser.shownParts() > 0);
    CHECK_FALSE(browser.searchNote()->isVisible());
    CHECK(browser.categoryTabs()->tabText(browser.categoryTabs()->currentIndex()) ==
          QStringLiteral("Memory kit"));
}
