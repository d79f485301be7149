#include "plan/planner.h"

#include "plan/build_power.h"
#include "plan/gpu_device_spec.h"
#include "plan/host_search.h"
#include "plan/plan_search_notes.h"
#include "plan/plan_workloads.h"
#include "plan/workload_on_build.h"
#include "util/printed.h"
#include "workload/workload_graph.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <set>
#include <tuple>

namespace torchrig::plan {

namespace {

constexpr double kGigabyte = 1e9;

// A (GPU, count per node) the search may build around.
struct GpuCandidate {
    const PricedPart* gpu = nullptr;
    int perNode = 1;
    double gpuPrice = 0; // all nodes
    WorkloadsOnGpu workloads;
};

// The host search's key: what of the cards the rules read, their count, and the needs rounded up
// to whole gigabytes, so that cards alike share one search (each proposal is checked again whole).
std::string hostKey(const GpuCandidate& c) {
    const auto& s = c.gpu->choice->snapshot;
    std::string key = std::to_string(c.perNode);
    for (const char* column : {"form_factor", "slot_width", "length_mm", "tdp_w", "power_connectors",
                               "pcie_gen", "pcie_lanes", "gpu_link", "cooler_style", "vram_gb"}) {
        key += '|';
        if (auto n = s.number(column))
            key += std::to_string(*n);
        else
            key += s.text(column);
    }
    for (const auto bytes : {c.workloads.needs.hostRamBytes, c.workloads.needs.storageBytes}) {
        key += '|';
        key += std::to_string(std::ceil(double(bytes) / kGigabyte));
    }
    return key;
}

std::string workloadNames(const PlanRequest& request) {
    std::string names;
    for (const auto& w : request.workloads) {
        names += names.empty() ? "" : " + ";
        names += workloadModelName(w.workload);
    }
    return names;
}

class Planner {
public:
    Planner(const PlanRequest& request, const PlanCatalog& catalog)
        : m_request(request)
        , m_catalog(catalog)
        , m_priced(priceCatalog(catalog.parts, request.cost))
        , m_translate(request.translate) {
        for (const auto& w : request.workloads)
            m_workloads.emplace_back(w, request.forbiddenLevers);
    }

    PlanResult run() {
        const auto started = std::chrono::steady_clock::now();
        PlanResult result;
        if (m_request.workloads.empty()) {
            result.notes.push_back(TORCHRIG_MESSAGE("plan", "no workload to plan for: add one"));
            return result;
        }
        for (const auto& part : m_catalog.parts)
            result.statistics.gpuModels += part.snapshot.category == PartCategory::Gpu;
        collectCandidates(result);
        if (m_request.mode != PlanMode::Rent) {
            chooseBuilds(result);
            cheapestFaster(result);
        }
        if (m_request.mode != PlanMode::Own)
            result.rentals = rentals(m_request.proposals);
        for (auto& proposal : result.proposals)
            proposal.cloud = cloudAlternative(proposal);
        for (auto* extra : {&result.largerBudget, &result.cheapestOverBudget, &result.cheapestFaster})
            if (*extra)
                (*extra)->cloud = cloudAlternative(**extra);
        result.statistics.hostSearches = m_counters.hostSearches;
        result.statistics.buildsChecked = m_counters.buildsChecked;
        result.statistics.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        return result;
    }

private:
    double budget() const { return m_request.budget; }

    void collectCandidates(PlanResult& result) {
        const int nodes = std::max(1, m_request.nodes);
        int modules = 0;
        std::set<std::string> fitting;
        std::vector<std::string> notSold;
        for (const auto& gpu : m_priced.of(PartCategory::Gpu)) {
            ++result.statistics.gpuModelsPriced;
            const auto& snapshot = gpu.choice->snapshot;
            if (notSoldInMarket(gpu.choice->partId)) {
                notSold.push_back(snapshot.name);
                continue;
            }
            if (snapshot.text("form_factor") != "pcie") { // SXM and OAM modules sit in a GPU server
                ++modules;
                continue;
            }
            const auto device = gpuDeviceSpec(gpu.choice->partId, snapshot);
            if (device.usableBytes <= 0)
                continue;
            for (int perNode = 1; perNode <= std::max(1, m_request.maxGpusPerNode); ++perNode) {
                // Past the budget too: when nothing fits it, the cheapest that would is the answer.
                const double gpuPrice = gpu.price * perNode * nodes;
                ++result.statistics.combinations;
                auto on = workloadsOn(m_workloads, device, perNode * nodes);
                if (!on)
                    continue;
                fitting.insert(gpu.choice->partId);
                m_candidates.push_back({&gpu, perNode, gpuPrice, std::move(*on)});
            }
        }
        result.statistics.gpuModelsFitting = static_cast<int>(fitting.size());
        const int unpriced =
            m_priced.unpriced.count(PartCategory::Gpu) ? m_priced.unpriced.at(PartCategory::Gpu) : 0;
        for (auto& note : searchNotes({unpriced, m_request.cost.currency, notSold, modules}))
            result.notes.push_back(std::move(note));
        for (const auto& w : m_workloads)
            if (!w.refusal().empty())
                result.notes.push_back(TORCHRIG_MESSAGE("plan", "%1 could not be estimated: %2")
                                           .arg(workloadModelName(w.asked().workload))
                                           .arg(w.refusal()));
        if (m_candidates.empty())
            result.notes.push_back(TORCHRIG_MESSAGE(
                "plan", "no GPU of the catalog holds every workload within the budget and the GPU count "
                        "allowed: a smaller batch, LoRA or QLoRA, activation checkpointing, more GPUs per "
                        "node or a larger budget"));
    }

    // Fastest first (or the most samples per unit of money), then the cheaper GPUs, then by id.
    void rankCandidates() {
        std::sort(m_candidates.begin(), m_candidates.end(), [](const GpuCandidate& a, const GpuCandidate& b) {
            return std::tie(a.workloads.rankSeconds, a.gpuPrice, a.gpu->choice->partId, a.perNode) <
                   std::tie(b.workloads.rankSeconds, b.gpuPrice, b.gpu->choice->partId, b.perNode);
        });
    }

    const std::optional<HostChoice>& hostFor(const GpuCandidate& candidate) {
        const auto key = hostKey(candidate);
        auto found = m_hosts.find(key);
        if (found == m_hosts.end()) {
            HostRequest host;
            host.nodes = std::max(1, m_request.nodes);
            host.options.circuit = m_request.circuit;
            auto needs = candidate.workloads.needs;
            needs.hostRamBytes =
                static_cast<std::int64_t>(std::ceil(double(needs.hostRamBytes) / kGigabyte) * kGigabyte);
            needs.storageBytes =
                static_cast<std::int64_t>(std::ceil(double(needs.storageBytes) / kGigabyte) * kGigabyte);
            host.options.needs = needs;
            host.chassis = m_request.chassis;
            host.balance = hostBalance(m_request, *candidate.gpu->choice, candidate.perNode, needs);
            found = m_hosts
                        .emplace(key, m_hostSearch.cheapest(
                                          buildPart(*candidate.gpu->choice, candidate.perNode), host))
                        .first;
        }
        return found->second;
    }

    // The whole purchase with tax and shipping as the search prices it (the proposal's own cost
    // decides the budget): the priced catalog's amounts include their tax already.
    double searchTotal(const GpuCandidate& candidate, const HostChoice& host) const {
        return candidate.gpuPrice + host.price * std::max(1, m_request.nodes) + m_request.cost.shipping;
    }

    void chooseBuilds(PlanResult& result) {
        if (m_request.ranking == PlanRanking::ValuePerCost) {
            chooseByValue(result);
            return;
        }
        rankCandidates();
        std::set<std::string> models;
        const double larger = budget() * kLargerBudgetFactor;
        bool largerSettled = budget() <= 0;
        for (const auto& candidate : m_candidates) {
            if (static_cast<int>(result.proposals.size()) >= m_request.proposals && largerSettled)
                break;
            if (models.count(candidate.gpu->choice->partId) && largerSettled)
                continue;
            if (budget() > 0 && candidate.gpuPrice > larger)
                continue;
            const auto& host = hostFor(candidate);
            if (!host)
                continue;
            const double total = searchTotal(candidate, *host);
            if (budget() > 0 && total > larger)
                continue;
            auto proposal = assemble(candidate, *host);
            if (!proposal)
                continue;
            const double cost = proposal->purchase.value_or(total);
            if (budget() > 0 && cost > budget()) {
                // Above the budget, within 10 % of it: faster than every proposal still to come.
                if (!largerSettled && cost <= larger) {
                    if (result.proposals.empty())
                        result.largerBudget = std::move(*proposal);
                    largerSettled = true;
                }
                continue;
            }
            if (models.count(candidate.gpu->choice->partId))
                continue;
            largerSettled = largerSettled || result.proposals.empty();
            if (static_cast<int>(result.proposals.size()) < m_request.proposals) {
                models.insert(candidate.gpu->choice->partId);
                result.proposals.push_back(std::move(*proposal));
            }
        }
        // Ranked on each proposal's own estimate (its CPU's lanes may slow its cards a little); under a
        // budget, one with parts left to quote is only known to cost at least its total: after those
        // known to be within it.
        const bool quotesLast = budget() > 0;
        std::stable_sort(result.proposals.begin(), result.proposals.end(),
                         [&](const Proposal& a, const Proposal& b) {
                             return std::pair(quotesLast && a.cost.toBeQuotedLines > 0, a.rankSeconds) <
                                    std::pair(quotesLast && b.cost.toBeQuotedLines > 0, b.rankSeconds);
                         });
        if (result.proposals.empty() && !m_candidates.empty())
            result.cheapestOverBudget = cheapest();
    }

    void chooseByValue(PlanResult& result) {
        std::vector<Proposal> all;
        for (const auto& candidate : m_candidates) {
            if (budget() > 0 && candidate.gpuPrice > budget() * kLargerBudgetFactor)
                continue;
            const auto& host = hostFor(candidate);
            if (!host || (budget() > 0 && searchTotal(candidate, *host) > budget() * kLargerBudgetFactor))
                continue;
            if (auto proposal = assemble(candidate, *host))
                all.push_back(std::move(*proposal));
        }
        std::stable_sort(all.begin(), all.end(), [](const Proposal& a, const Proposal& b) {
            return a.valuePerCost > b.valuePerCost;
        });
        std::set<std::string> models;
        for (auto& proposal : all) {
            const bool within = budget() <= 0 || proposal.purchase.value_or(0) <= budget();
            if (!within) {
                if (result.proposals.empty() && !result.largerBudget)
                    result.largerBudget = proposal;
                continue;
            }
            const auto& gpu = proposal.build.parts.front().partId;
            if (models.insert(gpu).second && static_cast<int>(result.proposals.size()) < m_request.proposals)
                result.proposals.push_back(std::move(proposal));
        }
        if (result.proposals.empty() && !m_candidates.empty())
            result.cheapestOverBudget = cheapest();
    }

    // The cheapest complete build of the candidates `among` keeps (all of them when none), whatever
    // the budget, that `keep` accepts assembled. A build with parts left to quote has only a lower
    // bound for a price: one priced whole comes first.
    std::optional<Proposal> cheapest(const std::function<bool(const GpuCandidate&)>& among = {},
                                     const std::function<bool(const Proposal&)>& keep = {}) {
        std::vector<const GpuCandidate*> byPrice;
        for (const auto& candidate : m_candidates)
            if (!among || among(candidate))
                byPrice.push_back(&candidate);
        std::sort(byPrice.begin(), byPrice.end(), [](const GpuCandidate* a, const GpuCandidate* b) {
            return std::tie(a->gpuPrice, a->gpu->choice->partId, a->perNode) <
                   std::tie(b->gpuPrice, b->gpu->choice->partId, b->perNode);
        });
        auto order = [](const Proposal& p) {
            return std::pair(p.cost.toBeQuotedLines, p.purchase.value_or(0));
        };
        std::optional<Proposal> best;
        for (const auto* candidate : byPrice) {
            const bool bestPriced = best && best->cost.toBeQuotedLines == 0;
            if (bestPriced && candidate->gpuPrice >= best->purchase.value_or(0))
                break;
            const auto& host = hostFor(*candidate);
            if (!host || (bestPriced && searchTotal(*candidate, *host) >= best->purchase.value_or(0)))
                continue;
            if (auto proposal = assemble(*candidate, *host);
                proposal && (!keep || keep(*proposal)) && (!best || order(*proposal) < order(*best)))
                best = std::move(proposal);
        }
        return best;
    }

    // What would change the answer beside a larger budget: the cheapest build that trains faster
    // than the first proposal (none when nothing in the catalog does).
    void cheapestFaster(PlanResult& result) {
        if (result.proposals.empty())
            return;
        const double first = result.proposals.front().rankSeconds;
        // The search's estimate may differ from the build's own by the CPU's lanes: a margin
        // before the build's own figure decides.
        result.cheapestFaster =
            cheapest([&](const GpuCandidate& c) { return c.workloads.rankSeconds < first * 1.05; },
                     [&](const Proposal& p) { return p.rankSeconds < first; });
    }

    // "llama-2-7b, batch 22", in the plan's language.
    std::string workloadName(const Workload& r) const {
        return TORCHRIG_MESSAGE("plan", "%1, batch %2")
            .arg(workloadModelName(r))
            .arg(std::to_string(r.inputs.batch))
            .text(m_translate);
    }

    std::string title(Message what) const {
        return TORCHRIG_MESSAGE("plan", "Plan: %1 for %2")
            .arg(std::move(what))
            .arg(workloadNames(m_request))
            .text(m_translate);
    }

    // "2 × RTX 4090", "4 nodes of 2 × A100 80GB PCIe".
    static Message gpusOnNodes(int perNode, const std::string& gpu, int nodes) {
        auto gpus = TORCHRIG_MESSAGE("plan", "%1 × %2").arg(std::to_string(perNode)).arg(gpu);
        if (nodes <= 1)
            return gpus;
        return TORCHRIG_MESSAGE("plan", "%1 nodes of %2").arg(std::to_string(nodes)).arg(std::move(gpus));
    }

    // The candidate as a build, checked and estimated whole; none when the checks find a problem
    // or a warning in it (the search shares hosts among cards alike, the check is the card's own).
    std::optional<Proposal> assemble(const GpuCandidate& candidate, const HostChoice& host) {
        Proposal proposal;
        auto& build = proposal.build;
        build.nodes = std::max(1, m_request.nodes);
        build.parts.push_back(buildPart(*candidate.gpu->choice, candidate.perNode));
        build.parts.insert(build.parts.end(), host.parts.begin(), host.parts.end());
        for (std::size_t i = 0; i < m_request.workloads.size(); ++i) {
            BuildWorkload planned = m_request.workloads[i];
            planned.workload = candidate.workloads.runs[i].workload;
            build.workloads.push_back(std::move(planned));
        }
        build.title =
            title(gpusOnNodes(candidate.perNode, candidate.gpu->choice->snapshot.name, build.nodes));
        std::vector<Message> notes = host.notes;
        // An AMD card (its compute capability is a gfx target): what runs on it is ROCm's to say.
        if (candidate.gpu->choice->snapshot.text("compute_capability").starts_with("gfx"))
            notes.push_back(TORCHRIG_MESSAGE("plan",
                                             "%1 runs PyTorch through AMD's ROCm, which PyTorch builds "
                                             "for Linux only (pytorch.org, Get Started); a library "
                                             "written for CUDA alone may not run on it: check the ones "
                                             "the training uses before buying")
                                .arg(candidate.gpu->choice->snapshot.name));
        if (build.nodes > 1)
            notes.push_back(TORCHRIG_MESSAGE("plan",
                                             "the nodes need a switch between them (not counted): one "
                                             "port for each node's adapter"));
        for (const auto& note : notes) {
            build.notes += build.notes.empty() ? "" : "\n";
            build.notes += note.text(m_translate);
        }
        const auto options = checkOptionsFor(build, m_request.circuit);
        // Checked once: what decides is also what the proposal shows.
        ++m_counters.buildsChecked;
        proposal.findings = checkBuild(build, options);
        if (!acceptable(proposal.findings))
            return std::nullopt;
        if (!estimateOn(proposal))
            return std::nullopt;
        for (std::size_t i = 0; i < proposal.workloads.size(); ++i) {
            auto& planned = proposal.workloads[i];
            planned.levers = candidate.workloads.runs[i].levers;
            if (planned.levers.empty())
                continue;
            build.notes += build.notes.empty() ? "" : "\n";
            build.notes += leversPulled(m_request.workloads[i].workload, planned).text(m_translate);
        }
        proposal.cost = costBuild(build, m_request.cost);
        proposal.purchase = proposal.cost.total ? proposal.cost.total : proposal.cost.knownTotal;
        proposal.wallWatts = nodeLoad(build).total() * build.nodes;
        if (proposal.purchase && *proposal.purchase > 0 && proposal.rankSeconds > 0)
            proposal.valuePerCost = candidate.workloads.samples / proposal.rankSeconds / *proposal.purchase;
        return proposal;
    }

    // The proposal's workloads on its own GPUs, as the build's analysis estimates them.
    bool estimateOn(Proposal& proposal) const {
        const auto gpus = buildGpus(proposal.build);
        if (!gpus)
            return false;
        proposal.rankSeconds = 0;
        for (const auto& planned : proposal.build.workloads) {
            const WorkloadOnBuild on(planned.workload, *gpus, planned.strategy);
            const auto& e = on.estimate();
            if (!e || !e->time || e->time->samplesPerSecond <= 0 || !e->fits.value_or(false))
                return false;
            PlannedWorkload out;
            out.name = workloadName(planned.workload);
            out.batchPerGpu = planned.workload.inputs.batch;
            out.gradientAccumulation = planned.workload.gradientAccumulation;
            out.devicePeakBytes = e->devicePeakBytes;
            out.usableBytes = gpus->spec.usableBytes;
            out.samplesPerSecond = e->time->samplesPerSecond * gpus->gpus;
            const auto host = on.hostNeeds(planned.dataset);
            if (host && host->runSeconds && *host->runSeconds > 0)
                out.trainSeconds = *host->runSeconds;
            if (host)
                out.hostRamBytes = host->ramBytes;
            if (out.trainSeconds) {
                proposal.rankSeconds += *out.trainSeconds;
            } else {
                proposal.rankSeconds += kAssumedSamples / out.samplesPerSecond;
                proposal.rankAssumesSamples = true;
            }
            proposal.workloads.push_back(std::move(out));
        }
        return true;
    }

    // The catalog's cloud instances that run every workload, as proposals: the rent of every
    // workload's run (of kAssumedSamples for a workload without one) is their cost. Made once.
    const std::vector<Proposal>& rentalOptions() {
        if (m_rentals)
            return *m_rentals;
        std::vector<Proposal> options;
        const int nodes = std::max(1, m_request.nodes);
        for (const auto& offer : m_catalog.offers) {
            if (!offer.gpu || !offer.hourly || offer.gpu->usableBytes <= 0)
                continue;
            const auto hourly = convertMoney(offer.hourly->amount, offer.hourly->currency, m_request.cost);
            const auto* choice = findPart(offer.id);
            if (!hourly || !choice)
                continue;
            auto on = workloadsOn(m_workloads, *offer.gpu, offer.gpuCount * nodes);
            if (!on)
                continue;
            Proposal proposal;
            proposal.rented = true;
            auto& build = proposal.build;
            build.nodes = nodes;
            build.parts.push_back(buildPart(*choice, 1));
            for (std::size_t i = 0; i < m_request.workloads.size(); ++i) {
                BuildWorkload planned = m_request.workloads[i];
                planned.workload = on->runs[i].workload;
                build.workloads.push_back(std::move(planned));
            }
            build.title = title(
                nodes > 1 ? TORCHRIG_MESSAGE("plan", "%1 × %2").arg(std::to_string(nodes)).arg(offer.name)
                          : Message::verbatim(offer.name));
            for (std::size_t i = 0; i < build.workloads.size(); ++i) {
                PlannedWorkload out;
                const auto& r = build.workloads[i].workload;
                out.name = workloadName(r);
                out.batchPerGpu = r.inputs.batch;
                out.gradientAccumulation = r.gradientAccumulation;
                out.levers = on->runs[i].levers;
                out.devicePeakBytes = on->runs[i].devicePeakBytes;
                out.usableBytes = offer.gpu->usableBytes;
                out.samplesPerSecond = on->runs[i].samplesPerSecond;
                proposal.workloads.push_back(std::move(out));
            }
            proposal.rankSeconds = on->rankSeconds;
            proposal.rankAssumesSamples = on->assumesSamples;
            const double perHour = *hourly * nodes;
            proposal.purchase = perHour * on->rankSeconds / 3600; // the rent of the runs
            proposal.cost.currency = m_request.cost.currency;
            proposal.valuePerCost = on->samples / on->rankSeconds / perHour;
            CloudAlternative self;
            self.offerId = offer.id;
            self.name = offer.name;
            self.instances = nodes;
            self.hourly = perHour;
            self.trainSeconds = on->rankSeconds;
            if (!on->assumesSamples)
                self.runCost = proposal.purchase;
            proposal.cloud = self;
            options.push_back(std::move(proposal));
        }
        m_rentals = std::move(options);
        return *m_rentals;
    }

    std::vector<Proposal> rentals(int count) {
        auto options = rentalOptions();
        auto better = [&](const Proposal& a, const Proposal& b) {
            if (m_request.ranking == PlanRanking::ValuePerCost)
                return std::tie(b.valuePerCost, a.build.parts.front().partId) <
                       std::tie(a.valuePerCost, b.build.parts.front().partId);
            return std::tie(a.rankSeconds, a.build.parts.front().partId) <
                   std::tie(b.rankSeconds, b.build.parts.front().partId);
        };
        std::sort(options.begin(), options.end(), better);
        std::vector<Proposal> chosen;
        for (auto& option : options)
            if ((budget() <= 0 || option.rankAssumesSamples || option.purchase.value_or(0) <= budget()) &&
                static_cast<int>(chosen.size()) < count)
                chosen.push_back(std::move(option));
        return chosen;
    }

    // The instance that rents the proposal's work for the least (per sample, without a run), and
    // when buying pays for itself against it.
    std::optional<CloudAlternative> cloudAlternative(const Proposal& proposal) {
        const auto& options = rentalOptions();
        const Proposal* cheapest = nullptr;
        auto costPerSample = [](const Proposal& p) {
            return 1 / p.valuePerCost;
        };
        for (const auto& option : options)
            if (!cheapest || std::pair(costPerSample(option), option.cloud->offerId) <
                                 std::pair(costPerSample(*cheapest), cheapest->cloud->offerId))
                cheapest = &option;
        if (!cheapest)
            return std::nullopt;
        auto alternative = *cheapest->cloud;
        const auto offer = std::find_if(m_catalog.offers.begin(), m_catalog.offers.end(),
                                        [&](const CloudOffer& o) { return o.id == alternative.offerId; });
        if (offer != m_catalog.offers.end() && !proposal.build.workloads.empty()) {
            auto usage = m_request.usage;
            if (auto compared = compareRentVsBuy(proposal.build, proposal.build.workloads.front(), {*offer},
                                                 usage, m_request.cost);
                compared && !compared->cloud.empty())
                alternative.breakEvenMonths = compared->cloud.front().breakEvenMonths;
        }
        return alternative;
    }

    bool notSoldInMarket(const std::string& partId) const {
        return m_request.market != Market::Anywhere &&
               std::any_of(m_catalog.restrictions.begin(), m_catalog.restrictions.end(),
                           [&](const MarketRestriction& r) {
                               return r.market == m_request.market && r.partId == partId;
                           });
    }

    const CatalogChoice* findPart(const std::string& id) const {
        auto found = std::find_if(m_catalog.parts.begin(), m_catalog.parts.end(),
                                  [&](const CatalogChoice& c) { return c.partId == id; });
        return found == m_catalog.parts.end() ? nullptr : &*found;
    }

    const PlanRequest& m_request;
    const PlanCatalog& m_catalog;
    PricedCatalog m_priced;
    Message::Translate m_translate;
    std::vector<PlanWorkloadForms> m_workloads;
    std::vector<GpuCandidate> m_candidates;
    std::map<std::string, std::optional<HostChoice>> m_hosts;
    std::optional<std::vector<Proposal>> m_rentals;
    SearchCounters m_counters;
    HostSearch m_hostSearch{m_priced, m_counters};
};

} // namespace

PlanResult planBuilds(const PlanRequest& asked, const PlanCatalog& catalog) {
    auto request = asked;
    // Totals of several currencies cannot be compared: without one asked, the catalog's own.
    if (request.cost.currency.empty())
        request.cost.currency = "USD";
    auto result = Planner(request, catalog).run();
    const auto gpusPerNode = [](const Proposal& p) {
        return p.build.parts.front().quantity;
    };
    if (request.mode != PlanMode::Rent && request.ranking == PlanRanking::TimeToTrain && request.nodes <= 1 &&
        !result.proposals.empty() &&
        std::all_of(result.proposals.begin(), result.proposals.end(),
                    [&](const Proposal& p) { return gpusPerNode(p) > 1; })) {
        auto oneGpu = request;
        oneGpu.maxGpusPerNode = 1;
        oneGpu.mode = PlanMode::Own;
        oneGpu.proposals = 1;
        if (auto single = Planner(oneGpu, catalog).run(); !single.proposals.empty())
            result.fastestSingleGpu = std::move(single.proposals.front());
    }
    return result;
}

} // namespace torchrig::plan
