#include "postgres_shared_store.h"

#include "postgres_connection.h"
#include "postgres_lab_schema.h"

#include <fmt/format.h>

namespace torchrig::db {

struct PostgresSharedStore::Connection {
    std::unique_ptr<pqxx::connection> link;
};

namespace {

std::string shortText(const char* column) {
    return fmt::format("left({}, 1024)", column);
}

void prepareStatements(pqxx::connection& link) {
    link.prepare("add_price",
                 "INSERT INTO torchrig.price (part_id, kind, amount, currency, date, source, region, "
                 "retailer) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id");
    link.prepare("prices",
                 fmt::format("SELECT id, part_id, amount, currency, date, source, kind, region, retailer, "
                             "entered_by, {} FROM torchrig.price WHERE $1::text IS NULL OR part_id = $1 "
                             "ORDER BY date, id",
                             isoUtc("entered_at")));
    link.prepare("run_with_uid", "SELECT id FROM torchrig.validation_run WHERE run_uid = $1");
    link.prepare("add_run", "INSERT INTO torchrig.validation_run (measured_at, device_name, device_kind, "
                            "libtorch_version, model, request, result, machine, run_uid) VALUES "
                            "(coalesce(nullif($1, '')::timestamptz, now()), $2, $3, $4, $5, $6, $7, $8, "
                            "nullif($9, '')) ON CONFLICT (run_uid) DO NOTHING RETURNING id");
    link.prepare(
        "runs",
        fmt::format("SELECT id, {}, {}, {}, {}, {}, CASE WHEN octet_length(request) <= $1 THEN request "
                    "ELSE '' END, CASE WHEN octet_length(result) <= $1 THEN result ELSE '' END, {}, {}, "
                    "coalesce(left(run_uid, 1024), '') FROM torchrig.validation_run ORDER BY id DESC "
                    "LIMIT $2",
                    isoUtc("measured_at"), shortText("device_name"), shortText("device_kind"),
                    shortText("libtorch_version"), shortText("model"), shortText("machine"),
                    shortText("recorded_by")));
    link.prepare(
        "set_calibration",
        "INSERT INTO torchrig.device_calibration (device_name, run_id, calibration) VALUES ($1, $2, $3) "
        "ON CONFLICT (device_name) DO UPDATE SET run_id = excluded.run_id, calibration = "
        "excluded.calibration");
    link.prepare("calibrations",
                 fmt::format("SELECT device_name, calibration, run_id, calibrated_by, {} FROM "
                             "torchrig.device_calibration ORDER BY device_name COLLATE \"C\"",
                             isoUtc("calibrated_at")));
    link.prepare("reset_calibration", "DELETE FROM torchrig.device_calibration WHERE device_name = $1");
    const auto buildColumns = fmt::format("name, document, row_version, saved_by, {}", isoUtc("saved_at"));
    // A stored build is replaced only at the version the save was based on; the server's trigger
    // counts the version and stamps who and when.
    link.prepare("save_build",
                 fmt::format("INSERT INTO torchrig.build (name, document) VALUES ($1, $2) ON CONFLICT "
                             "(name) DO UPDATE SET document = excluded.document WHERE $3::bigint IS "
                             "NOT NULL AND torchrig.build.row_version = $3::bigint RETURNING {}",
                             buildColumns));
    link.prepare("load_build", fmt::format("SELECT {} FROM torchrig.build WHERE name = $1", buildColumns));
    link.prepare("builds",
                 fmt::format("SELECT {} FROM torchrig.build ORDER BY name COLLATE \"C\"", buildColumns));
}

SharedBuild readBuild(const pqxx::row& row) {
    return {row[0].as<std::string>(), row[1].as<std::string>(), row[2].as<std::int64_t>(),
            row[3].as<std::string>(), row[4].as<std::string>()};
}

} // namespace

PostgresSharedStore::PostgresSharedStore(std::unique_ptr<Connection> connection)
    : m_connection(std::move(connection)) {}

PostgresSharedStore::~PostgresSharedStore() = default;

Result<std::unique_ptr<PostgresSharedStore>> PostgresSharedStore::open(const std::string& url) {
    auto link = connectToLab(url);
    if (!link)
        return link.error();
    auto& connection = **link;
    std::string member, description;
    try {
        pqxx::work transaction(connection);
        auto found = transaction.exec("SELECT current_user, current_database(), "
                                      "to_regclass('torchrig.lab_schema') IS NOT NULL");
        member = found[0][0].as<std::string>();
        const auto database = found[0][1].as<std::string>();
        const char* host = connection.hostname();
        description = fmt::format("the lab database {} on {}", database,
                                  host && *host && *host != '/' ? host : "this machine");
        const int version = found[0][2].as<bool>()
                                ? transaction.exec("SELECT version FROM torchrig.lab_schema")[0][0].as<int>()
                                : 0;
        if (version == 0)
            return makeError(ErrorCode::NotFound,
                             fmt::format("{} has no TorchRig lab in it: its admin sets one up with "
                                         "`torchrig-cli lab init URL`",
                                         description));
        if (version != latestLabSchemaVersion())
            return makeError(
                ErrorCode::ReadOnly,
                version > latestLabSchemaVersion()
                    ? fmt::format("{} is at lab schema version {}, newer than this TorchRig knows "
                                  "({}): update TorchRig",
                                  description, version, latestLabSchemaVersion())
                    : fmt::format("{} is at lab schema version {} and this TorchRig needs {}: the "
                                  "lab's admin upgrades it with `torchrig-cli lab init URL`",
                                  description, version, latestLabSchemaVersion()));
        transaction.commit();
        prepareStatements(connection);
    } catch (const std::exception& e) {
        return labFailure(e, "the lab database could not be opened");
    }
    auto store = std::unique_ptr<PostgresSharedStore>(
        new PostgresSharedStore(std::make_unique<Connection>(Connection{std::move(link).value()})));
    store->m_member = std::move(member);
    store->m_description = std::move(description);
    return store;
}

Result<std::int64_t> PostgresSharedStore::addPrice(std::string_view partId, const Price& price) {
    try {
        pqxx::work transaction(*m_connection->link);
        auto row = transaction.exec_prepared1(
            "add_price", std::string(partId), std::string(priceKindId(price.kind)), price.amount,
            price.currency, price.date, price.source, price.region, price.retailer);
        transaction.commit();
        return row[0].as<std::int64_t>();
    } catch (const std::exception& e) {
        return labFailure(e, fmt::format("{}: the price could not be recorded", partId));
    }
}

Result<std::vector<RecordedPrice>> PostgresSharedStore::prices(std::optional<std::string_view> partId) const {
    std::vector<RecordedPrice> out;
    try {
        pqxx::work transaction(*m_connection->link);
        std::optional<std::string> which;
        if (partId)
            which = std::string(*partId);
        for (const auto& row : transaction.exec_prepared("prices", which)) {
            RecordedPrice price;
            price.id = row[0].as<std::int64_t>();
            price.partId = row[1].as<std::string>();
            price.price = Price{row[2].as<double>(),
                                row[3].as<std::string>(),
                                row[4].as<std::string>(),
                                row[5].as<std::string>(),
                                priceKindFromString(row[6].as<std::string>()).value_or(PriceKind::Street),
                                row[7].as<std::string>(),
                                row[8].as<std::string>()};
            price.enteredBy = row[9].as<std::string>();
            price.enteredAt = row[10].as<std::string>();
            out.push_back(std::move(price));
        }
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(e, "the lab's prices could not be read");
    }
    return out;
}

Result<std::int64_t> PostgresSharedStore::addValidationRun(const ValidationRunRecord& given) {
    if (auto status = checkValidationRunForSaving(given); !status)
        return status.error();
    const auto run = readValidationRun(given);
    try {
        pqxx::work transaction(*m_connection->link);
        auto added = transaction.exec_prepared("add_run", run.measuredAt, run.deviceName, run.deviceKind,
                                               run.libtorchVersion, run.model, run.requestJson,
                                               run.resultJson, run.machine, run.uid);
        // Pushed before: the stored run's id (a second push of one run adds nothing).
        auto id = added.empty() ? transaction.exec_prepared1("run_with_uid", run.uid)[0].as<std::int64_t>()
                                : added[0][0].as<std::int64_t>();
        transaction.commit();
        return id;
    } catch (const std::exception& e) {
        return labFailure(e, "the validation run could not be saved");
    }
}

Result<std::vector<ValidationRunRecord>> PostgresSharedStore::validationRuns() const {
    std::vector<ValidationRunRecord> runs;
    try {
        pqxx::work transaction(*m_connection->link);
        for (const auto& row :
             transaction.exec_prepared("runs", static_cast<std::int64_t>(ValidationHistoryBounds::kJsonBytes),
                                       static_cast<std::int64_t>(ValidationHistoryBounds::kRows))) {
            ValidationRunRecord run;
            run.id = row[0].as<std::int64_t>();
            std::string* texts[] = {&run.measuredAt, &run.deviceName,  &run.deviceKind, &run.libtorchVersion,
                                    &run.model,      &run.requestJson, &run.resultJson, &run.machine,
                                    &run.recordedBy, &run.uid};
            for (int i = 0; i < 10; ++i)
                *texts[i] = row[i + 1].as<std::string>();
            runs.push_back(readValidationRun(std::move(run)));
        }
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(e, "the lab's validation history could not be read");
    }
    return runs;
}

Status PostgresSharedStore::setCalibration(const DeviceCalibration& calibration) {
    try {
        pqxx::work transaction(*m_connection->link);
        transaction.exec_prepared("set_calibration", calibration.deviceName, calibration.runId,
                                  calibration.document);
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(e,
                          fmt::format("the calibration for {} could not be saved", calibration.deviceName));
    }
    return Ok{};
}

Result<std::vector<DeviceCalibration>> PostgresSharedStore::calibrations() const {
    std::vector<DeviceCalibration> out;
    try {
        pqxx::work transaction(*m_connection->link);
        for (const auto& row : transaction.exec_prepared("calibrations")) {
            std::optional<std::int64_t> runId;
            if (!row[2].is_null())
                runId = row[2].as<std::int64_t>();
            out.push_back({row[0].as<std::string>(), row[1].as<std::string>(), runId,
                           row[3].as<std::string>(), row[4].as<std::string>()});
        }
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(e, "the lab's calibrations could not be read");
    }
    return out;
}

Status PostgresSharedStore::resetCalibration(const std::string& deviceName) {
    try {
        pqxx::work transaction(*m_connection->link);
        transaction.exec_prepared("reset_calibration", deviceName);
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(e, fmt::format("the calibration for {} could not be reset", deviceName));
    }
    return Ok{};
}

Result<SharedBuild> PostgresSharedStore::saveBuild(const std::string& name, const std::string& document,
                                                   std::optional<std::int64_t> basedOnVersion) {
    if (auto status = checkBuildForSaving(name, document); !status)
        return status.error();
    try {
        pqxx::work transaction(*m_connection->link);
        auto saved = transaction.exec_prepared("save_build", name, document, basedOnVersion);
        if (!saved.empty()) {
            auto build = readBuild(saved[0]);
            transaction.commit();
            return build;
        }
        auto stored = transaction.exec_prepared("load_build", name);
        transaction.commit();
        if (stored.empty())
            return makeError(ErrorCode::NotFound, fmt::format("the build \"{}\" could not be saved", name));
        return buildSaveConflict(name, readBuild(stored[0]), m_member, basedOnVersion.has_value());
    } catch (const std::exception& e) {
        return labFailure(e, fmt::format("the build \"{}\" could not be saved", name));
    }
}

Result<std::optional<SharedBuild>> PostgresSharedStore::loadBuild(const std::string& name) const {
    try {
        pqxx::work transaction(*m_connection->link);
        auto stored = transaction.exec_prepared("load_build", name);
        transaction.commit();
        if (stored.empty())
            return std::optional<SharedBuild>{};
        return std::optional<SharedBuild>{readBuild(stored[0])};
    } catch (const std::exception& e) {
        return labFailure(e, fmt::format("the build \"{}\" could not be read", name));
    }
}

Result<std::vector<SharedBuild>> PostgresSharedStore::builds() const {
    std::vector<SharedBuild> out;
    try {
        pqxx::work transaction(*m_connection->link);
        for (const auto& row : transaction.exec_prepared("builds"))
            out.push_back(readBuild(row));
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(e, "the lab's builds could not be read");
    }
    return out;
}

} // namespace torchrig::db
