#pragma once
// What every piece of advice reads: the build, the advisor's input, the build's GPUs as wired, its
// host parts, the workload estimated on it, and its power, worked out once. Internal to
// plan/advice and advisor.cpp.

#include "plan/advisor.h"
#include "plan/compatibility.h"

#include <optional>
#include <string>
#include <vector>

namespace torchrig::plan::advising {

inline constexpr const char* kArticle000 = "seeds/000_bc17f2316f896fdf.txt";
inline constexpr const char* kArticle001 = "seeds/001_dc640eff46d1bd71.txt";
inline constexpr const char* kArticle002 = "seeds/002_d86d7892b6808b1a.txt";

// A message with up to three numbers (printf's pattern).
std::string format(const char* pattern, double a, double b = 0, double c = 0);
double gib(std::int64_t bytes);

// The CPUs, memory and fastest drive of one node.
struct HostParts {
    double cpuThreads = 0, cpuCores = 0;
    double ramBytes = 0;
    double fastestReadMbs = 0;
    std::string fastestDrive;
};

// What the build draws against its supply, and whether the checks found it tight or stacked.
struct PowerSituation {
    bool tight = false;   // the supply or the wall circuit (psu-*, wall-circuit, gpu-transients)
    bool stacked = false; // cards side by side (cooling)
    bool sxm = false;
    double psuWatts = 0, gpuCount = 0;
    NodeLoad load;
};

struct AdviceContext {
    AdviceContext(const Build& build, const AdvisorInput& input);
    const Build& build;
    const AdvisorInput& input;
    std::optional<BuildGpus> gpus;
    HostParts host;
    std::optional<WorkloadOnBuild> workload;
    const estimate::Estimate* now = nullptr;         // the workload's estimate, when there is one
    std::optional<estimate::HostEstimate> hostNeeds; // when there is an estimate
    PowerSituation power;
};

// The advice, in the files named (the registry in advisor.cpp lists them in order).
// workload_advice.cpp
void adviseMixedPrecision(const AdviceContext& c, std::vector<Advice>& out);
void adviseCheckpointing(const AdviceContext& c, std::vector<Advice>& out);
void adviseGradientAccumulation(const AdviceContext& c, std::vector<Advice>& out);
void adviseBatchRuleOfThumb(const AdviceContext& c, std::vector<Advice>& out);
void adviseMemoryFormula(const AdviceContext& c, std::vector<Advice>& out);
void adviseDataParallelLink(const AdviceContext& c, std::vector<Advice>& out);
// host_advice.cpp
void adviseLoaderWorkers(const AdviceContext& c, std::vector<Advice>& out);
void adviseNvmeSpeed(const AdviceContext& c, std::vector<Advice>& out);
void adviseHostRam(const AdviceContext& c, std::vector<Advice>& out);
// power_and_cost_advice.cpp
void advisePowerLimit(const AdviceContext& c, std::vector<Advice>& out);
void adviseCooling(const AdviceContext& c, std::vector<Advice>& out);
void adviseCloud(const AdviceContext& c, std::vector<Advice>& out);

} // namespace torchrig::plan::advising
