#include "workload/model_zoo.h"

#include "workload/bundled_hf_configs.h"
#include "workload/families/hf_config.h"
#include "workload/families/language_models.h"
#include "workload/families/resnet.h"
#include "workload/families/vision_models.h"

#include <algorithm>
#include <cassert>
#include <memory>

namespace torchrig {

namespace {

ModelInputs imageDefaults(std::int64_t size = 224) {
    return {32, size, 0, 0};
}
ModelInputs tokenDefaults(std::int64_t seq) {
    return {8, 0, seq, 0};
}

// The inputs' layer count where it asks for fewer blocks than the model has, else the model's.
std::int64_t layersFor(const ModelInputs& inputs, std::int64_t own) {
    return inputs.layers > 0 && inputs.layers < own ? inputs.layers : own;
}

// The hub repositories the bundled configs are copies of (resources/models/hf/README.md).
constexpr std::pair<std::string_view, std::string_view> kHfTitles[] = {
    {"llama-3.1-8b", "Llama 3.1 8B (meta-llama/Llama-3.1-8B)"},
    {"llama-3.1-70b", "Llama 3.1 70B (meta-llama/Llama-3.1-70B)"},
    {"qwen2.5-7b", "Qwen2.5 7B (Qwen/Qwen2.5-7B)"},
    {"mistral-7b-v0.3", "Mistral 7B v0.3 (mistralai/Mistral-7B-v0.3)"},
    {"gemma-2-9b", "Gemma 2 9B (google/gemma-2-9b)"},
    {"phi-3-mini-4k", "Phi-3 mini 4k (microsoft/Phi-3-mini-4k-instruct)"},
    {"mixtral-8x7b", "Mixtral 8x7B, mixture of experts (mistralai/Mixtral-8x7B-v0.1)"},
    {"qwen1.5-moe-a2.7b", "Qwen1.5-MoE-A2.7B, mixture of experts (Qwen/Qwen1.5-MoE-A2.7B)"},
    {"deepseek-v2-lite", "DeepSeek-V2-Lite, latent attention and experts (deepseek-ai/DeepSeek-V2-Lite)"},
};

void addHfModels(std::vector<ZooModel>& zoo) {
    for (const auto& bundled : bundledHfConfigs()) {
        const std::string id(bundled.id);
        auto config = readHfConfig(bundled.text, "resources/models/hf/" + id + ".json", id);
        assert(config && "a bundled config is read by tests/core/hf_model_test.cpp");
        if (!config)
            continue;
        auto shared = std::make_shared<HfModelConfig>(std::move(*config));
        shared->name = id;
        const auto* title = std::find_if(std::begin(kHfTitles), std::end(kHfTitles),
                                         [&](const auto& t) { return t.first == id; });
        zoo.push_back(
            {id, shared->modelType,
             title == std::end(kHfTitles) ? id : std::string(title->second) + " language model",
             ModelInputKind::Tokens, tokenDefaults(std::min<std::int64_t>(4096, shared->maxPositions)),
             [shared](const ModelInputs& in) { return buildHfModel(*shared, in); }, shared->layers});
    }
}

std::vector<ZooModel> makeZoo() {
    std::vector<ZooModel> zoo;
    for (int depth : {18, 34, 50, 101, 152}) {
        zoo.push_back({"resnet" + std::to_string(depth), "resnet",
                       "ResNet-" + std::to_string(depth) + ", ImageNet classifier", ModelInputKind::Image,
                       imageDefaults(), [depth](const ModelInputs& in) {
                           return buildResNet(depth, in);
                       }});
    }
    zoo.push_back({"vgg16", "vgg", "VGG-16, ImageNet classifier", ModelInputKind::Image, imageDefaults(),
                   [](const ModelInputs& in) {
                       return buildVgg16(in);
                   }});
    zoo.push_back({"mobilenet_v2", "mobilenet", "MobileNetV2, ImageNet classifier", ModelInputKind::Image,
                   imageDefaults(), [](const ModelInputs& in) {
                       return buildMobileNetV2(in);
                   }});
    zoo.push_back({"vit_b_16", "vit", "ViT-B/16, ImageNet classifier", ModelInputKind::Image, imageDefaults(),
                   [](const ModelInputs& in) { return buildVitB16(in, 1000, layersFor(in, 12)); }, 12});
    zoo.push_back({"unet",
                   "unet",
                   "U-Net, 64 base channels, 2-class segmentation",
                   ModelInputKind::Image,
                   {8, 256, 0, 0},
                   [](const ModelInputs& in) {
                       return buildUNet(in);
                   }});
    zoo.push_back({"mlp",
                   "mlp",
                   "MLP 784-512-512-10 (MNIST-sized)",
                   ModelInputKind::Features,
                   {64, 0, 0, 0},
                   [](const ModelInputs& in) {
                       return buildMlp(in, {784, 512, 512, 10});
                   }});
    zoo.push_back({"bert-base-uncased", "bert", "BERT-base, 2-label sequence classification",
                   ModelInputKind::Tokens, tokenDefaults(128),
                   [](const ModelInputs& in) {
                       BertConfig c;
                       c.layers = layersFor(in, c.layers);
                       return buildBert(c, in);
                   },
                   12});
    zoo.push_back({"bert-large-uncased", "bert", "BERT-large, 2-label sequence classification",
                   ModelInputKind::Tokens, tokenDefaults(128),
                   [](const ModelInputs& in) {
                       BertConfig c;
                       c.name = "bert-large-uncased";
                       c.hidden = 1024;
                       c.layers = layersFor(in, 24);
                       c.heads = 16;
                       c.intermediate = 4096;
                       return buildBert(c, in);
                   },
                   24});
    struct Gpt2Size {
        const char* id;
        std::int64_t width, layers, heads;
    };
    for (auto size : {Gpt2Size{"gpt2", 768, 12, 12}, Gpt2Size{"gpt2-medium", 1024, 24, 16},
                      Gpt2Size{"gpt2-large", 1280, 36, 20}, Gpt2Size{"gpt2-xl", 1600, 48, 25}}) {
        zoo.push_back({size.id, "gpt2", std::string("GPT-2 ") + size.id + " language model",
                       ModelInputKind::Tokens, tokenDefaults(1024),
                       [size](const ModelInputs& in) {
                           Gpt2Config c;
                           c.name = size.id;
                           c.width = size.width;
                           c.layers = layersFor(in, size.layers);
                           c.heads = size.heads;
                           return buildGpt2(c, in);
                       },
                       size.layers});
    }
    struct LlamaSize {
        const char* id;
        std::int64_t hidden, intermediate, layers, heads, kvHeads;
    };
    for (auto size :
         {LlamaSize{"llama-2-7b", 4096, 11008, 32, 32, 32}, LlamaSize{"llama-2-13b", 5120, 13824, 40, 40, 40},
          LlamaSize{"llama-2-70b", 8192, 28672, 80, 64, 8}}) {
        zoo.push_back({size.id, "llama", std::string("Llama 2 ") + (size.id + 8) + " language model",
                       ModelInputKind::Tokens, tokenDefaults(4096),
                       [size](const ModelInputs& in) {
                           LlamaConfig c;
                           c.name = size.id;
                           c.hidden = size.hidden;
                           c.intermediate = size.intermediate;
                           c.layers = layersFor(in, size.layers);
                           c.heads = size.heads;
                           c.kvHeads = size.kvHeads;
                           return buildLlama(c, in);
                       },
                       size.layers});
    }
    addHfModels(zoo);
    return zoo;
}

} // namespace

const std::vector<ZooModel>& modelZoo() {
    static const std::vector<ZooModel> zoo = makeZoo();
    return zoo;
}

const ZooModel* findZooModel(std::string_view id) {
    for (const auto& model : modelZoo()) {
        if (model.id == id)
            return &model;
    }
    return nullptr;
}

Result<const ZooModel*> requireZooModel(std::string_view id) {
    if (const auto* model = findZooModel(id))
        return model;
    std::string known;
    for (const auto& model : modelZoo())
        known += (known.empty() ? "" : ", ") + model.id;
    return makeError(ErrorCode::NotFound,
                     TORCHRIG_MESSAGE("model", "\"%1\" is not a zoo model; the zoo has %2")
                         .arg(std::string(id))
                         .arg(known));
}

} // namespace torchrig
