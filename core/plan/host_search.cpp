#include "plan/host_search.h"

#include "plan/gpu_device_spec.h"

#include "util/printed.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <tuple>

namespace torchrig::plan {

namespace {

const std::vector<PricedPart> kNone;

bool cheaper(const PricedPart& a, const PricedPart& b) {
    return std::tie(a.toBeQuoted, a.price, a.choice->partId) <
           std::tie(b.toBeQuoted, b.price, b.choice->partId);
}

std::vector<Option> optionsOf(const std::vector<PricedPart>& parts, int maxQuantity,
                              double (*capacity)(const CatalogChoice&), double needed) {
    std::vector<Option> options;
    for (const auto& part : parts)
        for (int quantity = 1; quantity <= maxQuantity; ++quantity)
            if (!capacity || capacity(*part.choice) * quantity >= needed)
                options.push_back({part.choice, quantity, part.price * quantity, part.toBeQuoted});
    std::sort(options.begin(), options.end(), [](const Option& a, const Option& b) {
        return std::tie(a.toBeQuoted, a.price, a.choice->partId, a.quantity) <
               std::tie(b.toBeQuoted, b.price, b.choice->partId, b.quantity);
    });
    return options;
}

double ramBytes(const CatalogChoice& kit) {
    return kit.snapshot.number("modules").value_or(0) * kit.snapshot.number("module_gb").value_or(0) * 1e9;
}

double driveBytes(const CatalogChoice& drive) {
    return drive.snapshot.number("capacity_gb").value_or(0) * 1e9;
}

bool chassisOfKind(const CatalogChoice& chassis, PlanChassis wanted) {
    if (wanted == PlanChassis::Any)
        return true;
    const auto kind = chassis.snapshot.text("kind");
    const bool tower = kind.find("tower") != std::string::npos;
    const bool rack = kind.find("rack") != std::string::npos || kind.find("U chassis") != std::string::npos;
    return wanted == PlanChassis::Tower ? tower : rack;
}

// A network adapter between nodes (not a switch, which joins them and is bought once).
bool nodeAdapter(const CatalogChoice& part) {
    const auto kind = part.snapshot.text("kind");
    return (kind == "infiniband" || kind == "ethernet") && part.snapshot.number("ports").value_or(1) <= 2 &&
           part.snapshot.number("link_gbits").value_or(0) > 0;
}

// The socket's name without the chipset a board or CPU adds to it: "sTR5 (TRX50)" → "sTR5".
std::string socketName(const std::string& socket) {
    std::istringstream words(socket);
    std::string first;
    words >> first;
    return first;
}

bool coolerFor(const CatalogChoice& cooler, const std::string& socket) {
    std::istringstream sockets(cooler.snapshot.text("sockets"));
    for (std::string listed; std::getline(sockets, listed, ';');)
        if (listed == socket)
            return true;
    return false;
}

constexpr double kHostGigabyte = 1e9;
constexpr int kCoresInAll = 8;
constexpr int kCoresPerGpu = 4;
constexpr double kArticleRamBytes = 32 * kHostGigabyte;
// A quarter more than the estimate: the Python processes, the CUDA runtime and the system, which it
// does not count (estimate/host_needs.h), and the page cache the dataset reads through.
constexpr double kRamHeadroom = 1.25;

// Whether the CPUs have the cores and threads the balance asks.
bool balanced(const CatalogChoice& cpu, int sockets, const HostBalance& balance) {
    const double cores = cpu.snapshot.number("cores").value_or(0) * sockets;
    const double threads = cpu.snapshot.number("threads").value_or(cores) * sockets;
    return cores >= balance.cores && threads >= balance.threads;
}

// One line for each choice the balance made: why this much RAM, why this CPU.
void sayBalance(HostChoice& host, const std::string& cpu, const HostBalance& balance) {
    const auto gigabytes = [](double bytes) {
        return printed("%.0f", std::ceil(bytes / 1e9));
    };
    if (balance.ramBytes > 0)
        host.notes.push_back(
            (balance.gpuMemoryBytes > 0
                 ? TORCHRIG_MESSAGE("plan",
                                    "RAM of at least %1 GB a node: the run needs %2 GB with a quarter "
                                    "more for what the estimate leaves out (each GPU's process "
                                    "loading the weights, the loaders, a checkpoint's copy), article "
                                    "001 asks >= 32 GB, and the node's GPUs hold %3 GB (RAM >= GPU "
                                    "memory, the rule labs buy by)")
                 : TORCHRIG_MESSAGE("plan",
                                    "RAM of at least %1 GB a node: the run needs %2 GB with a quarter "
                                    "more for what the estimate leaves out (each GPU's process "
                                    "loading the weights, the loaders, a checkpoint's copy), and "
                                    "article 001 asks >= 32 GB"))
                .arg(gigabytes(balance.ramBytes))
                .arg(gigabytes(balance.runRamBytes))
                .arg(gigabytes(balance.gpuMemoryBytes)));
    if (balance.cores > 0)
        host.notes.push_back(TORCHRIG_MESSAGE("plan",
                                              "%1: at least %2 cores and %3 threads a node, for a "
                                              "training process and %4 data-loader workers on each of "
                                              "%5 GPUs (article 001 4.2), 4 cores a GPU and 8 in all "
                                              "(article 001 1.1)")
                                 .arg(cpu)
                                 .arg(std::to_string(balance.cores))
                                 .arg(std::to_string(balance.threads))
                                 .arg(std::to_string(balance.loaderWorkers))
                                 .arg(std::to_string(balance.gpus)));
}

// The parts of a node beside its platform and memory, each kind cheapest first: drives enough for
// the storage needed, a network adapter when the build has several nodes, chassis of the kind
// asked for, supplies and coolers.
struct RestOfNode {
    std::vector<Option> storage, adapters, chassis, psus, coolers;
};

RestOfNode restOfNode(const PricedCatalog& catalog, const HostRequest& request, double storageNeeded) {
    RestOfNode rest;
    rest.storage = optionsOf(catalog.of(PartCategory::Storage), 4, driveBytes, std::max(storageNeeded, 1.0));
    if (request.nodes > 1)
        for (const auto& part : catalog.of(PartCategory::Interconnect))
            if (nodeAdapter(*part.choice))
                rest.adapters.push_back({part.choice, 1, part.price, part.toBeQuoted});
    for (const auto& part : catalog.of(PartCategory::Chassis))
        if (chassisOfKind(*part.choice, request.chassis))
            rest.chassis.push_back({part.choice, 1, part.price, part.toBeQuoted});
    rest.psus = optionsOf(catalog.of(PartCategory::Psu), 1, nullptr, 0);
    rest.coolers = optionsOf(catalog.of(PartCategory::Cooler), 1, nullptr, 0);
    return rest;
}

} // namespace

const std::vector<PricedPart>& PricedCatalog::of(PartCategory category) const {
    auto found = parts.find(category);
    return found == parts.end() ? kNone : found->second;
}

PricedCatalog priceCatalog(const std::vector<CatalogChoice>& parts, const CostOptions& options) {
    PricedCatalog catalog;
    for (const auto& part : parts) {
        const auto& price = part.snapshot.price;
        std::optional<double> amount;
        // As paid: with its tax, once (a shop price in CNY or EUR includes it already).
        if (price && price->amount > 0 && !isHourly(price->kind))
            amount =
                convertMoney(taxInclusive(price->amount, includesTaxByMarket(price->currency, price->kind),
                                          options.taxPercent),
                             price->currency, options);
        if (!amount) {
            ++catalog.unpriced[part.snapshot.category];
            if (part.snapshot.category != PartCategory::Gpu)
                catalog.parts[part.snapshot.category].push_back({&part, 0, true});
            continue;
        }
        catalog.parts[part.snapshot.category].push_back({&part, *amount, false});
    }
    for (auto& [category, list] : catalog.parts)
        std::sort(list.begin(), list.end(), cheaper);
    return catalog;
}

HostBalance hostBalance(const PlanRequest& request, const CatalogChoice& gpu, int perNode,
                        const WorkloadNeeds& needs) {
    HostBalance balance;
    balance.gpus = perNode;
    for (const auto& w : request.workloads)
        balance.loaderWorkers = std::max(balance.loaderWorkers, w.dataset.loaderWorkers);
    balance.cores = std::max(kCoresInAll, kCoresPerGpu * perNode);
    balance.threads = perNode * (balance.loaderWorkers + 1);
    balance.runRamBytes = static_cast<double>(needs.hostRamBytes) * kRamHeadroom;
    if (request.ramAtLeastGpuMemory)
        balance.gpuMemoryBytes = gpu.snapshot.number("vram_gb").value_or(0) * kHostGigabyte * perNode;
    balance.ramBytes = std::max({balance.runRamBytes, kArticleRamBytes, balance.gpuMemoryBytes});
    return balance;
}

BuildPart buildPart(const CatalogChoice& choice, int quantity) {
    BuildPart part;
    part.partId = choice.partId;
    part.quantity = quantity;
    part.snapshot = choice.snapshot;
    return part;
}

bool acceptable(const std::vector<Finding>& findings) {
    return std::all_of(findings.begin(), findings.end(), plannerMayKeep);
}

bool passesChecks(const Build& build, const CheckOptions& options, SearchCounters& counters) {
    ++counters.buildsChecked;
    return acceptable(checkBuild(build, options));
}

HostSearch::HostSearch(const PricedCatalog& catalog, SearchCounters& counters)
    : m_catalog(catalog)
    , m_counters(counters) {}

// Every CPU on every board whose checks pass with the two alone (the socket, the memory the CPU
// takes), with the memory kits that go with them: what every search starts from, worked out once.
const std::vector<HostSearch::Platform>& HostSearch::platforms() {
    if (m_platformsMade)
        return m_platforms;
    m_platformsMade = true;
    const auto memory = optionsOf(m_catalog.of(PartCategory::MemoryKit), 8, nullptr, 0);
    for (const auto& board : m_catalog.of(PartCategory::Motherboard)) {
        const int sockets =
            std::max(1, static_cast<int>(board.choice->snapshot.number("cpu_sockets").value_or(1)));
        for (const auto& cpu : m_catalog.of(PartCategory::Cpu)) {
            Build build;
            build.parts = {buildPart(*cpu.choice, sockets), buildPart(*board.choice, 1)};
            if (!passesChecks(build, {}, m_counters))
                continue;
            Platform platform{cpu.choice,
                              sockets,
                              board.choice,
                              cpu.price * sockets + board.price,
                              cpu.toBeQuoted || board.toBeQuoted,
                              {}};
            // As many kits as the board has slots for, at the most (the checks judge the rest).
            const double slots = board.choice->snapshot.number("memory_slots").value_or(0);
            for (const auto& kit : memory) {
                const double modules = kit.choice->snapshot.number("modules").value_or(0);
                if (slots > 0 && modules > 0 && kit.quantity * modules > slots)
                    continue;
                build.parts.push_back(buildPart(*kit.choice, kit.quantity));
                if (passesChecks(build, {}, m_counters))
                    platform.memory.push_back(kit);
                build.parts.pop_back();
            }
            if (!platform.memory.empty())
                m_platforms.push_back(std::move(platform));
        }
    }
    std::sort(m_platforms.begin(), m_platforms.end(), [](const Platform& a, const Platform& b) {
        return std::tie(a.toBeQuoted, a.price, a.board->partId, a.cpu->partId) <
               std::tie(b.toBeQuoted, b.price, b.board->partId, b.cpu->partId);
    });
    return m_platforms;
}

// The platform's memory kits that hold what the run and the balance ask; none when its CPUs lack
// the cores or threads.
std::vector<Option> HostSearch::balancedMemory(const Platform& platform, const HostBalance& balance,
                                               double ramNeeded) {
    std::vector<Option> memory;
    if (!balanced(*platform.cpu, platform.cpus, balance))
        return memory;
    for (const auto& kit : platform.memory)
        if (ramBytes(*kit.choice) * kit.quantity >= std::max({ramNeeded, balance.ramBytes, 1.0}))
            memory.push_back(kit);
    return memory;
}

namespace {

// The board's slot the chipset wires that one of the cards sits in, when one does.
std::optional<PcieSlot> chipsetSlotOf(const BuildPart& gpus, const std::vector<BuildPart>& host) {
    Build node;
    node.parts.push_back(gpus);
    node.parts.insert(node.parts.end(), host.begin(), host.end());
    const auto wired = buildGpus(node);
    return wired ? wired->chipsetSlot : std::nullopt;
}

} // namespace

std::optional<HostChoice> HostSearch::cheapest(const BuildPart& gpus, const HostRequest& request) {
    auto best = search(gpus, request, false);
    if (!best || gpus.quantity < 2)
        return best;
    const auto slot = chipsetSlotOf(gpus, best->parts);
    if (!slot)
        return best;
    auto wired = search(gpus, request, true);
    if (!wired || wired->toBeQuoted > best->toBeQuoted || wired->price > best->price * (1 + kCpuWiredPremium))
        return best;
    wired->notes.push_back(
        TORCHRIG_MESSAGE("plan",
                         "a board that wires every card from the CPU, %1 % dearer as a host than one "
                         "that puts a card in a PCIe %2 x%3 slot of the chipset, where the cards would "
                         "exchange gradients at that slot's rate")
            .arg(printed("%.0f", 100 * (wired->price / std::max(1.0, best->price) - 1)))
            .arg(printed("%.1f", slot->gen))
            .arg(std::to_string(slot->electricalLanes)));
    return wired;
}

std::optional<HostChoice> HostSearch::search(const BuildPart& gpus, const HostRequest& request,
                                             bool cpuWiredOnly) {
    ++m_counters.hostSearches;
    const auto& options = request.options;
    const double ramNeeded = options.needs ? static_cast<double>(options.needs->hostRamBytes) : 0;
    const double storageNeeded = options.needs ? static_cast<double>(options.needs->storageBytes) : 0;
    const auto rest = restOfNode(m_catalog, request, storageNeeded);
    const auto &storage = rest.storage, &adapters = rest.adapters, &chassis = rest.chassis, &psus = rest.psus,
               &coolers = rest.coolers;
    if (storage.empty() || psus.empty() || chassis.empty() || (request.nodes > 1 && adapters.empty()))
        return std::nullopt;
    // What the rest of a node costs at the least beside its memory: a platform dearer than the
    // best host less this cannot win.
    const double restAtLeast = storage.front().price + psus.front().price + chassis.front().price +
                               (adapters.empty() ? 0 : adapters.front().price);
    // And the parts it leaves to quote at the least: a kind whose cheapest waits for a quote has
    // no priced part at all.
    const int restQuotedAtLeast = storage.front().toBeQuoted + psus.front().toBeQuoted +
                                  chassis.front().toBeQuoted +
                                  (adapters.empty() ? 0 : adapters.front().toBeQuoted);

    Build build;
    build.nodes = request.nodes;
    std::optional<HostChoice> best;
    // The first option the checks accept with it added to the build (kept there), or none.
    auto firstPassing = [&](const std::vector<Option>& list) -> const Option* {
        for (const auto& option : list) {
            build.parts.push_back(buildPart(*option.choice, option.quantity));
            if (passesChecks(build, options, m_counters))
                return &option;
            build.parts.pop_back();
        }
        return nullptr;
    };
    // A host with fewer parts left to quote wins, then the cheaper: one that cannot beat the best
    // is dropped as soon as that is sure (a price only grows as parts are added).
    auto beaten = [&](int quoted, double price) {
        return best && (quoted > best->toBeQuoted || (quoted == best->toBeQuoted && price >= best->price));
    };
    for (const auto& platform : platforms()) {
        const int platformQuoted = platform.toBeQuoted ? 1 : 0;
        if (beaten(platformQuoted + restQuotedAtLeast, platform.price + restAtLeast)) {
            if (platformQuoted == 1 || best->toBeQuoted <= restQuotedAtLeast)
                break; // the platforms after it cost more, or wait for a quote
            continue;
        }
        const auto memory = balancedMemory(platform, request.balance, ramNeeded);
        if (memory.empty())
            continue;
        build.parts = {gpus, buildPart(*platform.cpu, platform.cpus), buildPart(*platform.board, 1)};
        // The cards on the platform first: slots, lanes, the circuit.
        if (!passesChecks(build, options, m_counters))
            continue;
        if (cpuWiredOnly && chipsetSlotOf(gpus, {build.parts.begin() + 1, build.parts.end()}))
            continue;
        double price = platform.price;
        int quoted = platformQuoted;
        bool complete = true;
        for (const auto* list : std::initializer_list<const std::vector<Option>*>{
                 &memory, &storage, &adapters, &psus, &chassis}) {
            if (list->empty())
                continue;
            const auto* chosen = firstPassing(*list);
            if (!chosen || beaten(quoted + chosen->toBeQuoted, price + chosen->price)) {
                complete = false;
                break;
            }
            price += chosen->price;
            quoted += chosen->toBeQuoted;
        }
        if (!complete)
            continue;
        HostChoice host;
        const auto socket = socketName(platform.cpu->snapshot.text("socket"));
        std::vector<Option> fitting;
        for (const auto& cooler : coolers)
            if (coolerFor(*cooler.choice, socket))
                fitting.push_back(cooler);
        if (!fitting.empty()) {
            const auto* cooler = firstPassing(fitting);
            if (!cooler)
                continue;
            price += cooler->price;
            quoted += cooler->toBeQuoted;
        } else {
            host.notes.push_back(
                TORCHRIG_MESSAGE("plan", "the catalog has no cooler for socket %1: ask the board or case "
                                         "vendor for the heatsink it takes")
                    .arg(socket));
        }
        if (beaten(quoted, price))
            continue;
        host.price = price;
        host.toBeQuoted = quoted;
        host.parts.assign(build.parts.begin() + 1, build.parts.end());
        sayBalance(host, platform.cpu->snapshot.name, request.balance);
        best = std::move(host);
    }
    return best;
}

} // namespace torchrig::plan
