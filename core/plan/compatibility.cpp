#include "plan/compatibility.h"

#include "hardware/pcie_slot_layout.h"
#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <sstream>
#include <tuple>

namespace torchrig::plan {

namespace {

std::optional<double> number(const BuildPart& part, std::string_view column) {
    return part.snapshot.number(column);
}

std::string text(const BuildPart& part, std::string_view column) {
    return part.snapshot.text(column);
}

std::string upper(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    return s;
}

std::string watts(double w) {
    std::ostringstream out;
    out << static_cast<long long>(std::lround(w)) << " W";
    return out.str();
}

// What a card's power connectors ask of the supply, from the catalog's text ("1x 16-pin (12VHPWR);
// or 3x 8-pin PCIe through the adapter in the box", "2x 8-pin", "1x 8-pin CPU (EPS)").
struct PowerInputs {
    bool known = false;
    int sixteenPin = 0;      // 12VHPWR / 12V-2x6
    int eightPinAdapter = 0; // 8-pin PCIe cables the card's adapter takes instead of a 16-pin one
    int eightPin = 0;        // PCIe 8-pin
    int eps = 0;             // 8-pin CPU (EPS), as data-centre cards take
};

PowerInputs powerInputs(const std::string& text) {
    PowerInputs in;
    if (text.empty())
        return in;
    in.known = true;
    std::istringstream alternatives(text);
    bool first = true;
    for (std::string item; std::getline(alternatives, item, ';'); first = false) {
        // "3x 8-pin": a count before an x; "16-pin" alone is one.
        int count = 1;
        if (const auto digit = item.find_first_of("0123456789"); digit != std::string::npos) {
            std::size_t end = digit;
            while (end < item.size() && std::isdigit(static_cast<unsigned char>(item[end])))
                ++end;
            if (end < item.size() && item[end] == 'x')
                count = std::stoi(item.substr(digit, end - digit));
        }
        const bool sixteen = item.find("16-pin") != std::string::npos ||
                             item.find("12VHPWR") != std::string::npos ||
                             item.find("12V-2x6") != std::string::npos;
        const bool eps = item.find("CPU") != std::string::npos || item.find("EPS") != std::string::npos;
        if (first) {
            (sixteen ? in.sixteenPin : eps ? in.eps : in.eightPin) = count;
        } else if (in.sixteenPin > 0 && item.find("8-pin") != std::string::npos) {
            in.eightPinAdapter = count;
        }
    }
    return in;
}

struct Parts {
    std::vector<const BuildPart*> gpus, cpus, boards, memory, psus, chassis, storage, interconnects;
    int gpuCount = 0;
};

Parts sort(const Build& build) {
    Parts p;
    for (const auto& part : build.parts) {
        switch (part.snapshot.category) {
        case PartCategory::Gpu:
            p.gpus.push_back(&part);
            p.gpuCount += part.quantity;
            break;
        case PartCategory::Cpu: p.cpus.push_back(&part); break;
        case PartCategory::Motherboard: p.boards.push_back(&part); break;
        case PartCategory::MemoryKit: p.memory.push_back(&part); break;
        case PartCategory::Psu: p.psus.push_back(&part); break;
        case PartCategory::Chassis: p.chassis.push_back(&part); break;
        case PartCategory::Storage: p.storage.push_back(&part); break;
        case PartCategory::Interconnect: p.interconnects.push_back(&part); break;
        default: break;
        }
    }
    return p;
}

} // namespace

std::string_view severityId(Severity severity) {
    switch (severity) {
    case Severity::Problem: return "problem";
    case Severity::Warning: return "warning";
    case Severity::Note: return "note";
    }
    return "note";
}

const std::vector<std::string>& notChecked() {
    static const std::vector<std::string> list = {
        "power connectors of GPUs whose catalog entry does not list them (most: partner cards differ), and "
        "the supply's spare CPU (EPS) cables",
        "CPU cooler height and socket fit",
        "open-air versus blower GPU coolers when cards are stacked",
        "the chassis's fan layout and airflow",
        "BIOS versions a CPU needs on an older board",
        "M.2 slots sharing lanes with PCIe slots or SATA ports",
        "RAM kit speed and timing support (QVL)",
        "rack depth, rails and the data centre's power and cooling",
        "host RAM and storage against a workload's needs, unless one is given (build check --model …)",
    };
    return list;
}

std::vector<Finding> checkBuild(const Build& build, const CheckOptions& options) {
    std::vector<Finding> findings;
    const auto p = sort(build);
    auto add = [&](Severity s, std::string rule, std::string message, std::vector<std::string> parts,
                   std::string fix) {
        findings.push_back({s, std::move(rule), std::move(message), std::move(parts), std::move(fix)});
    };

    // What a build needs before anything else can be checked.
    if (build.parts.empty()) {
        add(Severity::Note, "empty", "the build has no parts", {},
            "add parts from the catalog, or start from a preset");
        return findings;
    }
    for (auto [list, what, toAdd] : {std::tuple{&p.cpus, "CPU", "a CPU"},
                                     {&p.boards, "motherboard", "a motherboard"},
                                     {&p.memory, "memory", "memory"},
                                     {&p.psus, "power supply", "a power supply"},
                                     {&p.storage, "storage", "storage"}})
        if (list->empty() && p.gpuCount > 0)
            add(Severity::Note, "incomplete",
                std::string("the build has no ") + what + ", so nothing is checked against it", {},
                std::string("add ") + toAdd);

    const BuildPart* cpu = p.cpus.empty() ? nullptr : p.cpus.front();
    const BuildPart* board = p.boards.empty() ? nullptr : p.boards.front();
    const BuildPart* psu = p.psus.empty() ? nullptr : p.psus.front();
    const BuildPart* chassis = p.chassis.empty() ? nullptr : p.chassis.front();

    // CPU socket and board.
    if (cpu && board && !text(*cpu, "socket").empty() && !text(*board, "socket").empty()) {
        const auto cpuSocket = text(*cpu, "socket"), boardSocket = text(*board, "socket");
        if (boardSocket.rfind(cpuSocket, 0) != 0)
            add(Severity::Problem, "cpu-socket",
                cpu->snapshot.name + " fits socket " + cpuSocket + "; " + board->snapshot.name + " has " +
                    boardSocket,
                {cpu->partId, board->partId},
                "choose a " + cpuSocket + " board, or a CPU for " + boardSocket);
    }

    // Memory: type, registered or not, slots and capacity.
    if (board) {
        const auto boardType = upper(text(*board, "memory_type"));
        int modules = 0;
        double gigabytes = 0;
        std::vector<std::string> boardAndKits = {board->partId};
        for (const auto* kit : p.memory) {
            boardAndKits.push_back(kit->partId);
            const auto type = upper(text(*kit, "memory_type"));
            const auto form = upper(text(*kit, "module_form"));
            const bool boardRegistered = boardType.find("RDIMM") != std::string::npos;
            if (!type.empty() && !boardType.empty() && boardType.find(type) == std::string::npos)
                add(Severity::Problem, "memory-type",
                    kit->snapshot.name + " is " + type + "; " + board->snapshot.name + " takes " +
                        text(*board, "memory_type"),
                    {kit->partId, board->partId}, "choose " + text(*board, "memory_type") + " memory");
            else if (!form.empty() && !boardType.empty() && (form == "RDIMM") != boardRegistered)
                add(Severity::Problem, "memory-registered",
                    kit->snapshot.name + " is " + form + " memory; " + board->snapshot.name + " takes " +
                        (boardRegistered ? "registered (RDIMM)" : "unbuffered (UDIMM)") + " modules",
                    {kit->partId, board->partId},
                    std::string("choose ") + (boardRegistered ? "RDIMM" : "UDIMM") + " modules");
            modules += static_cast<int>(number(*kit, "modules").value_or(1)) * kit->quantity;
            gigabytes +=
                number(*kit, "modules").value_or(1) * number(*kit, "module_gb").value_or(0) * kit->quantity;
        }
        if (auto slots = number(*board, "memory_slots"); slots && modules > *slots)
            add(Severity::Problem, "memory-slots",
                std::to_string(modules) + " memory modules for " + std::to_string(static_cast<int>(*slots)) +
                    " slots on " + board->snapshot.name,
                boardAndKits, "use fewer, larger modules");
        if (auto maximum = number(*board, "memory_max_gb"); maximum && *maximum > 0 && gigabytes > *maximum)
            add(Severity::Problem, "memory-capacity",
                std::to_string(static_cast<int>(gigabytes)) + " GB of memory; " + board->snapshot.name +
                    " takes at most " + std::to_string(static_cast<int>(*maximum)) + " GB",
                boardAndKits, "use less memory, or a board that takes more");
    }

    // GPUs in the board's slots: each card covers its slot width, so the next card needs a slot
    // at least that many positions lower.
    const bool modules = std::any_of(p.gpus.begin(), p.gpus.end(), [](const BuildPart* g) {
        return text(*g, "form_factor") == "sxm" || text(*g, "form_factor") == "oam";
    });
    if (modules)
        add(Severity::Note, "gpu-modules",
            "SXM and OAM modules sit on the server's GPU baseboard (HGX, OAM UBB), not in the motherboard's "
            "PCIe "
            "slots: their slots, width and length are not checked",
            {p.gpus.front()->partId}, "");
    if (board && p.gpuCount > 0 && !modules) {
        auto layout = PcieSlotLayout::parse(text(*board, "pcie_slots"));
        if (layout && !layout->slots.empty()) {
            auto slots = layout->slots;
            std::sort(slots.begin(), slots.end(),
                      [](const auto& a, const auto& b) { return a.position < b.position; });
            double width = 1;
            for (const auto* gpu : p.gpus)
                width = std::max(width, number(*gpu, "slot_width").value_or(2));
            int placed = 0;
            int nextFree = 0;
            for (const auto& slot : slots) {
                if (slot.position >= nextFree && placed < p.gpuCount) {
                    ++placed;
                    nextFree = slot.position + static_cast<int>(std::ceil(width));
                }
            }
            // The lowest card's cooler must end within the case's expansion slots (slot 1 is the
            // first, so a card in slot 7 of a 7-slot case may be one slot wide).
            if (chassis && placed > 0)
                if (auto caseSlots = number(*chassis, "expansion_slots");
                    caseSlots && nextFree - 1 > *caseSlots)
                    add(Severity::Problem, "chassis-slots",
                        "the lowest card, in slot " +
                            std::to_string(nextFree - static_cast<int>(std::ceil(width))) + " and " +
                            std::to_string(static_cast<int>(std::ceil(width))) +
                            " slots wide, reaches slot " + std::to_string(nextFree - 1) + "; " +
                            chassis->snapshot.name + " has " + std::to_string(static_cast<int>(*caseSlots)) +
                            " expansion slots",
                        {chassis->partId, p.gpus.front()->partId},
                        "a case with more expansion slots (8 or more for a wide card in the last slot)");
            if (placed < p.gpuCount)
                add(Severity::Problem, "gpu-slots",
                    std::to_string(p.gpuCount) + " GPUs of " +
                        std::to_string(static_cast<int>(std::ceil(width))) +
                        " slots' width: " + board->snapshot.name + "'s slots (" + layout->toString() +
                        ") take " + std::to_string(placed) + " without one covering the next",
                    {board->partId, p.gpus.front()->partId},
                    "choose a board with slots further apart, narrower (blower) cards, or riser cables");
            // Lanes: what the CPU can give the cards and the NVMe drives.
            if (cpu) {
                if (auto lanes = number(*cpu, "pcie_lanes")) {
                    int nvme = 0;
                    for (const auto* drive : p.storage)
                        if (upper(text(*drive, "interface")).find("NVME") != std::string::npos)
                            nvme += drive->quantity;
                    const int wanted = 16 * p.gpuCount + 4 * nvme;
                    if (wanted > *lanes)
                        add(Severity::Warning, "pcie-lanes",
                            std::to_string(p.gpuCount) + " GPUs at x16 and " + std::to_string(nvme) +
                                " NVMe drives at x4 want " + std::to_string(wanted) + " PCIe lanes; " +
                                cpu->snapshot.name + " has " + std::to_string(static_cast<int>(*lanes)),
                            {cpu->partId, board->partId},
                            "expect the cards at x8 (data-parallel all-reduce slows), or a workstation CPU "
                            "with more lanes");
                }
            }
        }
    }

    // NVLink only between cards that have it.
    for (const auto* link : p.interconnects) {
        if (text(*link, "kind") != "nvlink_bridge")
            continue;
        const auto supported = text(*link, "for_gpus");
        for (const auto* gpu : p.gpus) {
            const bool hasLink = text(*gpu, "gpu_link") == "bridge";
            if (!hasLink || (!supported.empty() && supported.find(gpu->snapshot.name) == std::string::npos &&
                             gpu->snapshot.name.find(supported) == std::string::npos))
                add(Severity::Problem, "nvlink",
                    gpu->snapshot.name +
                        (hasLink ? " is not a card " + link->snapshot.name + " joins"
                                 : " has no NVLink connector: " + link->snapshot.name + " cannot join it"),
                    {gpu->partId, link->partId},
                    hasLink ? "choose the bridge made for this card"
                            : "remove the bridge; the cards talk over PCIe (an RTX 3090, A6000 or A5000 pair "
                              "has NVLink)");
        }
    }

    // Data parallel between the GPUs of a node: the seed article's rule of >= 100 GB/s.
    if (p.gpuCount >= 2) {
        const auto* gpu = p.gpus.front();
        // As the estimator wires them (plan/gpu_device_spec.h): NVLink when bridged or SXM, else
        // PCIe at the lanes the CPU leaves each card; within one node.
        Build node = build;
        node.nodes = 1;
        const auto wired = buildGpus(node);
        const double gbs =
            wired ? 2 * wired->spec.interconnectBytesPerSecond / 1e9 : 0; // both ways, as the article counts
        if (gbs > 0 && gbs < 100) {
            std::ostringstream message;
            message << "the GPUs talk at about " << static_cast<int>(std::lround(gbs)) << " GB/s (both ways"
                    << (wired->lanesPerGpu > 0
                            ? ", x" + std::to_string(wired->lanesPerGpu) + " each on the CPU's lanes"
                            : std::string())
                    << "); seed article 000 asks >= 100 GB/s between GPUs for data parallel "
                       "(it also names PCIe 4.0 x16, which gives about 63)";
            add(Severity::Warning, "gpu-interconnect", message.str(), {gpu->partId},
                "expect the all-reduce to show in the step time (torchrig-cli estimate --gpus N shows how "
                "much), "
                "or choose cards with NVLink");
        }
    }

    // Power: the supply against the load, and the load against the wall.
    double gpuWatts = 0;
    for (const auto* gpu : p.gpus)
        gpuWatts += number(*gpu, "tdp_w").value_or(0) * gpu->quantity;
    const double cpuWatts = cpu ? number(*cpu, "tdp_w").value_or(0) * cpu->quantity : 0;
    const double load = gpuWatts + cpuWatts + kPlatformWatts;
    if (psu) {
        const double capacity = number(*psu, "wattage_w").value_or(0) * psu->quantity;
        if (capacity > 0) {
            const auto loadText = watts(load) + " (GPUs " + watts(gpuWatts) + ", CPU " + watts(cpuWatts) +
                                  ", platform " + watts(kPlatformWatts) + ")";
            if (load > capacity)
                add(Severity::Problem, "psu-capacity",
                    "the load of " + loadText + " exceeds " + psu->snapshot.name + "'s " + watts(capacity),
                    {psu->partId}, "choose a supply of at least " + watts(load / 0.8));
            else if (load > 0.8 * capacity)
                add(Severity::Warning, "psu-headroom",
                    "the load of " + loadText + " is over 80 % of " + psu->snapshot.name + "'s " +
                        watts(capacity),
                    {psu->partId}, "choose a supply of at least " + watts(load / 0.8));
            // ATX 3.0 supplies are specified for GPU excursions to twice their power; older ones are not.
            const bool atx3 = text(*psu, "atx_version").find("3.") != std::string::npos;
            if (!atx3 && gpuWatts > 0 && 2 * gpuWatts + cpuWatts + kPlatformWatts > capacity)
                add(Severity::Warning, "gpu-transients",
                    "the GPUs' power excursions (up to twice their " + watts(gpuWatts) +
                        " for microseconds) can trip " + psu->snapshot.name +
                        ", which is not an ATX 3.x supply",
                    {psu->partId}, "choose an ATX 3.x supply, or one rated for the peaks");
        }
    }
    // Power connectors: the cards' 16-pin and 8-pin inputs against the supply's cables.
    if (psu) {
        int sixteen = 0, eight = 0, adapterEight = 0, eps = 0;
        std::vector<std::string> cards;
        for (const auto* gpu : p.gpus) {
            const auto in = powerInputs(text(*gpu, "power_connectors"));
            if (!in.known)
                continue;
            cards.push_back(gpu->partId);
            sixteen += in.sixteenPin * gpu->quantity;
            eight += in.eightPin * gpu->quantity;
            adapterEight += in.eightPinAdapter * gpu->quantity;
            eps += in.eps * gpu->quantity;
        }
        const auto psuSixteen = static_cast<int>(number(*psu, "pcie_16pin").value_or(-1));
        const auto psuEight = static_cast<int>(number(*psu, "pcie_8pin").value_or(-1));
        auto parts = cards;
        parts.push_back(psu->partId);
        if (psuSixteen >= 0 && psuEight >= 0 && (sixteen > 0 || eight > 0)) {
            const int missingSixteen = std::max(0, sixteen - psuSixteen);
            // Each card without a 16-pin cable takes its adapter's 8-pin cables instead.
            const int adapterNeed = sixteen > 0 ? missingSixteen * adapterEight / sixteen : 0;
            const int eightNeeded = eight + adapterNeed;
            std::ostringstream message;
            message << "the cards take " << sixteen << " 16-pin and " << eight << " 8-pin PCIe cable(s); "
                    << psu->snapshot.name << " has " << psuSixteen << " 16-pin and " << psuEight << " 8-pin";
            if (missingSixteen > 0 && (adapterEight == 0 || eightNeeded > psuEight))
                add(Severity::Problem, "psu-connectors", message.str(), parts,
                    "choose a supply with " + std::to_string(sixteen) +
                        " 16-pin (12V-2x6) cables, or enough "
                        "8-pin ones for the cards' adapters");
            else if (missingSixteen > 0)
                add(Severity::Warning, "psu-connectors",
                    message.str() + ": " + std::to_string(missingSixteen) +
                        " card(s) through the adapter's " + std::to_string(adapterNeed) + " 8-pin cables",
                    parts, "a native 16-pin cable is simpler and leaves no adapter to seat badly");
            else if (eightNeeded > psuEight)
                add(Severity::Problem, "psu-connectors", message.str(), parts,
                    "choose a supply with at least " + std::to_string(eightNeeded) + " 8-pin PCIe cables");
        }
        if (eps > 0)
            add(Severity::Note, "psu-connectors",
                "the cards take " + std::to_string(eps) +
                    " 8-pin CPU (EPS) cable(s), not PCIe ones; the catalog does not list the supply's spare "
                    "EPS "
                    "cables",
                parts,
                "check the supply has EPS cables to spare beside the CPU's, or use the card's adapter");
    }

    const double circuitWatts = options.circuit.volts * options.circuit.amps;
    const double continuous = 0.8 * circuitWatts; // a continuous load's share of a breaker's rating
    if (load > continuous) {
        std::ostringstream message;
        message << "the build draws about " << watts(load) << " per node at load; a " << options.circuit.amps
                << " A x " << options.circuit.volts << " V circuit carries " << watts(continuous)
                << " continuously";
        add(load > circuitWatts ? Severity::Problem : Severity::Warning, "wall-circuit", message.str(),
            psu ? std::vector<std::string>{psu->partId} : std::vector<std::string>{},
            "give each node its own circuit, a 220-240 V or higher-current one, or cap the GPUs' power "
            "(nvidia-smi -pl)");
    }

    // The chassis: board form factor, card length and expansion slots.
    if (chassis) {
        const auto support = upper(text(*chassis, "motherboard_support"));
        if (board && !support.empty()) {
            const auto form = upper(text(*board, "form_factor"));
            bool fits = false;
            std::istringstream list(support);
            for (std::string item; std::getline(list, item, ',');) {
                item.erase(0, item.find_first_not_of(' '));
                if (item == form || (form == "EEB" && item == "SSI-EEB"))
                    fits = true;
            }
            if (!fits)
                add(Severity::Problem, "chassis-board",
                    board->snapshot.name + " is " + text(*board, "form_factor") + "; " +
                        chassis->snapshot.name + " takes " + text(*chassis, "motherboard_support"),
                    {board->partId, chassis->partId},
                    "choose a case for " + text(*board, "form_factor") + " boards");
        }
        if (auto maxLength = number(*chassis, "max_gpu_length_mm"))
            for (const auto* gpu : p.gpus)
                if (auto length = number(*gpu, "length_mm"); length && *length > *maxLength)
                    add(Severity::Problem, "gpu-length",
                        gpu->snapshot.name + " is " + std::to_string(static_cast<int>(*length)) +
                            " mm long; " + chassis->snapshot.name + " takes " +
                            std::to_string(static_cast<int>(*maxLength)) + " mm",
                        {gpu->partId, chassis->partId}, "choose a longer case");
    }

    // A workload's host RAM and storage against what a node has.
    if (options.needs) {
        double ramBytes = 0, storageBytes = 0;
        for (const auto* kit : p.memory)
            ramBytes += number(*kit, "modules").value_or(0) * number(*kit, "module_gb").value_or(0) * 1e9 *
                        kit->quantity;
        for (const auto* drive : p.storage)
            storageBytes += number(*drive, "capacity_gb").value_or(0) * 1e9 * drive->quantity;
        auto gb = [](double bytes) {
            std::ostringstream out;
            out.precision(3);
            out << bytes / 1e9 << " GB";
            return out.str();
        };
        const auto& needs = *options.needs;
        if (ramBytes > 0 && static_cast<double>(needs.hostRamBytes) > ramBytes) {
            std::vector<std::string> parts;
            for (const auto* kit : p.memory)
                parts.push_back(kit->partId);
            add(Severity::Problem, "host-ram-needs",
                needs.workload + " needs " + gb(static_cast<double>(needs.hostRamBytes)) +
                    " of host RAM per node (loaders, pinned buffers, " +
                    (needs.datasetInRam ? "the dataset cache, " : "") +
                    "a checkpoint's copy); the build has " + gb(ramBytes),
                parts, needs.datasetInRam ? "more memory, or leave the dataset on disk" : "more memory");
        }
        if (storageBytes > 0 && static_cast<double>(needs.storageBytes) > storageBytes) {
            std::vector<std::string> parts;
            for (const auto* drive : p.storage)
                parts.push_back(drive->partId);
            add(Severity::Problem, "storage-needs",
                needs.workload + " keeps " + gb(static_cast<double>(needs.storageBytes)) +
                    " on disk (the dataset and the kept checkpoints); the build's drives hold " +
                    gb(storageBytes),
                parts, "larger drives, or fewer kept checkpoints");
        }
    }

    // Cooling: three or more cards side by side.
    if (p.gpuCount >= 3 && std::any_of(p.gpus.begin(), p.gpus.end(),
                                       [&](const BuildPart* g) { return text(*g, "form_factor") == "pcie"; }))
        add(Severity::Warning, "cooling",
            std::to_string(p.gpuCount) +
                " cards side by side: open-air coolers recirculate each other's heat and throttle",
            {p.gpus.front()->partId},
            "blower or water-cooled cards, a server chassis with front-to-back airflow, or "
            "a power limit");
    return findings;
}

} // namespace torchrig::plan
