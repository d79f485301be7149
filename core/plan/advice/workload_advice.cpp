// Advice on the workload itself: precision, checkpointing, batch and accumulation, the memory
// formula, and the data-parallel exchange. Each offers its change with the estimator's figures.

#include "estimate/rule_of_thumb.h"
#include "plan/advice/advice_context.h"
#include "workload/model_zoo.h"

#include <algorithm>

namespace torchrig::plan::advising {

// The article's 50 % less memory and 30-50 % more speed, computed.
void adviseMixedPrecision(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.now)
        return;
    const auto& request = c.workload->workload();
    const auto& spec = c.gpus->spec;
    if ((request.precision != Precision::Fp32 && request.precision != Precision::Tf32) ||
        (spec.bf16Flops <= 0 && spec.fp16Flops <= 0))
        return;
    auto changed = request;
    const bool bf16 = spec.bf16Flops > 0;
    changed.precision = bf16 ? Precision::AmpBf16 : Precision::AmpFp16;
    out.push_back(
        {std::string(advice::kMixedPrecision),
         TORCHRIG_MESSAGE("advice", "train with automatic mixed precision (%1): %2 has tensor cores for it")
             .arg(bf16 ? "amp-bf16" : "amp-fp16")
             .arg(spec.name),
         std::string(kArticle001) + " 3.1 混合精度训练",
         TORCHRIG_MESSAGE("advice", "50 % less memory, 30-50 % faster (seeds/003 3.1: FP16 2-3x faster)"),
         {},
         WorkloadChange{std::string(workload_field::kPrecision), bf16 ? "amp-bf16" : "amp-fp16", {}},
         c.workload->effectOf(changed),
         {}});
}

// When the workload does not fit or barely does.
void adviseCheckpointing(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.now)
        return;
    const auto& request = c.workload->workload();
    const auto* now = c.now;
    const bool tight = now->fits && (!*now->fits || now->headroomBytes < now->devicePeakBytes / 10);
    if (!tight || request.checkpointing != Checkpointing::None)
        return;
    auto changed = request;
    changed.checkpointing = Checkpointing::Blocks;
    auto effect = c.workload->effectOf(changed);
    if (effect && effect->allocatedAfter < effect->allocatedBefore)
        out.push_back(
            {std::string(advice::kCheckpointing),
             now->fits.value_or(false)
                 ? TORCHRIG_MESSAGE("advice",
                                    "the workload leaves under 10 % of the GPU free: checkpoint each "
                                    "block to make room")
                 : TORCHRIG_MESSAGE("advice",
                                    "the workload does not fit: checkpointing each block recomputes "
                                    "its activations in backward instead of keeping them"),
             std::string(kArticle001) + " 3.3 梯度检查点 · seeds/002 3.1",
             TORCHRIG_MESSAGE("advice",
                              "60-80 % less memory for 10-20 % more time (seeds/002: 80 % for 20 %)"),
             TORCHRIG_MESSAGE("advice",
                              "it saves activation memory only; how much of the total depends on the "
                              "model and batch (an error in the article), so the figures here are computed"),
             WorkloadChange{std::string(workload_field::kCheckpointing), "blocks", {}},
             effect,
             {}});
}

// Out of memory: a smaller batch with gradient accumulation keeps the effective batch.
void adviseGradientAccumulation(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.now)
        return;
    const auto& request = c.workload->workload();
    if (!c.now->fits || *c.now->fits || request.inputs.batch < 2)
        return;
    auto changed = request;
    changed.inputs.batch = request.inputs.batch / 2;
    changed.gradientAccumulation = request.gradientAccumulation * 2;
    auto effect = c.workload->effectOf(changed);
    if (effect)
        out.push_back({std::string(advice::kGradientAccumulation),
                       TORCHRIG_MESSAGE("advice", "the workload does not fit: half the batch with twice the "
                                                  "accumulation keeps the effective batch of %1")
                           .arg(std::to_string(request.inputs.batch * request.gradientAccumulation)),
                       std::string(kArticle000) + " 三.2 常见问题排查 (OOM)",
                       TORCHRIG_MESSAGE("advice", "reduce the batch or use gradient accumulation"),
                       {},
                       WorkloadChange{std::string(workload_field::kBatch),
                                      std::to_string(changed.inputs.batch),
                                      {{std::string(workload_field::kGradAccum),
                                        std::to_string(changed.gradientAccumulation)}}},
                       effect,
                       {}});
}

// The entry build's rule of thumb for CNN/RNN batch sizes, against the computed largest batch.
void adviseBatchRuleOfThumb(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.now)
        return;
    const auto& request = c.workload->workload();
    const auto* zoo = request.model.empty() ? nullptr : findZooModel(request.model);
    const auto& spec = c.gpus->spec;
    if (!zoo || zoo->inputKind != ModelInputKind::Image || spec.usableBytes <= 0)
        return;
    const auto rule = estimate::seedRuleOfThumbBatch(spec.usableBytes);
    const auto largest = c.workload->largestBatch();
    if (rule == request.inputs.batch)
        return;
    auto changed = request;
    changed.inputs.batch = std::min<std::int64_t>(rule, std::max<std::int64_t>(largest, 1));
    out.push_back(
        {std::string(advice::kBatchRuleOfThumb),
         TORCHRIG_MESSAGE("advice", "the article's rule gives batch %1 on %2; the estimate fits up to %3 per "
                                    "GPU here")
             .arg(std::to_string(rule))
             .arg(spec.name)
             .arg(std::to_string(largest)),
         std::string(kArticle000) + " 二.1 入门级配置",
         TORCHRIG_MESSAGE("advice", "batch 32 under 12e9 bytes of GPU memory, else 64 (CNN/RNN models)"),
         {},
         WorkloadChange{std::string(workload_field::kBatch), std::to_string(changed.inputs.batch), {}},
         c.workload->effectOf(changed),
         {}});
}

// The article's weights-only formula beside the whole estimate.
void adviseMemoryFormula(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.now)
        return;
    const auto& request = c.workload->workload();
    const double perParameter =
        request.precision == Precision::Fp32 || request.precision == Precision::Tf32 ? 4 : 2;
    const double formula = static_cast<double>(c.workload->parameterCount()) * perParameter;
    out.push_back(
        {std::string(advice::kMemoryFormula),
         TORCHRIG_MESSAGE("advice", "the article's formula (parameters x %1 bytes) gives %2 GiB; the "
                                    "estimate's device peak is %3 GiB per GPU")
             .arg(format("%.0f", perParameter))
             .arg(format("%.2f", formula / double(1LL << 30)))
             .arg(format("%.2f", gib(c.now->devicePeakBytes))),
         std::string(kArticle000) + " 一.1 显存需求公式",
         TORCHRIG_MESSAGE("advice", "VRAM = parameters x 4 (FP32) or x 2 (FP16)"),
         TORCHRIG_MESSAGE("advice", "that is the weights alone: gradients, optimizer state and activations "
                                    "come on top (an error in the article)"),
         std::nullopt,
         std::nullopt,
         {}});
}

// Data parallel over a slow link: how much of the step the all-reduce takes.
void adviseDataParallelLink(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.now || c.gpus->gpus < 2 || !c.now->time || !c.now->time->communicationKnown ||
        c.now->time->stepSeconds <= 0)
        return;
    const double linkGbs =
        2 * c.gpus->spec.interconnectBytesPerSecond / 1e9; // both ways, as the article counts
    if (linkGbs >= 100)
        return;
    const auto& t = *c.now->time;
    const double exposed =
        std::max(0.0, t.stepSeconds - t.forwardSeconds - t.backwardSeconds - t.optimizerSeconds);
    const bool overNetwork = c.build.nodes > 1;
    const auto exchange = format("%.1f", t.communicationSeconds * 1e3);
    const bool networkPaces = c.gpus->spec.interconnectClass == estimate::LinkClass::Network;
    const Message said =
        overNetwork && !networkPaces
            ? TORCHRIG_MESSAGE("advice", "within each node the GPUs talk at about %1 GB/s (both ways), under "
                                         "the article's 100 GB/s, where NCCL reaches %2 GB/s each way, less "
                                         "than the %3 over the nodes' network; the step's gradient exchange "
                                         "takes %4 ms")
                  .arg(format("%.0f", linkGbs))
                  .arg(format("%.1f", estimate::busBandwidth(c.gpus->spec) / 1e9))
                  .arg(format("%.1f", estimate::busBandwidth(estimate::LinkClass::Network,
                                                             c.gpus->networkBytesPerSecond) /
                                          1e9))
                  .arg(exchange)
        : overNetwork
            ? TORCHRIG_MESSAGE("advice", "the nodes' network carries about %1 GB/s (both ways), under the "
                                         "article's 100 GB/s between GPUs; the step's gradient exchange "
                                         "takes %2 ms")
                  .arg(format("%.0f", linkGbs))
                  .arg(exchange)
        : c.gpus->lanesPerGpu > 0
            ? TORCHRIG_MESSAGE("advice",
                               "the GPUs talk at about %1 GB/s (both ways), under the article's 100 "
                               "GB/s; the step's gradient exchange takes %2 ms (the CPU's lanes run "
                               "each card at x%3)")
                  .arg(format("%.0f", linkGbs))
                  .arg(exchange)
                  .arg(format("%.0f", c.gpus->lanesPerGpu))
            : TORCHRIG_MESSAGE("advice",
                               "the GPUs talk at about %1 GB/s (both ways), under the article's 100 "
                               "GB/s; the step's gradient exchange takes %2 ms")
                  .arg(format("%.0f", linkGbs))
                  .arg(exchange);
    Message hidden =
        exposed < 0.01 * t.stepSeconds
            ? TORCHRIG_MESSAGE("advice", "%1, under 1 % of the step at this workload").arg(said)
            : TORCHRIG_MESSAGE("advice", "%1, of which %2 ms (%3 % of the step) backward cannot hide")
                  .arg(said)
                  .arg(format("%.1f", exposed * 1e3))
                  .arg(format("%.0f", 100 * exposed / t.stepSeconds));
    out.push_back(
        {std::string(advice::kDataParallelLink), std::move(hidden),
         std::string(kArticle000) + " 一.1 多卡并行策略",
         TORCHRIG_MESSAGE("advice", "data parallel wants >= 100 GB/s between GPUs: NVLink or PCIe 4.0 x16"),
         TORCHRIG_MESSAGE("advice",
                          "PCIe 4.0 x16 gives about 63 GB/s both ways, below the article's own threshold"),
         std::nullopt, std::nullopt,
         overNetwork
             ? TORCHRIG_MESSAGE("advice", "a faster network between the nodes (more or faster InfiniBand "
                                          "ports), more GPUs per node, or a larger batch per step "
                                          "(accumulation) to send less often")
             : TORCHRIG_MESSAGE("advice", "cards with NVLink (RTX 3090, A6000, A100), or a larger batch per "
                                          "step (accumulation) to send less often")});
}

} // namespace torchrig::plan::advising
