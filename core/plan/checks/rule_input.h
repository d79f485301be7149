#pragma once
// What every compatibility rule reads: the build, its parts sorted by kind, the options, and the
// figures more than one rule needs, worked out once. Internal to plan/checks and compatibility.cpp.

#include "plan/compatibility.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::plan::checks {

struct BuildParts {
    explicit BuildParts(const Build& build);
    std::vector<const BuildPart*> gpus, cpus, boards, memory, psus, chassis, storage, interconnects, servers,
        coolers;
    int gpuCount = 0;
    // A complete GPU server stands in for the board, the case and the supplies it is built with,
    // unless the build names its own; `completeSystem` when it also ships its CPUs (a DGX).
    const BuildPart* server = nullptr;
    bool completeSystem = false;
    // The first of each: what the rules check the others against.
    const BuildPart* cpu = nullptr;
    const BuildPart* board = nullptr;
    const BuildPart* psu = nullptr;
    const BuildPart* chassisPart = nullptr;
    // SXM or OAM modules: on the server's baseboard, not in the board's slots.
    bool gpuModules = false;
};

// Where the cards land in the board's PCIe slots, each covering its cooler's width.
struct CardPlacement {
    std::string slots;          // the board's slots as its layout prints them
    int placed = 0;             // cards that found a slot without one covering the next
    int width = 1;              // the widest card's slots, rounded up
    int nextFree = 0;           // the first slot below the lowest card's cooler
    std::vector<int> positions; // the slots the placed cards sit in
};

struct RuleInput {
    RuleInput(const Build& build, const CheckOptions& options);
    const Build& build;
    const CheckOptions& options;
    BuildParts parts;
    NodeLoad load; // one node's
    // Cards in the board's slots: known when the build has cards (not modules), a board and its
    // slot layout.
    std::optional<CardPlacement> placement;
};

// The part's figure or text as its snapshot keeps it.
std::optional<double> number(const BuildPart& part, std::string_view column);
std::string text(const BuildPart& part, std::string_view column);
std::string upper(std::string s);
std::string watts(double w); // "850 W"

void addFinding(std::vector<Finding>& findings, Severity severity, std::string_view rule, Message message,
                std::vector<std::string> parts, Message fix);

// The rules, in the files named (the registry in compatibility.cpp lists them in order).
// platform_rules.cpp
void checkEmpty(const RuleInput& in, std::vector<Finding>& out);
void checkIncomplete(const RuleInput& in, std::vector<Finding>& out);
void checkCpuSocket(const RuleInput& in, std::vector<Finding>& out);
void checkMemoryType(const RuleInput& in, std::vector<Finding>& out);
void checkMemoryRegistered(const RuleInput& in, std::vector<Finding>& out);
void checkMemorySlots(const RuleInput& in, std::vector<Finding>& out);
void checkMemoryCapacity(const RuleInput& in, std::vector<Finding>& out);
void checkMemoryChannels(const RuleInput& in, std::vector<Finding>& out);
void checkChassisBoard(const RuleInput& in, std::vector<Finding>& out);
// card_rules.cpp
void checkGpuModules(const RuleInput& in, std::vector<Finding>& out);
void checkChassisSlots(const RuleInput& in, std::vector<Finding>& out);
void checkGpuSlots(const RuleInput& in, std::vector<Finding>& out);
void checkPcieLanes(const RuleInput& in, std::vector<Finding>& out);
void checkNvlink(const RuleInput& in, std::vector<Finding>& out);
void checkGpuInterconnect(const RuleInput& in, std::vector<Finding>& out);
void checkGpuLength(const RuleInput& in, std::vector<Finding>& out);
void checkCooling(const RuleInput& in, std::vector<Finding>& out);
void checkCoolerSocket(const RuleInput& in, std::vector<Finding>& out);
void checkCoolerHeight(const RuleInput& in, std::vector<Finding>& out);
void checkSlotSharing(const RuleInput& in, std::vector<Finding>& out);
// power_rules.cpp
void checkPsuCapacity(const RuleInput& in, std::vector<Finding>& out);
void checkPsuHeadroom(const RuleInput& in, std::vector<Finding>& out);
void checkGpuTransients(const RuleInput& in, std::vector<Finding>& out);
void checkPsuConnectors(const RuleInput& in, std::vector<Finding>& out);
void checkWallCircuit(const RuleInput& in, std::vector<Finding>& out);
// workload_rules.cpp
void checkHostRamNeeds(const RuleInput& in, std::vector<Finding>& out);
void checkStorageNeeds(const RuleInput& in, std::vector<Finding>& out);

} // namespace torchrig::plan::checks
