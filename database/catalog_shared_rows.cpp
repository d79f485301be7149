// What the catalog keeps of a lab's kinds — validation runs, device calibrations, recorded prices —
// in the user's database (sqlite_shared_store.h), or with a lab's database: the lab's prices beside
// the catalog's, its runs and calibrations in place of the user database's, and, while its server
// cannot be reached, its last copy shown read-only and runs kept in the user database until pushed.

#include "catalog.h"

#include "lab_copy.h"
#include "postgres_lab_schema.h"
#include "postgres_shared_store.h"
#include "sqlite_shared_store.h"
#include "user_database_preparation.h"

#include "validation/run_comparison.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <set>

namespace torchrig::db {

namespace {

std::string nowUtc() {
    return fmt::format("{:%Y-%m-%dT%H:%M:%SZ}",
                       std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now()));
}

} // namespace

SqliteSharedStore Catalog::userShared() const {
    return SqliteSharedStore(*m_database, "user", desktopMember());
}

Status Catalog::openLab(const CatalogOpenOptions& options) {
    if (options.labUrl.empty())
        return Ok{};
    auto key = labKey(options.labUrl);
    if (!key)
        return key.error();
    m_labStatus.lab = *key;
    if (options.userPath && hasUserDatabase())
        m_labCopyPath = labCopyPath(*options.userPath, *key);
    auto store = PostgresSharedStore::open(options.labUrl);
    if (!store && store.error().code != ErrorCode::Io)
        return store.error(); // not set up, not a member, a bad address: the person's to fix first
    if (!store) {
        fallOffline(store.error());
        return Ok{};
    }
    m_lab = std::move(store).value();
    m_labStatus.state = LabState::Connected;
    m_labStatus.member = m_lab->member();
    if (m_userStatus.state == UserDatabaseState::Writable && pendingLabRuns() > 0)
        if (auto pushed = pushPendingLabRuns())
            m_labStatus.pushedRuns = *pushed;
    auto prices = m_lab->prices();
    if (!prices && prices.error().code == ErrorCode::Io) { // gone since it answered a moment ago
        fallOffline(prices.error());
        return Ok{};
    }
    if (!prices)
        return prices.error();
    for (const auto& recorded : *prices)
        m_labPrices.emplace(recorded.partId, recorded.price);
    // Prices and calibrations are few and every estimate reads them: copied on every opening. The
    // history is copied when it is read (the Validate panel, `lab runs`).
    auto calibrations = m_lab->calibrations();
    keepLabCopy([&](LabCopy& copy) {
        copy.prices = std::move(*prices);
        if (calibrations)
            copy.calibrations = std::move(*calibrations);
    });
    return Ok{};
}

void Catalog::fallOffline(const Error& why) {
    m_lab.reset();
    m_labStatus.state = LabState::Offline;
    if (!m_labCopy && !m_labCopyPath.empty())
        if (auto copy = readLabCopy(m_labCopyPath, m_labStatus.lab))
            m_labCopy = std::make_unique<LabCopy>(std::move(*copy));
    m_labStatus.copyShown = m_labCopy != nullptr;
    if (m_labPrices.empty() && m_labCopy && m_labCopy->prices) // the server's, when it answered this session
        for (const auto& recorded : *m_labCopy->prices)
            m_labPrices.emplace(recorded.partId, recorded.price);
    m_labStatus.message = fmt::format(
        "{}. Shown is {}, read-only; validation runs you record are kept in your parts database and "
        "pushed with `torchrig-cli lab push` once it answers.",
        why.text(),
        m_labCopy ? fmt::format("the lab's copy of {}", m_labCopy->copiedAt)
                  : std::string("no copy of the lab (none was kept here yet)"));
}

std::optional<LabCopy> Catalog::labCopyNow() const {
    if (m_labCopy)
        return *m_labCopy;
    if (m_labCopyPath.empty())
        return std::nullopt;
    return readLabCopy(m_labCopyPath, m_labStatus.lab);
}

void Catalog::keepLabCopy(const std::function<void(LabCopy&)>& change) const {
    if (m_labCopyPath.empty())
        return;
    auto copy =
        readLabCopy(m_labCopyPath, m_labStatus.lab).value_or(LabCopy{m_labStatus.lab, {}, {}, {}, {}});
    change(copy);
    copy.copiedAt = nowUtc();
    (void)writeLabCopy(m_labCopyPath, copy); // only a copy: the next read from the server writes it again
}

Status Catalog::refuseOffline(const std::string& what) const {
    return makeError(
        ErrorCode::ReadOnly,
        fmt::format("{} cannot be saved: the lab database {} cannot be reached, and its copy here "
                    "is read-only. Nothing was changed; try again when it answers",
                    what, m_labStatus.lab));
}

std::set<std::string, std::less<>> Catalog::pendingRunUids() const {
    std::set<std::string, std::less<>> pending;
    if (m_labStatus.lab.empty() || !hasUserDatabase())
        return pending;
    try {
        SQLite::Statement query(*m_database, "SELECT run_uid FROM user.lab_outbox WHERE lab = ?");
        query.bind(1, m_labStatus.lab);
        while (query.executeStep())
            pending.insert(query.getColumn(0).getString());
    } catch (const SQLite::Exception&) {
    }
    return pending;
}

int Catalog::pendingLabRuns() const {
    return static_cast<int>(pendingRunUids().size());
}

Result<int> Catalog::pushPendingLabRuns() {
    if (!m_lab)
        return makeError(ErrorCode::Io, m_labStatus.state == LabState::Offline
                                            ? m_labStatus.message
                                            : std::string("no lab database is in use: give --lab URL"));
    if (auto status = requireWritable(); !status)
        return status.error();
    auto kept = userShared().validationRuns();
    if (!kept)
        return kept.error();
    const auto pending = pendingRunUids();
    int pushed = 0;
    // Oldest first, so that the lab's history (newest recorded first) keeps the order they were measured in.
    for (auto it = kept->rbegin(); it != kept->rend(); ++it) {
        const auto& run = *it;
        if (run.uid.empty() || !pending.count(run.uid))
            continue;
        try {
            // Stored on the server once by its uid, even when an earlier push stopped before the
            // line below: only then does it leave the outbox.
            if (auto added = m_lab->addValidationRun(run); !added)
                return added.error();
            SQLite::Statement done(*m_database, "DELETE FROM user.lab_outbox WHERE lab = ? AND run_uid = ?");
            done.bind(1, m_labStatus.lab);
            done.bind(2, run.uid);
            done.exec();
            ++pushed;
        } catch (const SQLite::Exception& e) {
            return sqliteWriteFailure(e, "the runs kept for the lab could not be pushed");
        }
    }
    return pushed;
}

Result<std::int64_t> Catalog::addValidationRun(const ValidationRunRecord& given) {
    // Recorded here: measured on this machine, and named once, so that a copy pushed to a lab later
    // is stored there once.
    auto run = given;
    if (run.machine.empty())
        run.machine = thisMachine();
    if (run.uid.empty())
        run.uid = newRunUid();
    if (m_lab) {
        auto id = m_lab->addValidationRun(run);
        if (id || id.error().code != ErrorCode::Io)
            return id;
        fallOffline(id.error()); // gone since opening: kept here until pushed, as when it was gone before
    }
    if (auto status = requireWritable(); !status)
        return status.error();
    auto id = userShared().addValidationRun(run);
    if (!id || m_labStatus.state != LabState::Offline)
        return id;
    try {
        SQLite::Statement outbox(*m_database,
                                 "INSERT OR IGNORE INTO user.lab_outbox (lab, run_uid) VALUES (?, ?)");
        outbox.bind(1, m_labStatus.lab);
        outbox.bind(2, run.uid);
        outbox.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, "the run was saved but could not be kept for the lab");
    }
    return id;
}

std::vector<ValidationRunRecord> Catalog::validationRuns() const {
    if (m_lab) {
        auto runs = m_lab->validationRuns();
        if (runs) {
            keepLabCopy([&](LabCopy& copy) { copy.runs = *runs; });
            return std::move(runs).value();
        }
        if (runs.error().code != ErrorCode::Io)
            return {};
        // Gone since opening: what is kept here, as when it was gone before.
    }
    std::vector<ValidationRunRecord> runs;
    if (hasUserDatabase())
        if (auto kept = userShared().validationRuns())
            runs = std::move(kept).value();
    if (m_labStatus.state == LabState::None)
        return runs;
    // Offline: the runs waiting to be pushed (newest, recorded here), then the lab's copy.
    const auto pending = pendingRunUids();
    std::vector<ValidationRunRecord> shown;
    for (auto& run : runs)
        if (pending.count(run.uid))
            shown.push_back(std::move(run));
    if (const auto copy = labCopyNow(); copy && copy->runs)
        shown.insert(shown.end(), copy->runs->begin(), copy->runs->end());
    return shown;
}

Status Catalog::setCalibration(const std::string& deviceName, const std::string& calibrationJson,
                               std::optional<std::int64_t> runId) {
    const DeviceCalibration calibration{deviceName, calibrationJson, runId, {}, {}};
    if (m_lab)
        return m_lab->setCalibration(calibration);
    if (m_labStatus.state == LabState::Offline)
        return refuseOffline("the calibration for " + deviceName);
    if (auto status = requireWritable(); !status)
        return status;
    return userShared().setCalibration(calibration);
}

std::vector<std::pair<std::string, std::string>> Catalog::calibrations() const {
    std::vector<DeviceCalibration> kept;
    auto read = m_lab ? m_lab->calibrations() : Result<std::vector<DeviceCalibration>>(kept);
    if (m_lab && read) {
        kept = std::move(read).value();
        keepLabCopy([&](LabCopy& copy) { copy.calibrations = kept; });
    } else if (m_labStatus.state != LabState::None) { // offline, since opening or since then
        if (const auto copy = labCopyNow(); copy && copy->calibrations)
            kept = *copy->calibrations;
    } else if (hasUserDatabase()) {
        if (auto own = userShared().calibrations())
            kept = std::move(own).value();
    }
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& calibration : kept)
        out.emplace_back(std::move(calibration.deviceName), std::move(calibration.document));
    return out;
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

Status Catalog::resetCalibration(const std::string& deviceName) {
    if (m_lab)
        return m_lab->resetCalibration(deviceName);
    if (m_labStatus.state == LabState::Offline)
        return refuseOffline("the calibration for " + deviceName);
    if (auto status = requireWritable(); !status)
        return status;
    return userShared().resetCalibration(deviceName);
}

} // namespace torchrig::db
