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

Result<ModelGraph> buildFromModelFile(const Workload& workload) {
    if (workload.inputs.layers > 0)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("model", "a model file is built as it is written: leave the layer "
                                                   "count out, or write the file with fewer blocks"));
    auto graph = readModelGraphJson(workload.modelGraphJson, "model_graph");
    if (!graph)
        return graph;
    // A file's shapes are fixed: the batch it was written for is the batch it trains.
    for (const auto& t : graph->tensors()) {
        if (t.role == TensorRole::Input && !t.shape.empty() && t.shape[0] != workload.inputs.batch)
            return makeError(ErrorCode::InvalidInput,
                             TORCHRIG_MESSAGE("model",
                                              "the model file is written for batch %1 (input '%2' is "
                                              "%3), not %4; ask for that batch or change the file's "
                                              "shapes")
                                 .arg(std::to_string(t.shape[0]))
                                 .arg(t.name)
                                 .arg(shapeToString(t.shape))
                                 .arg(std::to_string(workload.inputs.batch)));
    }
    return graph;
}

Error tooManyLayers(const std::string& model, std::int64_t has, std::int64_t asked) {
    return makeError(ErrorCode::InvalidInput,
                     TORCHRIG_MESSAGE("model", "%1 has %2 layers, not %3; ask for at most that many")
                         .arg(model)
                         .arg(std::to_string(has))
                         .arg(std::to_string(asked)));
}

Result<ModelGraph> buildFromHfConfig(const Workload& workload) {
    auto config = readHfConfig(workload.hfConfigJson, "the Hugging Face config",
                               workload.hfModelName.empty() ? "model" : workload.hfModelName);
    if (!config)
        return config.error();
    if (!workload.hfModelName.empty())
        config->name = workload.hfModelName;
    if (workload.inputs.layers > config->layers)
        return tooManyLayers(config->name, config->layers, workload.inputs.layers);
    auto inputs = workload.inputs;
    inputs.imageSize = 0;
    return buildHfModel(*config, inputs);
}

Result<ModelGraph> buildFromZoo(const Workload& workload) {
    auto model = requireZooModel(workload.model);
    if (!model)
        return model.error();
    if (workload.inputs.layers > 0 && (*model)->layers == 0)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("model", "%1 is built whole: only the transformers (BERT, GPT-2, "
                                                   "Llama, ViT) can be built with fewer layers; leave the "
                                                   "layer count out")
                             .arg(workload.model));
    if (workload.inputs.layers > (*model)->layers)
        return tooManyLayers(workload.model, (*model)->layers, workload.inputs.layers);
    return (*model)->build(effectiveInputs(workload));
}

Result<ModelGraph> buildUnadapted(const Workload& workload) {
    return graphResult([&] {
        if (!workload.modelGraphJson.empty())
            return buildFromModelFile(workload);
        if (!workload.hfConfigJson.empty())
            return buildFromHfConfig(workload);
        return buildFromZoo(workload);
    });
}

} // namespace

Result<ModelGraph> buildWorkloadGraph(const Workload& workload) {
    auto graph = buildUnadapted(workload);
    if (!graph || workload.lora.rank < 1)
        return graph;
    return graphResult([&] { return applyLora(*graph, workload.lora); });
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
