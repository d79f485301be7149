#include "workload/model_zoo.h"

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {
std::int64_t parameters(const char* id, std::string_view prefix = {}) {
    const auto* model = findZooModel(id);
    REQUIRE(model);
    auto inputs = model->defaults;
    inputs.batch = 2;
    if (inputs.seqLen > 0)
        inputs.seqLen = 64;
    return model->build(inputs).parameterCount(prefix);
}
} // namespace

TEST_CASE("The zoo's parameter counts equal the reference implementations' to the unit", "[core][zoo]") {
    CHECK(parameters("resnet18") == 11'689'512);
    CHECK(parameters("resnet34") == 21'797'672);
    CHECK(parameters("resnet50") == 25'557'032);
    CHECK(parameters("resnet101") == 44'549'160);
    CHECK(parameters("resnet152") == 60'192'808);
    CHECK(parameters("vgg16") == 138'357'544);
    CHECK(parameters("mobilenet_v2") == 3'504'872);
    CHECK(parameters("vit_b_16") == 86'567'656);
    CHECK(parameters("bert-base-uncased", "bert.") == 109'482'240); // BertModel
    CHECK(parameters("bert-base-uncased") == 109'483'778);          // with the 2-label classifier
    CHECK(parameters("gpt2") == 124'439'808);
    CHECK(parameters("gpt2-xl") == 1'557'611'200);
    CHECK(parameters("llama-2-7b") == 6'738'415'616);
}

TEST_CASE("The larger sizes of each family match their published counts too", "[core][zoo]") {
    CHECK(parameters("bert-large-uncased", "bert.") == 335'141'888);
    CHECK(parameters("gpt2-medium") == 354'823'168);
    CHECK(parameters("gpt2-large") == 774'030'080);
    CHECK(parameters("llama-2-13b") == 13'015'864'320);
    CHECK(parameters("llama-2-70b") == 68'976'648'192); // grouped-query attention: 8 key/value heads
    CHECK(parameters("unet") == 31'037'698);            // milesial/Pytorch-UNet, n_classes=2
    CHECK(parameters("mlp") == 784 * 512 + 512 + 512 * 512 + 512 + 512 * 10 + 10);
}

TEST_CASE("Every zoo model builds at its default sizes and ends in a scalar loss", "[core][zoo]") {
    for (const auto& model : modelZoo()) {
        INFO(model.id);
        auto inputs = model.defaults;
        inputs.batch = 1;
        if (inputs.seqLen > 0)
            inputs.seqLen = 32;
        auto graph = model.build(inputs);
        REQUIRE(graph.loss() >= 0);
        CHECK(graph.tensor(graph.loss()).shape.empty());
        CHECK_FALSE(graph.reference().empty());
        CHECK(graph.parameterCount() > 0);
    }
}
