// The platform's rules: what the build lacks, the CPU's socket, memory against the board, and the
// board against the case.

#include "plan/checks/rule_input.h"

#include <sstream>
#include <string>
#include <tuple>

namespace torchrig::plan::checks {

void checkEmpty(const RuleInput& in, std::vector<Finding>& out) {
    if (in.build.parts.empty())
        addFinding(out, Severity::Note, rule::kEmpty, "the build has no parts", {},
                   "add parts from the catalog, or start from a preset");
}

void checkIncomplete(const RuleInput& in, std::vector<Finding>& out) {
    const auto& p = in.parts;
    if (p.gpuCount == 0)
        return;
    // A server brings its board and supplies; a complete system (a DGX) its CPUs, memory and drives too.
    const bool server = p.server != nullptr, complete = p.completeSystem;
    for (auto [list, what, toAdd, included] : {std::tuple{&p.cpus, "CPU", "a CPU", complete},
                                               {&p.boards, "motherboard", "a motherboard", server},
                                               {&p.memory, "memory", "memory", complete},
                                               {&p.psus, "power supply", "a power supply", server},
                                               {&p.storage, "storage", "storage", complete}})
        if (list->empty() && !included)
            addFinding(out, Severity::Note, rule::kIncomplete,
                       std::string("the build has no ") + what + ", so nothing is checked against it", {},
                       std::string("add ") + toAdd);
}

void checkCpuSocket(const RuleInput& in, std::vector<Finding>& out) {
    const auto* cpu = in.parts.cpu;
    const auto* board = in.parts.board;
    if (!cpu || !board || text(*cpu, "socket").empty() || text(*board, "socket").empty())
        return;
    const auto cpuSocket = text(*cpu, "socket"), boardSocket = text(*board, "socket");
    if (boardSocket.rfind(cpuSocket, 0) != 0)
        addFinding(out, Severity::Problem, rule::kCpuSocket,
                   cpu->snapshot.name + " fits socket " + cpuSocket + "; " + board->snapshot.name + " has " +
                       boardSocket,
                   {cpu->partId, board->partId},
                   "choose a " + cpuSocket + " board, or a CPU for " + boardSocket);
}

namespace {

// A kit's memory type against the board's (DDR4, DDR5): empty when either is unknown.
bool typeDiffers(const BuildPart& kit, const BuildPart& board) {
    const auto boardType = upper(text(board, "memory_type"));
    const auto type = upper(text(kit, "memory_type"));
    return !type.empty() && !boardType.empty() && boardType.find(type) == std::string::npos;
}

std::vector<std::string> boardAndKits(const BuildParts& p) {
    std::vector<std::string> ids = {p.board->partId};
    for (const auto* kit : p.memory)
        ids.push_back(kit->partId);
    return ids;
}

} // namespace

void checkMemoryType(const RuleInput& in, std::vector<Finding>& out) {
    const auto* board = in.parts.board;
    if (!board)
        return;
    for (const auto* kit : in.parts.memory)
        if (typeDiffers(*kit, *board))
            addFinding(out, Severity::Problem, rule::kMemoryType,
                       kit->snapshot.name + " is " + upper(text(*kit, "memory_type")) + "; " +
                           board->snapshot.name + " takes " + text(*board, "memory_type"),
                       {kit->partId, board->partId}, "choose " + text(*board, "memory_type") + " memory");
}

// Registered (RDIMM) or unbuffered modules, for a kit of the board's type.
void checkMemoryRegistered(const RuleInput& in, std::vector<Finding>& out) {
    const auto* board = in.parts.board;
    if (!board)
        return;
    const auto boardType = upper(text(*board, "memory_type"));
    const bool boardRegistered = boardType.find("RDIMM") != std::string::npos;
    for (const auto* kit : in.parts.memory) {
        const auto form = upper(text(*kit, "module_form"));
        if (!typeDiffers(*kit, *board) && !form.empty() && !boardType.empty() &&
            (form == "RDIMM") != boardRegistered)
            addFinding(out, Severity::Problem, rule::kMemoryRegistered,
                       kit->snapshot.name + " is " + form + " memory; " + board->snapshot.name + " takes " +
                           (boardRegistered ? "registered (RDIMM)" : "unbuffered (UDIMM)") + " modules",
                       {kit->partId, board->partId},
                       std::string("choose ") + (boardRegistered ? "RDIMM" : "UDIMM") + " modules");
    }
}

void checkMemorySlots(const RuleInput& in, std::vector<Finding>& out) {
    const auto* board = in.parts.board;
    if (!board)
        return;
    int modules = 0;
    for (const auto* kit : in.parts.memory)
        modules += static_cast<int>(number(*kit, "modules").value_or(1)) * kit->quantity;
    if (auto slots = number(*board, "memory_slots"); slots && modules > *slots)
        addFinding(out, Severity::Problem, rule::kMemorySlots,
                   std::to_string(modules) + " memory modules for " +
                       std::to_string(static_cast<int>(*slots)) + " slots on " + board->snapshot.name,
                   boardAndKits(in.parts), "use fewer, larger modules");
}

void checkMemoryCapacity(const RuleInput& in, std::vector<Finding>& out) {
    const auto* board = in.parts.board;
    if (!board)
        return;
    double gigabytes = 0;
    for (const auto* kit : in.parts.memory)
        gigabytes +=
            number(*kit, "modules").value_or(1) * number(*kit, "module_gb").value_or(0) * kit->quantity;
    if (auto maximum = number(*board, "memory_max_gb"); maximum && *maximum > 0 && gigabytes > *maximum)
        addFinding(out, Severity::Problem, rule::kMemoryCapacity,
                   std::to_string(static_cast<int>(gigabytes)) + " GB of memory; " + board->snapshot.name +
                       " takes at most " + std::to_string(static_cast<int>(*maximum)) + " GB",
                   boardAndKits(in.parts), "use less memory, or a board that takes more");
}

void checkChassisBoard(const RuleInput& in, std::vector<Finding>& out) {
    const auto* chassis = in.parts.chassisPart;
    const auto* board = in.parts.board;
    if (!chassis || !board)
        return;
    const auto support = upper(text(*chassis, "motherboard_support"));
    if (support.empty())
        return;
    const auto form = upper(text(*board, "form_factor"));
    bool fits = false;
    std::istringstream list(support);
    for (std::string item; std::getline(list, item, ',');) {
        item.erase(0, item.find_first_not_of(' '));
        if (item == form || (form == "EEB" && item == "SSI-EEB"))
            fits = true;
    }
    if (!fits)
        addFinding(out, Severity::Problem, rule::kChassisBoard,
                   board->snapshot.name + " is " + text(*board, "form_factor") + "; " +
                       chassis->snapshot.name + " takes " + text(*chassis, "motherboard_support"),
                   {board->partId, chassis->partId},
                   "choose a case for " + text(*board, "form_factor") + " boards");
}

namespace {

// "sTR5 (TRX50)" and "sTR5" name one socket: the platform in brackets is the board's business.
std::string socketBase(const std::string& socket) {
    return upper(socket.substr(0, socket.find(" (")));
}

} // namespace

// The cooler's mounting kit against the CPU's socket, as the cooler's maker lists them.
void checkCoolerSocket(const RuleInput& in, std::vector<Finding>& out) {
    const auto* cpu = in.parts.cpu;
    if (!cpu || text(*cpu, "socket").empty())
        return;
    const auto socket = socketBase(text(*cpu, "socket"));
    for (const auto* cooler : in.parts.coolers) {
        const auto sockets = text(*cooler, "sockets");
        bool fits = false;
        std::istringstream list(sockets);
        for (std::string item; std::getline(list, item, ';');) {
            item.erase(0, item.find_first_not_of(' '));
            fits = fits || socketBase(item) == socket;
        }
        if (!sockets.empty() && !fits)
            addFinding(out, Severity::Problem, rule::kCoolerSocket,
                       cooler->snapshot.name + " mounts on " + sockets + "; " + cpu->snapshot.name + " is " +
                           text(*cpu, "socket"),
                       {cooler->partId, cpu->partId},
                       "choose a cooler with a " + text(*cpu, "socket") + " mount");
    }
}

// An air cooler's height against the case's clearance.
void checkCoolerHeight(const RuleInput& in, std::vector<Finding>& out) {
    const auto* chassis = in.parts.chassisPart;
    if (!chassis)
        return;
    const auto clearance = number(*chassis, "max_cooler_height_mm");
    if (!clearance)
        return;
    for (const auto* cooler : in.parts.coolers)
        if (auto height = number(*cooler, "height_mm"); height && *height > *clearance)
            addFinding(out, Severity::Problem, rule::kCoolerHeight,
                       cooler->snapshot.name + " is " + std::to_string(static_cast<int>(*height)) +
                           " mm tall; " + chassis->snapshot.name + " takes coolers up to " +
                           std::to_string(static_cast<int>(*clearance)) + " mm",
                       {cooler->partId, chassis->partId}, "a lower cooler, a liquid cooler, or a wider case");
}

} // namespace torchrig::plan::checks
