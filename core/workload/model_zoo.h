#pragma once

#include "util/result.h"
#include "workload/families/model_inputs.h"
#include "workload/model_graph.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig {

enum class ModelInputKind { Image, Tokens, Features };

// A model of the zoo: a family at fixed hyper-parameters, built for any batch and input size.
struct ZooModel {
    std::string id; // "resnet50", "bert-base-uncased", "llama-2-7b"
    std::string family;
    std::string description;
    ModelInputKind inputKind = ModelInputKind::Image;
    ModelInputs defaults;
    std::function<ModelGraph(const ModelInputs&)> build;
    // Its transformer blocks, when `build` honours ModelInputs::layers (fewer of them); 0: the
    // model is built whole whatever the inputs ask.
    std::int64_t layers = 0;
};

const std::vector<ZooModel>& modelZoo();
const ZooModel* findZooModel(std::string_view id); // null when unknown
// The model, or an error that lists the zoo's ids.
Result<const ZooModel*> requireZooModel(std::string_view id);

} // namespace torchrig
