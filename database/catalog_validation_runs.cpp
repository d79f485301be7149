// The catalog's record of validation runs and the devices' calibrations, kept in the user's
// database: bounded on the way in and on the way out.

#include "catalog.h"

#include "user_database_preparation.h"

#include "util/json_document.h"
#include "util/utf8_text.h"
#include "validation/run_comparison.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <algorithm>

namespace torchrig::db {

ValidationRunRecord readValidationRun(ValidationRunRecord run) {
    using B = ValidationHistoryBounds;
    // An excerpt may pass its length by a character and the "…": cut shorter, so that what is
    // read is within the bound and reading it again changes nothing.
    auto cut = [](std::string& text, std::size_t bound) {
        if (text.size() > bound || !isUtf8(text))
            text = textExcerpt(text, bound - 7);
    };
    cut(run.measuredAt, B::kMeasuredAt);
    cut(run.deviceName, B::kDeviceName);
    cut(run.deviceKind, B::kDeviceKind);
    cut(run.libtorchVersion, B::kLibtorch);
    cut(run.model, B::kModel);
    for (auto* json : {&run.requestJson, &run.resultJson})
        if (json->size() > B::kJsonBytes || !readJsonDocument(*json, "the validation run"))
            *json = "{}";
    return run;
}

Result<std::int64_t> Catalog::addValidationRun(const ValidationRunRecord& given) {
    if (auto status = requireWritable(); !status)
        return status.error();
    for (const auto* json : {&given.requestJson, &given.resultJson}) {
        const char* which = json == &given.requestJson ? "request" : "result";
        if (json->size() > ValidationHistoryBounds::kJsonBytes)
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("the validation run could not be saved: its {} is {} bytes, more "
                                         "than the history keeps ({} MiB)",
                                         which, json->size(), ValidationHistoryBounds::kJsonBytes >> 20));
        if (auto read = readJsonDocument(*json, which); !read)
            return makeError(ErrorCode::InvalidInput,
                             "the validation run could not be saved: " + read.error().text());
    }
    const auto run = readValidationRun(given);
    try {
        SQLite::Statement insert(
            *m_database, "INSERT INTO user.validation_run (device_name, device_kind, libtorch_version, "
                         "model, request, result) VALUES (?, ?, ?, ?, ?, ?)");
        insert.bind(1, run.deviceName);
        insert.bind(2, run.deviceKind);
        insert.bind(3, run.libtorchVersion);
        insert.bind(4, run.model);
        insert.bind(5, run.requestJson);
        insert.bind(6, run.resultJson);
        insert.exec();
        return m_database->getLastInsertRowid();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, "the validation run could not be saved");
    }
}

std::vector<ValidationRunRecord> Catalog::validationRuns() const {
    std::vector<ValidationRunRecord> runs;
    if (!hasUserDatabase())
        return runs;
    try {
        // A row written by another program may hold anything: at most a few KiB of each short
        // field, and a request or result over the bound as '', leave the database.
        SQLite::Statement query(*m_database,
                                "SELECT id, CAST(substr(CAST(measured_at AS BLOB), 1, 1024) AS TEXT), "
                                "CAST(substr(CAST(device_name AS BLOB), 1, 1024) AS TEXT), "
                                "CAST(substr(CAST(device_kind AS BLOB), 1, 1024) AS TEXT), "
                                "CAST(substr(CAST(libtorch_version AS BLOB), 1, 1024) AS TEXT), "
                                "CAST(substr(CAST(model AS BLOB), 1, 1024) AS TEXT), "
                                "CASE WHEN length(CAST(request AS BLOB)) <= ?1 THEN request ELSE '' END, "
                                "CASE WHEN length(CAST(result AS BLOB)) <= ?1 THEN result ELSE '' END "
                                "FROM user.validation_run ORDER BY id DESC LIMIT ?2");
        query.bind(1, static_cast<std::int64_t>(ValidationHistoryBounds::kJsonBytes));
        query.bind(2, static_cast<std::int64_t>(ValidationHistoryBounds::kRows));
        while (query.executeStep())
            runs.push_back(
                readValidationRun({query.getColumn(0).getInt64(), query.getColumn(1).getString(),
                                   query.getColumn(2).getString(), query.getColumn(3).getString(),
                                   query.getColumn(4).getString(), query.getColumn(5).getString(),
                                   query.getColumn(6).getString(), query.getColumn(7).getString()}));
    } catch (const SQLite::Exception&) {
        // A user database from before version 3 opened read-only has no history: none to show.
    }
    return runs;
}

Status Catalog::setCalibration(const std::string& deviceName, const std::string& calibrationJson,
                               std::optional<std::int64_t> runId) {
    if (auto status = requireWritable(); !status)
        return status;
    try {
        SQLite::Statement upsert(*m_database,
                                 "INSERT INTO user.device_calibration (device_name, run_id, calibration) "
                                 "VALUES (?, ?, ?) ON CONFLICT(device_name) DO UPDATE SET run_id = "
                                 "excluded.run_id, calibration = excluded.calibration, calibrated_at = "
                                 "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')");
        upsert.bind(1, deviceName);
        if (runId)
            upsert.bind(2, *runId);
        else
            upsert.bind(2);
        upsert.bind(3, calibrationJson);
        upsert.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("the calibration for {} could not be saved", deviceName));
    }
    return Ok{};
}

std::optional<std::string> Catalog::calibrationFor(const std::string& deviceName,
                                                   std::optional<std::int64_t> totalMemoryBytes) const {
    // Kept under the name the worker reported; found by that name however it is written (case,
    // spaces, a vendor word), never by a part of it, and not when the run's device had other memory.
    const estimate::DeviceIdentity wanted{deviceName, totalMemoryBytes};
    auto kept = calibrations();
    std::stable_partition(kept.begin(), kept.end(), [&](const auto& row) { return row.first == deviceName; });
    for (const auto& [device, document] : kept) {
        if (!estimate::sameDeviceName(device, deviceName))
            continue;
        if (totalMemoryBytes) {
            const auto read = estimate::readDeviceCalibration(document);
            if (read && !estimate::sameDevice(read->device, wanted))
                continue;
        }
        return document;
    }
    return std::nullopt;
}

std::vector<std::pair<std::string, std::string>> Catalog::calibrations() const {
    std::vector<std::pair<std::string, std::string>> out;
    if (!hasUserDatabase())
        return out;
    try {
        SQLite::Statement query(
            *m_database, "SELECT device_name, calibration FROM user.device_calibration ORDER BY device_name");
        while (query.executeStep())
            out.emplace_back(query.getColumn(0).getString(), query.getColumn(1).getString());
    } catch (const SQLite::Exception&) {
    }
    return out;
}

Status Catalog::resetCalibration(const std::string& deviceName) {
    if (auto status = requireWritable(); !status)
        return status;
    try {
        SQLite::Statement remove(*m_database, "DELETE FROM user.device_calibration WHERE device_name = ?");
        remove.bind(1, deviceName);
        remove.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("the calibration for {} could not be reset", deviceName));
    }
    return Ok{};
}

} // namespace torchrig::db
