// The planner over the bundled catalog: what it proposes must pass the checks a user runs, stay
// within the budget, and be the same every time.
#include "part_snapshot.h"
#include "plan/build_power.h"
#include "plan/host_search.h"
#include "plan/plan_scenarios.h"
#include "plan/planner.h"
#include "plan/workload_on_build.h"
#include "test_support.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using namespace torchrig;

namespace {

const plan::PlanCatalog& bundledPlanCatalog() {
    static const plan::PlanCatalog catalog = [] {
        db::CatalogOpenOptions options;
        options.bundledPath = test::bundledCatalogPath();
        auto opened = db::Catalog::open(options);
        REQUIRE(opened);
        return db::planCatalog(**opened);
    }();
    return catalog;
}

plan::PlanRequest scenarioRequest(const std::string& id) {
    const auto* scenario = plan::findPlanScenario(id);
    REQUIRE(scenario);
    auto request = scenario->request;
    request.cost.rates = {{"USD", 7.1}, {"EUR", 7.7}};
    request.cost.today = "2026-12-01";
    return request;
}

std::vector<std::string> partIds(const plan::Proposal& p) {
    std::vector<std::string> ids;
    for (const auto& part : p.build.parts)
        ids.push_back(part.partId + " x" + std::to_string(part.quantity));
    return ids;
}

bool has(const plan::Build& build, PartCategory category) {
    return std::any_of(build.parts.begin(), build.parts.end(),
                       [&](const plan::BuildPart& p) { return p.snapshot.category == category; });
}

// What `build check` says of the proposal with its workloads: no problem, and no warning but
// those about speed the estimate counts.
void requireClean(const plan::Proposal& p, const plan::WallCircuit& circuit) {
    for (const auto& f : plan::checkBuild(p.build, plan::checkOptionsFor(p.build, circuit))) {
        INFO(p.build.title << ": [" << f.rule << "] " << f.message.text());
        REQUIRE(f.severity != plan::Severity::Problem);
        if (f.severity == plan::Severity::Warning)
            REQUIRE((f.rule == plan::rule::kPcieLanes || f.rule == plan::rule::kGpuInterconnect));
    }
}

} // namespace

TEST_CASE(
    "The research scenario's proposals are complete, checked builds of different GPUs within the budget",
    "[planner]") {
    const auto request = scenarioRequest("research");
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE(result.proposals.size() == 3);
    std::set<std::string> gpus;
    double previous = 0;
    for (const auto& p : result.proposals) {
        INFO(p.build.title);
        requireClean(p, request.circuit);
        for (auto category :
             {PartCategory::Gpu, PartCategory::Cpu, PartCategory::Motherboard, PartCategory::MemoryKit,
              PartCategory::Storage, PartCategory::Psu, PartCategory::Chassis})
            CHECK(has(p.build, category));
        gpus.insert(p.build.parts.front().partId);
        REQUIRE(p.purchase);
        CHECK(*p.purchase <= request.budget);
        CHECK(*p.purchase > 0);
        // Ranked: the fastest first.
        CHECK(p.rankSeconds >= previous);
        previous = p.rankSeconds;
        // Memory first: every workload fits each GPU at the batch it was planned at.
        REQUIRE(p.workloads.size() == 1);
        CHECK(p.workloads[0].devicePeakBytes <= p.workloads[0].usableBytes);
        CHECK(p.workloads[0].batchPerGpu >= 1);
        CHECK(p.workloads[0].trainSeconds);
        // One 10 A × 220 V socket carries the node continuously.
        CHECK(plan::nodeLoad(p.build).total() <= 0.8 * 10 * 220);
        CHECK(p.wallWatts == Approx(plan::nodeLoad(p.build).total()));
        REQUIRE(p.cloud);
        CHECK_FALSE(p.cloud->offerId.empty());
    }
    CHECK(gpus.size() == 3);
    CHECK(result.statistics.gpuModelsFitting > 0);
    CHECK(result.statistics.gpuModelsFitting < result.statistics.gpuModelsPriced);

    // Deterministic: the same request gives the same builds.
    const auto again = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE(again.proposals.size() == result.proposals.size());
    for (std::size_t i = 0; i < again.proposals.size(); ++i)
        CHECK(partIds(again.proposals[i]) == partIds(result.proposals[i]));
}

TEST_CASE("A budget just under the best build proposes a slower one and says what 10 % more would buy",
          "[planner]") {
    auto request = scenarioRequest("research");
    const auto open = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE_FALSE(open.proposals.empty());
    const auto& best = open.proposals.front();
    CHECK_FALSE(open.largerBudget); // the best is within the budget: 10 % more changes nothing

    request.budget = *best.purchase / 1.05;
    const auto tighter = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE(tighter.largerBudget);
    CHECK(*tighter.largerBudget->purchase > request.budget);
    CHECK(*tighter.largerBudget->purchase <= request.budget * plan::kLargerBudgetFactor);
    CHECK(tighter.largerBudget->rankSeconds <= best.rankSeconds);
    for (const auto& p : tighter.proposals) {
        CHECK(*p.purchase <= request.budget);
        CHECK(p.rankSeconds >= tighter.largerBudget->rankSeconds);
    }
}

TEST_CASE("Under a budget nothing fits, the plan names the cheapest complete build that would", "[planner]") {
    auto request = scenarioRequest("entry");
    request.budget = 500;
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    CHECK(result.proposals.empty());
    REQUIRE(result.cheapestOverBudget);
    CHECK(*result.cheapestOverBudget->purchase > 500);
    requireClean(*result.cheapestOverBudget, request.circuit);
    // It is the cheapest: the entry scenario at its own budget proposes nothing cheaper.
    const auto entry = plan::planBuilds(scenarioRequest("entry"), bundledPlanCatalog());
    for (const auto& p : entry.proposals)
        CHECK(*p.purchase >= *result.cheapestOverBudget->purchase - 1e-6);
}

TEST_CASE("A model no catalog GPU holds is refused with what to change, not an empty answer", "[planner]") {
    plan::PlanRequest request;
    plan::PlanWorkload w;
    w.workload.model = "llama-2-70b";
    w.workload.inputs.batch = 8;
    w.workload.inputs.seqLen = 4096;
    w.workload.precision = Precision::Fp32; // a full fine-tune in FP32 on each GPU (DDP)
    request.workloads = {w};
    request.maxGpusPerNode = 2;
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    CHECK(result.proposals.empty());
    CHECK(result.statistics.gpuModelsFitting == 0);
    REQUIRE_FALSE(result.notes.empty());
    CHECK_THAT(result.notes.back().text(), Catch::Contains("no GPU of the catalog holds"));
}

TEST_CASE("Renting: the cloud instances that run both workloads, fastest first", "[planner]") {
    auto request = scenarioRequest("research");
    request.mode = plan::PlanMode::Both;
    auto resnet = request.workloads.front();
    resnet.workload = {};
    resnet.workload.model = "resnet50";
    resnet.workload.inputs.batch = 64;
    resnet.workload.precision = Precision::AmpBf16;
    resnet.largestBatch = false;
    request.workloads.push_back(resnet);
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE_FALSE(result.proposals.empty());
    REQUIRE_FALSE(result.rentals.empty());
    for (const auto& p : result.proposals) {
        requireClean(p, request.circuit);
        REQUIRE(p.workloads.size() == 2);
        CHECK(p.build.workloads[1].workload.inputs.batch == 64);
    }
    double previous = 0;
    for (const auto& r : result.rentals) {
        CHECK(r.rented);
        CHECK(r.build.parts.front().snapshot.category == PartCategory::CloudInstance);
        CHECK(r.rankSeconds >= previous);
        previous = r.rankSeconds;
        REQUIRE(r.purchase);
        CHECK(*r.purchase <= request.budget);
    }
}

TEST_CASE("Four rack nodes of the enterprise scenario, each with its network adapter", "[planner]") {
    const auto request = scenarioRequest("enterprise");
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE_FALSE(result.proposals.empty());
    for (const auto& p : result.proposals) {
        INFO(p.build.title);
        CHECK(p.build.nodes == 4);
        requireClean(p, request.circuit);
        CHECK(has(p.build, PartCategory::Interconnect));
        CHECK(p.build.parts.front().quantity <= 2);
        CHECK(p.build.workloads.front().strategy == estimate::ParallelStrategy::Fsdp);
    }
    for (std::size_t i = 1; i < result.proposals.size(); ++i)
        CHECK(result.proposals[i].valuePerCost <= result.proposals[i - 1].valuePerCost);
}
