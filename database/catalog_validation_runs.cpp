// The catalog's record of validation runs and the devices' calibrations, kept in the user's
// database through its shared store (sqlite_shared_store.h): bounded on the way in and on the way out.

#include "catalog.h"

#include "sqlite_shared_store.h"

#include "validation/run_comparison.h"

#include <algorithm>

namespace torchrig::db {

SqliteSharedStore Catalog::userShared() const {
    return SqliteSharedStore(*m_database, "user", desktopMember());
}

Result<std::int64_t> Catalog::addValidationRun(const ValidationRunRecord& given) {
    if (auto status = requireWritable(); !status)
        return status.error();
    // Recorded here: measured on this machine, and named once, so that a copy pushed to a lab later
    // is stored there once.
    auto run = given;
    if (run.machine.empty())
        run.machine = thisMachine();
    if (run.uid.empty())
        run.uid = newRunUid();
    return userShared().addValidationRun(run);
}

std::vector<ValidationRunRecord> Catalog::validationRuns() const {
    if (!hasUserDatabase())
        return {};
    auto runs = userShared().validationRuns();
    return runs ? std::move(runs).value() : std::vector<ValidationRunRecord>{};
}

Status Catalog::setCalibration(const std::string& deviceName, const std::string& calibrationJson,
                               std::optional<std::int64_t> runId) {
    if (auto status = requireWritable(); !status)
        return status;
    return userShared().setCalibration({deviceName, calibrationJson, runId, {}, {}});
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
    if (auto kept = userShared().calibrations())
        for (auto& calibration : *kept)
            out.emplace_back(std::move(calibration.deviceName), std::move(calibration.document));
    return out;
}

Status Catalog::resetCalibration(const std::string& deviceName) {
    if (auto status = requireWritable(); !status)
        return status;
    return userShared().resetCalibration(deviceName);
}

} // namespace torchrig::db
