#pragma once
// What a lab shares — prices and vendors' quotes, validation runs, the calibration chosen for each
// device, saved builds — behind one interface with two homes: one desktop's user database
// (SqliteSharedStore) and a lab's PostgreSQL server (PostgresSharedStore). Both pass one test
// suite (tests/database/shared_store_test.cpp). Every row says who recorded it and when; a saved
// build carries a version, and a save based on an older version than the stored one is refused
// with who changed it and when, never written over it.

#include "catalog.h"

#include "hardware/price.h"
#include "util/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::db {

struct RecordedPrice {
    std::int64_t id = 0;
    std::string partId;
    Price price;
    std::string enteredBy;
    std::string enteredAt; // UTC, ISO 8601
};

struct DeviceCalibration {
    std::string deviceName;
    std::string document; // a 'validate --compare --json' document
    std::optional<std::int64_t> runId;
    std::string calibratedBy;
    std::string calibratedAt;
};

struct SharedBuild {
    std::string name;
    std::string document; // the .torchrig file's JSON
    std::int64_t version = 0;
    std::string savedBy;
    std::string savedAt;
};

class SharedStore {
public:
    virtual ~SharedStore() = default;

    // The name rows are recorded under: the lab's role, or the desktop's owner.
    virtual std::string member() const = 0;
    // "the lab database torchrig on 127.0.0.1", "the user database /home/…/user.sqlite"
    virtual std::string describe() const = 0;

    virtual Result<std::int64_t> addPrice(std::string_view partId, const Price& price) = 0;
    // Oldest first; of one part, or of all.
    virtual Result<std::vector<RecordedPrice>>
    prices(std::optional<std::string_view> partId = std::nullopt) const = 0;

    // Its id. A run whose uid is stored already is not added again: the stored run's id.
    virtual Result<std::int64_t> addValidationRun(const ValidationRunRecord& run) = 0;
    // Newest first, at most ValidationHistoryBounds::kRows, each bounded by readValidationRun.
    virtual Result<std::vector<ValidationRunRecord>> validationRuns() const = 0;

    virtual Status setCalibration(const DeviceCalibration& calibration) = 0;
    virtual Result<std::vector<DeviceCalibration>> calibrations() const = 0; // by device name
    virtual Status resetCalibration(const std::string& deviceName) = 0;

    // Without `basedOnVersion` the build is new, and a name in use is refused. With it, the stored
    // build is replaced only while its version is that one; otherwise the save is refused (Conflict)
    // naming who saved the newer version and when, and nothing stored changes.
    virtual Result<SharedBuild> saveBuild(const std::string& name, const std::string& document,
                                          std::optional<std::int64_t> basedOnVersion) = 0;
    virtual Result<std::optional<SharedBuild>> loadBuild(const std::string& name) const = 0;
    virtual Result<std::vector<SharedBuild>> builds() const = 0; // by name, documents included
};

// This machine's host name, as a run measured here names it.
std::string thisMachine();
// A new run's own id: 128 random bits as 32 hex digits.
std::string newRunUid();

// What both stores refuse before writing, with a message naming the field: a run's request or
// result that is not bounded JSON, a field past its bound; a build's empty name or non-JSON document.
Status checkValidationRunForSaving(const ValidationRunRecord& run);
Status checkBuildForSaving(const std::string& name, const std::string& document);
// The refusal of a save based on an older version (`wasOpened`), or of a new build under a name in
// use: who saved the stored one and when, and the way out.
Error buildSaveConflict(const std::string& name, const SharedBuild& stored, const std::string& member,
                        bool wasOpened);
// The name a refused save is offered under, so that nothing the member made is lost: "X (bob's copy)".
std::string buildCopyName(const std::string& name, const std::string& member);

} // namespace torchrig::db
