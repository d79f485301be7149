// The planner over the bundled catalog: what it proposes must pass the checks a user runs, stay
// within the budget, and be the same every time.
#include "part_snapshot.h"
#include "plan/build_power.h"
#include "plan/host_search.h"
#include "plan/plan_scenarios.h"
#include "plan/planner.h"
#include "plan/workload_on_build.h"
#include "test_support.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

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

namespace {

bool pulled(const plan::PlannedWorkload& w, plan::PlanLever lever) {
    return std::find(w.levers.begin(), w.levers.end(), lever) != w.levers.end();
}

// The ¥30,000 student's workload: Qwen2.5-7B, LoRA rank 16 on the attention projections, bf16,
// one sequence of 2,048 tokens a step.
plan::PlanRequest studentRequest() {
    plan::PlanWorkload w;
    w.workload.model = "qwen2.5-7b";
    w.workload.inputs = (*requireZooModel("qwen2.5-7b"))->defaults;
    w.workload.inputs.batch = 1;
    w.workload.inputs.seqLen = 2048;
    w.workload.precision = Precision::Bf16;
    w.workload.lora.rank = 16;
    fillDefaultLoraTargets(w.workload);
    plan::PlanRequest request;
    request.workloads = {w};
    request.budget = 30000;
    request.cost.currency = "CNY";
    request.cost.rates = {{"USD", 7.1}, {"EUR", 7.7}, {"CHF", 8.1}};
    request.cost.today = "2026-12-01";
    request.circuit = {10, 220};
    request.maxGpusPerNode = 1;
    return request;
}

} // namespace

TEST_CASE("A workload a card cannot hold as asked is fitted as a user would, the levers said, and each can "
          "be forbidden",
          "[planner]") {
    const auto request = studentRequest();
    auto strictRequest = request;
    strictRequest.forbiddenLevers = {plan::PlanLever::MicroBatches, plan::PlanLever::Checkpointing,
                                     plan::PlanLever::QuantizedBase};
    const auto strict = plan::planBuilds(strictRequest, bundledPlanCatalog());
    const auto levered = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE_FALSE(levered.proposals.empty());
    for (const auto& p : strict.proposals)
        CHECK(p.workloads.at(0).levers.empty());

    std::set<std::string> leveredGpus;
    for (const auto& p : levered.proposals) {
        INFO(p.build.title);
        requireClean(p, request.circuit);
        REQUIRE(p.purchase);
        CHECK(*p.purchase <= request.budget);
        const auto& w = p.workloads.at(0);
        const auto& built = p.build.workloads.at(0).workload;
        CHECK(w.devicePeakBytes <= w.usableBytes);
        // The build opens as planned: what was pulled is in its workload.
        CHECK((built.checkpointing == Checkpointing::Blocks) == pulled(w, plan::PlanLever::Checkpointing));
        CHECK(built.lora.quantizeBase4bit == pulled(w, plan::PlanLever::QuantizedBase));
        CHECK(built.lora.rank == 16);
        CHECK(built.inputs.batch * built.gradientAccumulation == 1);
        if (!w.levers.empty()) {
            leveredGpus.insert(p.build.parts.front().partId);
            CHECK_THAT(p.build.notes, Catch::Contains("qwen2.5-7b fits in"));
            CHECK_THAT(plan::leversPulled(request.workloads[0].workload, w).text(),
                       Catch::Contains("activation checkpointing of every block") ||
                           Catch::Contains("4 bits (QLoRA)"));
        }
    }
    // A 24 GB card holds it once a lever is pulled, and not as asked: the plan that may not pull one
    // does not propose it.
    CHECK_FALSE(leveredGpus.empty());
    for (const auto& p : strict.proposals)
        CHECK(leveredGpus.count(p.build.parts.front().partId) == 0);
    // Pulled only where needed: the cheapest card that holds it as asked keeps it as asked.
    if (!strict.proposals.empty() && !levered.proposals.empty())
        CHECK(levered.proposals.front().rankSeconds <= strict.proposals.front().rankSeconds);
}

TEST_CASE("A batch a card cannot hold runs as micro-batches whose accumulation keeps the batch per step",
          "[planner]") {
    plan::PlanWorkload w;
    w.workload.model = "bert-large-uncased";
    w.workload.inputs = (*requireZooModel("bert-large-uncased"))->defaults;
    w.workload.inputs.batch = 96;
    w.workload.inputs.seqLen = 512;
    w.workload.precision = Precision::AmpBf16;
    plan::PlanRequest request;
    request.workloads = {w};
    request.maxGpusPerNode = 1;
    request.forbiddenLevers = {plan::PlanLever::Checkpointing};
    request.budget = 4000; // US dollars: the cards a budget like this buys hold a smaller batch
    request.cost.today = "2026-12-01";
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    bool microBatched = false;
    for (const auto& p : result.proposals) {
        INFO(p.build.title);
        const auto& planned = p.workloads.at(0);
        const auto& built = p.build.workloads.at(0).workload;
        CHECK(built.inputs.batch * built.gradientAccumulation == 96);
        CHECK(planned.devicePeakBytes <= planned.usableBytes);
        CHECK(built.checkpointing == Checkpointing::None);
        if (built.gradientAccumulation > 1) {
            microBatched = true;
            CHECK(planned.levers == std::vector{plan::PlanLever::MicroBatches});
            CHECK_THAT(plan::leversPulled(w.workload, planned).text(),
                       Catch::Contains("steps of gradient accumulation (96 samples per optimizer step"));
        }
    }
    CHECK(microBatched);
}

TEST_CASE("Planned for mainland China, the GPUs not sold new there are left out and named, their China "
          "versions kept",
          "[planner]") {
    auto request = studentRequest();
    request.budget = 40000; // room for an RTX 5090 build
    const auto anywhere = plan::planBuilds(request, bundledPlanCatalog());
    const auto proposes = [](const plan::PlanResult& result, const std::string& gpu) {
        return std::any_of(result.proposals.begin(), result.proposals.end(),
                           [&](const plan::Proposal& p) { return p.build.parts.front().partId == gpu; });
    };
    REQUIRE(proposes(anywhere, "gpu/rtx-5090")); // the fastest the budget buys, anywhere else
    request.market = plan::Market::MainlandChina;
    request.budget = 30000; // the student's
    const auto china = plan::planBuilds(request, bundledPlanCatalog());
    REQUIRE_FALSE(china.proposals.empty());
    const auto& restrictions = bundledPlanCatalog().restrictions;
    for (const auto& p : china.proposals) {
        INFO(p.build.title);
        CHECK(std::none_of(restrictions.begin(), restrictions.end(), [&](const plan::MarketRestriction& r) {
            return r.partId == p.build.parts.front().partId;
        }));
    }
    CHECK(proposes(china, "gpu/rtx-4090-d"));
    std::vector<std::string> notes;
    for (const auto& note : china.notes)
        notes.push_back(note.text());
    CHECK(std::any_of(notes.begin(), notes.end(), [](const std::string& note) {
        return note.find("not sold new in mainland China under US export rules") != std::string::npos &&
               note.find("GeForce RTX 4090,") != std::string::npos;
    }));
}

TEST_CASE("A proposal of AMD cards says that PyTorch runs on them through ROCm, on Linux only", "[planner]") {
    auto request = studentRequest();
    request.budget = 40000;
    request.maxGpusPerNode = 4;
    request.proposals = 20;
    const auto result = plan::planBuilds(request, bundledPlanCatalog());
    int amd = 0;
    for (const auto& p : result.proposals) {
        INFO(p.build.title);
        const bool gfx = p.build.parts.front().snapshot.text("compute_capability").starts_with("gfx");
        amd += gfx;
        CHECK((p.build.notes.find("runs PyTorch through AMD's ROCm") != std::string::npos) == gfx);
    }
    CHECK(amd > 0); // two Radeon RX 7900 XTX are among the twenty
}
