// The platform's rules: what the build lacks, the CPU's socket, memory against the board, and the
// board against the case.

#include "plan/checks/rule_input.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <tuple>

namespace torchrig::plan::checks {

void checkEmpty(const RuleInput& in, std::vector<Finding>& out) {
    if (in.build.parts.empty())
        addFinding(out, Severity::Note, rule::kEmpty,
                   TORCHRIG_MESSAGE("compatibility", "the build has no parts"), {},
                   TORCHRIG_MESSAGE("compatibility", "add parts from the catalog, or start from a preset"));
}

void checkIncomplete(const RuleInput& in, std::vector<Finding>& out) {
    const auto& p = in.parts;
    if (p.gpuCount == 0)
        return;
    // A server brings its board and supplies; a complete system (a DGX) its CPUs, memory and drives too.
    const bool server = p.server != nullptr, complete = p.completeSystem;
    for (auto [list, what, toAdd, included] :
         {std::tuple{
              &p.cpus,
              TORCHRIG_MESSAGE("compatibility", "the build has no CPU, so nothing is checked against it"),
              TORCHRIG_MESSAGE("compatibility", "add a CPU"), complete},
          {&p.boards,
           TORCHRIG_MESSAGE("compatibility",
                            "the build has no motherboard, so nothing is checked against it"),
           TORCHRIG_MESSAGE("compatibility", "add a motherboard"), server},
          {&p.memory,
           TORCHRIG_MESSAGE("compatibility", "the build has no memory, so nothing is checked against it"),
           TORCHRIG_MESSAGE("compatibility", "add memory"), complete},
          {&p.psus,
           TORCHRIG_MESSAGE("compatibility",
                            "the build has no power supply, so nothing is checked against it"),
           TORCHRIG_MESSAGE("compatibility", "add a power supply"), server},
          {&p.storage,
           TORCHRIG_MESSAGE("compatibility", "the build has no storage, so nothing is checked against it"),
           TORCHRIG_MESSAGE("compatibility", "add storage"), complete}})
        if (list->empty() && !included)
            addFinding(out, Severity::Note, rule::kIncomplete, what, {}, toAdd);
}

void checkCpuSocket(const RuleInput& in, std::vector<Finding>& out) {
    const auto* cpu = in.parts.cpu;
    const auto* board = in.parts.board;
    if (!cpu || !board || text(*cpu, "socket").empty() || text(*board, "socket").empty())
        return;
    const auto cpuSocket = text(*cpu, "socket"), boardSocket = text(*board, "socket");
    if (boardSocket.rfind(cpuSocket, 0) != 0)
        addFinding(out, Severity::Problem, rule::kCpuSocket,
                   TORCHRIG_MESSAGE("compatibility", "%1 fits socket %2; %3 has %4")
                       .arg(cpu->snapshot.name)
                       .arg(cpuSocket)
                       .arg(board->snapshot.name)
                       .arg(boardSocket),
                   {cpu->partId, board->partId},
                   TORCHRIG_MESSAGE("compatibility", "choose a %1 board, or a CPU for %2")
                       .arg(cpuSocket)
                       .arg(boardSocket));
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
            addFinding(
                out, Severity::Problem, rule::kMemoryType,
                TORCHRIG_MESSAGE("compatibility", "%1 is %2; %3 takes %4")
                    .arg(kit->snapshot.name)
                    .arg(upper(text(*kit, "memory_type")))
                    .arg(board->snapshot.name)
                    .arg(text(*board, "memory_type")),
                {kit->partId, board->partId},
                TORCHRIG_MESSAGE("compatibility", "choose %1 memory").arg(text(*board, "memory_type")));
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
                       (boardRegistered
                            ? TORCHRIG_MESSAGE("compatibility",
                                               "%1 is %2 memory; %3 takes registered (RDIMM) modules")
                            : TORCHRIG_MESSAGE("compatibility",
                                               "%1 is %2 memory; %3 takes unbuffered (UDIMM) modules"))
                           .arg(kit->snapshot.name)
                           .arg(form)
                           .arg(board->snapshot.name),
                       {kit->partId, board->partId},
                       TORCHRIG_MESSAGE("compatibility", "choose %1 modules")
                           .arg(boardRegistered ? "RDIMM" : "UDIMM"));
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
                   TORCHRIG_MESSAGE("compatibility", "%1 memory modules for %2 slots on %3")
                       .arg(std::to_string(modules))
                       .arg(std::to_string(static_cast<int>(*slots)))
                       .arg(board->snapshot.name),
                   boardAndKits(in.parts), TORCHRIG_MESSAGE("compatibility", "use fewer, larger modules"));
}

// A channel without a module adds nothing to the CPU's memory bandwidth: eight modules on a 12-channel
// EPYC leave a third of it unused, one module on a desktop CPU half.
void checkMemoryChannels(const RuleInput& in, std::vector<Finding>& out) {
    const auto* cpu = in.parts.cpu;
    if (!cpu || in.parts.memory.empty())
        return;
    const auto perCpu = number(*cpu, "memory_channels");
    if (!perCpu || *perCpu < 1)
        return;
    const int channels = static_cast<int>(*perCpu) * std::max(1, cpu->quantity);
    int modules = 0;
    std::optional<double> speed = number(*cpu, "memory_speed_mts");
    std::vector<std::string> parts{cpu->partId};
    for (const auto* kit : in.parts.memory) {
        modules += static_cast<int>(number(*kit, "modules").value_or(1)) * kit->quantity;
        if (const auto kitSpeed = number(*kit, "speed_mts"); kitSpeed && (!speed || *kitSpeed < *speed))
            speed = kitSpeed;
        parts.push_back(kit->partId);
    }
    if (modules <= 0 || modules >= channels)
        return;
    const auto percent =
        std::to_string(static_cast<int>(std::lround(100.0 * (channels - modules) / channels)));
    auto message = TORCHRIG_MESSAGE("compatibility",
                                    "%1 memory module(s) leave %2 of %3's %4 memory channels empty: %5 % of "
                                    "its memory bandwidth is unused%6")
                       .arg(std::to_string(modules))
                       .arg(std::to_string(channels - modules))
                       .arg(cpu->snapshot.name)
                       .arg(std::to_string(channels))
                       .arg(percent);
    if (speed) {
        // A DDR4 or DDR5 channel moves 8 bytes a transfer.
        const auto gbs = [&](int n) {
            return std::to_string(static_cast<int>(std::lround(n * *speed * 8 / 1000)));
        };
        message.arg(TORCHRIG_MESSAGE("compatibility", " (it reaches %1 of %2 GB/s at %3 MT/s)")
                        .arg(gbs(modules))
                        .arg(gbs(channels))
                        .arg(std::to_string(static_cast<int>(*speed))));
    } else {
        message.arg(Message());
    }
    addFinding(out, Severity::Warning, rule::kMemoryChannels, std::move(message), parts,
               TORCHRIG_MESSAGE("compatibility", "use %1 modules, one a channel, or a multiple of %1")
                   .arg(std::to_string(channels)));
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
                   TORCHRIG_MESSAGE("compatibility", "%1 GB of memory; %2 takes at most %3 GB")
                       .arg(std::to_string(static_cast<int>(gigabytes)))
                       .arg(board->snapshot.name)
                       .arg(std::to_string(static_cast<int>(*maximum))),
                   boardAndKits(in.parts),
                   TORCHRIG_MESSAGE("compatibility", "use less memory, or a board that takes more"));
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
                   TORCHRIG_MESSAGE("compatibility", "%1 is %2; %3 takes %4")
                       .arg(board->snapshot.name)
                       .arg(text(*board, "form_factor"))
                       .arg(chassis->snapshot.name)
                       .arg(text(*chassis, "motherboard_support")),
                   {board->partId, chassis->partId},
                   TORCHRIG_MESSAGE("compatibility", "choose a case for %1 boards")
                       .arg(text(*board, "form_factor")));
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
                       TORCHRIG_MESSAGE("compatibility", "%1 mounts on %2; %3 is %4")
                           .arg(cooler->snapshot.name)
                           .arg(sockets)
                           .arg(cpu->snapshot.name)
                           .arg(text(*cpu, "socket")),
                       {cooler->partId, cpu->partId},
                       TORCHRIG_MESSAGE("compatibility", "choose a cooler with a %1 mount")
                           .arg(text(*cpu, "socket")));
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
                       TORCHRIG_MESSAGE("compatibility", "%1 is %2 mm tall; %3 takes coolers up to %4 mm")
                           .arg(cooler->snapshot.name)
                           .arg(std::to_string(static_cast<int>(*height)))
                           .arg(chassis->snapshot.name)
                           .arg(std::to_string(static_cast<int>(*clearance))),
                       {cooler->partId, chassis->partId},
                       TORCHRIG_MESSAGE("compatibility", "a lower cooler, a liquid cooler, or a wider case"));
}

} // namespace torchrig::plan::checks
