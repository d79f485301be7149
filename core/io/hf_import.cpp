#include "io/hf_import.h"

#include "util/json_document.h"
#include "util/text_file.h"

#include <filesystem>
#include <map>
#include <set>

namespace torchrig {

namespace fs = std::filesystem;

namespace {

// Tensors a checkpoint may hold that are not trained parameters of the graph: rotary tables and
// attention masks some versions saved as buffers, and a tied head saved beside the embedding.
bool outsideGraph(std::string_view name, const HfModelConfig& config) {
    return name.ends_with("rotary_emb.inv_freq") || name.ends_with(".attn.bias") ||
           name.ends_with(".attn.masked_bias") || name.ends_with("attention.bias") ||
           name.ends_with("attention.masked_bias") || name.ends_with(".position_ids") ||
           (config.tiedEmbeddings && (name == "lm_head.weight" || name == "embed_out.weight"));
}

// The checkpoint's tensors: one file, or the shards model.safetensors.index.json lists (by name
// only when a shard is not there).
Result<std::optional<CheckpointSummary>> readCheckpoint(const fs::path& folder, bool& namesOnly) {
    namesOnly = false;
    const auto single = folder / "model.safetensors";
    const auto index = folder / "model.safetensors.index.json";
    std::error_code ec;
    if (fs::is_regular_file(single, ec)) {
        auto header = readSafetensorsHeader(single.string());
        if (!header)
            return header.error();
        return std::optional(summarizeCheckpoint(std::move(header->tensors), {single.filename().string()}));
    }
    if (!fs::is_regular_file(index, ec))
        return std::optional<CheckpointSummary>();
    auto text = readTextFile(index, 64u << 20);
    if (!text)
        return text.error();
    auto doc = readJsonDocument(*text, index.string());
    if (!doc)
        return doc.error();
    if (!doc->is_object() || !doc->contains("weight_map") || !doc->at("weight_map").is_object())
        return makeError(ErrorCode::InvalidInput,
                         index.string() + " has no weight_map: not a safetensors index");
    const auto& weightMap = doc->at("weight_map");
    // The largest checkpoints published list ~10^5 tensors (a 671B mixture of experts: 91,991).
    constexpr std::size_t kMaxIndexedTensors = 1'000'000;
    if (weightMap.empty())
        return makeError(ErrorCode::InvalidInput,
                         index.string() + "'s weight_map is empty: it lists no tensor, so it is not "
                                          "a checkpoint's index; remove it or download it again");
    if (weightMap.size() > kMaxIndexedTensors)
        return makeError(ErrorCode::InvalidInput,
                         index.string() + "'s weight_map lists " + std::to_string(weightMap.size()) +
                             " tensors, more than the " + std::to_string(kMaxIndexedTensors) +
                             " any published checkpoint has");
    std::map<std::string, std::vector<std::string>> byFile;
    for (const auto& [name, file] : weightMap.items()) {
        if (!file.is_string())
            return makeError(ErrorCode::InvalidInput, index.string() + ": weight_map." +
                                                          textExcerpt(name, 60) + " is " + jsonExcerpt(file) +
                                                          ", not a file name");
        const auto& shard = file.get_ref<const std::string&>();
        if (shard.find('/') != std::string::npos || shard.find('\\') != std::string::npos || shard == "..")
            return makeError(ErrorCode::InvalidInput,
                             index.string() + " names a shard outside its folder: " + textExcerpt(shard, 60));
        byFile[shard].push_back(name);
    }
    std::vector<SafetensorsTensor> tensors;
    std::vector<std::string> files;
    for (const auto& [shard, names] : byFile) {
        files.push_back(shard);
        if (!fs::is_regular_file(folder / shard, ec)) {
            namesOnly = true;
            for (const auto& name : names)
                tensors.push_back({name, "?", {}});
            continue;
        }
        auto header = readSafetensorsHeader((folder / shard).string());
        if (!header)
            return header.error();
        for (auto& t : header->tensors)
            tensors.push_back(std::move(t));
    }
    return std::optional(summarizeCheckpoint(std::move(tensors), std::move(files)));
}

} // namespace

std::string checkpointDisagreement(const ModelGraph& graph, const HfModelConfig& config,
                                   const CheckpointSummary& checkpoint, bool namesOnly) {
    std::map<std::string, const TensorInfo*> params;
    for (const auto& t : graph.tensors())
        if (t.role == TensorRole::Parameter)
            params[t.name] = &t;
    std::set<std::string> seen;
    for (const auto& t : checkpoint.tensors) {
        if (outsideGraph(t.name, config))
            continue;
        auto it = params.find(t.name);
        if (it == params.end())
            return "the checkpoint's tensor " + t.name + " is not one the " + config.modelType +
                   " config makes: config.json does not describe these weights (or the model is a variant "
                   "TorchRig does not build)";
        seen.insert(t.name);
        if (!namesOnly && t.shape != it->second->shape)
            return t.name + " is " + shapeToString(t.shape) +
                   " in the checkpoint, but config.json makes it " + shapeToString(it->second->shape) +
                   ": the config's sizes disagree with the weights";
    }
    for (const auto& [name, info] : params)
        if (!seen.count(name))
            return "config.json makes " + name + " " + shapeToString(info->shape) +
                   ", which the checkpoint does not hold: the config does not describe these weights";
    return {};
}

Result<HfImport> importHfModel(const std::string& path) {
    std::error_code ec;
    fs::path given(path);
    const bool folderGiven = fs::is_directory(given, ec);
    const auto configPath = folderGiven ? given / "config.json" : given;
    if (folderGiven && !fs::is_regular_file(configPath, ec))
        return makeError(
            ErrorCode::NotFound,
            path + " holds no config.json: give the folder a Hugging Face model was downloaded to, or "
                   "its config.json");
    auto text = readTextFile(configPath, 4u << 20);
    if (!text)
        return text.error();
    const auto folder = configPath.has_parent_path() ? configPath.parent_path() : fs::path(".");
    // A download's folder names the model; a config kept under its own name (mixtral-8x7b.json) names it too.
    auto folderName = configPath.filename() == "config.json" ? fs::absolute(folder, ec).filename().string()
                                                             : configPath.stem().string();
    if (folderName.empty() || folderName == ".")
        folderName = "model";
    auto config = readHfConfig(*text, configPath.string(), folderName);
    if (!config)
        return config.error();
    HfImport out;
    out.name = config->name;
    // Compact, as a build file and the worker's request hold it, so that the text survives a round trip.
    out.configText = nlohmann::json::parse(*text).dump();
    out.config = std::move(*config);
    ModelGraph graph;
    try {
        ModelInputs small;
        small.batch = 1;
        small.seqLen = std::min<std::int64_t>(out.config.maxPositions, 64);
        small.imageSize = 0;
        graph = buildHfModel(out.config, small);
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("model", "%1: %2").arg(configPath.string()).arg(e.message()));
    }
    out.graphParameters = graph.parameterCount();
    bool namesOnly = false;
    auto checkpoint = readCheckpoint(folder, namesOnly);
    if (!checkpoint)
        return checkpoint.error();
    if (*checkpoint) {
        if ((*checkpoint)->layout == CheckpointLayout::Plain) {
            if (auto why = checkpointDisagreement(graph, out.config, **checkpoint, namesOnly); !why.empty())
                return makeError(ErrorCode::InvalidInput,
                                 (folder / (*checkpoint)->files.front()).string() + ": " + why);
            out.shapesChecked = !namesOnly;
        }
        out.checkpoint = std::move(*checkpoint);
    }
    return out;
}

} // namespace torchrig
