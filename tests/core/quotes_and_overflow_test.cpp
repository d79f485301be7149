// Issue 35 in core: a vendor's quote is read with a real date and a currency, set aside once it has
// expired (unless asked for), and its cells in the components CSV cannot run as formulas; counts
// that multiply (a tensor's sizes, a checkpoint's elements, a build's watts) stop at a refusal or
// a bound instead of wrapping to a negative or zero number printed as an answer.

#include "io/build_file.h"
#include "io/safetensors_header.h"
#include "plan/build_cost.h"
#include "plan/build_sheet.h"
#include "plan/price_standing.h"
#include "util/saturating.h"
#include "validation/validation_protocol.h"
#include "workload/workload_graph.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

Build quotedBuild(const std::string& validUntil) {
    Build build;
    BuildPart gpu;
    gpu.partId = "gpu/a";
    gpu.quantity = 2;
    gpu.snapshot.name = "GPU A";
    gpu.snapshot.category = PartCategory::Gpu;
    gpu.snapshot.fields["tdp_w"] = 450.0;
    gpu.snapshot.price = Price{1000, "USD", "2026-01", "maker", PriceKind::Street};
    build.parts.push_back(gpu);
    build.purchasing.quotes.push_back(
        {"=HYPERLINK(\"http://x.invalid\")", 800, "USD", "2026-01-05", "@Q-1", "gpu/a", validUntil, {}, {}});
    return build;
}

// A build file of `quotedBuild` with one field of its quote replaced.
Result<Build> readWithQuote(const char* key, const nlohmann::json& value) {
    auto document = nlohmann::json::parse(writeBuildFile(quotedBuild("2026-02-05")));
    document["purchasing"]["quotes"][0][key] = value;
    return readBuildFile(document.dump(), "q.torchrig");
}

} // namespace

TEST_CASE("A quote's date is a day of the calendar", "[core][quotes]") {
    for (const auto* good : {"2026-01-31", "2024-02-29", "2000-02-29", "1999-12-01"})
        CHECK(isCalendarDate(good));
    for (const auto* bad : {"2026-02-30", "0000-00-00", "2023-02-29", "1900-02-29", "2026-13-01",
                            "2026-04-31", "2026-1-01", "2026-01-01x", "", "20260101", "1850-01-01"}) {
        INFO(bad);
        CHECK_FALSE(isCalendarDate(bad));
    }
}

TEST_CASE("A build file's quote without a currency or with an impossible date is refused naming the field",
          "[core][quotes][hostile]") {
    REQUIRE(readWithQuote("currency", "USD").ok());
    for (const auto& [key, value] :
         std::vector<std::pair<const char*, const char*>>{{"currency", ""},
                                                          {"currency", "usd"},
                                                          {"date", "2026-02-30"},
                                                          {"valid_until", "0000-00-00"},
                                                          {"valid_until", "2025-12-31"}}) { // before its date
        INFO(key << " = " << value);
        const auto read = readWithQuote(key, value);
        REQUIRE_FALSE(read.ok());
        CHECK_THAT(read.error().text(), Catch::Contains(std::string("quotes[0].") + key));
    }
    auto document = nlohmann::json::parse(writeBuildFile(quotedBuild("2026-02-05")));
    document["purchasing"]["quotes"][0].erase("currency");
    CHECK_FALSE(readBuildFile(document.dump(), "q.torchrig").ok());
}

TEST_CASE("An expired quote is set aside and said, unless the user asks for it", "[core][quotes][cost]") {
    const auto build = quotedBuild("2026-02-05");
    CostOptions options;
    options.today = "2026-02-05"; // its last valid day
    auto c = costBuild(build, options);
    CHECK(c.lines[0].quoted);
    CHECK(c.expiredQuotes == 0);
    options.today = "2026-02-06";
    c = costBuild(build, options);
    CHECK_FALSE(c.lines[0].quoted);
    CHECK(c.lines[0].quoteExpired);
    CHECK(c.lines[0].unitPrice->amount == 1000); // the catalog's price, not the expired quote's
    CHECK(c.expiredQuotes == 1);
    CHECK_THAT(priceStandingSummary(c, Words()), Catch::Contains("1 vendor's quote has expired"));
    bool said = false;
    for (const auto& note : c.notes)
        said = said || note.text().find("expired on 2026-02-05 and is not used") != std::string::npos;
    CHECK(said);
    options.useExpiredQuotes = true;
    c = costBuild(build, options);
    CHECK(c.lines[0].quoted);
    CHECK(c.lines[0].quoteExpired);
    CHECK(c.lines[0].unitPrice->amount == 800);
}

TEST_CASE("A quote in no currency prices nothing", "[core][quotes][cost]") {
    auto build = quotedBuild("");
    build.purchasing.quotes[0].currency.clear();
    const auto c = costBuild(build, {});
    CHECK_FALSE(c.lines[0].quoted);
    CHECK(c.totalsByCurrency.count("") == 0);
    CHECK(c.totalsByCurrency.at("USD") == 2000);
}

TEST_CASE("The components CSV neutralises formula cells and says whether a quote priced the line",
          "[core][quotes][sheet]") {
    const auto build = quotedBuild("2026-02-05");
    CostOptions options;
    options.today = "2026-03-01";
    options.useExpiredQuotes = true;
    const auto csv = componentsCsv(build, options);
    INFO(csv);
    CHECK(csv.find(",=") == std::string::npos);
    CHECK(csv.find(",\"=") == std::string::npos);
    CHECK(csv.find(",\"'=HYPERLINK(\"\"http://x.invalid\"\") @Q-1\",") != std::string::npos);
    CHECK(csv.find(",expired\r\n") != std::string::npos);
    options.useExpiredQuotes = false;
    CHECK(componentsCsv(build, options).find(",expired_not_used\r\n") != std::string::npos);
    options.today = "2026-01-10";
    CHECK(componentsCsv(build, options).find(",valid\r\n") != std::string::npos);
}

TEST_CASE("A part's rated power past any GPU's, or a quantity past the file's, is a build too large",
          "[core][hostile][power]") {
    auto build = quotedBuild("");
    CHECK_FALSE(buildSizeProblem(build));
    build.parts[0].snapshot.fields["tdp_w"] = 1e308;
    REQUIRE(buildSizeProblem(build));
    CHECK_THAT(*buildSizeProblem(build), Catch::Contains("tdp_w"));
    // As read: the load of -9223372036854775808 W it once printed is a refusal of the file.
    const auto read = readBuildFile(writeBuildFile(build), "hot.torchrig");
    REQUIRE_FALSE(read.ok());
    CHECK_THAT(read.error().text(), Catch::Contains("tdp_w"));
    build.parts[0].snapshot.fields["tdp_w"] = 450.0;
    build.parts[0].quantity = 101'000;
    REQUIRE(buildSizeProblem(build));
    CHECK_THAT(*buildSizeProblem(build), Catch::Contains("quantity"));
}

TEST_CASE("Sizes that multiply past int64 are refused or stop at a bound, never wrap", "[core][hostile]") {
    CHECK(checkedProduct({1 << 20, 1 << 20, 1 << 24}) == std::nullopt);
    CHECK(checkedProduct({-1, 4}) == std::nullopt);
    CHECK(checkedProduct({3, 4}) == 12);
    // A checkpoint of many tensors at the per-tensor bound: the sum stops, not wraps negative.
    std::vector<SafetensorsTensor> tensors(
        200, SafetensorsTensor{"w", "BF16", {std::int64_t{1} << 40, std::int64_t{1} << 40}});
    const auto summary = summarizeCheckpoint(tensors, {});
    CHECK(summary.elements == kSaturated);
    CHECK(summary.elementsByDtype.at("BF16") == kSaturated);
    // A batch x sequence x vocabulary past int64 once wrapped to a tensor of [0, 16777216].
    auto request = parseValidationRequest(
        R"({"hf_config": {"name": "wide", "config": {"model_type": "llama", "hidden_size": 64, "intermediate_size": 128, "num_attention_heads": 4, "num_hidden_layers": 1, "num_key_value_heads": 4, "vocab_size": 16777216, "max_position_embeddings": 1048576, "hidden_act": "silu"}}, "batch": 1048576, "seq_len": 1048576})");
    REQUIRE(request.ok());
    const auto graph = buildWorkloadGraph(*request);
    REQUIRE_FALSE(graph.ok());
    CHECK_THAT(graph.error().text(), Catch::Contains("more elements than TorchRig estimates"));
}
