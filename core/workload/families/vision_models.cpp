#include "workload/families/vision_models.h"

#include "workload/graph_builder.h"

#include <string>

namespace torchrig {

namespace {

TensorId imageClassifierLoss(GraphBuilder& g, TensorId logits, std::int64_t batch) {
    return g.crossEntropy("loss", logits, g.target("labels", {batch}));
}

} // namespace

ModelGraph buildVgg16(const ModelInputs& inputs, std::int64_t classes) {
    GraphBuilder g("vgg16", "torchvision.models.vgg16 (configuration D)");
    auto x = g.input("images", {inputs.batch, 3, inputs.imageSize, inputs.imageSize});
    const int config[] = {64, 64, 0, 128, 128, 0, 256, 256, 256, 0, 512, 512, 512, 0, 512, 512, 512, 0};
    int index = 0;
    for (int width : config) {
        auto prefix = "features." + std::to_string(index);
        if (width == 0) {
            x = g.maxPool2d(prefix, x, 2, 2);
            ++index;
            continue;
        }
        x = g.conv2d(prefix, x, width, 3, 1, 1, true);
        x = g.relu("features." + std::to_string(index + 1), x, true);
        index += 2;
    }
    x = g.adaptiveAvgPool2d("avgpool", x, 7, 7);
    x = g.flatten("flatten", x, 1);
    x = g.linear("classifier.0", x, 4096);
    x = g.relu("classifier.1", x, true);
    x = g.dropout("classifier.2", x, 0.5);
    x = g.linear("classifier.3", x, 4096);
    x = g.relu("classifier.4", x, true);
    x = g.dropout("classifier.5", x, 0.5);
    auto logits = g.linear("classifier.6", x, classes);
    imageClassifierLoss(g, logits, inputs.batch);
    return g.finish();
}

ModelGraph buildMobileNetV2(const ModelInputs& inputs, std::int64_t classes) {
    GraphBuilder g("mobilenet_v2", "torchvision.models.mobilenet_v2 (width multiplier 1.0)");
    auto x = g.input("images", {inputs.batch, 3, inputs.imageSize, inputs.imageSize});
    auto convBnRelu6 = [&](const std::string& prefix, TensorId in, std::int64_t out, std::int64_t kernel,
                           std::int64_t stride, std::int64_t groups) {
        auto y = g.conv2d(prefix + ".0", in, out, kernel, stride, (kernel - 1) / 2, false, groups);
        y = g.batchNorm2d(prefix + ".1", y);
        return g.relu6(prefix + ".2", y, true);
    };
    x = convBnRelu6("features.0", x, 32, 3, 2, 1);
    struct Stage {
        std::int64_t expand, channels, repeats, stride;
    };
    const Stage stages[] = {{1, 16, 1, 1}, {6, 24, 2, 2},  {6, 32, 3, 2}, {6, 64, 4, 2},
                            {6, 96, 3, 1}, {6, 160, 3, 2}, {6, 320, 1, 1}};
    std::int64_t inChannels = 32;
    int feature = 1;
    for (const auto& stage : stages) {
        for (std::int64_t r = 0; r < stage.repeats; ++r) {
            auto prefix = "features." + std::to_string(feature++);
            auto stride = r == 0 ? stage.stride : 1;
            auto hidden = inChannels * stage.expand;
            g.beginBlock(prefix);
            auto y = x;
            int layer = 0;
            if (stage.expand != 1)
                y = convBnRelu6(prefix + ".conv." + std::to_string(layer++), y, hidden, 1, 1, 1);
            y = convBnRelu6(prefix + ".conv." + std::to_string(layer++), y, hidden, 3, stride, hidden);
            y = g.conv2d(prefix + ".conv." + std::to_string(layer++), y, stage.channels, 1, 1, 0, false);
            y = g.batchNorm2d(prefix + ".conv." + std::to_string(layer), y);
            if (stride == 1 && inChannels == stage.channels)
                y = g.add(prefix + ".add", x, y);
            x = y;
            g.endBlock();
            inChannels = stage.channels;
        }
    }
    x = convBnRelu6("features." + std::to_string(feature), x, 1280, 1, 1, 1);
    x = g.adaptiveAvgPool2d("avgpool", x, 1, 1);
    x = g.flatten("flatten", x, 1);
    x = g.dropout("classifier.0", x, 0.2);
    auto logits = g.linear("classifier.1", x, classes);
    imageClassifierLoss(g, logits, inputs.batch);
    return g.finish();
}

ModelGraph buildVitB16(const ModelInputs& inputs, std::int64_t classes, std::int64_t layers) {
    constexpr std::int64_t kPatch = 16, kWidth = 768, kHeads = 12, kMlp = 3072;
    if (inputs.imageSize % kPatch != 0)
        throw GraphError(TORCHRIG_MESSAGE("model", "vit_b_16 needs an image size divisible by 16, not %1")
                             .arg(std::to_string(inputs.imageSize)));
    GraphBuilder g("vit_b_16", "torchvision.models.vit_b_16");
    const auto n = inputs.batch;
    auto x = g.input("images", {n, 3, inputs.imageSize, inputs.imageSize});
    auto patches = (inputs.imageSize / kPatch) * (inputs.imageSize / kPatch);
    auto seq = patches + 1;
    x = g.conv2d("conv_proj", x, kWidth, kPatch, kPatch, 0, true);
    x = g.reshape("patches", x, {n, kWidth, patches});
    x = g.permute("tokens", x, {0, 2, 1});
    auto classToken = g.expand("class_token.expand", g.parameter("class_token", {1, 1, kWidth}), {n, -1, -1});
    x = g.cat("with_class_token", {classToken, x}, 1);
    x = g.add("encoder.pos_embedding.add", x, g.parameter("encoder.pos_embedding", {1, seq, kWidth}));
    x = g.dropout("encoder.dropout", x, 0.0);
    const auto headDim = kWidth / kHeads;
    for (std::int64_t layer = 0; layer < layers; ++layer) {
        auto p = "encoder.layers.encoder_layer_" + std::to_string(layer);
        g.beginBlock(p);
        auto y = g.layerNorm(p + ".ln_1", x, 1e-6);
        auto qkv = g.linear(p + ".self_attention.in_proj", y, 3 * kWidth);
        qkv = g.view(p + ".self_attention.split", qkv, {n, seq, 3, kHeads, headDim});
        qkv = g.permute(p + ".self_attention.heads", qkv, {2, 0, 3, 1, 4});
        auto q = g.select(p + ".self_attention.q", qkv, 0, 0);
        auto k = g.select(p + ".self_attention.k", qkv, 0, 1);
        auto v = g.select(p + ".self_attention.v", qkv, 0, 2);
        auto attended = g.attention(p + ".self_attention.sdpa", q, k, v, false, 0.0);
        attended = g.permute(p + ".self_attention.merge", attended, {0, 2, 1, 3});
        attended = g.reshape(p + ".self_attention.merge_heads", attended, {n, seq, kWidth});
        attended = g.linear(p + ".self_attention.out_proj", attended, kWidth);
        attended = g.dropout(p + ".dropout", attended, 0.0);
        x = g.add(p + ".add_1", attended, x);
        y = g.layerNorm(p + ".ln_2", x, 1e-6);
        y = g.linear(p + ".mlp.0", y, kMlp);
        y = g.gelu(p + ".mlp.1", y);
        y = g.dropout(p + ".mlp.2", y, 0.0);
        y = g.linear(p + ".mlp.3", y, kWidth);
        y = g.dropout(p + ".mlp.4", y, 0.0);
        x = g.add(p + ".add_2", x, y);
        g.endBlock();
    }
    x = g.layerNorm("encoder.ln", x, 1e-6);
    x = g.select("class_token_out", x, 1, 0);
    auto logits = g.linear("heads.head", x, classes);
    imageClassifierLoss(g, logits, n);
    return g.finish();
}

ModelGraph buildUNet(const ModelInputs& inputs, std::int64_t inChannels, std::int64_t classes,
                     std::int64_t base) {
    if (inputs.imageSize % 16 != 0)
        throw GraphError(TORCHRIG_MESSAGE("model", "unet needs an image size divisible by 16 (four 2x2 "
                                                   "poolings), not %1")
                             .arg(std::to_string(inputs.imageSize)));
    GraphBuilder g("unet",
                   "U-Net (Ronneberger et al. 2015) as milesial/Pytorch-UNet writes it, bilinear=False");
    auto x = g.input("images", {inputs.batch, inChannels, inputs.imageSize, inputs.imageSize});
    auto doubleConv = [&](const std::string& p, TensorId in, std::int64_t out) {
        g.beginBlock(p);
        auto y = g.conv2d(p + ".double_conv.0", in, out, 3, 1, 1, false);
        y = g.batchNorm2d(p + ".double_conv.1", y);
        y = g.relu(p + ".double_conv.2", y, true);
        y = g.conv2d(p + ".double_conv.3", y, out, 3, 1, 1, false);
        y = g.batchNorm2d(p + ".double_conv.4", y);
        y = g.relu(p + ".double_conv.5", y, true);
        g.endBlock();
        return y;
    };
    std::vector<TensorId> skips;
    x = doubleConv("inc", x, base);
    for (int level = 1; level <= 4; ++level) {
        skips.push_back(x);
        auto p = "down" + std::to_string(level);
        x = g.maxPool2d(p + ".maxpool_conv.0", x, 2, 2);
        x = doubleConv(p + ".maxpool_conv.1", x, base << level);
    }
    for (int level = 1; level <= 4; ++level) {
        auto p = "up" + std::to_string(level);
        auto channels = base << (4 - level);
        x = g.convTranspose2d(p + ".up", x, channels, 2, 2);
        x = g.cat(p + ".cat", {skips[static_cast<std::size_t>(4 - level)], x}, 1);
        x = doubleConv(p + ".conv", x, channels);
    }
    auto logits = g.conv2d("outc.conv", x, classes, 1, 1, 0, true);
    g.crossEntropy("loss", logits, g.target("masks", {inputs.batch, inputs.imageSize, inputs.imageSize}));
    return g.finish();
}

ModelGraph buildMlp(const ModelInputs& inputs, const std::vector<std::int64_t>& widths) {
    if (widths.size() < 2)
        throw GraphError(TORCHRIG_MESSAGE("model", "an MLP needs at least two widths: inputs and classes"));
    GraphBuilder g("mlp", "torch.nn.Sequential of Linear and ReLU");
    auto x = g.input("features", {inputs.batch, widths.front()});
    for (std::size_t i = 1; i < widths.size(); ++i) {
        x = g.linear("layers." + std::to_string(2 * (i - 1)), x, widths[i]);
        if (i + 1 < widths.size())
            x = g.relu("layers." + std::to_string(2 * (i - 1) + 1), x, false);
    }
    imageClassifierLoss(g, x, inputs.batch);
    return g.finish();
}

} // namespace torchrig
