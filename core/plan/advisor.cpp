#include "plan/advisor.h"

#include "estimate/rule_of_thumb.h"
#include "plan/compatibility.h"
#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"
#include "workload/model_zoo.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace torchrig::plan {

namespace {

constexpr const char* kArticle000 = "seeds/000_bc17f2316f896fdf.txt";
constexpr const char* kArticle001 = "seeds/001_dc640eff46d1bd71.txt";
constexpr const char* kArticle002 = "seeds/002_d86d7892b6808b1a.txt";

std::string format(const char* pattern, double a, double b = 0, double c = 0) {
    std::string text(static_cast<std::size_t>(std::snprintf(nullptr, 0, pattern, a, b, c)), '\0');
    std::snprintf(text.data(), text.size() + 1, pattern, a, b, c);
    return text;
}

double gib(std::int64_t bytes) {
    return static_cast<double>(bytes) / double(1LL << 30);
}

std::string effectText(const ChangeEffect& e) {
    std::string text =
        format("allocated %.2f -> %.2f GiB per GPU", gib(e.allocatedBefore), gib(e.allocatedAfter));
    if (e.fitsBefore && e.fitsAfter && *e.fitsBefore != *e.fitsAfter)
        text += *e.fitsAfter ? " (now fits)" : " (no longer fits)";
    if (e.stepSecondsBefore > 0)
        text += format(", step %.1f -> %.1f ms, %.0f -> ", e.stepSecondsBefore * 1e3,
                       e.stepSecondsAfter * 1e3, e.samplesPerSecondBefore) +
                format("%.0f samples/s", e.samplesPerSecondAfter);
    return text;
}

struct HostParts {
    double cpuThreads = 0, cpuCores = 0;
    double ramBytes = 0;
    double fastestReadMbs = 0;
    std::string fastestDrive;
};

HostParts hostParts(const Build& build) {
    HostParts h;
    for (const auto& part : build.parts) {
        const auto& s = part.snapshot;
        switch (s.category) {
        case PartCategory::Cpu:
            h.cpuThreads += s.number("threads").value_or(0) * part.quantity;
            h.cpuCores += s.number("cores").value_or(0) * part.quantity;
            break;
        case PartCategory::MemoryKit:
            h.ramBytes +=
                s.number("modules").value_or(0) * s.number("module_gb").value_or(0) * 1e9 * part.quantity;
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

} // namespace

std::vector<Advice> adviseBuild(const Build& build, const AdvisorInput& input) {
    std::vector<Advice> advice;
    const auto gpus = buildGpus(build);
    const auto host = hostParts(build);

    std::optional<WorkloadOnBuild> workload;
    if (input.workload && gpus)
        workload.emplace(*input.workload, *gpus, input.strategy);
    const estimate::Estimate* now = workload && workload->estimate() ? &*workload->estimate() : nullptr;
    const bool fits = now && now->fits.value_or(false);

    if (now) {
        const auto& request = workload->request();
        // Mixed precision: the article's 50 % less memory and 30-50 % more speed, computed.
        if ((request.precision == Precision::Fp32 || request.precision == Precision::Tf32) &&
            (gpus->spec.bf16Flops > 0 || gpus->spec.fp16Flops > 0)) {
            auto changed = request;
            const bool bf16 = gpus->spec.bf16Flops > 0;
            changed.precision = bf16 ? Precision::AmpBf16 : Precision::AmpFp16;
            Advice a{"mixed-precision",
                     std::string("train with automatic mixed precision (") +
                         (bf16 ? "amp-bf16" : "amp-fp16") + "): " + gpus->spec.name +
                         " has tensor cores for it",
                     std::string(kArticle001) + " 3.1 混合精度训练",
                     "50 % less memory, 30-50 % faster (seeds/003 3.1: FP16 2-3x faster)",
                     "",
                     WorkloadChange{"precision", bf16 ? "amp-bf16" : "amp-fp16", {}},
                     workload->effectOf(changed),
                     ""};
            advice.push_back(std::move(a));
        }
        // Gradient checkpointing when the workload does not fit or barely does.
        const bool tight = now->fits && (!*now->fits || now->headroomBytes < now->devicePeakBytes / 10);
        if (tight && request.checkpointing == Checkpointing::None) {
            auto changed = request;
            changed.checkpointing = Checkpointing::Blocks;
            auto effect = workload->effectOf(changed);
            if (effect && effect->allocatedAfter < effect->allocatedBefore)
                advice.push_back(
                    {"checkpointing",
                     fits ? "the workload leaves under 10 % of the GPU free: checkpoint each block "
                            "to make room"
                          : "the workload does not fit: checkpointing each block recomputes its "
                            "activations in backward instead of keeping them",
                     std::string(kArticle001) + " 3.3 梯度检查点 (and seeds/002 3.1)",
                     "60-80 % less memory for 10-20 % more time (seeds/002: 80 % for 20 %)",
                     "it saves activation memory only; how much of the total depends on the model "
                     "and batch (SEED-ERRATA.md), so the figures here are computed",
                     WorkloadChange{"checkpointing", "blocks", {}}, effect, ""});
        }
        // Out of memory: a smaller batch with gradient accumulation keeps the effective batch.
        if (now->fits && !*now->fits && request.inputs.batch >= 2) {
            auto changed = request;
            changed.inputs.batch = request.inputs.batch / 2;
            changed.gradientAccumulation = request.gradientAccumulation * 2;
            auto effect = workload->effectOf(changed);
            if (effect)
                advice.push_back(
                    {"gradient-accumulation",
                     "the workload does not fit: half the batch with twice the accumulation keeps the "
                     "effective batch of " +
                         std::to_string(request.inputs.batch * request.gradientAccumulation),
                     std::string(kArticle000) + " 三.2 常见问题排查 (OOM)",
                     "reduce the batch or use gradient accumulation", "",
                     WorkloadChange{"batch",
                                    std::to_string(changed.inputs.batch),
                                    {{"grad_accum", std::to_string(changed.gradientAccumulation)}}},
                     effect, ""});
        }
        // The entry build's rule of thumb for CNN/RNN batch sizes, against the computed largest batch.
        const auto* zoo = request.model.empty() ? nullptr : findZooModel(request.model);
        if (zoo && zoo->inputKind == ModelInputKind::Image && gpus->spec.usableBytes > 0) {
            const auto rule = estimate::seedRuleOfThumbBatch(gpus->spec.usableBytes);
            const auto largest = workload->largestBatch();
            if (rule != request.inputs.batch) {
                auto changed = request;
                changed.inputs.batch = std::min<std::int64_t>(rule, std::max<std::int64_t>(largest, 1));
                Advice a{"batch-rule-of-thumb",
                         "the article's rule gives batch " + std::to_string(rule) + " on " + gpus->spec.name +
                             "; the estimate fits up to " + std::to_string(largest) + " per GPU here",
                         std::string(kArticle000) + " 二.1 入门级配置",
                         std::string(estimate::kSeedRuleOfThumbSource),
                         "",
                         WorkloadChange{"batch", std::to_string(changed.inputs.batch), {}},
                         workload->effectOf(changed),
                         ""};
                advice.push_back(std::move(a));
            }
        }
        // The article's weights-only formula beside the whole estimate.
        {
            const double perParameter =
                request.precision == Precision::Fp32 || request.precision == Precision::Tf32 ? 4 : 2;
            const double formula = static_cast<double>(workload->parameterCount()) * perParameter;
            advice.push_back({"memory-formula",
                              format("the article's formula (parameters x %.0f bytes) gives %.2f GiB; the "
                                     "estimate's device peak is ",
                                     perParameter, formula / double(1LL << 30)) +
                                  format("%.2f GiB per GPU", gib(now->devicePeakBytes)),
                              std::string(kArticle000) + " 一.1 显存需求公式",
                              "VRAM = parameters x 4 (FP32) or x 2 (FP16)",
                              "that is the weights alone: gradients, optimizer state and activations come on "
                              "top (SEED-ERRATA.md)",
                              std::nullopt, std::nullopt, ""});
        }
        // Data parallel over a slow link: how much of the step the all-reduce takes.
        if (gpus->gpus >= 2 && now->time && now->time->communicationKnown && now->time->stepSeconds > 0) {
            const double linkGbs =
                2 * gpus->spec.interconnectBytesPerSecond / 1e9; // both ways, as the article counts
            const auto& t = *now->time;
            const double exposed =
                std::max(0.0, t.stepSeconds - t.forwardSeconds - t.backwardSeconds - t.optimizerSeconds);
            const bool overNetwork = build.nodes > 1;
            if (linkGbs < 100)
                advice.push_back(
                    {"data-parallel-link",
                     format(
                         overNetwork
                             ? "the nodes' network carries about %.0f GB/s (both ways), under the "
                               "article's 100 GB/s between GPUs; the step's gradient exchange takes %.1f ms"
                             : "the GPUs talk at about %.0f GB/s (both ways), under the article's 100 "
                               "GB/s; the step's gradient exchange takes %.1f ms",
                         linkGbs, t.communicationSeconds * 1e3) +
                         (gpus->lanesPerGpu > 0 && !overNetwork
                              ? format(" (the CPU's lanes run each card at x%.0f)", gpus->lanesPerGpu)
                              : std::string()) +
                         (exposed < 0.01 * t.stepSeconds
                              ? std::string(", hidden behind backward at this workload")
                              : format(", of which %.1f ms (%.0f %% of the step) backward cannot hide",
                                       exposed * 1e3, 100 * exposed / t.stepSeconds)),
                     std::string(kArticle000) + " 一.1 多卡并行策略",
                     "data parallel wants >= 100 GB/s between GPUs: NVLink or PCIe 4.0 x16",
                     "PCIe 4.0 x16 gives about 63 GB/s both ways, below the article's own threshold",
                     std::nullopt, std::nullopt,
                     overNetwork
                         ? "a faster network between the nodes (more or faster InfiniBand ports), more "
                           "GPUs per node, or a larger batch per step (accumulation) to send less often"
                         : "cards with NVLink (RTX 3090, A6000, A100), or a larger batch per step "
                           "(accumulation) to send less often"});
        }
    }

    // Data loading: workers against the CPU's threads.
    if (gpus && host.cpuThreads > 0) {
        const int workers = input.dataset.loaderWorkers;
        const double gpusPerNode = static_cast<double>(gpus->gpus) / std::max(1, build.nodes);
        const double wanted = gpusPerNode * (workers + 1.0); // + each GPU's training process
        if (wanted > host.cpuThreads) {
            const int fitting = std::max(1, static_cast<int>(host.cpuThreads / gpusPerNode) - 1);
            advice.push_back({"loader-workers",
                              format("%.0f data-loader workers per GPU and the training processes want %.0f "
                                     "threads per node; the CPU has %.0f",
                                     workers, wanted, host.cpuThreads),
                              std::string(kArticle001) + " 4.2 误区二：忽视CPU性能",
                              "a multi-core CPU (>= 8 cores, 1.1) and num_workers=8", "",
                              WorkloadChange{"loader_workers", std::to_string(fitting), {}}, std::nullopt,
                              "a CPU with more cores"});
        } else if (host.cpuCores > 0 && host.cpuCores < 8) {
            advice.push_back({"loader-workers",
                              format("the CPU has %.0f cores; the article asks >= 8 so that data loading "
                                     "keeps the GPU busy",
                                     host.cpuCores),
                              std::string(kArticle001) + " 1.1 CPU与GPU的协同设计",
                              ">= 8 cores with hyper-threading for concurrent data loading", "", std::nullopt,
                              std::nullopt, "a CPU with 8 or more cores if data loading shows in the step"});
        }
    }

    // Storage: the article's NVMe >= 3000 MB/s, and what the workload's pace reads.
    if (host.fastestReadMbs > 0 && host.fastestReadMbs < 3000)
        advice.push_back(
            {"nvme-speed",
             format("the fastest drive reads %.0f MB/s, under the article's 3000 MB/s", host.fastestReadMbs),
             std::string(kArticle000) + " 一.4 SSD选型 (and seeds/001 4.3)",
             "an NVMe SSD of >= 3000 MB/s, such as a Samsung 980 Pro or WD SN850", "", std::nullopt,
             std::nullopt, "an NVMe SSD for the dataset"});
    std::optional<estimate::HostEstimate> hostNeeds;
    if (now) {
        hostNeeds = workload->hostNeeds(input.dataset);
        if (hostNeeds->readBytesPerSecond > 0 && host.fastestReadMbs > 0 &&
            hostNeeds->readBytesPerSecond > host.fastestReadMbs * 1e6)
            advice.push_back({"nvme-speed",
                              format("the estimated pace reads %.0f MB/s of samples; ",
                                     hostNeeds->readBytesPerSecond / 1e6) +
                                  host.fastestDrive + format(" reads %.0f MB/s", host.fastestReadMbs),
                              std::string(kArticle000) + " 一.4 SSD选型", "an NVMe SSD of >= 3000 MB/s", "",
                              WorkloadChange{"cache_dataset", "true", {}}, std::nullopt,
                              "a faster drive, or the dataset in RAM"});
    }

    // Host RAM: the article's >= 32 GB, the estimate's needs and the dataset cache.
    if (host.ramBytes > 0) {
        const double perNodeRam = host.ramBytes;
        // Needing more than the build has is a problem `build check` reports (host-ram-needs).
        const bool overRam = hostNeeds && hostNeeds->ramBytes > perNodeRam;
        if (!overRam && hostNeeds && !input.dataset.cacheInRam && input.dataset.samples > 0 &&
            input.dataset.sampleBytes > 0 &&
            hostNeeds->ramBytes + input.dataset.samples * input.dataset.sampleBytes < 0.8 * perNodeRam)
            advice.push_back(
                {"host-ram",
                 format("the dataset (%.1f GB) fits in the build's %.0f GB of RAM beside the run: "
                        "keep it in memory and read the drive once",
                        static_cast<double>(input.dataset.samples * input.dataset.sampleBytes) / 1e9,
                        perNodeRam / 1e9),
                 std::string(kArticle001) + " 1.2 系统内存",
                 "100,000 images of 224x224 RGB (about 150 KB each) need about 15 GB uncompressed", "",
                 WorkloadChange{"cache_dataset", "true", {}}, std::nullopt, ""});
        else if (!overRam && perNodeRam < 32e9)
            advice.push_back({"host-ram",
                              format("the build has %.0f GB of RAM; the article asks >= 32 GB for models of "
                                     "BERT's size",
                                     perNodeRam / 1e9),
                              std::string(kArticle001) + " 1.2 系统内存 (and seeds/000 一.3)",
                              "16 GB for small models (ResNet-18), >= 32 GB for BERT-class ones", "",
                              std::nullopt, std::nullopt, "32 GB or more"});
    }

    // Power: a limit on the cards when the supply or the wall is tight.
    {
        const auto findings = checkBuild(build);
        const bool tightPower = std::any_of(findings.begin(), findings.end(), [](const Finding& f) {
            return f.rule == "psu-headroom" || f.rule == "psu-capacity" || f.rule == "wall-circuit" ||
                   f.rule == "gpu-transients";
        });
        const bool stacked = std::any_of(findings.begin(), findings.end(),
                                         [](const Finding& f) { return f.rule == "cooling"; });
        double psuWatts = 0, gpuWatts = 0, cpuWatts = 0, gpuCount = 0;
        for (const auto& part : build.parts) {
            const auto& s = part.snapshot;
            if (s.category == PartCategory::Psu)
                psuWatts += s.number("wattage_w").value_or(0) * part.quantity;
            if (s.category == PartCategory::Gpu) {
                gpuWatts += s.number("tdp_w").value_or(0) * part.quantity;
                gpuCount += part.quantity;
            }
            if (s.category == PartCategory::Cpu)
                cpuWatts += s.number("tdp_w").value_or(0) * part.quantity;
        }
        if ((tightPower || stacked) && gpuCount > 0 && gpuWatts > 0) {
            const double budget = psuWatts > 0 ? 0.8 * psuWatts - cpuWatts - kPlatformWatts : gpuWatts * 0.8;
            const double limit = std::floor(std::clamp(budget / gpuCount, 0.5 * gpuWatts / gpuCount,
                                                       0.9 * gpuWatts / gpuCount) /
                                            10) *
                                 10;
            advice.push_back(
                {"power-limit",
                 format("cap each GPU at about %.0f W (rated %.0f W): the supply keeps its 20 %% "
                        "headroom and the cards run cooler; large matmuls lose roughly the share "
                        "of power cut, memory-bound steps less",
                        limit, gpuWatts / gpuCount),
                 std::string(kArticle002) + " 3.3 散热与功耗优化",
                 "nvidia-smi -i 0 -pl 250 limits GPU 0 to 250 W", "", std::nullopt, std::nullopt,
                 format("nvidia-smi -pl %.0f (per GPU, as root; it resets at reboot)", limit)});
        }
        const bool sxm = std::any_of(build.parts.begin(), build.parts.end(), [](const BuildPart& p) {
            return p.snapshot.category == PartCategory::Gpu && p.snapshot.text("form_factor") == "sxm";
        });
        if (stacked || gpuWatts / std::max(1.0, gpuCount) >= 400)
            advice.push_back(
                {"cooling",
                 stacked ? "the cards sit side by side: plan the airflow, or water-cool them"
                         : "cards of 400 W or more need a chassis built for their heat",
                 std::string(kArticle002) + " 3.3 散热与功耗优化",
                 "custom-loop liquid cooling for high-power cards such as A100/H100",
                 sxm ? "SXM modules are cooled by the server's own heatsinks and fans or its "
                       "liquid loop; the article's custom loop applies to PCIe cards"
                     : "",
                 std::nullopt, std::nullopt,
                 "a server chassis with front-to-back airflow, blower or water-cooled cards, or a "
                 "power limit"});
    }

    // Renting for short or occasional work.
    if (input.rent) {
        std::optional<double> soonest;
        std::string cheapest;
        for (const auto& o : input.rent->cloud)
            if (o.breakEvenMonths && (!soonest || *o.breakEvenMonths < *soonest)) {
                soonest = o.breakEvenMonths;
                cheapest = o.name;
            }
        const bool anyPriced = std::any_of(input.rent->cloud.begin(), input.rent->cloud.end(),
                                           [](const RunOption& o) { return o.costPerMonth.has_value(); });
        if (anyPriced && (!soonest || *soonest > input.lifetimeMonths))
            advice.push_back({"cloud",
                              soonest ? format("at the hours given, buying pays off only after %.0f months "
                                               "against ",
                                               *soonest) +
                                            cheapest +
                                            format(", past the build's %.0f months", input.lifetimeMonths)
                                      : "at the hours given, renting the same work stays cheaper than the "
                                        "build's energy alone",
                              std::string(kArticle002) + " 结语 (and seeds/003 1.2)",
                              "cloud GPUs such as AWS p4d.24xlarge give start-up teams compute without a "
                              "heavy up-front purchase",
                              "", std::nullopt, std::nullopt,
                              "rent for short or occasional experiments; buy when the GPUs stay busy"});
    }
    for (auto& a : advice)
        if (a.effect && a.message.find(" -> ") == std::string::npos)
            a.message += ": " + effectText(*a.effect);
    return advice;
}

bool applyWorkloadChange(BuildWorkload& workload, const WorkloadChange& change) {
    auto& request = workload.request;
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
        if (field == "precision") {
            auto p = precisionFromString(value);
            if (!p)
                return false;
            request.precision = *p;
        } else if (field == "checkpointing") {
            if (value != "blocks" && value != "none")
                return false;
            request.checkpointing = value == "blocks" ? Checkpointing::Blocks : Checkpointing::None;
        } else if (field == "batch" || field == "grad_accum" || field == "loader_workers") {
            const auto n = whole(value, field == "loader_workers" ? 0 : 1);
            if (!n || *n > (1 << 20))
                return false;
            if (field == "batch")
                request.inputs.batch = *n;
            else if (field == "grad_accum")
                request.gradientAccumulation = static_cast<int>(*n);
            else
                workload.dataset.loaderWorkers = static_cast<int>(*n);
        } else if (field == "cache_dataset") {
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
