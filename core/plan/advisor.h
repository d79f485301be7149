#pragma once
// The seed articles' advice as rules that fire on the build and workload at hand. Each piece of
// advice cites its article and, where the advice is a change to the workload, offers it with its
// effect computed by the estimator (beside the article's own claim, which may be wrong:
// ../shared/design/SEED-ERRATA.md).

#include "estimate/host_needs.h"
#include "plan/build.h"
#include "plan/rent_vs_buy.h"
#include "plan/workload_on_build.h"
#include "util/message.h"
#include "workload/workload.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::plan {

// The advice's ids, as the output, the app's Apply buttons and scripts name them.
namespace advice {
inline constexpr std::string_view kMixedPrecision = "mixed-precision";
inline constexpr std::string_view kCheckpointing = "checkpointing";
inline constexpr std::string_view kGradientAccumulation = "gradient-accumulation";
inline constexpr std::string_view kBatchRuleOfThumb = "batch-rule-of-thumb";
inline constexpr std::string_view kMemoryFormula = "memory-formula";
inline constexpr std::string_view kDataParallelLink = "data-parallel-link";
inline constexpr std::string_view kLoaderWorkers = "loader-workers";
inline constexpr std::string_view kNvmeSpeed = "nvme-speed";
inline constexpr std::string_view kHostRam = "host-ram";
inline constexpr std::string_view kPowerLimit = "power-limit";
inline constexpr std::string_view kCooling = "cooling";
inline constexpr std::string_view kCloud = "cloud";
} // namespace advice

// The workload's fields a change can set (applyWorkloadChange), by the names files and the
// output use.
namespace workload_field {
inline constexpr std::string_view kPrecision = "precision";
inline constexpr std::string_view kCheckpointing = "checkpointing";
inline constexpr std::string_view kBatch = "batch";
inline constexpr std::string_view kGradAccum = "grad_accum";
inline constexpr std::string_view kLoaderWorkers = "loader_workers";
inline constexpr std::string_view kCacheDataset = "cache_dataset";
} // namespace workload_field

// A change to the workload the advice offers, by the workload's field names (workload_field) and
// the value to set.
struct WorkloadChange {
    std::string field;
    std::string value;
    std::vector<std::pair<std::string, std::string>> alsoSet; // changed together (batch with grad_accum)
};

struct Advice {
    std::string rule;     // one of the `advice` ids
    Message message;      // what the advice says about this build and workload
    std::string source;   // the article and section, as citeSeedArticle reads it
    Message articleClaim; // what the article says the change does (empty when it says nothing)
    Message correction;   // where the article is wrong, from SEED-ERRATA.md (empty when not)
    std::optional<WorkloadChange> change;
    std::optional<ChangeEffect> effect;
    Message fix; // a change to the build, in words (empty when the advice is a workload change)
};

struct AdvisorInput {
    std::optional<Workload> workload; // per GPU; none: only the build's advice
    estimate::ParallelStrategy strategy = estimate::ParallelStrategy::Ddp;
    estimate::DatasetSpec dataset;
    std::optional<RentVsBuy> rent; // for the advice on renting
    double lifetimeMonths = 36;
};

std::vector<Advice> adviseBuild(const Build& build, const AdvisorInput& input);

namespace advising {
struct AdviceContext; // plan/advice/advice_context.h
}

struct AdviceRule {
    std::string_view id;
    void (*advise)(const advising::AdviceContext& context, std::vector<Advice>& advice) = nullptr;
};

// Every piece of advice, in the order adviseBuild gives them.
const std::vector<AdviceRule>& adviceRules();

// The change made to a build's workload (precision, checkpointing, batch, grad_accum, and its
// data's loader_workers and cache_dataset), all or nothing; false for a field or value it does not
// know.
bool applyWorkloadChange(BuildWorkload& workload, const WorkloadChange& change);

} // namespace torchrig::plan
