#include "sqlite_shared_store.h"

#include "part_store.h"
#include "user_database_preparation.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <fmt/format.h>

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

namespace torchrig::db {

namespace {

constexpr const char* kNow = "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')";

// A read that failed: a user database from before the table existed, opened read-only, has none of it.
Error readFailure(const SQLite::Exception& e, const std::string& what) {
    return makeError(ErrorCode::Database, fmt::format("{} could not be read: {}", what, e.what()));
}

std::optional<std::int64_t> optionalId(const SQLite::Column& column) {
    if (column.isNull())
        return std::nullopt;
    return column.getInt64();
}

SharedBuild readBuild(SQLite::Statement& row) {
    return {row.getColumn(0).getString(), row.getColumn(1).getString(), row.getColumn(2).getInt64(),
            row.getColumn(3).getString(), row.getColumn(4).getString()};
}

} // namespace

std::string desktopMember() {
    if (const passwd* entry = getpwuid(geteuid()); entry && entry->pw_name && *entry->pw_name)
        return entry->pw_name;
    if (const char* user = std::getenv("USER"); user && *user)
        return user;
    return "me";
}

SqliteSharedStore::SqliteSharedStore(SQLite::Database& database, std::string schema, std::string member)
    : m_database(database)
    , m_schema(std::move(schema))
    , m_member(std::move(member)) {}

std::string SqliteSharedStore::describe() const {
    return fmt::format("the user database {}", m_database.getFilename());
}

std::string SqliteSharedStore::table(std::string_view name) const {
    return fmt::format("{}.{}", m_schema, name);
}

Result<std::int64_t> SqliteSharedStore::addPrice(std::string_view partId, const Price& price) {
    if (auto status = PartStore(m_database, m_schema).addPrice(partId, price, m_member); !status)
        return status.error();
    return m_database.getLastInsertRowid();
}

Result<std::vector<RecordedPrice>> SqliteSharedStore::prices(std::optional<std::string_view> partId) const {
    std::vector<RecordedPrice> out;
    try {
        SQLite::Statement query(
            m_database,
            fmt::format(
                "SELECT id, part_id, amount, currency, date, source, kind, region, retailer, entered_by, "
                "entered_at FROM {} WHERE ?1 IS NULL OR part_id = ?1 ORDER BY date, id",
                table("price")));
        if (partId)
            query.bind(1, std::string(*partId));
        while (query.executeStep()) {
            RecordedPrice row;
            row.id = query.getColumn(0).getInt64();
            row.partId = query.getColumn(1).getString();
            row.price = Price{query.getColumn(2).getDouble(),
                              query.getColumn(3).getString(),
                              query.getColumn(4).getString(),
                              query.getColumn(5).getString(),
                              priceKindFromString(query.getColumn(6).getString()).value_or(PriceKind::Street),
                              query.getColumn(7).getString(),
                              query.getColumn(8).getString()};
            row.enteredBy = query.getColumn(9).getString();
            row.enteredAt = query.getColumn(10).getString();
            out.push_back(std::move(row));
        }
    } catch (const SQLite::Exception& e) {
        return readFailure(e, "the recorded prices");
    }
    return out;
}

std::optional<std::int64_t> SqliteSharedStore::runWithUid(const std::string& uid) const {
    if (uid.empty())
        return std::nullopt;
    SQLite::Statement query(m_database,
                            fmt::format("SELECT id FROM {} WHERE run_uid = ?", table("validation_run")));
    query.bind(1, uid);
    if (!query.executeStep())
        return std::nullopt;
    return query.getColumn(0).getInt64();
}

Result<std::int64_t> SqliteSharedStore::addValidationRun(const ValidationRunRecord& given) {
    if (auto status = checkValidationRunForSaving(given); !status)
        return status.error();
    const auto run = readValidationRun(given);
    try {
        if (auto known = runWithUid(run.uid))
            return *known;
        SQLite::Statement insert(
            m_database,
            fmt::format(
                "INSERT INTO {} (measured_at, device_name, device_kind, libtorch_version, model, request, "
                "result, machine, recorded_by, run_uid) VALUES (coalesce(nullif(?, ''), {}), ?, ?, ?, "
                "?, ?, ?, ?, ?, nullif(?, ''))",
                table("validation_run"), kNow));
        int i = 0;
        const std::string& member = m_member;
        for (const std::string* text :
             {&run.measuredAt, &run.deviceName, &run.deviceKind, &run.libtorchVersion, &run.model,
              &run.requestJson, &run.resultJson, &run.machine, &member, &run.uid})
            insert.bind(++i, *text);
        insert.exec();
        return m_database.getLastInsertRowid();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, "the validation run could not be saved");
    }
}

Result<std::vector<ValidationRunRecord>> SqliteSharedStore::validationRuns() const {
    std::vector<ValidationRunRecord> runs;
    try {
        // A row written by another program may hold anything: at most a few KiB of each short
        // field, and a request or result over the bound as '', leave the database.
        auto shortText = [](const char* column) {
            return fmt::format("CAST(substr(CAST({} AS BLOB), 1, 1024) AS TEXT)", column);
        };
        SQLite::Statement query(
            m_database,
            fmt::format(
                "SELECT id, {}, {}, {}, {}, {}, CASE WHEN length(CAST(request AS BLOB)) <= ?1 THEN request "
                "ELSE '' END, CASE WHEN length(CAST(result AS BLOB)) <= ?1 THEN result ELSE '' END, {}, "
                "{}, coalesce({}, '') FROM {} ORDER BY id DESC LIMIT ?2",
                shortText("measured_at"), shortText("device_name"), shortText("device_kind"),
                shortText("libtorch_version"), shortText("model"), shortText("machine"),
                shortText("recorded_by"), shortText("run_uid"), table("validation_run")));
        query.bind(1, static_cast<std::int64_t>(ValidationHistoryBounds::kJsonBytes));
        query.bind(2, static_cast<std::int64_t>(ValidationHistoryBounds::kRows));
        while (query.executeStep()) {
            ValidationRunRecord run;
            run.id = query.getColumn(0).getInt64();
            std::string* texts[] = {&run.measuredAt, &run.deviceName,  &run.deviceKind, &run.libtorchVersion,
                                    &run.model,      &run.requestJson, &run.resultJson, &run.machine,
                                    &run.recordedBy, &run.uid};
            for (int i = 0; i < 10; ++i)
                *texts[i] = query.getColumn(i + 1).getString();
            runs.push_back(readValidationRun(std::move(run)));
        }
    } catch (const SQLite::Exception& e) {
        return readFailure(e, "the validation history");
    }
    return runs;
}

Status SqliteSharedStore::setCalibration(const DeviceCalibration& calibration) {
    try {
        SQLite::Statement upsert(
            m_database,
            fmt::format(
                "INSERT INTO {} (device_name, run_id, calibration, calibrated_by) VALUES (?, ?, ?, ?) "
                "ON CONFLICT(device_name) DO UPDATE SET run_id = excluded.run_id, calibration = "
                "excluded.calibration, calibrated_by = excluded.calibrated_by, calibrated_at = {}",
                table("device_calibration"), kNow));
        upsert.bind(1, calibration.deviceName);
        if (calibration.runId)
            upsert.bind(2, *calibration.runId);
        else
            upsert.bind(2);
        upsert.bind(3, calibration.document);
        upsert.bind(4, m_member);
        upsert.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(
            e, fmt::format("the calibration for {} could not be saved", calibration.deviceName));
    }
    return Ok{};
}

Result<std::vector<DeviceCalibration>> SqliteSharedStore::calibrations() const {
    std::vector<DeviceCalibration> out;
    try {
        SQLite::Statement query(
            m_database, fmt::format("SELECT device_name, calibration, run_id, calibrated_by, calibrated_at "
                                    "FROM {} ORDER BY device_name",
                                    table("device_calibration")));
        while (query.executeStep())
            out.push_back({query.getColumn(0).getString(), query.getColumn(1).getString(),
                           optionalId(query.getColumn(2)), query.getColumn(3).getString(),
                           query.getColumn(4).getString()});
    } catch (const SQLite::Exception& e) {
        return readFailure(e, "the calibrations");
    }
    return out;
}

Status SqliteSharedStore::resetCalibration(const std::string& deviceName) {
    try {
        SQLite::Statement remove(
            m_database, fmt::format("DELETE FROM {} WHERE device_name = ?", table("device_calibration")));
        remove.bind(1, deviceName);
        remove.exec();
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("the calibration for {} could not be reset", deviceName));
    }
    return Ok{};
}

Result<SharedBuild> SqliteSharedStore::saveBuild(const std::string& name, const std::string& document,
                                                 std::optional<std::int64_t> basedOnVersion) {
    if (auto status = checkBuildForSaving(name, document); !status)
        return status.error();
    try {
        // One statement decides: a new name is inserted, a stored build is replaced only at the
        // version the save was based on. Whatever it did not write is told from the row it left.
        SQLite::Statement save(
            m_database,
            fmt::format("INSERT INTO {0} (name, document, saved_by, saved_at, row_version) VALUES (?1, ?2, "
                        "?3, {1}, 1) "
                        "ON CONFLICT(name) DO UPDATE SET document = excluded.document, saved_by = "
                        "excluded.saved_by, saved_at = excluded.saved_at, row_version = row_version + 1 "
                        "WHERE ?4 IS NOT NULL AND row_version = ?4",
                        table("saved_build"), kNow));
        save.bind(1, name);
        save.bind(2, document);
        save.bind(3, m_member);
        if (basedOnVersion)
            save.bind(4, *basedOnVersion);
        else
            save.bind(4);
        const bool written = save.exec() == 1;
        auto stored = loadBuild(name);
        if (!stored)
            return stored.error();
        if (!stored->has_value())
            return makeError(ErrorCode::NotFound, fmt::format("the build \"{}\" could not be saved", name));
        if (!written)
            return buildSaveConflict(name, **stored, m_member, basedOnVersion.has_value());
        return **stored;
    } catch (const SQLite::Exception& e) {
        return sqliteWriteFailure(e, fmt::format("the build \"{}\" could not be saved", name));
    }
}

Result<std::optional<SharedBuild>> SqliteSharedStore::loadBuild(const std::string& name) const {
    try {
        SQLite::Statement query(
            m_database,
            fmt::format("SELECT name, document, row_version, saved_by, saved_at FROM {} WHERE name = ?",
                        table("saved_build")));
        query.bind(1, name);
        if (!query.executeStep())
            return std::optional<SharedBuild>{};
        return std::optional<SharedBuild>{readBuild(query)};
    } catch (const SQLite::Exception& e) {
        return readFailure(e, fmt::format("the build \"{}\"", name));
    }
}

Result<std::vector<SharedBuild>> SqliteSharedStore::builds() const {
    std::vector<SharedBuild> out;
    try {
        SQLite::Statement query(m_database,
                                fmt::format("SELECT name, document, row_version, saved_by, saved_at FROM {} "
                                            "ORDER BY name",
                                            table("saved_build")));
        while (query.executeStep())
            out.push_back(readBuild(query));
    } catch (const SQLite::Exception& e) {
        return readFailure(e, "the saved builds");
    }
    return out;
}

} // namespace torchrig::db
