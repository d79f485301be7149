#include "plan/advisor.h"

#include "plan/advice/advice_context.h"
#include "plan/compatibility.h"
#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <cstdio>

namespace torchrig::plan {

namespace advising {

std::string format(const char* pattern, double a, double b, double c) {
    std::string text(static_cast<std::size_t>(std::snprintf(nullptr, 0, pattern, a, b, c)), '\0');
    std::snprintf(text.data(), text.size() + 1, pattern, a, b, c);
    return text;
}

double gib(std::int64_t bytes) {
    return static_cast<double>(bytes) / double(1LL << 30);
}

namespace {

HostParts hostParts(const Build& build) {
    HostParts h;
    h.ramBytes = nodeRamBytes(build);
    for (const auto& part : build.parts) {
        const auto& s = part.snapshot;
        switch (s.category) {
        case PartCategory::Cpu:
            h.cpuThreads += s.number("threads").value_or(0) * part.quantity;
            h.cpuCores += s.number("cores").value_or(0) * part.quantity;
            break;
        case PartCategory::Storage:
            if (s.number("seq_read_mbs").value_or(0) > h.fastestReadMbs) {
                h.fastestReadMbs = *s.number("seq_read_mbs");
                h.fastestDrive = s.name;
            }
            break;
        default: break;
        }
    }
    return h;
}

PowerSituation powerSituation(const Build& build) {
    PowerSituation p;
    const auto findings = checkBuild(build);
    auto fired = [&](std::initializer_list<std::string_view> rules) {
        return std::any_of(findings.begin(), findings.end(), [&](const Finding& f) {
            return std::find(rules.begin(), rules.end(), f.rule) != rules.end();
        });
    };
    p.tight = fired({rule::kPsuHeadroom, rule::kPsuCapacity, rule::kWallCircuit, rule::kGpuTransients});
    p.stacked = fired({rule::kCooling});
    p.load = nodeLoad(build);
    for (const auto& part : build.parts) {
        const auto& s = part.snapshot;
        if (s.category == PartCategory::Psu)
            p.psuWatts += s.number("wattage_w").value_or(0) * part.quantity;
        if (s.category == PartCategory::Gpu) {
            p.gpuCount += part.quantity;
            p.sxm = p.sxm || s.text("form_factor") == "sxm";
        }
    }
    return p;
}

} // namespace

AdviceContext::AdviceContext(const Build& build_, const AdvisorInput& input_)
    : build(build_)
    , input(input_)
    , gpus(buildGpus(build_))
    , host(hostParts(build_))
    , power(powerSituation(build_)) {
    if (input.workload && gpus)
        workload.emplace(*input.workload, *gpus, input.strategy);
    now = workload && workload->estimate() ? &*workload->estimate() : nullptr;
    if (now)
        hostNeeds = workload->hostNeeds(input.dataset);
}

} // namespace advising

namespace {

Message effectText(const ChangeEffect& e) {
    using advising::format;
    using advising::gib;
    Message fits;
    if (e.fitsBefore && e.fitsAfter && *e.fitsBefore != *e.fitsAfter)
        fits = *e.fitsAfter ? TORCHRIG_MESSAGE("advice", " (now fits)")
                            : TORCHRIG_MESSAGE("advice", " (no longer fits)");
    Message step;
    if (e.stepSecondsBefore > 0)
        step = TORCHRIG_MESSAGE("advice", ", step %1 -> %2 ms, %3 -> %4 samples/s")
                   .arg(format("%.1f", e.stepSecondsBefore * 1e3))
                   .arg(format("%.1f", e.stepSecondsAfter * 1e3))
                   .arg(format("%.0f", e.samplesPerSecondBefore))
                   .arg(format("%.0f", e.samplesPerSecondAfter));
    return TORCHRIG_MESSAGE("advice", "allocated %1 -> %2 GiB per GPU%3%4")
        .arg(format("%.2f", gib(e.allocatedBefore)))
        .arg(format("%.2f", gib(e.allocatedAfter)))
        .arg(std::move(fits))
        .arg(std::move(step));
}

} // namespace

const std::vector<AdviceRule>& adviceRules() {
    using namespace advising;
    static const std::vector<AdviceRule> rules = {
        {advice::kMixedPrecision, adviseMixedPrecision},
        {advice::kCheckpointing, adviseCheckpointing},
        {advice::kGradientAccumulation, adviseGradientAccumulation},
        {advice::kBatchRuleOfThumb, adviseBatchRuleOfThumb},
        {advice::kMemoryFormula, adviseMemoryFormula},
        {advice::kDataParallelLink, adviseDataParallelLink},
        {advice::kLoaderWorkers, adviseLoaderWorkers},
        {advice::kNvmeSpeed, adviseNvmeSpeed},
        {advice::kHostRam, adviseHostRam},
        {advice::kPowerLimit, advisePowerLimit},
        {advice::kCooling, adviseCooling},
        {advice::kCloud, adviseCloud},
    };
    return rules;
}

std::vector<Advice> adviseBuild(const Build& build, const AdvisorInput& input) {
    const advising::AdviceContext context(build, input);
    std::vector<Advice> advice;
    for (const auto& rule : adviceRules())
        rule.advise(context, advice);
    for (auto& a : advice)
        if (a.effect)
            a.message =
                TORCHRIG_MESSAGE("advice", "%1: %2").arg(std::move(a.message)).arg(effectText(*a.effect));
    return advice;
}

bool applyWorkloadChange(BuildWorkload& workload, const WorkloadChange& change) {
    auto& request = workload.workload;
    auto whole = [](const std::string& value, long long lowest) -> std::optional<long long> {
        try {
            std::size_t used = 0;
            const auto n = std::stoll(value, &used);
            if (used == value.size() && n >= lowest)
                return n;
        } catch (const std::exception&) {
        }
        return std::nullopt;
    };
    auto applyOne = [&](const std::string& field, const std::string& value) {
        if (field == workload_field::kPrecision) {
            auto p = precisionFromString(value);
            if (!p)
                return false;
            request.precision = *p;
        } else if (field == workload_field::kCheckpointing) {
            auto c = checkpointingFromString(value);
            if (!c)
                return false;
            request.checkpointing = *c;
        } else if (field == workload_field::kBatch || field == workload_field::kGradAccum ||
                   field == workload_field::kLoaderWorkers) {
            const auto n = whole(value, field == workload_field::kLoaderWorkers ? 0 : 1);
            if (!n || *n > (1 << 20))
                return false;
            if (field == workload_field::kBatch)
                request.inputs.batch = *n;
            else if (field == workload_field::kGradAccum)
                request.gradientAccumulation = static_cast<int>(*n);
            else
                workload.dataset.loaderWorkers = static_cast<int>(*n);
        } else if (field == workload_field::kCacheDataset) {
            if (value != "true" && value != "false")
                return false;
            workload.dataset.cacheInRam = value == "true";
        } else {
            return false;
        }
        return true;
    };
    const auto before = workload;
    bool applied = applyOne(change.field, change.value);
    for (const auto& [field, value] : change.alsoSet)
        applied = applied && applyOne(field, value);
    if (!applied)
        workload = before; // all or nothing
    return applied;
}

} // namespace torchrig::plan
