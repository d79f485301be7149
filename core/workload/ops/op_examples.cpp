#include "workload/ops/op_examples.h"

namespace torchrig::ops {

TensorId trainedInput(GraphBuilder& g, const Shape& shape) {
    return g.add("shifted", g.input("x", shape), g.parameter("shift", shape));
}

ModelGraph exampleModel(std::string_view opId, const std::function<TensorId(GraphBuilder&)>& body) {
    GraphBuilder g("example " + std::string(opId), "TorchRig's check of one op kind");
    auto y = body(g);
    const auto batch = g.shape(y).empty() ? 1 : g.shape(y)[0];
    if (g.shape(y).size() < 2)
        y = g.reshape("as_rows", y, {batch, -1});
    else if (g.shape(y).size() > 2)
        y = g.flatten("flatten", y, 1);
    auto logits = g.linear("head", y, 2);
    g.crossEntropy("loss", logits, g.target("labels", {batch}));
    return g.finish();
}

} // namespace torchrig::ops
