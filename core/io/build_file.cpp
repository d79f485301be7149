#include "io/build_file.h"

#include <nlohmann/json.hpp>

#include <set>
#include <type_traits>

namespace torchrig {

namespace {

using nlohmann::json;
using ordered = nlohmann::ordered_json;

class FileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

ordered specToJson(const plan::SpecValue& value) {
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return *i;
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    if (const auto* s = std::get_if<std::string>(&value))
        return *s;
    return nullptr;
}

std::string textAt(const json& object, const char* key, const std::string& where, bool required = false) {
    if (!object.contains(key)) {
        if (required)
            throw FileError(where + "." + key + " is missing");
        return {};
    }
    if (!object[key].is_string())
        throw FileError(where + "." + key + " must be text, not " + object[key].dump());
    return object[key].get<std::string>();
}

double numberAt(const json& object, const char* key, const std::string& where) {
    if (!object.contains(key) || !object[key].is_number())
        throw FileError(where + "." + key + " must be a number");
    return object[key].get<double>();
}

const json& objectAt(const json& object, const char* key, const std::string& where) {
    static const json empty = json::object();
    if (!object.contains(key))
        return empty;
    if (!object[key].is_object())
        throw FileError(where + "." + key + " must be an object");
    return object[key];
}

const json& listAt(const json& object, const char* key, const std::string& where) {
    static const json empty = json::array();
    if (!object.contains(key))
        return empty;
    if (!object[key].is_array())
        throw FileError(where + "." + key + " must be a list");
    return object[key];
}

ordered datasetToJson(const estimate::DatasetSpec& d) {
    return {{"samples", d.samples},
            {"sample_bytes", d.sampleBytes},
            {"epochs", d.epochs},
            {"tokens", d.tokens},
            {"cache_in_ram", d.cacheInRam},
            {"loader_workers", d.loaderWorkers},
            {"prefetch_factor", d.prefetchFactor},
            {"pin_memory", d.pinMemory},
            {"kept_checkpoints", d.keptCheckpoints},
            {"storage_read_bytes_per_second", d.storageReadBytesPerSecond},
            {"decode_samples_per_second_per_worker", d.decodeSamplesPerSecondPerWorker}};
}

estimate::DatasetSpec datasetFromJson(const json& object, const std::string& where) {
    if (!object.is_object())
        throw FileError(where + " must be an object");
    estimate::DatasetSpec d;
    const auto count = [&](const char* key, auto& into, std::int64_t lowest) {
        if (!object.contains(key))
            return;
        const auto& v = object[key];
        if (!v.is_number_integer() || v.get<std::int64_t>() < lowest)
            throw FileError(where + "." + key + " must be a whole number from " + std::to_string(lowest) +
                            ", not " + v.dump());
        into = static_cast<std::remove_reference_t<decltype(into)>>(v.get<std::int64_t>());
    };
    const auto amount = [&](const char* key, double& into) {
        if (!object.contains(key))
            return;
        const auto& v = object[key];
        if (!v.is_number() || !(v.get<double>() >= 0))
            throw FileError(where + "." + key + " must be a number from 0, not " + v.dump());
        into = v.get<double>();
    };
    const auto flag = [&](const char* key, bool& into) {
        if (!object.contains(key))
            return;
        if (!object[key].is_boolean())
            throw FileError(where + "." + key + " must be true or false, not " + object[key].dump());
        into = object[key].get<bool>();
    };
    for (const auto& [key, value] : object.items()) {
        static const std::set<std::string, std::less<>> known = {"samples",
                                                                 "sample_bytes",
                                                                 "epochs",
                                                                 "tokens",
                                                                 "cache_in_ram",
                                                                 "loader_workers",
                                                                 "prefetch_factor",
                                                                 "pin_memory",
                                                                 "kept_checkpoints",
                                                                 "storage_read_bytes_per_second",
                                                                 "decode_samples_per_second_per_worker"};
        if (!known.contains(key))
            throw FileError(where + "." + key + " is not a dataset field this TorchRig knows");
    }
    count("samples", d.samples, 0);
    count("sample_bytes", d.sampleBytes, 0);
    amount("epochs", d.epochs);
    amount("tokens", d.tokens);
    flag("cache_in_ram", d.cacheInRam);
    count("loader_workers", d.loaderWorkers, 0);
    count("prefetch_factor", d.prefetchFactor, 1);
    flag("pin_memory", d.pinMemory);
    count("kept_checkpoints", d.keptCheckpoints, 0);
    amount("storage_read_bytes_per_second", d.storageReadBytesPerSecond);
    amount("decode_samples_per_second_per_worker", d.decodeSamplesPerSecondPerWorker);
    return d;
}

} // namespace

std::string writeBuildFile(const plan::Build& build) {
    ordered parts = ordered::array();
    for (const auto& part : build.parts) {
        ordered fields = ordered::object();
        for (const auto& [column, value] : part.snapshot.fields)
            fields[column] = specToJson(value);
        ordered snapshot = {{"name", part.snapshot.name},
                            {"category", categoryId(part.snapshot.category)},
                            {"fields", fields}};
        if (part.snapshot.price) {
            const auto& p = *part.snapshot.price;
            snapshot["price"] = {{"amount", p.amount},
                                 {"currency", p.currency},
                                 {"date", p.date},
                                 {"source", p.source},
                                 {"kind", priceKindId(p.kind)}};
        }
        ordered entry = {{"id", part.partId}, {"quantity", part.quantity}};
        if (!part.note.empty())
            entry["note"] = part.note;
        entry["snapshot"] = snapshot;
        parts.push_back(entry);
    }
    ordered workloads = ordered::array();
    for (const auto& workload : build.workloads) {
        auto entry = ordered::parse(validationRequestToJson(workload.request));
        entry["parallel_strategy"] = std::string(estimate::parallelStrategyId(workload.strategy));
        entry["dataset"] = datasetToJson(workload.dataset);
        workloads.push_back(std::move(entry));
    }
    ordered quotes = ordered::array();
    for (const auto& q : build.purchasing.quotes)
        quotes.push_back({{"vendor", q.vendor},
                          {"amount", q.amount},
                          {"currency", q.currency},
                          {"date", q.date},
                          {"reference", q.reference}});
    ordered out = {{"format", "torchrig-build"},
                   {"format_version", kBuildFileFormatVersion},
                   {"title", build.title},
                   {"preset", build.presetId},
                   {"source", build.source},
                   {"nodes", build.nodes},
                   {"parts", parts},
                   {"workloads", workloads},
                   {"notes", build.notes},
                   {"purchasing",
                    {{"requester", build.purchasing.requester},
                     {"group", build.purchasing.group},
                     {"budget_code", build.purchasing.budgetCode},
                     {"quotes", quotes}}}};
    return out.dump(2) + "\n";
}

namespace {

// The file's outer checks: JSON, the format's name, a version this TorchRig reads.
std::optional<Error> formatProblem(const json& document, const std::string& label) {
    if (!document.is_object() || document.value("format", std::string()) != "torchrig-build")
        return Error{ErrorCode::InvalidInput,
                     label + " is not a TorchRig build file (it has no \"format\": \"torchrig-build\")"};
    if (!document.contains("format_version") || !document["format_version"].is_number_integer())
        return Error{ErrorCode::InvalidInput,
                     label + ": \"format_version\" is missing or not a whole number"};
    const auto version = document["format_version"].get<int>();
    if (version > kBuildFileFormatVersion)
        return Error{ErrorCode::InvalidInput, label + " was written by a newer TorchRig (build file format " +
                                                  std::to_string(version) + "); this one reads format " +
                                                  std::to_string(kBuildFileFormatVersion) +
                                                  " and older: update TorchRig to open it"};
    if (version < 1)
        return Error{ErrorCode::InvalidInput, label + ": format_version " + std::to_string(version) +
                                                  " is not one TorchRig ever wrote"};
    return std::nullopt;
}

plan::PartSnapshot readSnapshot(const json& snapshot, const std::string& at) {
    plan::PartSnapshot out;
    out.name = textAt(snapshot, "name", at);
    if (snapshot.contains("category")) {
        auto category = categoryFromString(textAt(snapshot, "category", at));
        if (!category)
            throw FileError(at + ".category: \"" + snapshot["category"].get<std::string>() +
                            "\" is not a part category");
        out.category = *category;
    }
    for (const auto& [column, value] : objectAt(snapshot, "fields", at).items()) {
        if (value.is_number_integer())
            out.fields[column] = value.get<std::int64_t>();
        else if (value.is_number())
            out.fields[column] = value.get<double>();
        else if (value.is_string())
            out.fields[column] = value.get<std::string>();
        else if (value.is_null())
            out.fields[column] = std::monostate{};
        else
            throw FileError(at + ".fields." + column + " must be a number, text or null");
    }
    if (snapshot.contains("price")) {
        const auto& p = objectAt(snapshot, "price", at);
        Price price;
        price.amount = numberAt(p, "amount", at + ".price");
        price.currency = textAt(p, "currency", at + ".price", true);
        price.date = textAt(p, "date", at + ".price");
        price.source = textAt(p, "source", at + ".price");
        auto kind = priceKindFromString(textAt(p, "kind", at + ".price", true));
        if (!kind)
            throw FileError(at + ".price.kind is not a price kind");
        price.kind = *kind;
        out.price = price;
    }
    return out;
}

plan::BuildPart readPart(const json& entry, const std::string& at) {
    if (!entry.is_object())
        throw FileError(at + " must be an object");
    plan::BuildPart part;
    part.partId = textAt(entry, "id", at, true);
    if (entry.contains("quantity")) {
        if (!entry["quantity"].is_number_integer() || entry["quantity"].get<int>() < 1)
            throw FileError(at + ".quantity must be a whole number from 1, not " + entry["quantity"].dump());
        part.quantity = entry["quantity"].get<int>();
    }
    part.note = textAt(entry, "note", at);
    part.snapshot = readSnapshot(objectAt(entry, "snapshot", at), at + ".snapshot");
    return part;
}

// The plan's own keys sit beside the validation request's, which are read strictly.
plan::BuildWorkload readWorkload(const json& entry, const std::string& at) {
    if (!entry.is_object())
        throw FileError(at + " must be an object");
    auto requestJson = entry;
    plan::BuildWorkload workload;
    if (requestJson.contains("parallel_strategy")) {
        const auto strategyText = textAt(requestJson, "parallel_strategy", at);
        auto strategy = estimate::parallelStrategyFromString(strategyText);
        if (!strategy)
            throw FileError(at + ".parallel_strategy: \"" + strategyText +
                            "\" is not one of ddp, zero1, zero2, zero3, fsdp, pipeline, tensor");
        workload.strategy = *strategy;
        requestJson.erase("parallel_strategy");
    }
    if (requestJson.contains("dataset")) {
        workload.dataset = datasetFromJson(requestJson["dataset"], at + ".dataset");
        requestJson.erase("dataset");
    }
    auto request = parseValidationRequest(requestJson.dump());
    if (!request)
        throw FileError(at + ": " + request.error().message);
    workload.request = std::move(*request);
    return workload;
}

plan::Purchasing readPurchasing(const json& purchasing, const std::string& where) {
    plan::Purchasing out;
    out.requester = textAt(purchasing, "requester", where);
    out.group = textAt(purchasing, "group", where);
    out.budgetCode = textAt(purchasing, "budget_code", where);
    const auto& quotes = listAt(purchasing, "quotes", where);
    for (std::size_t i = 0; i < quotes.size(); ++i) {
        const auto at = where + ".quotes[" + std::to_string(i) + "]";
        if (!quotes[i].is_object())
            throw FileError(at + " must be an object");
        plan::VendorQuote q;
        q.vendor = textAt(quotes[i], "vendor", at);
        q.amount = numberAt(quotes[i], "amount", at);
        q.currency = textAt(quotes[i], "currency", at);
        q.date = textAt(quotes[i], "date", at);
        q.reference = textAt(quotes[i], "reference", at);
        out.quotes.push_back(std::move(q));
    }
    return out;
}

plan::Build readBuild(const json& document, const std::string& where) {
    plan::Build build;
    build.title = textAt(document, "title", where);
    build.presetId = textAt(document, "preset", where);
    build.source = textAt(document, "source", where);
    build.notes = textAt(document, "notes", where);
    if (document.contains("nodes")) {
        if (!document["nodes"].is_number_integer() || document["nodes"].get<int>() < 1 ||
            document["nodes"].get<int>() > 100000)
            throw FileError(where + ".nodes must be a whole number from 1, not " + document["nodes"].dump());
        build.nodes = document["nodes"].get<int>();
    }
    const auto& parts = listAt(document, "parts", where);
    for (std::size_t i = 0; i < parts.size(); ++i)
        build.parts.push_back(readPart(parts[i], where + ".parts[" + std::to_string(i) + "]"));
    const auto& workloads = listAt(document, "workloads", where);
    for (std::size_t i = 0; i < workloads.size(); ++i)
        build.workloads.push_back(
            readWorkload(workloads[i], where + ".workloads[" + std::to_string(i) + "]"));
    build.purchasing = readPurchasing(objectAt(document, "purchasing", where), where + ".purchasing");
    return build;
}

} // namespace

Result<plan::Build> readBuildFile(std::string_view text, std::string_view fileLabel) {
    const std::string label(fileLabel);
    json document;
    try {
        document = json::parse(text);
    } catch (const json::parse_error& e) {
        const bool ended = e.byte >= text.size();
        return makeError(ErrorCode::InvalidInput,
                         label +
                             (ended ? " ends early: it was cut off while being written or copied"
                                    : " is damaged at byte " + std::to_string(e.byte)) +
                             " (not valid JSON). Nothing was changed; open a backup or the autosave instead");
    }
    if (auto problem = formatProblem(document, label))
        return *problem;
    try {
        return readBuild(document, label);
    } catch (const FileError& e) {
        return makeError(ErrorCode::InvalidInput,
                         std::string(e.what()) + "; fix that field or open a backup");
    }
}

} // namespace torchrig
