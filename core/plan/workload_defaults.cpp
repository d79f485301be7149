#include "plan/workload_defaults.h"

#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"
#include "workload/lora.h"
#include "workload/workload_graph.h"

namespace torchrig::plan {

namespace {

// The mixed precision the GPU has tensor rates for: bf16 where it has them (Ampere and later),
// else fp16 (Volta, Turing), else fp32.
Precision nativeMixedPrecision(const std::optional<BuildGpus>& gpus) {
    if (!gpus || gpus->spec.bf16Flops > 0)
        return Precision::AmpBf16;
    return gpus->spec.fp16Flops > 0 ? Precision::AmpFp16 : Precision::Fp32;
}

std::optional<estimate::Estimate> estimated(const Workload& request, const BuildGpus& gpus) {
    return WorkloadOnBuild(request, gpus, estimate::ParallelStrategy::Ddp).estimate();
}

} // namespace

WorkloadDefaults defaultWorkloadFor(const ZooModel& model, const Build& build) {
    WorkloadDefaults out;
    auto& request = out.planned.workload;
    request.model = model.id;
    // A size the model does not use keeps ModelInputs' own default, which is what the build file's
    // reader fills in for a missing one: the workload reads back as it was written.
    if (model.defaults.imageSize > 0)
        request.inputs.imageSize = model.defaults.imageSize;
    if (model.defaults.seqLen > 0)
        request.inputs.seqLen = model.defaults.seqLen;
    request.inputs.layers = model.defaults.layers;
    request.optimizer = OptimizerKind::AdamW;
    const auto gpus = buildGpus(build);
    request.precision = nativeMixedPrecision(gpus);
    const bool language = model.inputKind == ModelInputKind::Tokens;
    request.inputs.batch = language ? 8 : 32;
    auto graph = buildWorkloadGraph(request);
    const bool large = graph && graph->parameterCount() >= kLargeLanguageModelParameters;
    if (large) {
        // Pure bf16 weights where the card has bf16, as fine-tuning scripts load a 7B model.
        if (request.precision == Precision::AmpBf16)
            request.precision = Precision::Bf16;
        request.inputs.batch = 4;
    }
    const auto useLora = [&] {
        request.lora.rank = 16;
        request.lora.alpha = 32;
        request.lora.targets = defaultLoraTargets(*graph);
    };
    // No GPU to ask (a plan, an empty build): the fine-tune people run on such a model, LoRA; its
    // full fine-tune's weights, gradients and Adam states alone take 16 bytes a parameter (112 GB
    // for a 7B model), more than a workstation card holds.
    if (!gpus) {
        if (large)
            useLora();
        return out;
    }
    auto e = estimated(request, *gpus);
    if (large && !(e && e->fits.value_or(false))) {
        out.fullFineTuneBytes = e ? std::optional<std::int64_t>(e->devicePeakBytes) : std::nullopt;
        useLora();
        e = estimated(request, *gpus);
    }
    // Smaller batches, then checkpointing, until it fits (or batch 1 does not).
    while (e && !e->fits.value_or(false) && request.inputs.batch > 1) {
        request.inputs.batch /= 2;
        e = estimated(request, *gpus);
    }
    if (e && !e->fits.value_or(false)) {
        request.checkpointing = Checkpointing::Blocks;
        if (auto checkpointed = estimated(request, *gpus))
            e = checkpointed;
        else
            request.checkpointing = Checkpointing::None; // a model without blocks to checkpoint
    }
    out.fits = e && e->fits.value_or(false);
    return out;
}

} // namespace torchrig::plan
