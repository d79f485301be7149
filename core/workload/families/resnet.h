#pragma once

#include "workload/families/model_inputs.h"
#include "workload/model_graph.h"

namespace torchrig {

// torchvision.models.resnet (v1.5: the stride on the 3x3 convolution of a bottleneck), with the
// 1000-class head and cross-entropy. depth: 18, 34, 50, 101 or 152.
ModelGraph buildResNet(int depth, const ModelInputs& inputs, std::int64_t classes = 1000);

} // namespace torchrig
