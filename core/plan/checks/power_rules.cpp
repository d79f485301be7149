// The power rules: the supply against the load and the cards' connectors, and the load against the
// wall circuit.

#include "plan/checks/rule_input.h"

#include <algorithm>
#include <charconv>
#include <optional>
#include <sstream>

namespace torchrig::plan::checks {

namespace {

// "4+2": four supplies carry the load, two stand by. None when the text is not N+M.
std::optional<int> workingSupplies(const std::string& redundancy) {
    int working = 0;
    auto [end, error] = std::from_chars(redundancy.data(), redundancy.data() + redundancy.size(), working);
    if (error != std::errc() || end == redundancy.data() + redundancy.size() || *end != '+' || working <= 0)
        return std::nullopt;
    return working;
}

// The supply's rating, all of its units together (0: unknown or no supply). A server's supplies
// count without the ones its redundancy keeps in reserve.
double supplyWatts(const RuleInput& in) {
    if (const auto* psu = in.parts.psu)
        return number(*psu, "wattage_w").value_or(0) * psu->quantity;
    const auto* server = in.parts.server;
    if (!server)
        return 0;
    const auto each = number(*server, "psu_w").value_or(0);
    const auto count = number(*server, "psu_count").value_or(0);
    const auto working = workingSupplies(text(*server, "psu_redundancy"));
    return each * (working ? std::min<double>(*working, count) : count) * server->quantity;
}

const BuildPart* supplyPart(const RuleInput& in) {
    return in.parts.psu ? in.parts.psu : in.parts.server;
}

Message loadText(const NodeLoad& load) {
    return TORCHRIG_MESSAGE("compatibility", "%1 (GPUs %2, CPU %3, platform %4)")
        .arg(watts(load.total()))
        .arg(watts(load.gpuWatts))
        .arg(watts(load.cpuWatts))
        .arg(watts(load.platformWatts));
}

// As a stream prints it: "15", "16.5".
std::string plain(double value) {
    std::ostringstream out;
    out << value;
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
            // A catalog row's text: a count no card has (or more digits than an int) reads as unknown.
            if (end < item.size() && item[end] == 'x' &&
                (std::from_chars(item.data() + digit, item.data() + end, count).ec != std::errc() ||
                 count > 16))
                return PowerInputs{};
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

} // namespace

void checkPsuCapacity(const RuleInput& in, std::vector<Finding>& out) {
    const double capacity = supplyWatts(in);
    const double load = in.load.total();
    if (capacity > 0 && load > capacity)
        addFinding(
            out, Severity::Problem, rule::kPsuCapacity,
            TORCHRIG_MESSAGE("compatibility", "the load of %1 exceeds %2's %3")
                .arg(loadText(in.load))
                .arg(supplyPart(in)->snapshot.name)
                .arg(watts(capacity)),
            {supplyPart(in)->partId},
            TORCHRIG_MESSAGE("compatibility", "choose a supply of at least %1").arg(watts(load / 0.8)));
}

void checkPsuHeadroom(const RuleInput& in, std::vector<Finding>& out) {
    const double capacity = supplyWatts(in);
    const double load = in.load.total();
    if (capacity > 0 && load <= capacity && load > 0.8 * capacity)
        addFinding(
            out, Severity::Warning, rule::kPsuHeadroom,
            TORCHRIG_MESSAGE("compatibility", "the load of %1 is over 80 % of %2's %3")
                .arg(loadText(in.load))
                .arg(supplyPart(in)->snapshot.name)
                .arg(watts(capacity)),
            {supplyPart(in)->partId},
            TORCHRIG_MESSAGE("compatibility", "choose a supply of at least %1").arg(watts(load / 0.8)));
}

// ATX 3.0 supplies are specified for GPU excursions to twice their power; older ones are not.
void checkGpuTransients(const RuleInput& in, std::vector<Finding>& out) {
    const double capacity = supplyWatts(in);
    if (capacity <= 0 || !in.parts.psu) // a server's supplies are specified with its GPUs
        return;
    const auto* psu = in.parts.psu;
    const auto version = text(*psu, "atx_version"); // "ATX 3.0", "ATX 3.1", or makers' "ATX 3"
    const bool atx3 = version.find("3.") != std::string::npos || version.find("ATX 3") != std::string::npos;
    const auto& load = in.load;
    if (!atx3 && load.gpuWatts > 0 && 2 * load.gpuWatts + load.cpuWatts + load.platformWatts > capacity)
        addFinding(out, Severity::Warning, rule::kGpuTransients,
                   TORCHRIG_MESSAGE("compatibility",
                                    "the GPUs' power excursions (up to twice their %1 for "
                                    "microseconds) can trip %2, which is not an ATX 3.x supply")
                       .arg(watts(load.gpuWatts))
                       .arg(psu->snapshot.name),
                   {psu->partId},
                   TORCHRIG_MESSAGE("compatibility", "choose an ATX 3.x supply, or one rated for the peaks"));
}

// Data-centre cards (A100 PCIe, A40, RTX A6000, H100 NVL) take an 8-pin CPU (EPS) cable, as the board
// does for its CPU: the supply's EPS cables less the board's inputs are what the cards can have.
void checkEpsCables(const RuleInput& in, int cardsNeed, const std::vector<std::string>& parts,
                    std::vector<Finding>& out) {
    const auto* psu = in.parts.psu;
    const auto supplied = number(*psu, "eps_8pin");
    if (!supplied) {
        addFinding(
            out, Severity::Note, rule::kPsuConnectors,
            TORCHRIG_MESSAGE("compatibility",
                             "the cards take %1 8-pin CPU (EPS) cable(s), not PCIe ones; the "
                             "catalog does not know how many EPS cables %2 has")
                .arg(std::to_string(cardsNeed))
                .arg(psu->snapshot.name),
            parts,
            TORCHRIG_MESSAGE("compatibility", "check the supply has EPS cables to spare beside the CPU's"));
        return;
    }
    // Every ATX board takes at least one for its CPU; a board row may say it takes two.
    const auto boardInputs = in.parts.board ? number(*in.parts.board, "eps_8pin") : std::nullopt;
    const int boardNeed = static_cast<int>(boardInputs.value_or(1));
    const int spare = std::max(0, static_cast<int>(*supplied) - boardNeed);
    if (cardsNeed <= spare)
        return;
    auto cables = TORCHRIG_MESSAGE("compatibility",
                                   "the cards take %1 8-pin CPU (EPS) cable(s); %2 has %3, of which the "
                                   "board takes %4%5")
                      .arg(std::to_string(cardsNeed))
                      .arg(psu->snapshot.name)
                      .arg(std::to_string(static_cast<int>(*supplied)))
                      .arg(std::to_string(boardNeed))
                      .arg(boardInputs ? Message() : TORCHRIG_MESSAGE("compatibility", " or more"));
    addFinding(out, Severity::Problem, rule::kPsuConnectors, std::move(cables), parts,
               TORCHRIG_MESSAGE("compatibility", "choose a supply with at least %1 8-pin CPU (EPS) cables")
                   .arg(std::to_string(cardsNeed + boardNeed)));
}

// The cards' 16-pin and 8-pin inputs against the supply's cables.
void checkPsuConnectors(const RuleInput& in, std::vector<Finding>& out) {
    const auto* psu = in.parts.psu;
    if (!psu)
        return;
    int sixteen = 0, eight = 0, adapterEight = 0, eps = 0;
    std::vector<std::string> parts;
    for (const auto* gpu : in.parts.gpus) {
        const auto inputs = powerInputs(text(*gpu, "power_connectors"));
        if (!inputs.known)
            continue;
        parts.push_back(gpu->partId);
        sixteen += inputs.sixteenPin * gpu->quantity;
        eight += inputs.eightPin * gpu->quantity;
        adapterEight += inputs.eightPinAdapter * gpu->quantity;
        eps += inputs.eps * gpu->quantity;
    }
    parts.push_back(psu->partId);
    const auto psuSixteen = static_cast<int>(number(*psu, "pcie_16pin").value_or(-1));
    const auto psuEight = static_cast<int>(number(*psu, "pcie_8pin").value_or(-1));
    if (psuSixteen >= 0 && psuEight >= 0 && (sixteen > 0 || eight > 0)) {
        const int missingSixteen = std::max(0, sixteen - psuSixteen);
        // Each card without a 16-pin cable takes its adapter's 8-pin cables instead.
        const int adapterNeed = sixteen > 0 ? missingSixteen * adapterEight / sixteen : 0;
        const int eightNeeded = eight + adapterNeed;
        const auto cables =
            TORCHRIG_MESSAGE("compatibility",
                             "the cards take %1 16-pin and %2 8-pin PCIe cable(s); %3 has %4 16-pin "
                             "and %5 8-pin")
                .arg(std::to_string(sixteen))
                .arg(std::to_string(eight))
                .arg(psu->snapshot.name)
                .arg(std::to_string(psuSixteen))
                .arg(std::to_string(psuEight));
        if (missingSixteen > 0 && (adapterEight == 0 || eightNeeded > psuEight))
            addFinding(out, Severity::Problem, rule::kPsuConnectors, cables, parts,
                       TORCHRIG_MESSAGE("compatibility",
                                        "choose a supply with %1 16-pin (12V-2x6) cables, or "
                                        "enough 8-pin ones for the cards' adapters")
                           .arg(std::to_string(sixteen)));
        else if (missingSixteen > 0)
            addFinding(
                out, Severity::Warning, rule::kPsuConnectors,
                TORCHRIG_MESSAGE("compatibility", "%1: %2 card(s) through the adapter's %3 8-pin cables")
                    .arg(cables)
                    .arg(std::to_string(missingSixteen))
                    .arg(std::to_string(adapterNeed)),
                parts,
                TORCHRIG_MESSAGE("compatibility",
                                 "a native 16-pin cable is simpler and leaves no adapter to seat badly"));
        else if (eightNeeded > psuEight)
            addFinding(out, Severity::Problem, rule::kPsuConnectors, cables, parts,
                       TORCHRIG_MESSAGE("compatibility", "choose a supply with at least %1 8-pin PCIe cables")
                           .arg(std::to_string(eightNeeded)));
    }
    if ((psuSixteen < 0 && sixteen > 0) || (psuEight < 0 && eight > 0))
        addFinding(
            out, Severity::Note, rule::kPsuConnectors,
            TORCHRIG_MESSAGE("compatibility",
                             "the cards take %1 16-pin and %2 8-pin PCIe cable(s); the catalog "
                             "does not know how many %3 has")
                .arg(std::to_string(sixteen))
                .arg(std::to_string(eight))
                .arg(psu->snapshot.name),
            parts,
            TORCHRIG_MESSAGE("compatibility",
                             "count the supply's cables in its manual, or record them in the catalog"));
    if (eps > 0)
        checkEpsCables(in, eps, parts, out);
}

// A continuous load may draw 80 % of a breaker's rating.
// A rack server runs on the data centre's power distribution, which the rules do not see (said
// under "not checked").
void checkWallCircuit(const RuleInput& in, std::vector<Finding>& out) {
    if (in.build.parts.empty() || in.parts.server)
        return;
    const auto& circuit = in.options.circuit;
    const double circuitWatts = circuit.volts * circuit.amps;
    const double continuous = 0.8 * circuitWatts;
    const double load = in.load.total();
    if (load <= continuous)
        return;
    const auto* psu = in.parts.psu;
    addFinding(out, load > circuitWatts ? Severity::Problem : Severity::Warning, rule::kWallCircuit,
               TORCHRIG_MESSAGE("compatibility",
                                "the build draws about %1 per node at load; a %2 A x %3 V circuit carries %4 "
                                "continuously")
                   .arg(watts(load))
                   .arg(plain(circuit.amps))
                   .arg(plain(circuit.volts))
                   .arg(watts(continuous)),
               psu ? std::vector<std::string>{psu->partId} : std::vector<std::string>{},
               TORCHRIG_MESSAGE("compatibility",
                                "give each node its own circuit, a 220-240 V or higher-current "
                                "one, or cap the GPUs' power (nvidia-smi -pl)"));
}

} // namespace torchrig::plan::checks
