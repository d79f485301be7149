#pragma once

#include "catalog_pack.h"

#include "hardware/part_category.h"
#include "part_record.h"
#include "util/result.h"

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace SQLite {
class Database;
}

namespace torchrig::db {

class SqliteSharedStore;
class SharedStore;
struct LabCopy;

struct CatalogOpenOptions {
    std::filesystem::path bundledPath;
    // The user's database; created when missing. Without one the catalog is the bundled one, read-only.
    std::optional<std::filesystem::path> userPath;
    bool userReadOnly = false; // open the user's database without writing to it (--read-only)
    // A pack installed by `catalog update`: used in the bundled catalog's place when it is newer.
    std::optional<std::filesystem::path> installedPackPath;
    std::chrono::milliseconds busyTimeout{2000};
    // A lab's PostgreSQL database (--lab, TORCHRIG_LAB): its prices, runs and calibrations are the
    // ones shown and written. Unreachable, the last copy kept beside the user's database is shown,
    // read-only, and runs recorded are kept in the user's database until `lab push`.
    std::string labUrl;
};

enum class LabState {
    None,      // no lab asked for
    Connected, // the lab's server answers: what it holds is shown and written
    Offline,   // unreachable: its last copy is shown, read-only; runs wait in the user's database
};

struct LabStatus {
    LabState state = LabState::None;
    std::string lab;        // "torchrig_lab@lab.example.edu:5432"
    std::string member;     // connected: the role the server knows this person as
    std::string message;    // offline: what is wrong, what is shown, and what to do
    int pushedRuns = 0;     // connected: runs recorded offline and pushed on opening
    bool copyShown = false; // offline: a copy of the lab kept here is shown (else none was kept yet)
};

enum class UserDatabaseState {
    Writable,    // the user's parts are shown and changes are saved
    ReadOnly,    // the user's parts are shown; changes are refused
    Unavailable, // damaged, locked, newer or unreadable: the bundled catalog alone is shown
    None,        // no user database was asked for
};

struct UserDatabaseStatus {
    UserDatabaseState state = UserDatabaseState::None;
    std::filesystem::path path;
    std::string message; // for ReadOnly and Unavailable: what is wrong and what to do
    // In a folder that cannot be written, SQLite cannot keep its -wal and -shm files beside the
    // file: it is read as immutable (nothing else can change it there either).
    bool immutable = false;
};

struct SearchHit {
    PartRecord part;
    double score = 0;
};

struct ImportReport {
    int added = 0;
    int replaced = 0;
    int unchanged = 0; // bundled parts the file repeats exactly: no override is made of them
    int prices = 0;
    // What the import changed to the catalog's conventions, one sentence each ("cloud/x: 44.7 GB
    // per GPU read as the GiB a cloud reports: the L40S's nominal 48 GB").
    std::vector<std::string> conversions;
};

// The hardware catalog the programs see: the bundled catalog (read-only) overlaid by the user's
// database, whose rows override bundled rows with the same id. Never touches a user database it
// cannot safely write: a damaged, locked, read-only or newer file is left as it is.
// One validation run as the history keeps it.
struct ValidationRunRecord {
    std::int64_t id = 0;
    std::string measuredAt; // UTC, ISO 8601
    std::string deviceName;
    std::string deviceKind; // "cpu", "cuda:0"
    std::string libtorchVersion;
    std::string model;
    std::string requestJson;
    std::string resultJson; // the worker's result, with "estimated", "relative_error", "calibration"
    std::string machine;    // the host it was measured on
    std::string recordedBy; // the member who recorded it (a lab's role; one desktop's owner)
    // Made by the recording desktop: a run kept while the lab's server was unreachable and pushed
    // later is added once however often the push is tried. Empty: none (a run from before v7).
    std::string uid;
};

// What the history keeps and hands on (the Validate panel's history, the build sheet): the newest
// rows only, short fields cut to their bounds (valid UTF-8, a cut one ends "…"), and a request or
// result that is not bounded JSON (util/json_document.h) replaced by {}, so that a damaged or hostile
// row (a 1 MiB device name) cannot slow or break what shows it.
struct ValidationHistoryBounds {
    static constexpr std::size_t kRows = 1000;
    static constexpr std::size_t kMeasuredAt = 32, kDeviceName = 256, kDeviceKind = 16, kLibtorch = 64,
                                 kModel = 256, kMachine = 256, kMember = 128, kUid = 64;
    static constexpr std::size_t kJsonBytes = 8u << 20; // a LLaMA-70B model file's request is ~2 MB
};
ValidationRunRecord readValidationRun(ValidationRunRecord stored);

class Catalog {
public:
    static Result<std::unique_ptr<Catalog>> open(const CatalogOpenOptions& options);
    ~Catalog();
    Catalog(const Catalog&) = delete;
    Catalog& operator=(const Catalog&) = delete;

    const UserDatabaseStatus& userStatus() const { return m_userStatus; }
    const LabStatus& labStatus() const { return m_labStatus; }
    // The connected lab's store (builds, members' quotes), or null.
    SharedStore* lab() const { return m_lab.get(); }
    // Runs recorded while the lab was unreachable, kept in the user's database until pushed.
    int pendingLabRuns() const;
    // Pushes them (each arrives once however often this is tried): how many were pushed.
    Result<int> pushPendingLabRuns();
    const std::filesystem::path& bundledPath() const { return m_bundledPath; }
    // The pack the catalog's bundled rows come from: the bundled file's, or a newer installed one.
    const CatalogPackInfo& pack() const { return m_pack; }
    // Why an installed pack is not used (unreadable, or older than the bundled one), or empty.
    const std::string& packNotice() const { return m_packNotice; }

    // Parts ordered by category, then name; all categories when none is given.
    std::vector<PartRecord> list(std::optional<PartCategory> category = std::nullopt) const;
    int count(std::optional<PartCategory> category = std::nullopt) const;
    std::optional<PartRecord> find(std::string_view id) const;
    // Best first. Forgives spacing and case ("rtx4090", "a100 80"); an empty query finds nothing.
    std::vector<SearchHit> search(std::string_view query, std::optional<PartCategory> category = std::nullopt,
                                  int limit = 20) const;

    // Writes go to the user's database, each in one transaction.
    Status add(const PartRecord& part);  // refuses an id in use
    Status edit(const PartRecord& part); // refuses an unknown id; a bundled part becomes Edited
    // A user part is deleted; a bundled part is hidden; an edited one loses its edits and is hidden.
    Status remove(std::string_view id);
    // Drops the user's edits of a bundled part, showing the bundled row again.
    Status revert(std::string_view id);
    Status addPrice(std::string_view id, const Price& price);
    // All or nothing: parts with an id in use replace it (a bundled one becomes Edited, unless the
    // file repeats it exactly, so that re-importing an export does not freeze bundled figures).
    Result<ImportReport> importParts(const std::vector<PartRecord>& parts);

    // Validation runs measured on the user's machines, newest first, and the calibration chosen
    // per device (a 'validate --compare --json' document: validation/run_comparison.h reads it).
    Result<std::int64_t> addValidationRun(const ValidationRunRecord& run); // its id
    std::vector<ValidationRunRecord> validationRuns() const;
    Status setCalibration(const std::string& deviceName, const std::string& calibrationJson,
                          std::optional<std::int64_t> runId);
    // The device's calibration: by its name as sameDeviceName (validation/run_comparison.h) compares
    // names, and, when `totalMemoryBytes` is given, only one whose run had that much memory.
    std::optional<std::string>
    calibrationFor(const std::string& deviceName,
                   std::optional<std::int64_t> totalMemoryBytes = std::nullopt) const;
    std::vector<std::pair<std::string, std::string>> calibrations() const; // device name, document
    Status resetCalibration(const std::string& deviceName);

private:
    Catalog() = default;
    Status requireWritable() const;
    bool hasUserDatabase() const;         // attached, writable or not
    SqliteSharedStore userShared() const; // what the user database keeps of a lab's kinds
    void createViews();
    std::vector<PartRecord> readParts(const std::string& where,
                                      const std::vector<std::string>& arguments) const;
    bool bundledHas(std::string_view id) const;

    std::unique_ptr<SQLite::Database> m_database;
    std::filesystem::path m_bundledPath;
    CatalogPackInfo m_pack;
    std::string m_packNotice;
    UserDatabaseStatus m_userStatus;
    // catalog_shared_rows.cpp
    Status openLab(const CatalogOpenOptions& options);
    // Replaces a kind in the lab's last copy with what the server just gave (nothing kept without
    // a user database; a copy that cannot be written is only a copy).
    void keepLabCopy(const std::function<void(LabCopy&)>& change) const;
    Status refuseOffline(const std::string& what) const;
    // The server cannot be reached (at opening, or since): its copy is shown from now on.
    void fallOffline(const Error& why);
    std::optional<LabCopy> labCopyNow() const;
    std::set<std::string, std::less<>> pendingRunUids() const; // of this lab, kept in the user database
    std::unique_ptr<SharedStore> m_lab;
    LabStatus m_labStatus;
    std::filesystem::path m_labCopyPath; // empty: no copy kept (no user database)
    std::unique_ptr<LabCopy> m_labCopy;  // offline: what is shown
    std::multimap<std::string, Price, std::less<>> m_labPrices;
};

} // namespace torchrig::db
