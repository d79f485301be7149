#include "workload_options.h"

#include "estimate/memory_estimate.h"
#include "io/hf_import.h"
#include "workload/model_graph_json.h"
#include "workload/workload_graph.h"

#include "util/text_file.h"
#include "workload/model_zoo.h"

#include <algorithm>

namespace torchrig::cli {

void WorkloadOptions::addTo(CLI::App& command, const std::string& deviceHelp, bool workloadOptional) {
    command.add_option("-m,--model", model, "A zoo model (resnet50, bert-base-uncased, gpt2, llama-2-7b, …)");
    command.add_option("--model-file", modelFile, "A model graph file (resources/models/README.md)");
    command.add_option(
        "--hf-config", hfConfig,
        "A Hugging Face model: its folder (config.json, and the safetensors headers when there) "
        "or its config.json; read offline");
    command
        .add_option("--expert-imbalance", expertImbalance,
                    "Mixture of experts: the busiest expert gets this many times its even share of tokens "
                    "(default 1: balanced)")
        ->check(CLI::Range(1.0, 64.0));
    auto* batchOption =
        command.add_option("-b,--batch", batch, "Samples per step (per GPU)")->check(CLI::Range(1, 1 << 20));
    if (!workloadOptional)
        batchOption->required();
    command.add_option("--seq-len", seqLen, "Tokens per sample (language models)")
        ->check(CLI::Range(2, 1 << 20));
    command.add_option("--image-size", imageSize, "Image height = width (vision models)")
        ->check(CLI::Range(8, 8192));
    command
        .add_option("--layers", layers,
                    "Build a transformer (BERT, GPT-2, Llama, ViT) with this many of its blocks, to fit a "
                    "smaller device")
        ->check(CLI::Range(1, 1000));
    command
        .add_option(
            "--precision", precision,
            "fp32, tf32, amp-fp16, amp-bf16, bf16, fp8 (torchao float8 linear layers; estimated only)")
        ->check(CLI::IsMember(enumIds(kPrecisionNames)));
    command
        .add_option(
            "--optimizer", optimizer,
            "sgd, sgd-momentum, adam, adamw, adafactor, lion; estimated only: adam8bit (bitsandbytes)")
        ->check(CLI::IsMember(enumIds(kOptimizerNames)));
    command.add_option("--optimizer-impl", optimizerImpl, "default, single_tensor, foreach, fused")
        ->check(CLI::IsMember(enumIds(kOptimizerImplNames)));
    command.add_option("--checkpointing", checkpointing, "none or blocks")
        ->check(CLI::IsMember(enumIds(kCheckpointingNames)));
    command.add_option("--grad-accum", gradientAccumulation, "Micro-batches of --batch per optimizer step")
        ->check(CLI::Range(1, 1 << 16));
    auto* rank =
        command.add_option("--lora-rank", loraRank, "Train LoRA adapters of this rank; the base is frozen")
            ->check(CLI::Range(1, 65536));
    command.add_option("--lora-alpha", loraAlpha, "LoRA's alpha (the adapters are scaled by alpha / rank)")
        ->needs(rank)
        ->check(CLI::Range(0.001, 1e6));
    command.add_option("--lora-dropout", loraDropout, "Dropout on the adapters' input (PEFT's default: 0)")
        ->needs(rank)
        ->check(CLI::Range(0.0, 0.99));
    command
        .add_option("--lora-targets", loraTargets,
                    "Linear layers to adapt, by the last part of the module name (q_proj,v_proj), or "
                    "all-linear for every linear inside a block; default: PEFT's for the model's "
                    "attention (q_proj,v_proj for Llama, Qwen2 and Mistral; c_attn for GPT-2; …)")
        ->needs(rank)
        ->delimiter(',');
    command.add_flag("--qlora", qlora, "QLoRA: the blocks' frozen linear weights in 4 bits (NF4)")
        ->needs(rank);
    if (!workloadOptional)
        command.add_option("--device", device, deviceHelp);
}

void addBuildStrategyOption(CLI::App& command, std::string& strategy) {
    command
        .add_option("--strategy", strategy,
                    "How several GPUs share the workload: ddp, zero1, zero2, zero3, fsdp (default: the build "
                    "file's, else ddp)")
        ->check(CLI::IsMember(estimate::dataParallelStrategyIds()));
}

Result<Workload> WorkloadOptions::toWorkload() const {
    Workload request;
    if (int{!model.empty()} + int{!modelFile.empty()} + int{!hfConfig.empty()} != 1)
        return makeError(ErrorCode::InvalidInput,
                         "give one of --model (a zoo model), --model-file (a graph file) "
                         "or --hf-config (a Hugging Face model's folder or config.json)");
    if (!hfConfig.empty()) {
        auto imported = importHfModel(hfConfig);
        if (!imported)
            return imported.error();
        request.hfConfigJson = std::move(imported->configText);
        request.hfModelName = imported->name;
        request.inputs.seqLen = std::min<std::int64_t>(4096, imported->config.maxPositions);
        request.inputs.imageSize = 0;
    } else if (!model.empty()) {
        auto zoo = requireZooModel(model);
        if (!zoo)
            return zoo.error();
        request.model = model;
        request.inputs = (*zoo)->defaults;
    } else {
        auto text = readTextFile(modelFile);
        if (!text)
            return text.error();
        // Read here, where the file's name is known, so that every command refuses a bad file alike
        // and names it (the request only carries its contents).
        if (auto graph = readModelGraphJson(*text, modelFile); !graph)
            return graph.error();
        request.modelGraphJson = std::move(*text);
    }
    if (batch <= 0)
        return makeError(ErrorCode::InvalidInput, "give --batch (samples per step) with the model");
    request.inputs.batch = batch;
    if (seqLen > 0)
        request.inputs.seqLen = seqLen;
    if (imageSize > 0)
        request.inputs.imageSize = imageSize;
    request.inputs.layers = layers;
    request.inputs.expertImbalance = expertImbalance;
    request.precision = precisionFromString(precision).value_or(Precision::Fp32);
    request.optimizer = optimizerFromString(optimizer).value_or(OptimizerKind::AdamW);
    request.optimizerImpl = optimizerImplFromString(optimizerImpl).value_or(OptimizerImpl::Default);
    request.checkpointing = checkpointingFromString(checkpointing).value_or(Checkpointing::None);
    request.gradientAccumulation = gradientAccumulation;
    request.lora.rank = loraRank;
    request.lora.alpha = loraAlpha;
    request.lora.dropout = loraDropout;
    request.lora.quantizeBase4bit = qlora;
    // "all-linear" is PEFT's own word for every linear layer, which the request says with no targets.
    if (loraTargets != std::vector<std::string>{"all-linear"}) {
        request.lora.targets = loraTargets;
        fillDefaultLoraTargets(request);
    }
    return request;
}

Result<ValidationRequest> WorkloadOptions::toRequest() const {
    auto workload = toWorkload();
    if (!workload)
        return workload.error();
    ValidationRequest request{std::move(*workload)};
    request.device = device;
    return request;
}

} // namespace torchrig::cli
