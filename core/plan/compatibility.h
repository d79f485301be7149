#pragma once
// Whether a build's parts go together, rule by rule, from the specs its file keeps. Each finding
// names its rule, the parts it concerns and what to do; what the rules cannot check is listed with
// the results, so that "no problems" never reads as more than it is.
//
// A rule is one function with one id (the constants in `rule`), listed once in the registry
// (compatibilityRules(), in compatibility.cpp) with its severity, the kinds of part it concerns
// and how finding_fixes.h looks for a fix; the functions live in plan/checks/.

#include "hardware/part_category.h"
#include "plan/build.h"
#include "plan/build_power.h"
#include "util/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::plan {

enum class Severity { Problem, Warning, Note };
std::string_view severityId(Severity severity); // "problem", "warning", "note"

// The rules' ids, as findings, files and scripts name them.
namespace rule {
inline constexpr std::string_view kEmpty = "empty";
inline constexpr std::string_view kIncomplete = "incomplete";
inline constexpr std::string_view kCpuSocket = "cpu-socket";
inline constexpr std::string_view kMemoryType = "memory-type";
inline constexpr std::string_view kMemoryRegistered = "memory-registered";
inline constexpr std::string_view kMemorySlots = "memory-slots";
inline constexpr std::string_view kMemoryCapacity = "memory-capacity";
inline constexpr std::string_view kMemoryChannels = "memory-channels";
inline constexpr std::string_view kGpuModules = "gpu-modules";
inline constexpr std::string_view kChassisSlots = "chassis-slots";
inline constexpr std::string_view kGpuSlots = "gpu-slots";
inline constexpr std::string_view kPcieLanes = "pcie-lanes";
inline constexpr std::string_view kNvlink = "nvlink";
inline constexpr std::string_view kGpuInterconnect = "gpu-interconnect";
inline constexpr std::string_view kPsuCapacity = "psu-capacity";
inline constexpr std::string_view kPsuHeadroom = "psu-headroom";
inline constexpr std::string_view kGpuTransients = "gpu-transients";
inline constexpr std::string_view kPsuConnectors = "psu-connectors";
inline constexpr std::string_view kWallCircuit = "wall-circuit";
inline constexpr std::string_view kChassisBoard = "chassis-board";
inline constexpr std::string_view kGpuLength = "gpu-length";
inline constexpr std::string_view kHostRamNeeds = "host-ram-needs";
inline constexpr std::string_view kStorageNeeds = "storage-needs";
inline constexpr std::string_view kCooling = "cooling";
inline constexpr std::string_view kCoolerSocket = "cooler-socket";
inline constexpr std::string_view kCoolerHeight = "cooler-height";
inline constexpr std::string_view kSlotSharing = "slot-sharing";
} // namespace rule

struct Finding {
    Severity severity = Severity::Note;
    std::string rule;               // one of the `rule` ids
    Message message;                // in the reader's language through its text()
    std::vector<std::string> parts; // catalog ids
    Message fix;                    // what to do (empty when nothing obvious)
};

// The wall circuit the build is plugged into.
struct WallCircuit {
    double volts = 120;
    double amps = 15;
};

// What a workload asks of each node beside its GPUs (estimate/host_needs.h), when one is given.
struct WorkloadNeeds {
    std::int64_t hostRamBytes = 0;
    std::int64_t storageBytes = 0; // dataset and kept checkpoints
    bool datasetInRam = false;
    std::string workload; // how to name it in a message ("bert-base-uncased, batch 32")
};

struct CheckOptions {
    WallCircuit circuit;
    std::optional<WorkloadNeeds> needs;
};

std::vector<Finding> checkBuild(const Build& build, const CheckOptions& options = {});
// What the rules do not check, said with every result.
const std::vector<Message>& notChecked();

namespace checks {
struct RuleInput; // plan/checks/rule_input.h
}

// How finding_fixes.h looks for a concrete fix to a rule's finding.
enum class FixSearch {
    ChangeParts,                // fewer of a concerned part, another catalog part in its place, a removal
    ChangePartsKeepingGpuCount, // the same, but the GPUs' number is not the answer
    AddMissingParts,            // the same, and the catalog's parts of each missing kind added
};

// Whether the planner may propose a build that has this rule's warning. Decided where the rule is
// declared, so that a new warning rule says whether it stops a proposal rather than silently doing
// so. A problem always stops one; a note never does.
enum class PlannerKeeps {
    NoWarning,  // the warning is a fault to fix before buying: the planner looks further
    TheWarning, // it costs speed, not a working machine: a proposal carries it and says so
};

struct CompatibilityRule {
    std::string_view id;
    Severity severity;                  // the gravest it reports
    std::vector<PartCategory> concerns; // the kinds of part its findings name
    void (*check)(const checks::RuleInput& input, std::vector<Finding>& findings) = nullptr;
    FixSearch fixes = FixSearch::ChangeParts;
    bool missingParts = false; // it reports parts the checks need and the build lacks
    PlannerKeeps plannerKeeps = PlannerKeeps::NoWarning;
};

// Every rule, in the order checkBuild runs them (and lists their findings).
const std::vector<CompatibilityRule>& compatibilityRules();
// Whether a proposal may carry this finding: a note, or the warning of a rule the planner keeps.
bool plannerMayKeep(const Finding& finding);
const CompatibilityRule* findCompatibilityRule(std::string_view id);

} // namespace torchrig::plan
