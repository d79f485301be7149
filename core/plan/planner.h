#pragma once
// Planning by goal and budget: from "I want to train these workloads, for this money, on this
// circuit" to the three best complete builds of the catalog — each with no problem and no warning
// from the compatibility checks but those about speed that the estimate counts (host_search.h) —
// and the best cloud instances for the same work.
//
// The search prunes by memory first: one memory simulation per workload, batch and GPU count
// serves every GPU of the catalog, so a GPU that cannot hold a workload is dropped before any host
// is built around it. For each remaining (GPU, count per node) the cheapest compatible host is
// composed category by category (platform, memory, storage, network, power supply, case, cooler),
// each choice the cheapest the compatibility rules accept; the rules themselves (checkBuild) are the
// only judge, so a plan never passes what `build check` would refuse. Ties are broken by part id:
// the same catalog and request give the same plan.
#include "plan/build.h"
#include "plan/build_cost.h"
#include "plan/compatibility.h"
#include "plan/finding_fixes.h"
#include "plan/market.h"
#include "plan/rent_vs_buy.h"
#include "util/enum_names.h"
#include "util/message.h"
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::plan {

// What the planner may choose from: every part of the catalog with the snapshot a build keeps of
// it (its price included), and the cloud instances.
struct PlanCatalog {
    std::vector<CatalogChoice> parts;
    std::vector<CloudOffer> offers;
    std::vector<MarketRestriction> restrictions; // parts not sold new in a market
};

// A build's workload (the run per GPU, its strategy and its data) and how its batch is chosen.
struct PlanWorkload : BuildWorkload {
    bool largestBatch = false; // each GPU at the largest batch per GPU that fits it, not the workload's
};

// What the planner changes in a workload that a card cannot hold as asked, as a user would (and as
// the defaults do, workload_defaults.h): smaller micro-batches with gradient accumulation keeping
// the batch per optimizer step, activation checkpointing of every block, and the LoRA base weights
// in 4 bits (QLoRA), which changes what is computed and so is pulled only when the others do not
// make it fit. Each costs time, which the ranking counts; a proposal says which it pulled.
enum class PlanLever { MicroBatches, Checkpointing, QuantizedBase };
inline constexpr EnumNames<PlanLever, 3> kPlanLeverNames = {{
    {PlanLever::MicroBatches, "micro-batches"},
    {PlanLever::Checkpointing, "checkpointing"},
    {PlanLever::QuantizedBase, "qlora"},
}};

enum class PlanMode { Own, Rent, Both };              // builds to buy, cloud instances, or both
enum class PlanRanking { TimeToTrain, ValuePerCost }; // fastest first, or samples a second per unit of money
enum class PlanChassis { Any, Tower, Rack };

struct PlanRequest {
    std::vector<PlanWorkload> workloads;
    double budget = 0; // in cost.currency, for the whole purchase (all nodes); 0: no limit
    CostOptions cost;  // the currency (USD when none), its rates and the day prices are judged old on
    UsagePlan usage;   // the months a purchase is spread over (rent against buy)
    PlanMode mode = PlanMode::Own;
    PlanRanking ranking = PlanRanking::TimeToTrain;
    WallCircuit circuit; // one node's circuit
    PlanChassis chassis = PlanChassis::Any;
    int maxGpusPerNode = 4;
    int nodes = 1;
    int proposals = 3;
    std::vector<PlanLever> forbiddenLevers; // the user's: levers the planner must not pull
    // Where the parts are bought: those not sold new there are left out, and said.
    Market market = Market::Anywhere;
    // The rule of thumb labs buy by, system RAM >= the node's GPU memory; the user may turn it off.
    bool ramAtLeastGpuMemory = true;
    // The language of the proposals' titles and notes (English without one): a build's words are
    // the user's from the moment it is opened.
    Message::Translate translate;
};

// A workload on a proposal's GPUs.
struct PlannedWorkload {
    std::string name; // "llama-2-7b, batch 1"
    std::int64_t batchPerGpu = 0;
    int gradientAccumulation = 1;
    std::vector<PlanLever> levers;      // what the planner changed so that it fits (none: as asked)
    std::int64_t devicePeakBytes = 0;   // per GPU
    std::int64_t usableBytes = 0;       // per GPU
    double samplesPerSecond = 0;        // every GPU of every node
    std::optional<double> trainSeconds; // the run its data asks for (epochs or tokens); none: not given
    std::int64_t hostRamBytes = 0;      // what it asks of each node's RAM (estimate/host_needs.h)
};

// The cheapest cloud instance that runs every workload, against the proposal.
struct CloudAlternative {
    std::string offerId;
    std::string name;
    int instances = 1;             // as many as the proposal's nodes
    double hourly = 0;             // all instances, in the request's currency
    std::optional<double> runCost; // every workload's run rented (none: no run given)
    std::optional<double> trainSeconds;
    std::optional<double>
        breakEvenMonths; // of the first workload's use (rent against buy); none: renting stays cheaper
};

struct Proposal {
    Build build;         // ready to open: parts, nodes, workloads at the planned batch, title and notes
    bool rented = false; // a cloud instance, not a purchase
    std::vector<PlannedWorkload> workloads;
    // The figure ranked on: the seconds to train every workload's run (a workload without a run
    // counts as 10^6 samples), and samples a second per unit of money.
    double rankSeconds = 0;
    bool rankAssumesSamples = false; // some workload had no run: 10^6 samples assumed for it
    double valuePerCost = 0;
    BuildCost cost;                 // in the request's currency: total, stale share, what has no price
    std::optional<double> purchase; // parts with tax and shipping (a rental: the runs' rent)
    double wallWatts = 0;           // every node at full load
    std::optional<CloudAlternative> cloud;
    std::vector<Finding> findings; // what the checks say of it: notes and speed warnings only
};

struct PlanStatistics {
    int gpuModels = 0;        // in the catalog
    int gpuModelsPriced = 0;  // with a price in the request's currency
    int gpuModelsFitting = 0; // that hold every workload at some count
    int combinations = 0;     // (GPU, count per node) pairs estimated
    int hostSearches = 0;     // hosts composed
    int buildsChecked = 0;    // checkBuild calls
    double seconds = 0;       // the whole search, wall clock
};

struct PlanResult {
    std::vector<Proposal> proposals; // builds, best first, one per GPU model
    std::vector<Proposal> rentals;   // cloud instances, best first (Rent and Both)
    // What would change the answer: the best build a 10 % larger budget buys, when it is not the
    // first proposal; and when nothing fits the budget, the cheapest complete build that would.
    std::optional<Proposal> largerBudget;
    std::optional<Proposal> cheapestOverBudget;
    // And the cheapest build that trains faster than the first proposal, whatever it costs.
    std::optional<Proposal> cheapestFaster;
    // When every proposal spreads the work over several GPUs of a node: the fastest build of one GPU
    // within the budget. Its time rests on no scaling across GPUs, which is modelled and not measured
    // (a multi-GPU estimate is as good as its link model), and it needs no board wiring two cards.
    std::optional<Proposal> fastestSingleGpu;
    std::vector<Message> notes; // what was left out of the search and why
    PlanStatistics statistics;
};

PlanResult planBuilds(const PlanRequest& request, const PlanCatalog& catalog);

// "qwen2.5-7b fits in 19.9 of 24.0 GiB per GPU with activation checkpointing of every block": what
// the planner changed in the asked workload so that it fits (for a workload with levers pulled).
Message leversPulled(const Workload& asked, const PlannedWorkload& planned);

// The larger budget "what would change" looks at.
inline constexpr double kLargerBudgetFactor = 1.10;

} // namespace torchrig::plan
