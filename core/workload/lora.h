#pragma once
// LoRA and QLoRA as Hugging Face PEFT applies them: the base model frozen, and beside each targeted
// linear layer a trained low-rank path, result + lora_B(lora_A(dropout(x))) * alpha / rank
// (peft/tuners/lora/layer.py, Linear.forward). QLoRA also stores the frozen linear weights of the
// transformer blocks in 4 bits (bitsandbytes NF4), as transformers' BitsAndBytesConfig does for
// every linear but the output head.

#include "workload/model_graph.h"

#include <string>
#include <vector>

namespace torchrig {

struct LoraConfig {
    int rank = 0; // 0: no LoRA
    double alpha = 16;
    double dropout = 0; // PEFT's default
    // Module names as PEFT's target_modules: a linear op is targeted when its name ends with
    // ".<target>" (or is the target). Empty: every linear inside a block.
    std::vector<std::string> targets;
    bool quantizeBase4bit = false;

    bool operator==(const LoraConfig&) const = default;
};

// The targets a user who turns LoRA on without naming any gets, here and in every caller (the CLI's
// flags, the workload editor, the plan dialog, the defaults and the planner's scenarios): PEFT's
// own defaults for the model's attention (peft/utils/constants.py,
// TRANSFORMERS_MODELS_TO_LORA_TARGET_MODULES_MAPPING: llama, mistral, qwen2, mixtral q_proj,v_proj;
// phi3 qkv_proj; gpt2 c_attn; gpt_neox query_key_value; bert query,value), recognised by the names
// the graph's linear layers have, not by a family string. Empty (every linear inside a block) for
// a model with none of those names.
std::vector<std::string> defaultLoraTargets(const ModelGraph& graph);

// The graph with LoRA applied; throws GraphError when no linear layer matches the targets.
ModelGraph applyLora(const ModelGraph& graph, const LoraConfig& config);

} // namespace torchrig
