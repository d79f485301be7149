// A workload's host RAM and storage against what a node has, when `build check` is given one.

#include "plan/checks/rule_input.h"

#include <sstream>

namespace torchrig::plan::checks {

namespace {

std::string gb(double bytes) {
    std::ostringstream out;
    out.precision(3);
    out << bytes / 1e9 << " GB";
    return out.str();
}

} // namespace

void checkHostRamNeeds(const RuleInput& in, std::vector<Finding>& out) {
    if (!in.options.needs)
        return;
    const auto& needs = *in.options.needs;
    const double ramBytes = nodeRamBytes(in.build);
    std::vector<std::string> parts;
    for (const auto* kit : in.parts.memory)
        parts.push_back(kit->partId);
    if (ramBytes > 0 && static_cast<double>(needs.hostRamBytes) > ramBytes)
        addFinding(
            out, Severity::Problem, rule::kHostRamNeeds,
            (needs.datasetInRam
                 ? TORCHRIG_MESSAGE("compatibility", "%1 needs %2 of host RAM per node (loaders, pinned "
                                                     "buffers, the dataset cache, a checkpoint's copy); the "
                                                     "build has %3")
                 : TORCHRIG_MESSAGE("compatibility", "%1 needs %2 of host RAM per node (loaders, pinned "
                                                     "buffers, a checkpoint's copy); the build has %3"))
                .arg(needs.workload)
                .arg(gb(static_cast<double>(needs.hostRamBytes)))
                .arg(gb(ramBytes)),
            parts,
            needs.datasetInRam
                ? TORCHRIG_MESSAGE("compatibility", "more memory, or leave the dataset on disk")
                : TORCHRIG_MESSAGE("compatibility", "more memory"));
}

void checkStorageNeeds(const RuleInput& in, std::vector<Finding>& out) {
    if (!in.options.needs)
        return;
    const auto& needs = *in.options.needs;
    double storageBytes = 0;
    std::vector<std::string> parts;
    for (const auto* drive : in.parts.storage) {
        storageBytes += number(*drive, "capacity_gb").value_or(0) * 1e9 * drive->quantity;
        parts.push_back(drive->partId);
    }
    if (storageBytes > 0 && static_cast<double>(needs.storageBytes) > storageBytes)
        addFinding(out, Severity::Problem, rule::kStorageNeeds,
                   TORCHRIG_MESSAGE("compatibility",
                                    "%1 keeps %2 on disk (the dataset and the kept checkpoints); "
                                    "the build's drives hold %3")
                       .arg(needs.workload)
                       .arg(gb(static_cast<double>(needs.storageBytes)))
                       .arg(gb(storageBytes)),
                   parts, TORCHRIG_MESSAGE("compatibility", "larger drives, or fewer kept checkpoints"));
}

} // namespace torchrig::plan::checks
