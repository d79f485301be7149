#include "workload/lora.h"

#include <algorithm>

namespace torchrig {

namespace {

bool isTargeted(const Op& op, const LoraConfig& config) {
    if (op.kind != OpKind::Linear)
        return false;
    if (config.targets.empty())
        return op.block >= 0;
    return std::any_of(config.targets.begin(), config.targets.end(), [&](const std::string& target) {
        const auto& name = op.name;
        return name == target || (name.size() > target.size() &&
                                  name.compare(name.size() - target.size(), target.size(), target) == 0 &&
                                  name[name.size() - target.size() - 1] == '.');
    });
}

} // namespace

std::vector<std::string> defaultLoraTargets(const ModelGraph& graph) {
    auto has = [&](const std::string& suffix) {
        return std::any_of(graph.ops().begin(), graph.ops().end(), [&](const Op& op) {
            return op.kind == OpKind::Linear && op.name.size() > suffix.size() &&
                   op.name.compare(op.name.size() - suffix.size(), suffix.size(), suffix) == 0;
        });
    };
    if (has(".q_proj") && has(".v_proj"))
        return {"q_proj", "v_proj"};
    if (has(".q_proj") &&
        has(".kv_b_proj")) // DeepSeek's latent attention: queries, and keys/values' up-projection
        return {"q_proj", "kv_b_proj"};
    if (has(".qkv_proj")) // Phi-3's fused projection
        return {"qkv_proj"};
    if (has(".query_key_value")) // GPT-NeoX's
        return {"query_key_value"};
    if (has(".c_attn"))
        return {"c_attn"};
    if (has(".query") && has(".value"))
        return {"query", "value"};
    return {};
}

ModelGraph applyLora(const ModelGraph& graph, const LoraConfig& config) {
    if (config.rank < 1)
        throw GraphError(TORCHRIG_MESSAGE("model", "a LoRA rank must be at least 1 (it is %1)")
                             .arg(std::to_string(config.rank)));
    ModelGraph out(graph.name() + (config.quantizeBase4bit ? " + QLoRA r" : " + LoRA r") +
                   std::to_string(config.rank));
    out.setReference(graph.reference() + "; peft LoRA" + (config.quantizeBase4bit ? " on a 4-bit base" : ""));
    for (const auto& block : graph.blocks())
        out.addBlock(block);

    // The linear layers whose weights QLoRA stores in 4 bits: every one inside a block.
    std::vector<bool> quantized(graph.tensors().size(), false);
    if (config.quantizeBase4bit) {
        for (const auto& op : graph.ops())
            if (op.kind == OpKind::Linear && op.block >= 0)
                quantized[static_cast<std::size_t>(op.params[0])] = true;
    }

    std::vector<TensorId> map(graph.tensors().size(), -1);
    for (std::size_t id = 0; id < graph.tensors().size(); ++id) {
        auto t = graph.tensor(static_cast<TensorId>(id));
        if (t.role == TensorRole::Activation)
            continue;
        if (t.role == TensorRole::Parameter) {
            t.frozen = true;
            t.quantized4bit = quantized[id];
        }
        map[id] = out.addTensor(std::move(t));
    }
    auto remap = [&](std::vector<TensorId> ids) {
        for (auto& id : ids)
            id = map[static_cast<std::size_t>(id)];
        return ids;
    };

    int targeted = 0;
    for (const auto& original : graph.ops()) {
        Op op = original;
        op.inputs = remap(op.inputs);
        op.params = remap(op.params);
        op.buffers = remap(op.buffers);
        op.outputs.clear();
        auto result = out.addOp(op);
        if (isTargeted(original, config)) {
            ++targeted;
            const auto& p = original.name;
            const auto x = op.inputs[0];
            const auto inFeatures = out.tensor(x).shape.back();
            const auto outFeatures = out.tensor(result).shape.back();
            auto adapterOp = [&](OpKind kind, const std::string& name, std::vector<TensorId> inputs,
                                 std::vector<TensorId> params = {}) {
                Op added;
                added.kind = kind;
                added.name = name;
                added.inputs = std::move(inputs);
                added.params = std::move(params);
                added.block = original.block;
                return added;
            };
            TensorId h = x;
            if (config.dropout > 0) {
                auto dropout = adapterOp(OpKind::Dropout, p + ".lora_dropout.default", {h});
                dropout.attributes.p = config.dropout;
                h = out.addOp(dropout);
            }
            auto weightA = out.addTensor({p + ".lora_A.default.weight",
                                          {config.rank, inFeatures},
                                          DType::Float32,
                                          TensorRole::Parameter});
            auto weightB = out.addTensor({p + ".lora_B.default.weight",
                                          {outFeatures, config.rank},
                                          DType::Float32,
                                          TensorRole::Parameter});
            h = out.addOp(adapterOp(OpKind::Linear, p + ".lora_A.default", {h}, {weightA}));
            h = out.addOp(adapterOp(OpKind::Linear, p + ".lora_B.default", {h}, {weightB}));
            auto scale = adapterOp(OpKind::Mul, p + ".lora_scaling", {h});
            scale.attributes.scalar = config.alpha / config.rank;
            h = out.addOp(scale);
            result = out.addOp(adapterOp(OpKind::Add, p + ".lora_add", {result, h}));
        }
        map[static_cast<std::size_t>(original.outputs[0])] = result;
    }
    if (targeted == 0) {
        std::string names;
        for (const auto& target : config.targets)
            names += (names.empty() ? "" : ", ") + target;
        throw GraphError(TORCHRIG_MESSAGE("model",
                                          "no linear layer of %1 is named like the LoRA targets (%2); "
                                          "name the last part of a layer's module path, e.g. q_proj, "
                                          "c_attn or query")
                             .arg(graph.name())
                             .arg(names.empty() ? TORCHRIG_MESSAGE("model", "every linear inside a block")
                                                : Message::verbatim(names)));
    }
    out.setLoss(map[static_cast<std::size_t>(graph.loss())]);
    return out;
}

} // namespace torchrig
