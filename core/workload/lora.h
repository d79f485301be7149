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
};

// The graph with LoRA applied; throws GraphError when no linear layer matches the targets.
ModelGraph applyLora(const ModelGraph& graph, const LoraConfig& config);

} // namespace torchrig
