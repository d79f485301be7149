#pragma once
// The model graph a workload describes: a zoo model built at the workload's sizes, or a model
// file's graph at the batch it was written for. The worker, the estimator and the CLI build it the
// same way, with LoRA applied when the workload asks for it.

#include "util/result.h"
#include "workload/model_graph.h"
#include "workload/workload.h"

#include <string>

namespace torchrig {

// The sizes the graph is built for: a zoo model ignores the sizes that are not its kind's.
ModelInputs effectiveInputs(const Workload& workload);
Result<ModelGraph> buildWorkloadGraph(const Workload& workload);
// A request that turns LoRA on without naming targets gets the one default rule's targets
// (defaultLoraTargets, workload/lora.h); one that names them, or has no LoRA, is left alone. A
// model that cannot be built is left alone too: building it later says why.
void fillDefaultLoraTargets(Workload& workload);
// The model as a person knows it: the zoo id, the imported Hugging Face model's name, or "model file".
std::string workloadModelName(const Workload& workload);
// How a run's model is named where runs are listed: "resnet50", "gpt2-xl (3 of 48 layers)", or
// "model file".
std::string modelLabel(const std::string& model, const ModelInputs& inputs);

} // namespace torchrig
