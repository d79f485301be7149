#include "io/build_file.h"

#include "estimate/memory_estimate.h"
#include "util/json_document.h"
#include "validation/validation_protocol.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <type_traits>

namespace torchrig {

namespace {

using nlohmann::json;
using ordered = nlohmann::ordered_json;

using FileError = JsonFieldError;

constexpr std::size_t kTextChars = kMaxBuildTextBytes;
constexpr std::size_t kNotesChars = 64 * 1024;
constexpr std::int64_t kMaxQuantity = plan::kMaxQuantityPerNode;
constexpr double kMaxAmount = 1e12; // more money than any build or quote is written in

ordered specToJson(const plan::SpecValue& value) {
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return *i;
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    if (const auto* s = std::get_if<std::string>(&value))
        return *s;
    return nullptr;
}

std::string textAt(const json& object, const char* key, const std::string& where, bool required = false,
                   std::size_t maxChars = kTextChars) {
    if (!object.contains(key)) {
        if (required)
            throw FileError(where + "." + key + " is missing");
        return {};
    }
    return textIn(object[key], where + "." + key, maxChars);
}

double amountAt(const json& object, const char* key, const std::string& where) {
    if (!object.contains(key))
        throw FileError(where + "." + key + " must be a number");
    return finiteNumberIn(object[key], where + "." + key, 0, kMaxAmount);
}

const json& objectAt(const json& object, const char* key, const std::string& where) {
    static const json empty = json::object();
    if (!object.contains(key))
        return empty;
    if (!object[key].is_object())
        throw FileError(where + "." + key + " must be an object");
    return object[key];
}

// Each list a build file holds is bounded: every entry is checked, costed or estimated on each
// edit, so a file of 10,000 workloads would take minutes to open.
constexpr std::size_t kMaxListedParts = 1000;
constexpr std::size_t kMaxQuotes = 1000;
constexpr std::size_t kMaxPurchaseFields = 100; // an office's form, not a database

const json& listAt(const json& object, const char* key, const std::string& where, std::size_t maxEntries) {
    static const json empty = json::array();
    if (!object.contains(key))
        return empty;
    if (!object[key].is_array())
        throw FileError(where + "." + key + " must be a list");
    if (object[key].size() > maxEntries)
        throw FileError(where + "." + key + " has " + std::to_string(object[key].size()) +
                        " entries; a build holds at most " + std::to_string(maxEntries));
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
    // The same ranges as torchrig-cli's dataset flags.
    const auto count = [&](const char* key, auto& into, std::int64_t lowest, std::int64_t highest) {
        if (!object.contains(key))
            return;
        using Into = std::remove_reference_t<decltype(into)>;
        into = static_cast<Into>(wholeNumberIn(object[key], where + "." + key, lowest, highest));
    };
    const auto amount = [&](const char* key, double& into) {
        if (!object.contains(key))
            return;
        into = finiteNumberIn(object[key], where + "." + key, 0);
    };
    const auto flag = [&](const char* key, bool& into) {
        if (!object.contains(key))
            return;
        if (!object[key].is_boolean())
            throw FileError(where + "." + key + " must be true or false, not " + jsonExcerpt(object[key]));
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
            throw FileError(where + "." + textExcerpt(key) + " is not a dataset field this TorchRig knows");
    }
    count("samples", d.samples, 0, std::int64_t{1} << 50);
    count("sample_bytes", d.sampleBytes, 0, std::int64_t{1} << 40);
    amount("epochs", d.epochs);
    amount("tokens", d.tokens);
    flag("cache_in_ram", d.cacheInRam);
    count("loader_workers", d.loaderWorkers, 0, 1024);
    count("prefetch_factor", d.prefetchFactor, 1, 1024);
    flag("pin_memory", d.pinMemory);
    count("kept_checkpoints", d.keptCheckpoints, 0, 100000);
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
        auto entry = ordered::parse(workloadToJson(workload.workload));
        entry["parallel_strategy"] = std::string(estimate::parallelStrategyId(workload.strategy));
        entry["dataset"] = datasetToJson(workload.dataset);
        workloads.push_back(std::move(entry));
    }
    ordered quotes = ordered::array();
    for (const auto& q : build.purchasing.quotes) {
        ordered quote = {{"vendor", q.vendor}, {"amount", q.amount},          {"currency", q.currency},
                         {"date", q.date},     {"valid_until", q.validUntil}, {"reference", q.reference},
                         {"part", q.partId}};
        if (q.taxIncluded)
            quote["tax_included"] = *q.taxIncluded;
        if (!q.chosenBecause.empty())
            quote["chosen_because"] = q.chosenBecause;
        quotes.push_back(std::move(quote));
    }
    ordered purchasing = {{"requester", build.purchasing.requester},
                          {"group", build.purchasing.group},
                          {"budget_code", build.purchasing.budgetCode}};
    if (build.purchasing.budget > 0) {
        purchasing["budget"] = build.purchasing.budget;
        purchasing["budget_currency"] = build.purchasing.budgetCurrency;
    }
    purchasing["quotes"] = quotes;
    if (!build.purchasing.fields.empty()) {
        ordered fields = ordered::array();
        for (const auto& field : build.purchasing.fields)
            fields.push_back({{"label", field.label}, {"value", field.value}});
        purchasing["fields"] = fields;
    }
    ordered out = {{"format", "torchrig-build"},
                   {"format_version", kBuildFileFormatVersion},
                   {"title", build.title},
                   {"preset", build.presetId},
                   {"source", build.source},
                   {"nodes", build.nodes},
                   {"parts", parts},
                   {"workloads", workloads},
                   {"notes", build.notes},
                   {"purchasing", purchasing}};
    return out.dump(2) + "\n";
}

namespace {

// The file's outer checks: JSON, the format's name, a version this TorchRig reads.
std::optional<Error> formatProblem(const json& document, const std::string& label) {
    if (!document.is_object() || !document.contains("format") || document["format"] != "torchrig-build")
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file", "%1 is not a TorchRig build file (it has no \"format\": "
                                                  "\"torchrig-build\")")
                             .arg(label));
    if (!document.contains("format_version") || !document["format_version"].is_number_integer() ||
        document["format_version"].get<std::int64_t>() > 1'000'000 ||
        document["format_version"].get<std::int64_t>() < -1'000'000)
        return makeError(
            ErrorCode::InvalidInput,
            TORCHRIG_MESSAGE("file", "%1: \"format_version\" is missing or not a whole number").arg(label));
    const auto version = document["format_version"].get<int>();
    if (version > kBuildFileFormatVersion)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file",
                                          "%1 was written by a newer TorchRig (build file format %2); "
                                          "this one reads format %3 and older: update TorchRig to open it")
                             .arg(label)
                             .arg(std::to_string(version))
                             .arg(std::to_string(kBuildFileFormatVersion)));
    if (version < 1)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file", "%1: format_version %2 is not one TorchRig ever wrote")
                             .arg(label)
                             .arg(std::to_string(version)));
    return std::nullopt;
}

plan::PartSnapshot readSnapshot(const json& snapshot, const std::string& at) {
    plan::PartSnapshot out;
    out.name = textAt(snapshot, "name", at);
    if (snapshot.contains("category")) {
        const auto categoryText = textAt(snapshot, "category", at);
        auto category = categoryFromString(categoryText);
        if (!category)
            throw FileError(at + ".category: \"" + textExcerpt(categoryText) + "\" is not a part category");
        out.category = *category;
    }
    // A part's figures (watts, bytes, lanes, prices) are never negative; a file that says so would
    // print negative totals as if they were answers.
    for (const auto& [column, value] : objectAt(snapshot, "fields", at).items()) {
        const auto field = at + ".fields." + textExcerpt(column, 40);
        if (value.is_number_integer())
            out.fields[column] = wholeNumberIn(value, field, 0, std::numeric_limits<std::int64_t>::max());
        else if (value.is_number())
            out.fields[column] = finiteNumberIn(value, field, 0);
        else if (value.is_string())
            out.fields[column] = textIn(value, field);
        else if (value.is_null())
            out.fields[column] = std::monostate{};
        else
            throw FileError(field + " must be a number, text or null, not " + jsonExcerpt(value));
    }
    if (snapshot.contains("price")) {
        const auto& p = objectAt(snapshot, "price", at);
        Price price;
        price.amount = amountAt(p, "amount", at + ".price");
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
    if (entry.contains("quantity"))
        part.quantity = static_cast<int>(wholeNumberIn(entry["quantity"], at + ".quantity", 1, kMaxQuantity));
    part.note = textAt(entry, "note", at);
    part.snapshot = readSnapshot(objectAt(entry, "snapshot", at), at + ".snapshot");
    return part;
}

// The plan's own keys sit beside the workload's, which are read strictly as the worker's request.
plan::BuildWorkload readWorkload(const json& entry, const std::string& at) {
    if (!entry.is_object())
        throw FileError(at + " must be an object");
    auto requestJson = entry;
    plan::BuildWorkload workload;
    if (requestJson.contains("parallel_strategy")) {
        const auto strategyText = textAt(requestJson, "parallel_strategy", at);
        auto strategy = estimate::parallelStrategyFromString(strategyText);
        if (!strategy)
            throw FileError(at + ".parallel_strategy: \"" + strategyText + "\" is not one of " +
                            estimate::parallelStrategyIdList());
        workload.strategy = *strategy;
        requestJson.erase("parallel_strategy");
    }
    if (requestJson.contains("dataset")) {
        workload.dataset = datasetFromJson(requestJson["dataset"], at + ".dataset");
        requestJson.erase("dataset");
    }
    auto request = parseValidationRequest(requestJson.dump());
    if (!request)
        throw FileError(at + ": " + request.error().text());
    // Files written before December 2026 keep a worker run's settings too (steps, device, seed…): read
    // as the request's, checked, and left out, being the worker's and not the build's.
    workload.workload = std::move(static_cast<Workload&>(*request));
    return workload;
}

// A quote's date as a day of the calendar, or empty: 2026-02-30 or 0000-00-00 would be compared
// with today as text and judged valid or expired at random.
std::string dateAt(const json& object, const char* key, const std::string& where) {
    auto text = textAt(object, key, where);
    if (!text.empty() && !plan::isCalendarDate(text))
        throw FileError(where + "." + key + ": \"" + textExcerpt(text) +
                        "\" is not a day of the calendar; write YYYY-MM-DD, e.g. 2026-03-31");
    return text;
}

plan::VendorQuote readQuote(const json& entry, const std::string& at) {
    plan::VendorQuote q;
    q.vendor = textAt(entry, "vendor", at);
    q.amount = amountAt(entry, "amount", at);
    // A quote without its currency would be summed with the parts' own (a total in no currency).
    q.currency = textAt(entry, "currency", at);
    if (!plan::isCurrencyCode(q.currency))
        throw FileError(at + ".currency: \"" + textExcerpt(q.currency) +
                        "\" is not a currency code; give the quote's currency (ISO 4217, e.g. CNY)");
    q.date = dateAt(entry, "date", at);
    q.reference = textAt(entry, "reference", at);
    q.validUntil = dateAt(entry, "valid_until", at); // format 3
    q.partId = textAt(entry, "part", at);            // format 3
    if (entry.contains("tax_included")) {            // format 4
        if (!entry["tax_included"].is_boolean())
            throw FileError(at + ".tax_included: write true (the amount includes VAT) or false");
        q.taxIncluded = entry["tax_included"].get<bool>();
    }
    q.chosenBecause = textAt(entry, "chosen_because", at); // format 4
    if (!q.date.empty() && !q.validUntil.empty() && q.validUntil < q.date)
        throw FileError(at + ".valid_until: " + q.validUntil + " is before the quote's date " + q.date +
                        "; fix either date");
    return q;
}

plan::Purchasing readPurchasing(const json& purchasing, const std::string& where) {
    plan::Purchasing out;
    out.requester = textAt(purchasing, "requester", where);
    out.group = textAt(purchasing, "group", where);
    out.budgetCode = textAt(purchasing, "budget_code", where);
    if (purchasing.contains("budget")) { // format 4
        out.budget = amountAt(purchasing, "budget", where);
        out.budgetCurrency = textAt(purchasing, "budget_currency", where);
        if (out.budget > 0 && !plan::isCurrencyCode(out.budgetCurrency))
            throw FileError(where + ".budget_currency: \"" + textExcerpt(out.budgetCurrency) +
                            "\" is not a currency code; give the budget's currency (ISO 4217, e.g. CNY)");
    }
    const auto& quotes = listAt(purchasing, "quotes", where, kMaxQuotes);
    for (std::size_t i = 0; i < quotes.size(); ++i) {
        const auto at = where + ".quotes[" + std::to_string(i) + "]";
        if (!quotes[i].is_object())
            throw FileError(at + " must be an object");
        out.quotes.push_back(readQuote(quotes[i], at));
    }
    const auto& fields = listAt(purchasing, "fields", where, kMaxPurchaseFields); // format 4
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const auto at = where + ".fields[" + std::to_string(i) + "]";
        if (!fields[i].is_object())
            throw FileError(at + " must be an object with a \"label\" and a \"value\"");
        plan::PurchaseField field{textAt(fields[i], "label", at, /*required=*/true),
                                  textAt(fields[i], "value", at)};
        if (field.label.empty())
            throw FileError(at + ".label is empty; name the field, e.g. \"项目名称\"");
        out.fields.push_back(std::move(field));
    }
    return out;
}

plan::Build readBuild(const json& document, const std::string& where) {
    plan::Build build;
    build.title = textAt(document, "title", where);
    build.presetId = textAt(document, "preset", where);
    build.source = textAt(document, "source", where);
    build.notes = textAt(document, "notes", where, false, kNotesChars);
    if (document.contains("nodes"))
        build.nodes = static_cast<int>(wholeNumberIn(document["nodes"], where + ".nodes", 1, 100000));
    const auto& parts = listAt(document, "parts", where, kMaxListedParts);
    for (std::size_t i = 0; i < parts.size(); ++i)
        build.parts.push_back(readPart(parts[i], where + ".parts[" + std::to_string(i) + "]"));
    const auto& workloads = listAt(document, "workloads", where, kMaxBuildWorkloads);
    for (std::size_t i = 0; i < workloads.size(); ++i)
        build.workloads.push_back(
            readWorkload(workloads[i], where + ".workloads[" + std::to_string(i) + "]"));
    build.purchasing = readPurchasing(objectAt(document, "purchasing", where), where + ".purchasing");
    if (auto problem = plan::buildSizeProblem(build))
        throw FileError(where + "." + *problem);
    return build;
}

} // namespace

Result<plan::Build> readBuildFile(std::string_view text, std::string_view fileLabel) {
    const std::string label(fileLabel);
    auto parsed = readJsonDocument(text, label);
    if (!parsed)
        return makeError(
            ErrorCode::InvalidInput,
            TORCHRIG_MESSAGE("file", "%1. Nothing was changed; open a backup or the autosave instead")
                .arg(parsed.error().message));
    const json& document = *parsed;
    if (auto problem = formatProblem(document, label))
        return *problem;
    try {
        return readBuild(document, label);
    } catch (const FileError& e) {
        // The field's own problem is said in English (FileError): the file's author reads it beside the file.
        return makeError(
            ErrorCode::InvalidInput,
            TORCHRIG_MESSAGE("file", "%1; fix that field or open a backup").arg(std::string(e.what())));
    } catch (const json::exception& e) {
        // Every field is read through the checks above; this is a net, worded for a person anyway.
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file",
                                          "%1 has a field of the wrong kind (%2); fix that field or open a "
                                          "backup")
                             .arg(label)
                             .arg(textExcerpt(e.what(), 120)));
    }
}

} // namespace torchrig
