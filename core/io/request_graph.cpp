#include "io/request_graph.h"

#include "io/model_graph_json.h"
#include "workload/families/hf_config.h"
#include "workload/lora.h"
#include "workload/model_zoo.h"

namespace torchrig {

ModelInputs effectiveInputs(const ValidationRequest& request) {
    auto inputs = request.inputs;
    if (const auto* model = findZooModel(request.model)) {
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

Result<ModelGraph> buildUnadapted(const ValidationRequest& request) {
    try {
        if (!request.modelGraphJson.empty()) {
            if (request.inputs.layers > 0)
                return makeError(ErrorCode::InvalidInput,
                                 "a model file is built as it is written: leave the layer count out, or "
                                 "write the file with fewer blocks");
            auto graph = readModelGraphJson(request.modelGraphJson, "model_graph");
            if (!graph)
                return graph;
            // A file's shapes are fixed: the batch it was written for is the batch it trains.
            for (const auto& t : graph->tensors()) {
                if (t.role == TensorRole::Input && !t.shape.empty() && t.shape[0] != request.inputs.batch)
                    return makeError(ErrorCode::InvalidInput,
                                     "the model file is written for batch " + std::to_string(t.shape[0]) +
                                         " (input '" + t.name + "' is " + shapeToString(t.shape) + "), not " +
                                         std::to_string(request.inputs.batch) +
                                         "; ask for that batch or change the file's shapes");
            }
            return graph;
        }
        if (!request.hfConfigJson.empty()) {
            auto config = readHfConfig(request.hfConfigJson, "the Hugging Face config",
                                       request.hfModelName.empty() ? "model" : request.hfModelName);
            if (!config)
                return config.error();
            if (!request.hfModelName.empty())
                config->name = request.hfModelName;
            if (request.inputs.layers > config->layers)
                return makeError(ErrorCode::InvalidInput,
                                 config->name + " has " + std::to_string(config->layers) + " layers, not " +
                                     std::to_string(request.inputs.layers) + "; ask for at most that many");
            auto inputs = request.inputs;
            inputs.imageSize = 0;
            return buildHfModel(*config, inputs);
        }
        auto model = requireZooModel(request.model);
        if (!model)
            return model.error();
        if (request.inputs.layers > 0 && (*model)->layers == 0)
            return makeError(ErrorCode::InvalidInput,
                             request.model +
                                 " is built whole: only the transformers (BERT, GPT-2, Llama, "
                                 "ViT) can be built with fewer layers; leave the layer count out");
        if (request.inputs.layers > (*model)->layers)
            return makeError(ErrorCode::InvalidInput,
                             request.model + " has " + std::to_string((*model)->layers) + " layers, not " +
                                 std::to_string(request.inputs.layers) + "; ask for at most that many");
        return (*model)->build(effectiveInputs(request));
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput, e.what());
    }
}

} // namespace

Result<ModelGraph> buildRequestGraph(const ValidationRequest& request) {
    auto graph = buildUnadapted(request);
    if (!graph || request.lora.rank < 1)
        return graph;
    try {
        return applyLora(*graph, request.lora);
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput, e.what());
    }
}

void fillDefaultLoraTargets(ValidationRequest& request) {
    if (request.lora.rank < 1 || !request.lora.targets.empty())
        return;
    if (auto graph = buildUnadapted(request))
        request.lora.targets = defaultLoraTargets(*graph);
}

std::string requestModelName(const ValidationRequest& request) {
    if (!request.model.empty())
        return request.model;
    if (!request.hfConfigJson.empty())
        return request.hfModelName.empty() ? std::string("Hugging Face model") : request.hfModelName;
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
