#include "lab_copy.h"

#include "util/json_document.h"
#include "util/text_file.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <system_error>

namespace torchrig::db {

namespace fs = std::filesystem;

namespace {

nlohmann::json runToJson(const ValidationRunRecord& run) {
    return {{"id", run.id},
            {"measured_at", run.measuredAt},
            {"device_name", run.deviceName},
            {"device_kind", run.deviceKind},
            {"libtorch_version", run.libtorchVersion},
            {"model", run.model},
            {"request", run.requestJson},
            {"result", run.resultJson},
            {"machine", run.machine},
            {"recorded_by", run.recordedBy},
            {"uid", run.uid}};
}

ValidationRunRecord runFromJson(const nlohmann::json& json) {
    ValidationRunRecord run;
    run.id = json.value("id", std::int64_t{0});
    run.measuredAt = json.value("measured_at", "");
    run.deviceName = json.value("device_name", "");
    run.deviceKind = json.value("device_kind", "");
    run.libtorchVersion = json.value("libtorch_version", "");
    run.model = json.value("model", "");
    run.requestJson = json.value("request", "{}");
    run.resultJson = json.value("result", "{}");
    run.machine = json.value("machine", "");
    run.recordedBy = json.value("recorded_by", "");
    run.uid = json.value("uid", "");
    return readValidationRun(std::move(run)); // bounded as the server's rows are
}

nlohmann::json calibrationToJson(const DeviceCalibration& calibration) {
    nlohmann::json json = {{"device_name", calibration.deviceName},
                           {"document", calibration.document},
                           {"calibrated_by", calibration.calibratedBy},
                           {"calibrated_at", calibration.calibratedAt}};
    if (calibration.runId)
        json["run_id"] = *calibration.runId;
    return json;
}

DeviceCalibration calibrationFromJson(const nlohmann::json& json) {
    DeviceCalibration calibration{json.value("device_name", ""), json.value("document", "{}"), std::nullopt,
                                  json.value("calibrated_by", ""), json.value("calibrated_at", "")};
    if (json.contains("run_id") && json["run_id"].is_number_integer())
        calibration.runId = json["run_id"].get<std::int64_t>();
    return calibration;
}

nlohmann::json priceToCopyJson(const RecordedPrice& recorded) {
    const auto& price = recorded.price;
    return {{"id", recorded.id},
            {"part_id", recorded.partId},
            {"amount", price.amount},
            {"currency", price.currency},
            {"date", price.date},
            {"source", price.source},
            {"kind", priceKindId(price.kind)},
            {"region", price.region},
            {"retailer", price.retailer},
            {"entered_by", recorded.enteredBy},
            {"entered_at", recorded.enteredAt}};
}

RecordedPrice priceFromCopyJson(const nlohmann::json& json) {
    RecordedPrice recorded;
    recorded.id = json.value("id", std::int64_t{0});
    recorded.partId = json.value("part_id", "");
    recorded.price = Price{json.value("amount", 0.0),
                           json.value("currency", ""),
                           json.value("date", ""),
                           json.value("source", ""),
                           priceKindFromString(json.value("kind", "")).value_or(PriceKind::Street),
                           json.value("region", ""),
                           json.value("retailer", "")};
    recorded.enteredBy = json.value("entered_by", "");
    recorded.enteredAt = json.value("entered_at", "");
    return recorded;
}

template <class T, class From>
std::optional<std::vector<T>> readList(const nlohmann::json& document, const char* key, From from) {
    if (!document.contains(key) || !document[key].is_array())
        return std::nullopt;
    std::vector<T> out;
    for (const auto& item : document[key])
        if (item.is_object())
            out.push_back(from(item));
    return out;
}

} // namespace

fs::path labCopyPath(const fs::path& userDatabase, const std::string& lab) {
    // FNV-1a: the same name for the same lab on every run and platform.
    std::uint64_t hash = 14695981039346656037ull;
    for (unsigned char c : lab)
        hash = (hash ^ c) * 1099511628211ull;
    return userDatabase.parent_path() / fmt::format("lab-copy-{:016x}.json", hash);
}

std::optional<LabCopy> readLabCopy(const fs::path& path, const std::string& lab) {
    auto text = readTextFile(path); // a copy past the reader's bound is none
    if (!text)
        return std::nullopt;
    auto document = readJsonDocument(*text, path.string());
    if (!document || !document->is_object() || document->value("lab", "") != lab)
        return std::nullopt;
    try {
        LabCopy copy;
        copy.lab = lab;
        copy.copiedAt = document->value("copied_at", "");
        copy.runs = readList<ValidationRunRecord>(*document, "runs", runFromJson);
        copy.calibrations = readList<DeviceCalibration>(*document, "calibrations", calibrationFromJson);
        copy.prices = readList<RecordedPrice>(*document, "prices", priceFromCopyJson);
        return copy;
    } catch (const nlohmann::json::exception&) {
        return std::nullopt; // a field of another type: no copy rather than a wrong one
    }
}

Status writeLabCopy(const fs::path& path, const LabCopy& copy) {
    nlohmann::json document = {
        {"format", "torchrig-lab-copy"}, {"lab", copy.lab}, {"copied_at", copy.copiedAt}};
    if (copy.runs) {
        auto& runs = document["runs"] = nlohmann::json::array();
        for (const auto& run : *copy.runs)
            runs.push_back(runToJson(run));
    }
    if (copy.calibrations) {
        auto& calibrations = document["calibrations"] = nlohmann::json::array();
        for (const auto& calibration : *copy.calibrations)
            calibrations.push_back(calibrationToJson(calibration));
    }
    if (copy.prices) {
        auto& prices = document["prices"] = nlohmann::json::array();
        for (const auto& price : *copy.prices)
            prices.push_back(priceToCopyJson(price));
    }
    return writeTextFileAtomically(path,
                                   document.dump(1, ' ', false, nlohmann::json::error_handler_t::replace));
}

} // namespace torchrig::db
