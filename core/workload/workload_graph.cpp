#include "workload/workload_graph.h"

#include "workload/families/hf_config.h"
#include "workload/lora.h"
#include "workload/model_graph_json.h"
#include "workload/model_zoo.h"

namespace torchrig {

ModelInputs effectiveInputs(const Workload& workload) {
    auto inputs = workload.inputs;
    if (const auto* model = findZooModel(workload.model)) {
        if (model->inputKind != ModelInputKind::Image)
            inputs.imageSize = 0;
        if (model->inputKind != ModelInputKind::Tokens)
            inputs.seqLen = 0;
        if (inputs.layers >= model->layers)
            inputs.layers = 0; // all of them
    }
    return inputs;
}

namespace {

Result<ModelGraph> buildUnadapted(const Workload& workload) {
    try {
        if (!workload.modelGraphJson.empty()) {
            if (workload.inputs.layers > 0)
                return makeError(ErrorCode::InvalidInput,
                                 "a model file is built as it is written: leave the layer count out, or "
                                 "write the file with fewer blocks");
            auto graph = readModelGraphJson(workload.modelGraphJson, "model_graph");
            if (!graph)
                return graph;
            // A file's shapes are fixed: the batch it was written for is the batch it trains.
            for (const auto& t : graph->tensors()) {
                if (t.role == TensorRole::Input && !t.shape.empty() && t.shape[0] != workload.inputs.batch)
                    return makeError(ErrorCode::InvalidInput,
                                     "the model file is written for batch " + std::to_string(t.shape[0]) +
                                         " (input '" + t.name + "' is " + shapeToString(t.shape) + "), not " +
                                         std::to_string(workload.inputs.batch) +
                                         "; ask for that batch or change the file's shapes");
            }
            return graph;
        }
        if (!workload.hfConfigJson.empty()) {
            auto config = readHfConfig(workload.hfConfigJson, "the Hugging Face config",
                                       workload.hfModelName.empty() ? "model" : workload.hfModelName);
            if (!config)
                return config.error();
            if (!workload.hfModelName.empty())
                config->name = workload.hfModelName;
            if (workload.inputs.layers > config->layers)
                return makeError(ErrorCode::InvalidInput,
                                 config->name + " has " + std::to_string(config->layers) + " layers, not " +
                                     std::to_string(workload.inputs.layers) + "; ask for at most that many");
            auto inputs = workload.inputs;
            inputs.imageSize = 0;
            return buildHfModel(*config, inputs);
        }
        auto model = requireZooModel(workload.model);
        if (!model)
            return model.error();
        if (workload.inputs.layers > 0 && (*model)->layers == 0)
            return makeError(ErrorCode::InvalidInput,
                             workload.model +
                                 " is built whole: only the transformers (BERT, GPT-2, Llama, "
                                 "ViT) can be built with fewer layers; leave the layer count out");
        if (workload.inputs.layers > (*model)->layers)
            return makeError(ErrorCode::InvalidInput,
                             workload.model + " has " + std::to_string((*model)->layers) + " layers, not " +
                                 std::to_string(workload.inputs.layers) + "; ask for at most that many");
        return (*model)->build(effectiveInputs(workload));
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput, e.what());
    }
}

} // namespace

Result<ModelGraph> buildWorkloadGraph(const Workload& workload) {
    auto graph = buildUnadapted(workload);
    if (!graph || workload.lora.rank < 1)
        return graph;
    try {
        return applyLora(*graph, workload.lora);
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput, e.what());
    }
}

void fillDefaultLoraTargets(Workload& workload) {
    if (workload.lora.rank < 1 || !workload.lora.targets.empty())
        return;
    if (auto graph = buildUnadapted(workload))
        workload.lora.targets = defaultLoraTargets(*graph);
}

std::string workloadModelName(const Workload& workload) {
    if (!workload.model.empty())
        return workload.model;
    if (!workload.hfConfigJson.empty())
        return workload.hfModelName.empty() ? std::string("Hugging Face model") : workload.hfModelName;
    return "model file";
}

std::string modelLabel(const std::string& model, const ModelInputs& inputs) {
    if (model.empty())
        return "model file";
    const auto* zoo = findZooModel(model);
    if (!zoo || inputs.layers <= 0 || inputs.layers >= zoo->layers)
        return model;
    return model + " (" + std::to_string(inputs.layers) + " of " + std::to_string(zoo->layers) + " layers)";
}

} // namespace torchrig
