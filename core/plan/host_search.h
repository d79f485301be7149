#pragma once
// The cheapest complete node around a row of GPUs that the compatibility rules accept: what the
// planner (plan/planner.h) builds around each GPU it keeps. Internal to the planner and its tests.
#include "plan/planner.h"
#include <map>
#include <optional>
#include <vector>

namespace torchrig::plan {

// A catalog part with its price in the plan's currency.
struct PricedPart {
    const CatalogChoice* choice = nullptr;
    double price = 0;        // as paid, with its tax (taxInclusive); 0 when it has none
    bool toBeQuoted = false; // no purchase price in the plan's currency: a vendor is asked for one
};

// The catalog's parts by kind, cheapest first, ties by id, and after them the parts without a price
// in the plan's currency (a rack chassis, a network card are often quoted, not listed): a host takes
// one only where no priced part passes, and its proposal says what is left to quote. GPUs without a
// price are left out (counted, so the plan can say so): the ranking needs their price.
struct PricedCatalog {
    std::map<PartCategory, std::vector<PricedPart>> parts;
    std::map<PartCategory, int> unpriced;
    const std::vector<PricedPart>& of(PartCategory category) const;
};
PricedCatalog priceCatalog(const std::vector<CatalogChoice>& parts, const CostOptions& options);

// A build part as the build keeps it: its id, quantity per node and snapshot.
BuildPart buildPart(const CatalogChoice& choice, int quantity);

// What a node's CPU and RAM should have beyond what the checks demand, so that the host is one a lab
// would build around its GPUs (and the advice finds nothing to say against it).
struct HostBalance {
    int cores = 0;             // physical cores per node, at least
    int threads = 0;           // hardware threads per node, at least
    double ramBytes = 0;       // RAM per node, at least
    double runRamBytes = 0;    // of which the run needs (estimate/host_needs.h)
    double gpuMemoryBytes = 0; // the node's GPU memory, when RAM is asked to match it (0: not asked)
    int gpus = 1;              // per node
    int loaderWorkers = 0;     // per GPU
};

// The CPU and RAM a lab would put around `perNode` of these GPUs for `request`'s workloads: a
// training process and its loader workers on a thread each (article 001 4.2, as the advice counts
// them), 4 cores a GPU and 8 in all (article 001 1.1), RAM for the run with a quarter more and
// >= 32 GB (article 001 1.2), and unless the user turned it off, RAM >= the node's GPU memory.
HostBalance hostBalance(const PlanRequest& request, const CatalogChoice& gpu, int perNode,
                        const WorkloadNeeds& needs);

struct HostRequest {
    int nodes = 1;
    CheckOptions options; // the circuit and the workloads' host RAM and storage per node
    PlanChassis chassis = PlanChassis::Any;
    HostBalance balance;
};

struct HostChoice {
    std::vector<BuildPart> parts; // one node's, beside the GPUs
    double price = 0;             // one node's, beside the GPUs, without the parts to quote
    int toBeQuoted = 0;           // parts without a price in the plan's currency
    std::vector<Message> notes;   // what the catalog could not provide (a cooler for the socket)
};

// Counts what a search did, for the plan's statistics.
struct SearchCounters {
    int hostSearches = 0;
    int buildsChecked = 0;
};

// A part with the quantity the search tries, priced for that quantity.
struct Option {
    const CatalogChoice* choice = nullptr;
    int quantity = 1;
    double price = 0;
    bool toBeQuoted = false;
};

// The cheapest host for one node's GPUs that passes the checks (passesChecks), category by
// category, each the cheapest the rules accept with what is chosen before it. What does not depend
// on the GPUs (which CPUs go on which boards with which memory) is worked out once and kept.
class HostSearch {
public:
    HostSearch(const PricedCatalog& catalog, SearchCounters& counters);
    // None when the catalog has no host for them. Where the cheapest puts a card in a slot the
    // chipset wires, a host that wires every card from the CPU is taken instead when it costs at
    // most kCpuWiredPremium more (said in its notes): the exchange runs at the chipset slot's rate.
    std::optional<HostChoice> cheapest(const BuildPart& gpus, const HostRequest& request);
    static constexpr double kCpuWiredPremium = 0.15; // of the cheaper host's price

private:
    struct Platform {
        const CatalogChoice* cpu = nullptr;
        int cpus = 1; // a board's sockets, each filled
        const CatalogChoice* board = nullptr;
        double price = 0;
        bool toBeQuoted = false;    // the CPU or the board
        std::vector<Option> memory; // the kits and counts the board and CPU take, cheapest first
    };
    const std::vector<Platform>& platforms();
    static std::vector<Option> balancedMemory(const Platform& platform, const HostBalance& balance,
                                              double ramNeeded);
    // The cheapest host, of the platforms that wire every card from the CPU when `cpuWiredOnly`.
    std::optional<HostChoice> search(const BuildPart& gpus, const HostRequest& request, bool cpuWiredOnly);

    const PricedCatalog& m_catalog;
    SearchCounters& m_counters;
    std::vector<Platform> m_platforms;
    bool m_platformsMade = false;
};

// A warning about speed, not about whether the build works: cards sharing a desktop CPU's lanes,
// No problem, and no warning but those the rules let the planner keep (plannerMayKeep,
// compatibility.h): what a proposal must be.
bool acceptable(const std::vector<Finding>& findings);
bool passesChecks(const Build& build, const CheckOptions& options, SearchCounters& counters);

} // namespace torchrig::plan
