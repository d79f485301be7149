// A purchase as an office reads it: each price taxed once (a Chinese or European shop price and a
// 含税 quote include VAT, a US price does not), the lowest valid quote for a part used unless
// another was chosen with a reason, the office's rule on how many quotes a line needs, amounts
// with thousands separated, and each part's specification and unit.

#include "plan/build_cost.h"
#include "plan/build_sheet.h"
#include "plan/part_specification.h"
#include "plan/sheet_money.h"
#include "plan/sheet_purchasing.h"

#include <catch2/catch.hpp>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

BuildPart shopPart(std::string id, PartCategory category, double amount, std::string currency,
                   int quantity = 1) {
    BuildPart p;
    p.partId = std::move(id);
    p.quantity = quantity;
    p.snapshot.name = p.partId;
    p.snapshot.category = category;
    p.snapshot.price = Price{amount, std::move(currency), "2026-11", "a shop", PriceKind::Street};
    return p;
}

VendorQuote cnyQuote(std::string vendor, double amount, std::string validUntil,
                     std::string partId = "gpu/a") {
    VendorQuote q;
    q.vendor = std::move(vendor);
    q.amount = amount;
    q.currency = "CNY";
    q.date = "2026-11-20";
    q.validUntil = std::move(validUntil);
    q.partId = std::move(partId);
    return q;
}

} // namespace

TEST_CASE("Tax is counted once: added to prices quoted before it, split out of prices that include it",
          "[core][cost][tax]") {
    Build build;
    build.parts = {shopPart("gpu/a", PartCategory::Gpu, 11300, "CNY"),   // a Chinese shop price: 含税
                   shopPart("cpu/b", PartCategory::Cpu, 100, "USD", 2)}; // a US price: before tax
    CostOptions options;
    options.currency = "CNY";
    options.rates["USD"] = 7;
    options.taxPercent = 13;
    const auto c = costBuild(build, options);
    REQUIRE(c.lines.size() == 2);
    const auto& cny = c.lines[0];
    CHECK(cny.taxIncluded);
    CHECK(*cny.gross == Approx(11300));
    CHECK(*cny.net == Approx(10000));
    CHECK(*cny.tax == Approx(1300));
    const auto& usd = c.lines[1];
    CHECK_FALSE(usd.taxIncluded);
    CHECK(*usd.net == Approx(1400));
    CHECK(*usd.tax == Approx(182));
    CHECK(*usd.gross == Approx(1582));
    CHECK(c.totalsByCurrency.at("CNY") == Approx(11400));
    CHECK(c.taxByCurrency.at("CNY") == Approx(1482));
    REQUIRE(c.total);
    CHECK(*c.total == Approx(11300 + 1582)); // the sum of what is paid for each line: tax once
    // The components CSV carries the split as the sheet prints it, with the specification and unit.
    const auto csv = componentsCsv(build, options);
    INFO(csv);
    CHECK(csv.find(",subtotal,specification,unit,tax_included,net,tax,gross,quote\r\n") != std::string::npos);
    CHECK(csv.find(",11300.00,,card,yes,10000.00,1300.00,11300.00,\r\n") != std::string::npos);
    CHECK(csv.find(",1400.00,,chip,no,1400.00,182.00,1582.00,\r\n") != std::string::npos);
    // Without a tax rate nothing is split and an inclusive price counts as it is.
    options.taxPercent = 0;
    CHECK(*costBuild(build, options).total == Approx(11300 + 1400));
    // A quote says whether it includes VAT; without a word, as its market quotes.
    auto q = cnyQuote("JD", 100, "");
    CHECK(quoteIncludesTax(q));
    q.currency = "USD";
    CHECK_FALSE(quoteIncludesTax(q));
    q.taxIncluded = true;
    CHECK(quoteIncludesTax(q));
    CHECK_FALSE(includesTaxByMarket("CNY", PriceKind::OnDemandHourly));
    CHECK(includesTaxByMarket("EUR", PriceKind::LaunchMsrp));
}

TEST_CASE("The lowest valid quote prices its part, an expired or empty one never, the user's choice "
          "with a reason wins",
          "[core][cost][quotes]") {
    Build build;
    build.parts = {shopPart("gpu/a", PartCategory::Gpu, 14999, "CNY")};
    build.purchasing.quotes = {cnyQuote("京东", 13499, "2026-12-31"), cnyQuote("中关村", 13299, "2026-12-01"),
                               cnyQuote("苏宁", 13699, "2026-12-20"), cnyQuote("new row", 0, "2026-12-31")};
    CostOptions options;
    options.currency = "CNY";
    options.taxPercent = 13;
    options.today = "2026-12-07";
    auto c = costBuild(build, options);
    const auto& line = c.lines[0];
    REQUIRE(line.quoted);
    CHECK(line.quotes.quote->vendor == "京东"); // 中关村 is lower but expired on 12-01
    CHECK(line.quotes.valid == 2);
    CHECK(line.quotes.expired == 1);
    CHECK_FALSE(line.quotes.usersChoice);
    CHECK_FALSE(line.quoteExpired); // a valid quote priced it
    CHECK(*line.gross == Approx(13499));
    // Before it expired, the lowest of the three.
    options.today = "2026-11-30";
    CHECK(costBuild(build, options).lines[0].quotes.quote->vendor == "中关村");
    options.today = "2026-12-07";
    // A quote before tax is compared with its tax: 12,000 + 13 % = 13,560 is above 京东's 13,499.
    build.purchasing.quotes.push_back(cnyQuote("Intl", 12000, "2026-12-31"));
    build.purchasing.quotes.back().taxIncluded = false;
    c = costBuild(build, options);
    CHECK(c.lines[0].quotes.quote->vendor == "京东");
    CHECK(c.lines[0].quotes.valid == 3);
    // Chosen by hand with a reason: used while valid, and said.
    build.purchasing.quotes[2].chosenBecause = "ships this week";
    c = costBuild(build, options);
    CHECK(c.lines[0].quotes.quote->vendor == "苏宁");
    CHECK(c.lines[0].quotes.usersChoice);
    // Only expired quotes: the part keeps its catalog price unless the user asks.
    build.purchasing.quotes = {cnyQuote("中关村", 13299, "2026-12-01")};
    c = costBuild(build, options);
    CHECK_FALSE(c.lines[0].quoted);
    CHECK(c.lines[0].quoteExpired);
    CHECK(*c.lines[0].subtotal == 14999);
    options.useExpiredQuotes = true;
    CHECK(costBuild(build, options).lines[0].quotes.quote->vendor == "中关村");
}

TEST_CASE("A line at the office's threshold needs its number of valid quotes", "[core][cost][quotes]") {
    Build build;
    build.parts = {shopPart("gpu/a", PartCategory::Gpu, 13000, "CNY", 4),
                   shopPart("cpu/b", PartCategory::Cpu, 3000, "CNY")};
    build.purchasing.quotes = {cnyQuote("京东", 13499, "2026-12-31"), cnyQuote("苏宁", 13699, "2026-12-31")};
    CostOptions options;
    options.currency = "CNY";
    options.taxPercent = 13;
    options.today = "2026-12-07";
    options.quotesRuleAbove = 50000;
    options.quotesRequired = 3;
    auto c = costBuild(build, options);
    CHECK(c.lines[0].needsQuotes); // 4 x 13,499 = 53,996 with two quotes
    CHECK_FALSE(c.lines[1].needsQuotes);
    CHECK(c.linesNeedingQuotes == 1);
    build.purchasing.quotes.push_back(cnyQuote("中关村", 13599, "2026-12-31"));
    CHECK(costBuild(build, options).linesNeedingQuotes == 0);
    options.quotesRuleAbove = 0; // no rule
    build.purchasing.quotes.pop_back();
    CHECK(costBuild(build, options).linesNeedingQuotes == 0);
}

TEST_CASE("Amounts with thousands separated and their currency's sign, the budget held against the total",
          "[core][sheet][money]") {
    CHECK(groupedAmount(98342) == "98,342.00");
    CHECK(groupedAmount(1234567.891) == "1,234,567.89");
    CHECK(groupedAmount(999.999) == "1,000.00");
    CHECK(groupedAmount(12.5) == "12.50");
    CHECK(groupedAmount(-1658) == "-1,658.00");
    CHECK(groupedAmount(-0.001) == "0.00");
    CHECK(sheetMoney(100000, "CNY") == "¥100,000.00");
    CHECK(sheetMoney(-1658, "CNY") == "-¥1,658.00");
    CHECK(sheetMoney(1234.5, "USD") == "$1,234.50");
    CHECK(sheetMoney(509, "EUR") == "€509.00");
    CHECK(sheetMoney(1599, "CHF") == "1,599.00 CHF");

    Purchasing buying;
    buying.budget = 100000;
    buying.budgetCurrency = "CNY";
    BuildCost cost;
    cost.currency = "CNY";
    cost.total = 98342;
    CostOptions options;
    options.currency = "CNY";
    const Words english;
    CHECK(budgetLine(buying, cost, options, english) ==
          "Budget ¥100,000.00, total ¥98,342.00, remaining ¥1,658.00");
    cost.total = 101000;
    CHECK(budgetLine(buying, cost, options, english) ==
          "Budget ¥100,000.00, total ¥101,000.00, over by ¥1,000.00");
    buying.budgetCurrency = "USD"; // converted at the options' rate, or stated alone
    CHECK(budgetLine(buying, cost, options, english) == "Budget: $100,000.00");
    options.rates["USD"] = 7;
    CHECK(budgetLine(buying, cost, options, english) ==
          "Budget ¥700,000.00, total ¥101,000.00, remaining ¥599,000.00");
    buying.budget = 0;
    CHECK_FALSE(budgetLine(buying, cost, options, english));
}

TEST_CASE("A part's specification and unit come from its catalog columns", "[core][sheet]") {
    PartSnapshot gpu;
    gpu.category = PartCategory::Gpu;
    gpu.fields = {{"vram_gb", 24.0},
                  {"memory_type", std::string("GDDR6X")},
                  {"form_factor", std::string("pcie")},
                  {"pcie_gen", 4.0},
                  {"pcie_lanes", std::int64_t{16}}};
    CHECK(partSpecification(gpu) == "24 GB GDDR6X, PCIe 4.0 x16");
    CHECK(unitOfMeasure(PartCategory::Gpu) == "card");
    PartSnapshot kit;
    kit.category = PartCategory::MemoryKit;
    kit.fields = {{"modules", std::int64_t{2}},
                  {"module_gb", std::int64_t{32}},
                  {"memory_type", std::string("DDR5")},
                  {"speed_mts", std::int64_t{5600}},
                  {"module_form", std::string("UDIMM")}};
    CHECK(partSpecification(kit) == "2 × 32 GB, DDR5-5600, UDIMM");
    PartSnapshot drive;
    drive.category = PartCategory::Storage;
    drive.fields = {
        {"capacity_gb", 2000.0}, {"kind", std::string("nvme")}, {"interface", std::string("PCIe 4.0 x4")}};
    CHECK(partSpecification(drive) == "2 TB NVMe SSD, PCIe 4.0 x4");
    PartSnapshot bare; // a part of the user's own without columns
    bare.category = PartCategory::Psu;
    CHECK(partSpecification(bare).empty());
}
