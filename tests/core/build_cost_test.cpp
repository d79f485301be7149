// What a build costs: lines, totals per currency or converted, tax and shipping, power and energy.

#include "plan/build_cost.h"
#include "plan/price_standing.h"

#include <catch2/catch.hpp>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

BuildPart priced(std::string id, PartCategory category, double amount, std::string currency, int quantity,
                 double tdp = 0) {
    BuildPart p;
    p.partId = std::move(id);
    p.quantity = quantity;
    p.snapshot.name = p.partId;
    p.snapshot.category = category;
    if (tdp > 0)
        p.snapshot.fields["tdp_w"] = tdp;
    if (amount > 0)
        p.snapshot.price = Price{amount, std::move(currency), "2026-11", "a quote", PriceKind::Street};
    return p;
}

} // namespace

TEST_CASE("A build's cost: lines, totals, conversion, tax, shipping and energy", "[core][build][cost]") {
    Build build;
    build.nodes = 2;
    build.parts = {priced("gpu/a", PartCategory::Gpu, 1000, "USD", 2, 300),
                   priced("cpu/b", PartCategory::Cpu, 500, "USD", 1, 125)};
    CostOptions options;
    options.taxPercent = 10;
    options.shipping = 100;
    options.hoursPerDay = 10;
    options.pricePerKwh = 0.2;
    auto c = costBuild(build, options);
    REQUIRE(c.lines.size() == 2);
    CHECK(c.lines[0].quantity == 4); // two a node, two nodes
    CHECK(*c.lines[0].subtotal == 4000);
    CHECK(c.totalsByCurrency.at("USD") == 5000);
    REQUIRE(c.total);
    CHECK(*c.total == Approx(5000 * 1.1 + 100));
    // 4 x 300 + 2 x 125 + 2 x 75 W = 1,600 W; 10 h a day for 30 days.
    CHECK(c.loadWatts == 1600);
    CHECK(c.energyKwhPerMonth == Approx(480));
    CHECK(*c.energyCostPerMonth == Approx(96));
    // Idle hours count only with the user's idle draw: 2 nodes x 90 W for 14 h a day.
    options.idleHoursPerDay = 14;
    CHECK(costBuild(build, options).energyKwhPerMonth == Approx(480));
    options.idleWattsPerNode = 90;
    const auto idle = costBuild(build, options);
    CHECK(idle.idleWatts == 180);
    CHECK(idle.energyKwhPerMonth == Approx(480 + 0.18 * 14 * 30));

    // Two currencies: no single total until a rate converts one.
    build.parts.push_back(priced("storage/c", PartCategory::Storage, 700, "CNY", 1));
    auto mixed = costBuild(build, {});
    CHECK_FALSE(mixed.total);
    CHECK(mixed.totalsByCurrency.size() == 2);
    CostOptions cny;
    cny.currency = "CNY";
    cny.rates = {{"USD", 7.0}};
    cny.ratesDate = "2026-11-30";
    auto converted = costBuild(build, cny);
    REQUIRE(converted.total);
    CHECK(*converted.total == Approx(5000 * 7.0 + 1400));
    CHECK(converted.notes.front().text().find("2026-11-30") != std::string::npos);
    cny.rates.clear();
    auto noRate = costBuild(build, cny);
    CHECK_FALSE(noRate.total);
    CHECK(noRate.missing.front().text().find("no rate from USD to CNY") != std::string::npos);

    // A part without a price leaves the total open and says which.
    build.parts.push_back(priced("psu/d", PartCategory::Psu, 0, "", 1));
    auto unpriced = costBuild(build, cny);
    CHECK_FALSE(unpriced.total);
    bool named = false;
    for (const auto& m : unpriced.missing)
        named = named || m.text().find("psu/d") != std::string::npos;
    CHECK(named);
}

TEST_CASE("A cloud instance in a build is priced by the hour, apart from what is bought",
          "[core][build][cost]") {
    Build build;
    build.nodes = 2;
    BuildPart instance;
    instance.partId = "cloud/x";
    instance.quantity = 1;
    instance.snapshot.category = PartCategory::CloudInstance;
    instance.snapshot.price = Price{20, "USD", "2026-03", "a price list", PriceKind::OnDemandHourly};
    build.parts = {instance};
    CostOptions options;
    options.hoursPerDay = 4;
    options.pricePerKwh = 0.2;
    auto c = costBuild(build, options);
    REQUIRE(c.lines.size() == 1);
    CHECK(c.lines[0].hourly);
    CHECK(*c.lines[0].subtotal == 40); // an instance a node, two nodes
    CHECK(c.hourlyByCurrency.at("USD") == 40);
    CHECK(c.rentPerMonthByCurrency.at("USD") == Approx(40 * 4 * 30));
    CHECK(c.missing.empty());
    CHECK_FALSE(c.total);    // nothing bought
    CHECK(c.loadWatts == 0); // nothing at the user's wall
    CHECK_FALSE(c.energyCostPerMonth);
    build.parts[0].snapshot.price->kind = PriceKind::LaunchMsrp; // not an hourly price: said, not costed
    CHECK(costBuild(build, options).missing.front().text().find("no hourly price") != std::string::npos);
}

TEST_CASE("Unpriced parts are lines to be quoted beside a total of the priced ones, a vendor's quote "
          "prices its part, and every converted amount names its rate",
          "[core][build][cost]") {
    Build build;
    build.parts = {priced("gpu/a", PartCategory::Gpu, 1000, "USD", 2),
                   priced("board/b", PartCategory::Motherboard, 0, "", 1),
                   priced("psu/c", PartCategory::Psu, 0, "", 1)};
    CostOptions cny;
    cny.currency = "CNY";
    cny.rates["USD"] = 7;
    cny.ratesDate = "2026-11-30";
    cny.shipping = 100;
    auto c = costBuild(build, cny);
    CHECK_FALSE(c.total); // not complete
    REQUIRE(c.knownTotal);
    CHECK(*c.knownTotal == Approx(2 * 1000 * 7 + 100));
    CHECK(c.currency == "CNY");
    CHECK(c.toBeQuotedLines == 2);
    CHECK(c.lines[1].toBeQuoted);
    CHECK_FALSE(c.lines[0].toBeQuoted);
    REQUIRE(c.lines[0].unitAmount);
    CHECK(*c.lines[0].unitAmount == Approx(7000)); // the unit price converted too
    REQUIRE(c.ratesUsed.size() == 1);
    CHECK(c.ratesUsed[0].text() == "1 USD = 7.0000 CNY (2026-11-30)");

    // A quote for the board, in CNY: its line priced and marked; the last quote for a part wins.
    build.purchasing.quotes = {{"Vendor A", 900, "CNY", "2026-11-20", "A-1", "board/b", "2026-12-20", {}, {}},
                               {"Vendor B", 850, "CNY", "2026-11-25", "B-7", "board/b", "", {}, {}},
                               {"Vendor C", 99999, "CNY", "2026-11-25", "whole", "", "", {}, {}}};
    c = costBuild(build, cny);
    CHECK(c.lines[1].quoted);
    CHECK_FALSE(c.lines[1].toBeQuoted);
    REQUIRE(c.lines[1].subtotal);
    CHECK(*c.lines[1].subtotal == Approx(850));
    CHECK(c.lines[1].unitPrice->source == "Vendor B B-7");
    CHECK(c.toBeQuotedLines == 1);
    CHECK(*c.knownTotal == Approx(14000 + 850 + 100)); // a quote for the whole build prices no line

    // A quote row just added, its amount still 0, is no price: the last filled-in quote stays it, and a
    // part with only such a row is still to be quoted.
    build.purchasing.quotes.push_back({"Vendor E", 0, "CNY", "2026-11-27", "", "board/b", "", {}, {}});
    build.purchasing.quotes.push_back({"Vendor F", 0, "CNY", "2026-11-27", "", "psu/c", "", {}, {}});
    c = costBuild(build, cny);
    REQUIRE(c.lines[1].subtotal);
    CHECK(*c.lines[1].subtotal == Approx(850));
    CHECK(c.lines[2].toBeQuoted);
    CHECK(c.toBeQuotedLines == 1);
    build.purchasing.quotes.resize(build.purchasing.quotes.size() - 2);

    // Every line priced: the complete total, equal to the known one.
    build.purchasing.quotes.push_back({"Vendor D", 600, "USD", "2026-11-26", "", "psu/c", "", {}, {}});
    c = costBuild(build, cny);
    REQUIRE(c.total);
    CHECK(*c.total == Approx(14000 + 850 + 600 * 7 + 100));
    CHECK(*c.knownTotal == Approx(*c.total));
    CHECK(c.toBeQuotedLines == 0);

    // Without a rate for the quote's currency the lines stay in theirs, and there is no one total.
    CostOptions eur;
    eur.currency = "EUR";
    c = costBuild(build, eur);
    CHECK_FALSE(c.total);
    CHECK_FALSE(c.knownTotal);
}

TEST_CASE("A price's age in months, read from a partial date at its latest day", "[core][cost][prices]") {
    CHECK(priceAgeMonths("2026-11-20", "2026-12-02") == 0);
    CHECK(priceAgeMonths("2025-11-30", "2026-12-02") == 12);
    CHECK(priceAgeMonths("2025-11", "2026-12-02") == 12); // taken as 2025-11-30: not yet 13 months
    CHECK(priceAgeMonths("2022", "2026-12-02") == 47);    // taken as 2022-12-31
    CHECK_FALSE(priceAgeMonths("soon", "2026-12-02"));
    CHECK_FALSE(isStalePrice(Price{1, "USD", "2025-12", "x", PriceKind::Street}, "2026-12-02"));
    CHECK(isStalePrice(Price{1, "USD", "2025-10-31", "x", PriceKind::Street}, "2026-12-02"));
    CHECK_FALSE(isStalePrice(Price{1, "USD", "2019", "x", PriceKind::LaunchMsrp}, "")); // no day: none is old
}

TEST_CASE("A build's total says how much of it rests on old or missing prices", "[core][cost][prices]") {
    Build build;
    build.parts = {priced("gpu/a", PartCategory::Gpu, 1500, "USD", 1),
                   priced("cpu/b", PartCategory::Cpu, 500, "USD", 1),
                   priced("psu/c", PartCategory::Psu, 0, "USD", 1)};
    build.parts[0].snapshot.price = Price{1500, "USD", "2022-10", "NVIDIA launch", PriceKind::LaunchMsrp};
    CostOptions options;
    options.today = "2026-12-02";
    auto c = costBuild(build, options);
    CHECK(c.lines[0].stale);
    CHECK_FALSE(c.lines[1].stale);
    CHECK(c.staleLines == 1);
    CHECK(c.staleShare == Approx(0.75));
    // The sheet's words are looked up in the context "sheet" (the real Chinese: the report tests).
    const Words english, chinese([](const char*context, const char*source) {
        return std::string(context) == "sheet" && std::string(source) == "%1 launch price — ask for a quote"
                   ? std::string("%1 年首发价——请询价")
                   : std::string();
    });
    CHECK(stalePriceLabel(*c.lines[0].unitPrice, english) == "2022 launch price — ask for a quote");
    CHECK(stalePriceLabel(*c.lines[0].unitPrice, chinese) == "2022 年首发价——请询价");
    CHECK(priceStandingSummary(c, english) ==
          "75 % of the priced parts rest on prices older than 12 months; 1 line has no price");
    // A vendor's quote entered in Purchasing is current by being entered: not judged by the catalog's date.
    build.purchasing.quotes.push_back({"Vendor", 1400, "USD", "2026-11-30", "Q-1", "gpu/a", "", {}, {}});
    CHECK(costBuild(build, options).staleLines == 0);
}

TEST_CASE("The GPUs a complete server ships with are bought with it", "[core][cost][server]") {
    Build build;
    build.parts = {priced("server/dgx", PartCategory::Server, 300000, "USD", 1),
                   priced("gpu/h100-sxm", PartCategory::Gpu, 0, "USD", 8, 700)};
    build.parts[0].snapshot.fields["gpu_part_id"] = std::string("gpu/h100-sxm");
    build.parts[0].snapshot.fields["gpu_count"] = std::int64_t{8};
    auto c = costBuild(build, {});
    CHECK(c.lines[1].includedIn == "server/dgx");
    CHECK(c.missing.empty());
    REQUIRE(c.total);
    CHECK(*c.total == 300000);
    build.parts[1].quantity = 9; // one more than the server ships: that line must be priced
    CHECK(costBuild(build, {}).lines[1].includedIn.empty());
}

TEST_CASE("The catalog's reference rates convert what the user gave no rate for, said apart from theirs",
          "[core][cost]") {
    const std::vector<ReferenceRate> references = {{"USD", 1.0705, "2024-06-28", "ECB"},
                                                   {"CNY", 7.7748, "2024-06-28", "ECB"},
                                                   {"CHF", 0.9634, "2024-06-27", "ECB"}};
    CostOptions options;
    options.currency = "CNY";
    options.rates = {{"CHF", 8.1}}; // the user's own
    options.ratesDate = "2026-12-01";
    const auto completed = withReferenceRates(options, references);
    CHECK(completed.rates.at("USD") == Approx(7.7748 / 1.0705));
    CHECK(completed.rates.at("EUR") == Approx(7.7748));
    CHECK(completed.rates.at("CHF") == 8.1); // the user's rate wins
    CHECK(completed.referenceRateDates ==
          std::map<std::string, std::string>{{"USD", "2024-06-28"}, {"EUR", "2024-06-28"}});

    Build build;
    build.parts = {priced("gpu/a", PartCategory::Gpu, 1000, "USD", 1),
                   priced("cpu/b", PartCategory::Cpu, 100, "CHF", 1),
                   priced("ram/c", PartCategory::MemoryKit, 50, "CNY", 1)};
    const auto cost = costBuild(build, completed);
    REQUIRE(cost.total);
    CHECK(*cost.total == Approx(1000 * 7.7748 / 1.0705 + 100 * 8.1 + 50));
    std::vector<std::string> rates;
    for (const auto& rate : cost.ratesUsed)
        rates.push_back(rate.text());
    CHECK(rates == std::vector<std::string>{"1 USD = 7.2628 CNY (reference rate of 2024-06-28)",
                                            "1 CHF = 8.1000 CNY (2026-12-01)"});
    CHECK(cost.referenceRatesDate == "2024-06-28");
    std::vector<std::string> notes;
    for (const auto& note : cost.notes)
        notes.push_back(note.text());
    CHECK_THAT(notes, Catch::VectorContains(std::string("converted at the rates given of 2026-12-01")));
    CHECK_THAT(notes, Catch::VectorContains(referenceRatesNote("2024-06-28").text()));

    // From the euro, and to the euro; none for a currency the references lack.
    options.currency = "EUR";
    options.rates.clear();
    const auto inEuros = withReferenceRates(options, references);
    CHECK(inEuros.rates.at("USD") == Approx(1 / 1.0705));
    CHECK(inEuros.referenceRateDates.at("CHF") == "2024-06-27");
    CHECK_FALSE(inEuros.rates.count("EUR"));
    options.currency = "BRL";
    CHECK(withReferenceRates(options, references).rates.empty());
    options.currency = "";
    CHECK(withReferenceRates(options, references).rates.empty());
}
