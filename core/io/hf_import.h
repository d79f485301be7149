#pragma once
// A Hugging Face model taken in from disk, offline: a folder (config.json, and the safetensors
// checkpoint when it is there) or a config.json alone. The config makes the graph; the checkpoint's
// headers, when present, give the exact parameter count and dtypes and are held against the
// graph's names and shapes, so that a config that does not belong to its weights is refused
// naming the tensor.

#include "io/safetensors_header.h"
#include "util/result.h"
#include "workload/families/hf_config.h"

#include <optional>
#include <string>
#include <vector>

namespace torchrig {

struct HfImport {
    std::string name;       // the folder's name (or _name_or_path's last part)
    std::string configText; // config.json, compact JSON
    HfModelConfig config;
    std::int64_t graphParameters = 0; // the graph the config makes
    std::optional<CheckpointSummary> checkpoint;
    bool shapesChecked = false; // the checkpoint's shapes were held against the graph's
};

// `path`: a folder holding config.json, or a config.json file (its folder is searched for
// model.safetensors or model.safetensors.index.json and its shards; generation_config.json and
// the tokenizer files are not read).
Result<HfImport> importHfModel(const std::string& path);

// The first disagreement between a graph's parameters and a plain checkpoint's tensors, in words
// naming the tensor; empty when they agree. `label`: how the checkpoint is named in the message.
std::string checkpointDisagreement(const ModelGraph& graph, const HfModelConfig& config,
                                   const CheckpointSummary& checkpoint, bool namesOnly);

} // namespace torchrig
