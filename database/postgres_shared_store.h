#pragma once
// What a lab shares, kept on the lab's PostgreSQL server (see shared_store.h and, for the schema,
// roles and who may write what, postgres_lab_schema.h). One connection per store, prepared
// statements only, each write one transaction; not for use by two threads at once.

#include "shared_store.h"

#include <memory>
#include <string>

namespace torchrig::db {

class PostgresSharedStore final : public SharedStore {
public:
    // Connects as the member the URL names (the password from ~/.pgpass, a service file or the
    // keyring, never from TorchRig's files) and refuses a database without the lab schema, or with
    // an older or newer one, saying what to run.
    static Result<std::unique_ptr<PostgresSharedStore>> open(const std::string& url);
    ~PostgresSharedStore() override;
    PostgresSharedStore(const PostgresSharedStore&) = delete;
    PostgresSharedStore& operator=(const PostgresSharedStore&) = delete;

    std::string member() const override { return m_member; }
    std::string describe() const override { return m_description; }

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
    struct Connection; // libpqxx's, kept out of this header
    explicit PostgresSharedStore(std::unique_ptr<Connection> connection);

    std::unique_ptr<Connection> m_connection;
    std::string m_member;
    std::string m_description;
};

} // namespace torchrig::db
