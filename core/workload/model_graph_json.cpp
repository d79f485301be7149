#include "workload/model_graph_json.h"

#include "util/json_document.h"
#include "workload/ops/op_descriptor.h"

#include <nlohmann/json.hpp>

#include <map>
#include <optional>

namespace torchrig {

namespace {

using nlohmann::json;
using ordered = nlohmann::ordered_json;

const OpAttributes kDefaults;

ordered pair(const std::int64_t (&values)[2]) {
    return ordered::array({values[0], values[1]});
}

// An attribute's value as the model file writes it, or none when it is PyTorch's default (left out).
std::optional<ordered> attributeJson(ops::OpAttribute attribute, const OpAttributes& a) {
    using ops::OpAttribute;
    auto unlessDefault = [](const auto& value, const auto& fallback) -> std::optional<ordered> {
        return value == fallback ? std::nullopt : std::optional<ordered>(value);
    };
    auto pairUnlessDefault = [](const std::int64_t(&value)[2],
                                const std::int64_t(&fallback)[2]) -> std::optional<ordered> {
        if (value[0] == fallback[0] && value[1] == fallback[1])
            return std::nullopt;
        return pair(value);
    };
    switch (attribute) {
    case OpAttribute::Kernel: return pairUnlessDefault(a.kernel, kDefaults.kernel);
    case OpAttribute::Stride: return pairUnlessDefault(a.stride, kDefaults.stride);
    case OpAttribute::Padding: return pairUnlessDefault(a.padding, kDefaults.padding);
    case OpAttribute::Dilation: return pairUnlessDefault(a.dilation, kDefaults.dilation);
    case OpAttribute::OutputPadding: return pairUnlessDefault(a.outputPadding, kDefaults.outputPadding);
    case OpAttribute::OutputSize: return pairUnlessDefault(a.outputSize, kDefaults.outputSize);
    case OpAttribute::Groups: return unlessDefault(a.groups, kDefaults.groups);
    case OpAttribute::Dims: return a.dims.empty() ? std::nullopt : std::optional<ordered>(a.dims);
    case OpAttribute::Dim: return unlessDefault(a.dim, kDefaults.dim);
    case OpAttribute::Dim2: return unlessDefault(a.dim2, kDefaults.dim2);
    case OpAttribute::Index: return unlessDefault(a.index, kDefaults.index);
    case OpAttribute::Start: return unlessDefault(a.start, kDefaults.start);
    case OpAttribute::End: return unlessDefault(a.end, kDefaults.end);
    case OpAttribute::Eps: return unlessDefault(a.eps, kDefaults.eps);
    case OpAttribute::P: return unlessDefault(a.p, kDefaults.p);
    case OpAttribute::Scalar: return unlessDefault(a.scalar, kDefaults.scalar);
    case OpAttribute::Inplace: return unlessDefault(a.inplace, kDefaults.inplace);
    case OpAttribute::Causal: return unlessDefault(a.causal, kDefaults.causal);
    case OpAttribute::Approximate: return a.tanhApproximation ? std::optional<ordered>("tanh") : std::nullopt;
    case OpAttribute::IgnoreIndex: return unlessDefault(a.ignoreIndex, kDefaults.ignoreIndex);
    case OpAttribute::K: return unlessDefault(a.k, kDefaults.k);
    case OpAttribute::Rows: return unlessDefault(a.rows, kDefaults.rows);
    case OpAttribute::AttributeCount: break;
    }
    return std::nullopt;
}

// The attributes that differ from PyTorch's defaults, by their keys (ops/op_attributes.h).
ordered attributesToJson(const OpAttributes& a) {
    ordered out = ordered::object();
    for (std::size_t k = 0; k < ops::kOpAttributeCount; ++k) {
        const auto attribute = static_cast<ops::OpAttribute>(k);
        if (auto value = attributeJson(attribute, a))
            out[std::string(ops::opAttributeKey(attribute))] = std::move(*value);
    }
    return out;
}

using JsonError = JsonFieldError;

// Bounds that no real model reaches and that keep every product of sizes (elements, bytes, FLOPs)
// far inside 64 bits: a size up to 2^40, a tensor up to 2^48 elements, a graph up to 200,000 ops.
constexpr std::int64_t kMaxDimension = std::int64_t{1} << 40;
constexpr std::int64_t kMaxElements = std::int64_t{1} << 48;
constexpr std::size_t kMaxOps = 200000;
constexpr std::size_t kMaxTensors = 200000;

std::int64_t integer(const json& value, const std::string& where) {
    return wholeNumberIn(value, where, -kMaxDimension, kMaxDimension);
}

double number(const json& value, const std::string& where) {
    return finiteNumberIn(value, where, -std::numeric_limits<double>::max());
}

void readPair(const json& value, std::int64_t (&target)[2], const std::string& where) {
    if (value.is_number_integer()) {
        target[0] = target[1] = integer(value, where);
        return;
    }
    if (!value.is_array() || value.size() != 2)
        throw JsonError(where + ": expected a number or [height, width]");
    target[0] = integer(value[0], where);
    target[1] = integer(value[1], where);
}

// One attribute from the model file into OpAttributes.
void readAttribute(ops::OpAttribute attribute, const json& value, OpAttributes& a, const std::string& at) {
    using ops::OpAttribute;
    switch (attribute) {
    case OpAttribute::Kernel: readPair(value, a.kernel, at); break;
    case OpAttribute::Stride: readPair(value, a.stride, at); break;
    case OpAttribute::Padding: readPair(value, a.padding, at); break;
    case OpAttribute::Dilation: readPair(value, a.dilation, at); break;
    case OpAttribute::OutputPadding: readPair(value, a.outputPadding, at); break;
    case OpAttribute::OutputSize: readPair(value, a.outputSize, at); break;
    case OpAttribute::Groups: a.groups = integer(value, at); break;
    case OpAttribute::Dims:
        if (!value.is_array())
            throw JsonError(at + ": must be a list of whole numbers");
        for (const auto& d : value)
            a.dims.push_back(integer(d, at));
        break;
    case OpAttribute::Dim: a.dim = integer(value, at); break;
    case OpAttribute::Dim2: a.dim2 = integer(value, at); break;
    case OpAttribute::Index: a.index = integer(value, at); break;
    case OpAttribute::Start: a.start = integer(value, at); break;
    case OpAttribute::End: a.end = integer(value, at); break;
    case OpAttribute::Eps: a.eps = number(value, at); break;
    case OpAttribute::P: a.p = number(value, at); break;
    case OpAttribute::Scalar: a.scalar = number(value, at); break;
    case OpAttribute::Inplace: a.inplace = value.is_boolean() && value.get<bool>(); break;
    case OpAttribute::Causal: a.causal = value.is_boolean() && value.get<bool>(); break;
    case OpAttribute::Approximate:
        if (value != "tanh" && value != "none")
            throw JsonError(at + ": must be \"none\" or \"tanh\", not " + jsonExcerpt(value));
        a.tanhApproximation = value == "tanh";
        break;
    case OpAttribute::IgnoreIndex: a.ignoreIndex = integer(value, at); break;
    case OpAttribute::K: a.k = integer(value, at); break;
    case OpAttribute::Rows: a.rows = integer(value, at); break;
    case OpAttribute::AttributeCount: break;
    }
}

OpAttributes attributesFromJson(const json& object, OpKind kind, const std::string& where) {
    OpAttributes a;
    if (!object.is_object())
        throw JsonError(where + ": must be an object");
    for (const auto& [key, value] : object.items()) {
        const auto at = where + "." + textExcerpt(key, 40);
        const auto attribute = ops::opAttributeFromKey(key);
        if (!attribute) {
            const auto& reads = ops::opDescriptor(kind).attributes;
            throw JsonError(at + ": unknown attribute; " + std::string(opKindId(kind)) +
                            (reads.empty() ? " takes none" : " takes " + reads.keys()));
        }
        readAttribute(*attribute, value, a, at);
    }
    if (a.groups < 1 || a.stride[0] < 1 || a.stride[1] < 1 || a.kernel[0] < 1 || a.kernel[1] < 1)
        throw JsonError(where + ": kernel, stride and groups must be at least 1");
    if (a.p < 0 || a.p >= 1)
        throw JsonError(where + ".p: a dropout probability is at least 0 and below 1");
    return a;
}

std::string text(const json& object, const char* key, const std::string& where, bool required = true) {
    auto it = object.find(key);
    if (it == object.end() || !it->is_string()) {
        if (required)
            throw JsonError(where + ": \"" + key + "\" must be given as text");
        return {};
    }
    return textIn(*it, where + "." + key, 1024);
}

} // namespace

std::string writeModelGraphJson(const ModelGraph& graph) {
    // One tensor or op a line: a model file is read and edited by people.
    auto list = [](const std::vector<ordered>& entries) {
        std::string out = "[";
        for (std::size_t i = 0; i < entries.size(); ++i)
            out += (i ? ",\n    " : "\n    ") + entries[i].dump();
        return out + (entries.empty() ? "]" : "\n  ]");
    };
    std::vector<ordered> tensors;
    for (const auto& t : graph.tensors()) {
        if (t.role == TensorRole::Activation)
            continue; // every activation is an op's output
        ordered entry = {{"name", t.name},
                         {"role", tensorRoleId(t.role)},
                         {"shape", t.shape},
                         {"dtype", dtypeId(t.dtype)}};
        if (t.frozen)
            entry["frozen"] = true;
        if (t.quantized4bit)
            entry["quantized_4bit"] = true;
        tensors.push_back(entry);
    }
    auto names = [&](const std::vector<TensorId>& ids) {
        ordered out = ordered::array();
        for (auto id : ids)
            out.push_back(graph.tensor(id).name);
        return out;
    };
    std::vector<ordered> ops;
    for (const auto& op : graph.ops()) {
        ordered entry = {{"op", opKindId(op.kind)}, {"name", op.name}, {"inputs", names(op.inputs)}};
        if (!op.params.empty())
            entry["params"] = names(op.params);
        if (!op.buffers.empty())
            entry["buffers"] = names(op.buffers);
        auto attributes = attributesToJson(op.attributes);
        if (!attributes.empty())
            entry["attributes"] = attributes;
        if (op.block >= 0)
            entry["block"] = graph.blocks()[static_cast<std::size_t>(op.block)];
        ops.push_back(entry);
    }
    std::vector<ordered> blocks;
    for (const auto& block : graph.blocks())
        blocks.emplace_back(block);
    std::string out = "{\n";
    out += "  \"format\": \"torchrig-model\",\n";
    out += "  \"format_version\": " + std::to_string(kModelJsonFormatVersion) + ",\n";
    out += "  \"name\": " + ordered(graph.name()).dump() + ",\n";
    out += "  \"reference\": " + ordered(graph.reference()).dump() + ",\n";
    out += "  \"tensors\": " + list(tensors) + ",\n";
    out += "  \"blocks\": " + list(blocks) + ",\n";
    out += "  \"ops\": " + list(ops) + ",\n";
    out +=
        "  \"loss\": " + ordered(graph.loss() >= 0 ? graph.tensor(graph.loss()).name : std::string()).dump() +
        "\n";
    return out + "}\n";
}

namespace {

TensorRole tensorRole(const std::string& role, const std::string& where) {
    if (role == "input")
        return TensorRole::Input;
    if (role == "target")
        return TensorRole::Target;
    if (role == "parameter")
        return TensorRole::Parameter;
    if (role == "buffer")
        return TensorRole::Buffer;
    throw JsonError(where + ".role: \"" + textExcerpt(role) + "\" is not input, target, parameter or buffer");
}

TensorInfo readTensor(const json& t, const std::string& where) {
    TensorInfo info;
    info.name = text(t, "name", where);
    info.role = tensorRole(text(t, "role", where), where);
    const auto dtypeText = t.contains("dtype") ? textIn(t["dtype"], where + ".dtype", 64) : "float32";
    auto dtype = dtypeFromString(dtypeText);
    if (!dtype)
        throw JsonError(where + ".dtype: \"" + dtypeText + "\" is not a known dtype");
    info.dtype = *dtype;
    if (!t.contains("shape") || !t["shape"].is_array())
        throw JsonError(where + ".shape: must be a list of sizes");
    std::int64_t elements = 1;
    for (const auto& d : t["shape"]) {
        info.shape.push_back(wholeNumberIn(d, where + ".shape", 0, kMaxDimension));
        elements = info.shape.back() == 0 ? 0 : std::min(kMaxElements + 1, elements * info.shape.back());
    }
    if (elements > kMaxElements || info.shape.size() > 8)
        throw JsonError(where + ".shape: " + jsonExcerpt(t["shape"]) +
                        " is larger than TorchRig plans for (at most 8 dimensions and 2^48 elements)");
    for (auto [key, flag] : {std::pair{"frozen", &info.frozen}, {"quantized_4bit", &info.quantized4bit}}) {
        if (!t.contains(key))
            continue;
        if (!t[key].is_boolean())
            throw JsonError(where + "." + key + ": must be true or false");
        if (info.role != TensorRole::Parameter)
            throw JsonError(where + "." + key + ": only a parameter can be " + key);
        *flag = t[key].get<bool>();
    }
    if (info.quantized4bit && !info.frozen)
        throw JsonError(where + ".quantized_4bit: a 4-bit parameter cannot be trained; add \"frozen\": true");
    return info;
}

// A model file's graph as it is read: tensors and op outputs by name, blocks by name.
class GraphReader {
public:
    explicit GraphReader(const json& document)
        : m_graph(text(document, "name", "the model")) {
        m_graph.setReference(text(document, "reference", "the model", false));
    }

    void readTensors(const json& tensors) {
        if (!tensors.is_array() || tensors.size() > kMaxTensors)
            throw JsonError("\"tensors\" must be a list of at most " + std::to_string(kMaxTensors) +
                            " tensors");
        for (std::size_t i = 0; i < tensors.size(); ++i) {
            const auto where = "tensors[" + std::to_string(i) + "]";
            auto info = readTensor(tensors[i], where);
            const auto name = info.name;
            define(name, m_graph.addTensor(std::move(info)), where);
        }
    }

    void readBlocks(const json& blocks) {
        if (!blocks.is_array() || blocks.size() > kMaxOps)
            throw JsonError("\"blocks\" must be a list of at most " + std::to_string(kMaxOps) + " names");
        for (const auto& block : blocks) {
            if (block.is_string())
                m_blocks[block.get<std::string>()] = m_graph.addBlock(block.get<std::string>());
        }
    }

    void readOps(const json& ops) {
        if (!ops.is_array() || ops.size() > kMaxOps)
            throw JsonError("\"ops\" must be a list of at most " + std::to_string(kMaxOps) + " ops");
        for (std::size_t i = 0; i < ops.size(); ++i) {
            const auto where = "ops[" + std::to_string(i) + "]";
            auto op = readOp(ops[i], where);
            try {
                auto name = op.name;
                auto output = m_graph.addOp(std::move(op));
                define(name, output, where);
            } catch (const GraphError& e) {
                throw JsonError(where + ": " + e.what());
            }
        }
    }

    ModelGraph finish(const std::string& loss) {
        auto it = m_byName.find(loss);
        if (it == m_byName.end())
            throw JsonError("\"loss\": '" + textExcerpt(loss) + "' is not an op's output");
        try {
            m_graph.setLoss(it->second);
        } catch (const GraphError& e) {
            throw JsonError(std::string("\"loss\": ") + e.what());
        }
        return std::move(m_graph);
    }

private:
    void define(const std::string& name, TensorId id, const std::string& where) {
        if (!m_byName.emplace(name, id).second)
            throw JsonError(where + ": the name '" + textExcerpt(name) + "' is used twice");
    }

    void resolve(const json& entry, const char* key, const std::string& where,
                 std::vector<TensorId>& into) const {
        const auto names = entry.value(key, json::array());
        if (!names.is_array())
            throw JsonError(where + "." + key + ": must be a list of tensor names, not " +
                            jsonExcerpt(names));
        for (const auto& name : names) {
            auto it = name.is_string() ? m_byName.find(name.get<std::string>()) : m_byName.end();
            if (it == m_byName.end())
                throw JsonError(where + "." + key + ": " + jsonExcerpt(name) +
                                " is neither a declared tensor nor the output of an earlier op");
            into.push_back(it->second);
        }
    }

    Op readOp(const json& entry, const std::string& where) const {
        auto kindName = text(entry, "op", where);
        auto kind = opKindFromString(kindName);
        if (!kind)
            throw JsonError(where + ": unknown op '" + textExcerpt(kindName) +
                            "' (see resources/models/README.md for the ops)");
        Op op;
        op.kind = *kind;
        op.name = text(entry, "name", where);
        resolve(entry, "inputs", where, op.inputs);
        resolve(entry, "params", where, op.params);
        resolve(entry, "buffers", where, op.buffers);
        if (entry.contains("attributes"))
            op.attributes = attributesFromJson(entry["attributes"], op.kind, where + ".attributes");
        if (entry.contains("block")) {
            auto it = entry["block"].is_string() ? m_blocks.find(entry["block"].get<std::string>())
                                                 : m_blocks.end();
            if (it == m_blocks.end())
                throw JsonError(where + ".block: not one of the listed blocks");
            op.block = it->second;
        }
        return op;
    }

    ModelGraph m_graph;
    std::map<std::string, TensorId> m_byName;
    std::map<std::string, int> m_blocks;
};

} // namespace

Result<ModelGraph> readModelGraphJson(std::string_view source, std::string_view fileLabel) {
    auto label = std::string(fileLabel);
    auto parsed = readJsonDocument(source, label);
    if (!parsed)
        return parsed.error();
    const json& document = *parsed;
    try {
        if (!document.is_object() || !document.contains("format") || document["format"] != "torchrig-model")
            throw JsonError("\"format\" must be \"torchrig-model\"");
        if (!document.contains("format_version"))
            throw JsonError("\"format_version\" is missing");
        wholeNumberIn(document["format_version"], "\"format_version\"", 1, kModelJsonFormatVersion);
        GraphReader reader(document);
        reader.readTensors(document.value("tensors", json::array()));
        reader.readBlocks(document.value("blocks", json::array()));
        reader.readOps(document.value("ops", json::array()));
        return reader.finish(text(document, "loss", "the model"));
    } catch (const JsonError& e) {
        return makeError(ErrorCode::InvalidInput, label + ": " + e.what());
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("model", "%1: %2").arg(label).arg(e.message()));
    } catch (const json::exception& e) {
        return makeError(ErrorCode::InvalidInput,
                         label + ": a field has the wrong kind (" + textExcerpt(e.what(), 120) + ")");
    }
}

} // namespace torchrig
