#include "workload/families/resnet.h"

#include "workload/graph_builder.h"

#include <string>

namespace torchrig {

namespace {

struct Layout {
    bool bottleneck;
    int blocks[4];
};

Layout layoutFor(int depth) {
    switch (depth) {
    case 18: return {false, {2, 2, 2, 2}};
    case 34: return {false, {3, 4, 6, 3}};
    case 50: return {true, {3, 4, 6, 3}};
    case 101: return {true, {3, 4, 23, 3}};
    case 152: return {true, {3, 8, 36, 3}};
    default:
        throw GraphError(TORCHRIG_MESSAGE("model", "ResNet depth %1 is not one of 18, 34, 50, 101, 152")
                             .arg(std::to_string(depth)));
    }
}

} // namespace

ModelGraph buildResNet(int depth, const ModelInputs& inputs, std::int64_t classes) {
    auto layout = layoutFor(depth);
    GraphBuilder g("resnet" + std::to_string(depth), "torchvision.models.resnet (ResNet v1.5)");
    auto x = g.input("images", {inputs.batch, 3, inputs.imageSize, inputs.imageSize});
    auto labels = g.target("labels", {inputs.batch});
    x = g.conv2d("conv1", x, 64, 7, 2, 3, false);
    x = g.batchNorm2d("bn1", x);
    x = g.relu("relu", x, true);
    x = g.maxPool2d("maxpool", x, 3, 2, 1);
    std::int64_t expansion = layout.bottleneck ? 4 : 1;
    std::int64_t inplanes = 64;
    for (int layer = 0; layer < 4; ++layer) {
        std::int64_t planes = 64 << layer;
        for (int block = 0; block < layout.blocks[layer]; ++block) {
            std::int64_t stride = (block == 0 && layer > 0) ? 2 : 1;
            auto prefix = "layer" + std::to_string(layer + 1) + "." + std::to_string(block);
            g.beginBlock(prefix);
            auto identity = x;
            TensorId out;
            if (layout.bottleneck) {
                out = g.conv2d(prefix + ".conv1", x, planes, 1, 1, 0, false);
                out = g.batchNorm2d(prefix + ".bn1", out);
                out = g.relu(prefix + ".relu1", out, true);
                out = g.conv2d(prefix + ".conv2", out, planes, 3, stride, 1, false);
                out = g.batchNorm2d(prefix + ".bn2", out);
                out = g.relu(prefix + ".relu2", out, true);
                out = g.conv2d(prefix + ".conv3", out, planes * expansion, 1, 1, 0, false);
                out = g.batchNorm2d(prefix + ".bn3", out);
            } else {
                out = g.conv2d(prefix + ".conv1", x, planes, 3, stride, 1, false);
                out = g.batchNorm2d(prefix + ".bn1", out);
                out = g.relu(prefix + ".relu1", out, true);
                out = g.conv2d(prefix + ".conv2", out, planes, 3, 1, 1, false);
                out = g.batchNorm2d(prefix + ".bn2", out);
            }
            if (stride != 1 || inplanes != planes * expansion) {
                identity = g.conv2d(prefix + ".downsample.0", x, planes * expansion, 1, stride, 0, false);
                identity = g.batchNorm2d(prefix + ".downsample.1", identity);
            }
            out = g.add(prefix + ".add", out, identity);
            x = g.relu(prefix + ".relu", out, true);
            g.endBlock();
            inplanes = planes * expansion;
        }
    }
    x = g.adaptiveAvgPool2d("avgpool", x, 1, 1);
    x = g.flatten("flatten", x, 1);
    auto logits = g.linear("fc", x, classes);
    g.crossEntropy("loss", logits, labels);
    return g.finish();
}

} // namespace torchrig
