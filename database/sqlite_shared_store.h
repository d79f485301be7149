#pragma once
// What a lab shares, kept in one desktop's user database (see shared_store.h): the embedded default,
// on a connection the caller owns, in one of its schemas ("main" for a file opened alone, "user" for
// the catalog's attached user database). Writes are one statement each, so each is its own transaction.

#include "shared_store.h"

#include <string>

namespace SQLite {
class Database;
}

namespace torchrig::db {

class SqliteSharedStore final : public SharedStore {
public:
    // `member`: whose name rows are recorded under (the desktop's owner).
    SqliteSharedStore(SQLite::Database& database, std::string schema, std::string member);

    std::string member() const override { return m_member; }
    std::string describe() const override;

    Result<std::int64_t> addPrice(std::string_view partId, const Price& price) override;
    Result<std::vector<RecordedPrice>> prices(std::optional<std::string_view> partId) const override;
    Result<std::int64_t> addValidationRun(const ValidationRunRecord& run) override;
    Result<std::vector<ValidationRunRecord>> validationRuns() const override;
    Status setCalibration(const DeviceCalibration& calibration) override;
    Result<std::vector<DeviceCalibration>> calibrations() const override;
    Status resetCalibration(const std::string& deviceName) override;
    Result<SharedBuild> saveBuild(const std::string& name, const std::string& document,
                                  std::optional<std::int64_t> basedOnVersion) override;
    Result<std::optional<SharedBuild>> loadBuild(const std::string& name) const override;
    Result<std::vector<SharedBuild>> builds() const override;

private:
    std::string table(std::string_view name) const;
    std::optional<std::int64_t> runWithUid(const std::string& uid) const;

    SQLite::Database& m_database;
    std::string m_schema;
    std::string m_member;
};

// The desktop's owner as rows name them: the login name, else "me".
std::string desktopMember();

} // namespace torchrig::db
