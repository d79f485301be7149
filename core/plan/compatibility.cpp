#include "plan/compatibility.h"

#include "plan/checks/rule_input.h"
#include "util/enum_names.h"

#include <algorithm>

namespace torchrig::plan {

namespace {
constexpr EnumNames<Severity, 3> kSeverityIds = {{
    {Severity::Problem, "problem"},
    {Severity::Warning, "warning"},
    {Severity::Note, "note"},
}};
} // namespace

std::string_view severityId(Severity severity) {
    return enumName(kSeverityIds, severity);
}

const std::vector<Message>& notChecked() {
    static const std::vector<Message> list = {
        TORCHRIG_MESSAGE(
            "compatibility",
            "power connectors of GPUs whose catalog entry does not list them (most: "
            "partner cards differ), and a supply's cables where the catalog does not count them"),
        TORCHRIG_MESSAGE("compatibility",
                         "CPU cooler fit where the build has no cooler, or the case gives no clearance"),
        TORCHRIG_MESSAGE("compatibility",
                         "open-air versus blower GPU coolers when the catalog does not say which a "
                         "card has"),
        TORCHRIG_MESSAGE("compatibility", "the chassis's fan layout and airflow"),
        TORCHRIG_MESSAGE("compatibility", "BIOS versions a CPU needs on an older board"),
        TORCHRIG_MESSAGE("compatibility", "M.2 slots sharing lanes with PCIe slots or SATA ports"),
        TORCHRIG_MESSAGE("compatibility", "RAM kit speed and timing support (QVL)"),
        TORCHRIG_MESSAGE("compatibility", "rack depth, rails and the data centre's power and cooling"),
        TORCHRIG_MESSAGE("compatibility",
                         "host RAM and storage against a workload's needs, unless the build plans "
                         "one"),
    };
    return list;
}

const std::vector<CompatibilityRule>& compatibilityRules() {
    using C = PartCategory;
    using namespace checks;
    static const std::vector<CompatibilityRule> rules = {
        {rule::kEmpty, Severity::Note, {}, checkEmpty, FixSearch::ChangeParts, true},
        {rule::kIncomplete,
         Severity::Note,
         {C::Cpu, C::Motherboard, C::MemoryKit, C::Psu, C::Storage},
         checkIncomplete,
         FixSearch::AddMissingParts,
         true},
        {rule::kCpuSocket, Severity::Problem, {C::Cpu, C::Motherboard}, checkCpuSocket},
        {rule::kMemoryType, Severity::Problem, {C::MemoryKit, C::Motherboard}, checkMemoryType},
        {rule::kMemoryRegistered, Severity::Problem, {C::MemoryKit, C::Motherboard}, checkMemoryRegistered},
        {rule::kMemorySlots, Severity::Problem, {C::MemoryKit, C::Motherboard}, checkMemorySlots},
        {rule::kMemoryCapacity, Severity::Problem, {C::MemoryKit, C::Motherboard}, checkMemoryCapacity},
        {rule::kMemoryChannels, Severity::Warning, {C::MemoryKit, C::Cpu}, checkMemoryChannels},
        {rule::kGpuModules, Severity::Problem, {C::Gpu, C::Server}, checkGpuModules},
        {rule::kChassisSlots, Severity::Problem, {C::Chassis, C::Gpu}, checkChassisSlots},
        {rule::kGpuSlots, Severity::Problem, {C::Motherboard, C::Gpu}, checkGpuSlots},
        // The two speed warnings: GPUs on fewer lanes than they take, or talking over PCIe below
        // the seed article's 100 GB/s. The estimate already counts what they say (buildGpus narrows
        // the cards' link to the lanes they get; the all-reduce over it is in the step time), so the
        // ranking weighs them and a proposal may carry them, said with it. Without this no build of
        // two PCIe cards could ever be proposed.
        {rule::kPcieLanes,
         Severity::Warning,
         {C::Cpu, C::Motherboard},
         checkPcieLanes,
         FixSearch::ChangeParts,
         false,
         PlannerKeeps::TheWarning},
        {rule::kSlotSharing, Severity::Warning, {C::Motherboard, C::Gpu}, checkSlotSharing},
        {rule::kNvlink, Severity::Problem, {C::Gpu, C::Interconnect}, checkNvlink},
        {rule::kGpuInterconnect,
         Severity::Warning,
         {C::Gpu},
         checkGpuInterconnect,
         FixSearch::ChangePartsKeepingGpuCount,
         false,
         PlannerKeeps::TheWarning},
        {rule::kPsuCapacity, Severity::Problem, {C::Psu}, checkPsuCapacity},
        {rule::kPsuHeadroom, Severity::Warning, {C::Psu}, checkPsuHeadroom},
        {rule::kGpuTransients, Severity::Warning, {C::Psu}, checkGpuTransients},
        {rule::kPsuConnectors, Severity::Problem, {C::Gpu, C::Psu}, checkPsuConnectors},
        {rule::kWallCircuit, Severity::Problem, {C::Psu}, checkWallCircuit},
        {rule::kChassisBoard, Severity::Problem, {C::Motherboard, C::Chassis}, checkChassisBoard},
        {rule::kGpuLength, Severity::Problem, {C::Gpu, C::Chassis}, checkGpuLength},
        {rule::kHostRamNeeds, Severity::Problem, {C::MemoryKit}, checkHostRamNeeds},
        {rule::kStorageNeeds, Severity::Problem, {C::Storage}, checkStorageNeeds},
        {rule::kCooling, Severity::Warning, {C::Gpu}, checkCooling},
        {rule::kCoolerSocket, Severity::Problem, {C::Cooler, C::Cpu}, checkCoolerSocket},
        {rule::kCoolerHeight, Severity::Problem, {C::Cooler, C::Chassis}, checkCoolerHeight},
    };
    return rules;
}

const CompatibilityRule* findCompatibilityRule(std::string_view id) {
    const auto& rules = compatibilityRules();
    auto it =
        std::find_if(rules.begin(), rules.end(), [&](const CompatibilityRule& r) { return r.id == id; });
    return it == rules.end() ? nullptr : &*it;
}

bool plannerMayKeep(const Finding& finding) {
    if (finding.severity == Severity::Note)
        return true;
    const auto* rule = findCompatibilityRule(finding.rule);
    return finding.severity == Severity::Warning && rule && rule->plannerKeeps == PlannerKeeps::TheWarning;
}

std::vector<Finding> checkBuild(const Build& build, const CheckOptions& options) {
    const checks::RuleInput input(build, options);
    std::vector<Finding> findings;
    for (const auto& rule : compatibilityRules())
        rule.check(input, findings);
    return findings;
}

} // namespace torchrig::plan
