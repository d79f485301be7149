#include "postgres_lab_schema.h"

#include "postgres_connection.h"

#include <fmt/format.h>

#include <span>

namespace torchrig::db {

namespace {

// v1: prices and quotes, validation runs, calibrations, builds; the roles, their grants and the row
// policies; triggers that stamp who and when (a client cannot write another member's name).
constexpr std::string_view kLabVersion1 = R"sql(
DO $$ BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'torchrig_members') THEN
        CREATE ROLE torchrig_members NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'torchrig_admins') THEN
        CREATE ROLE torchrig_admins NOLOGIN;
    END IF;
END $$;
GRANT torchrig_members TO torchrig_admins;

CREATE TABLE torchrig.price (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    part_id text NOT NULL CHECK (part_id ~ '^[a-z_]+/[^/[:space:]]+$'),
    kind text NOT NULL CHECK (kind IN ('launch_msrp', 'street', 'vendor_quote', 'on_demand_hourly',
                                       'spot_hourly', 'reserved_hourly')),
    amount double precision NOT NULL CHECK (amount >= 0 AND amount < 'Infinity'),
    currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
    date text NOT NULL CHECK (date ~ '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$'),
    source text NOT NULL CHECK (length(trim(source)) > 0),
    region text NOT NULL DEFAULT '',
    retailer text NOT NULL DEFAULT '',
    entered_by text NOT NULL DEFAULT current_user,
    entered_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX price_part ON torchrig.price (part_id, kind, date);

CREATE TABLE torchrig.validation_run (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    measured_at timestamptz NOT NULL DEFAULT now(),
    device_name text NOT NULL,
    device_kind text NOT NULL,
    libtorch_version text NOT NULL,
    model text NOT NULL,
    request text NOT NULL CHECK (request::json IS NOT NULL),
    result text NOT NULL CHECK (result::json IS NOT NULL),
    machine text NOT NULL DEFAULT '',
    recorded_by text NOT NULL DEFAULT current_user,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    run_uid text UNIQUE
);

CREATE TABLE torchrig.device_calibration (
    device_name text PRIMARY KEY,
    run_id bigint REFERENCES torchrig.validation_run (id) ON DELETE SET NULL,
    calibration text NOT NULL CHECK (calibration::json IS NOT NULL),
    calibrated_by text NOT NULL DEFAULT current_user,
    calibrated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE torchrig.build (
    name text PRIMARY KEY CHECK (length(trim(name)) > 0),
    document text NOT NULL CHECK (document::json IS NOT NULL),
    row_version bigint NOT NULL DEFAULT 1,
    created_by text NOT NULL DEFAULT current_user,
    saved_by text NOT NULL DEFAULT current_user,
    saved_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION torchrig.stamp_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.entered_by := current_user;
    NEW.entered_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER price_stamp BEFORE INSERT OR UPDATE ON torchrig.price
    FOR EACH ROW EXECUTE FUNCTION torchrig.stamp_price();
CREATE FUNCTION torchrig.stamp_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.recorded_by := current_user;
    NEW.recorded_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER run_stamp BEFORE INSERT OR UPDATE ON torchrig.validation_run
    FOR EACH ROW EXECUTE FUNCTION torchrig.stamp_run();
CREATE FUNCTION torchrig.stamp_calibration() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.calibrated_by := current_user;
    NEW.calibrated_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER calibration_stamp BEFORE INSERT OR UPDATE ON torchrig.device_calibration
    FOR EACH ROW EXECUTE FUNCTION torchrig.stamp_calibration();
CREATE FUNCTION torchrig.stamp_build() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.row_version := 1;
        NEW.created_by := current_user;
    ELSE
        NEW.row_version := OLD.row_version + 1;
        NEW.created_by := OLD.created_by;
    END IF;
    NEW.saved_by := current_user;
    NEW.saved_at := now();
    RETURN NEW;
END $$;
CREATE TRIGGER build_stamp BEFORE INSERT OR UPDATE ON torchrig.build
    FOR EACH ROW EXECUTE FUNCTION torchrig.stamp_build();

GRANT USAGE ON SCHEMA torchrig TO torchrig_members;
GRANT SELECT ON ALL TABLES IN SCHEMA torchrig TO torchrig_members;
GRANT INSERT, DELETE ON torchrig.price, torchrig.validation_run TO torchrig_members;
GRANT UPDATE ON torchrig.price TO torchrig_admins;
GRANT INSERT, UPDATE, DELETE ON torchrig.device_calibration, torchrig.build TO torchrig_members;

ALTER TABLE torchrig.price ENABLE ROW LEVEL SECURITY;
CREATE POLICY everyone_reads ON torchrig.price FOR SELECT USING (true);
CREATE POLICY admins_change ON torchrig.price TO torchrig_admins USING (true) WITH CHECK (true);
CREATE POLICY members_quote ON torchrig.price FOR INSERT TO torchrig_members
    WITH CHECK (kind = 'vendor_quote');
CREATE POLICY members_withdraw_own_quotes ON torchrig.price FOR DELETE TO torchrig_members
    USING (kind = 'vendor_quote' AND entered_by = current_user);

ALTER TABLE torchrig.validation_run ENABLE ROW LEVEL SECURITY;
CREATE POLICY everyone_reads ON torchrig.validation_run FOR SELECT USING (true);
CREATE POLICY members_record ON torchrig.validation_run FOR INSERT TO torchrig_members WITH CHECK (true);
CREATE POLICY own_or_admins_delete ON torchrig.validation_run FOR DELETE TO torchrig_members
    USING (recorded_by = current_user OR pg_has_role('torchrig_admins', 'MEMBER'));

ALTER TABLE torchrig.build ENABLE ROW LEVEL SECURITY;
CREATE POLICY everyone_reads ON torchrig.build FOR SELECT USING (true);
CREATE POLICY members_save ON torchrig.build FOR INSERT TO torchrig_members WITH CHECK (true);
CREATE POLICY members_change ON torchrig.build FOR UPDATE TO torchrig_members USING (true) WITH CHECK (true);
CREATE POLICY own_or_admins_delete ON torchrig.build FOR DELETE TO torchrig_members
    USING (created_by = current_user OR pg_has_role('torchrig_admins', 'MEMBER'));
)sql";

struct LabMigration {
    int version;
    std::string_view sql;
};
constexpr LabMigration kLabMigrations[] = {{1, kLabVersion1}};

// Any one number: the lock that makes concurrent `lab init`s wait for each other.
constexpr std::int64_t kMigrationLock = 0x746f726368726967; // "torchrig"

int versionIn(pqxx::transaction_base& transaction) {
    auto exists = transaction.exec("SELECT to_regclass('torchrig.lab_schema') IS NOT NULL");
    if (!exists[0][0].as<bool>())
        return 0;
    return transaction.exec("SELECT version FROM torchrig.lab_schema")[0][0].as<int>();
}

} // namespace

int latestLabSchemaVersion() {
    return kLabMigrations[std::size(kLabMigrations) - 1].version;
}

Result<int> migrateLab(const std::string& url) {
    auto connection = connectToLab(url);
    if (!connection)
        return connection.error();
    int before = 0;
    try {
        for (const auto& migration : kLabMigrations) {
            pqxx::work transaction(**connection);
            transaction.exec(fmt::format("SELECT pg_advisory_xact_lock({})", kMigrationLock));
            const int version = versionIn(transaction);
            if (migration.version == kLabMigrations[0].version)
                before = version;
            if (version > latestLabSchemaVersion())
                return makeError(ErrorCode::ReadOnly,
                                 fmt::format("the lab database is at schema version {}, newer than this "
                                             "TorchRig knows ({}): update TorchRig to use it",
                                             version, latestLabSchemaVersion()));
            if (version >= migration.version)
                continue;
            if (version == 0) {
                transaction.exec("CREATE SCHEMA torchrig");
                transaction.exec("CREATE TABLE torchrig.lab_schema (version integer NOT NULL)");
                transaction.exec("INSERT INTO torchrig.lab_schema VALUES (0)");
            }
            transaction.exec(std::string(migration.sql));
            transaction.exec(fmt::format("UPDATE torchrig.lab_schema SET version = {}", migration.version));
            transaction.commit();
        }
    } catch (const std::exception& e) {
        return labFailure(e, "the lab database could not be set up");
    }
    return before;
}

Status grantLabMembership(const std::string& url, const std::string& role, bool admin) {
    auto connection = connectToLab(url);
    if (!connection)
        return connection.error();
    try {
        pqxx::work transaction(**connection);
        auto known =
            transaction.exec_params("SELECT 1 FROM pg_roles WHERE rolname = $1 AND rolcanlogin", role);
        if (known.empty())
            return makeError(
                ErrorCode::NotFound,
                fmt::format("the lab's server has no login role \"{}\": create it first (createuser "
                            "--pwprompt {})",
                            role, role));
        // An admin lets members in: both roles with the right to grant them.
        const auto who = transaction.quote_name(role);
        if (admin) {
            transaction.exec(fmt::format("GRANT {} TO {} WITH ADMIN OPTION", kLabAdminsRole, who));
            transaction.exec(fmt::format("GRANT {} TO {} WITH ADMIN OPTION", kLabMembersRole, who));
        } else {
            transaction.exec(fmt::format("GRANT {} TO {}", kLabMembersRole, who));
        }
        transaction.commit();
    } catch (const std::exception& e) {
        return labFailure(
            e, fmt::format("\"{}\" could not be made a {} of the lab", role, admin ? "admin" : "member"));
    }
    return Ok{};
}

} // namespace torchrig::db
