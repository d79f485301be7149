#pragma once

#include "workload/families/model_inputs.h"
#include "workload/model_graph.h"

#include <vector>

namespace torchrig {

// torchvision.models.vgg16 (configuration D, no batch norm), 1000 classes.
ModelGraph buildVgg16(const ModelInputs& inputs, std::int64_t classes = 1000);
// torchvision.models.mobilenet_v2 (width 1.0), 1000 classes.
ModelGraph buildMobileNetV2(const ModelInputs& inputs, std::int64_t classes = 1000);
// torchvision.models.vit_b_16: patch 16, 12 layers (or fewer), width 768, 12 heads, MLP 3072,
// 1000 classes.
ModelGraph buildVitB16(const ModelInputs& inputs, std::int64_t classes = 1000, std::int64_t layers = 12);
// U-Net in the Ronneberger layout as milesial/Pytorch-UNet writes it (bilinear=False): two 3x3
// convolutions + batch norm + ReLU per level, 2x2 transposed-convolution up-sampling.
ModelGraph buildUNet(const ModelInputs& inputs, std::int64_t inChannels = 3, std::int64_t classes = 2,
                     std::int64_t baseChannels = 64);
// Linear layers of the given widths with ReLU between; the last width is the number of classes.
ModelGraph buildMlp(const ModelInputs& inputs, const std::vector<std::int64_t>& widths);

} // namespace torchrig
