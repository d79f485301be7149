#pragma once
// Whether a build's parts go together, rule by rule, from the specs its file keeps. Each finding
// names its rule, the parts it concerns and what to do; what the rules cannot check is listed with
// the results, so that "no problems" never reads as more than it is.

#include "plan/build.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::plan {

enum class Severity { Problem, Warning, Note };
std::string_view severityId(Severity severity); // "problem", "warning", "note"

struct Finding {
    Severity severity = Severity::Note;
    std::string rule; // "cpu-socket", "psu-capacity", …
    std::string message;
    std::vector<std::string> parts; // catalog ids
    std::string fix;                // what to do ("" when nothing obvious)
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
const std::vector<std::string>& notChecked();

// A platform allowance for the board, memory, drives and fans, beside the CPU's and GPUs' power
// (a stated assumption, not a measurement).
inline constexpr double kPlatformWatts = 75;

} // namespace torchrig::plan
