#pragma once
// What a user plans to train: the model, the sizes it is built at, the precision, the optimizer,
// LoRA, checkpointing and accumulation. The estimator, the planner, a build's workloads, the
// charts, the CLI and the dialogs speak of it; a run of the worker is one with the run's own
// settings beside it (validation/validation_protocol.h), and its graph is workload_graph.h's.

#include "util/enum_names.h"
#include "workload/families/model_inputs.h"
#include "workload/lora.h"

#include <optional>
#include <string>
#include <string_view>

namespace torchrig {

// Fp8: float8 training as torchao's convert_to_float8_training does it (tensor-wise dynamic scaling):
// the transformer blocks' linear layers multiply float8 casts of their input, weight and output
// gradient (torch._scaled_mm), everything else runs as amp-bf16.
enum class Precision { Fp32, Tf32, AmpFp16, AmpBf16, Bf16, Fp8 };
// Beside torch.optim's: Adafactor (torch.optim.Adafactor, PyTorch >= 2.5), bitsandbytes' 8-bit Adam
// (AdamW8bit; estimated only) and Lion (lion-pytorch).
enum class OptimizerKind { Sgd, SgdMomentum, Adam, AdamW, Adafactor, Adam8bit, Lion };
// PyTorch's three optimizer implementations; Default is what PyTorch 2.x picks for the device
// (foreach on CUDA, single-tensor on the CPU).
enum class OptimizerImpl { Default, SingleTensor, Foreach, Fused };
enum class Checkpointing { None, Blocks };

// The identifiers files, the worker's protocol and the command line use.
inline constexpr EnumNames<Precision, 6> kPrecisionNames = {{
    {Precision::Fp32, "fp32"},
    {Precision::Tf32, "tf32"},
    {Precision::AmpFp16, "amp-fp16"},
    {Precision::AmpBf16, "amp-bf16"},
    {Precision::Bf16, "bf16"},
    {Precision::Fp8, "fp8"},
}};
inline constexpr EnumNames<OptimizerKind, 7> kOptimizerNames = {{
    {OptimizerKind::Sgd, "sgd"},
    {OptimizerKind::SgdMomentum, "sgd-momentum"},
    {OptimizerKind::Adam, "adam"},
    {OptimizerKind::AdamW, "adamw"},
    {OptimizerKind::Adafactor, "adafactor"},
    {OptimizerKind::Adam8bit, "adam8bit"},
    {OptimizerKind::Lion, "lion"},
}};
inline constexpr EnumNames<OptimizerImpl, 4> kOptimizerImplNames = {{
    {OptimizerImpl::Default, "default"},
    {OptimizerImpl::SingleTensor, "single_tensor"},
    {OptimizerImpl::Foreach, "foreach"},
    {OptimizerImpl::Fused, "fused"},
}};
inline constexpr EnumNames<Checkpointing, 2> kCheckpointingNames = {{
    {Checkpointing::None, "none"},
    {Checkpointing::Blocks, "blocks"},
}};
std::string_view precisionId(Precision precision);
std::string_view optimizerId(OptimizerKind optimizer);
std::string_view optimizerImplId(OptimizerImpl impl);
std::string_view checkpointingId(Checkpointing checkpointing);
std::optional<Precision> precisionFromString(std::string_view text);
std::optional<OptimizerKind> optimizerFromString(std::string_view text);
std::optional<OptimizerImpl> optimizerImplFromString(std::string_view text);
std::optional<Checkpointing> checkpointingFromString(std::string_view text);

struct Workload {
    std::string model;          // a zoo id, or empty when modelGraphJson or hfConfigJson is given
    std::string modelGraphJson; // a model file's text (resources/models/README.md)
    // A Hugging Face config.json's text (workload/families/hf_config.h), built at the request's
    // batch and sequence like a zoo model, and the name it was imported under.
    std::string hfConfigJson;
    std::string hfModelName;
    ModelInputs inputs;
    Precision precision = Precision::Fp32;
    OptimizerKind optimizer = OptimizerKind::AdamW;
    OptimizerImpl optimizerImpl = OptimizerImpl::Default;
    Checkpointing checkpointing = Checkpointing::None;
    int gradientAccumulation = 1; // micro-batches of `batch` per optimizer step
    LoraConfig lora;              // rank 0: the whole model trains
    // Generation's prefill: a forward under torch.inference_mode() up to the output head (which
    // generate() runs for the last token only); no backward, no optimizer.
    bool inference = false;

    bool operator==(const Workload&) const = default;
};

} // namespace torchrig
