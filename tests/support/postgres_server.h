#pragma once
// A real PostgreSQL server of the test's own: initdb and pg_ctl (Debian's `postgresql`) in a
// temporary folder, listening on a Unix socket there only (no TCP port), trust authentication for
// the folder's socket, stopped and removed when the object goes. As root (CI), the server runs as
// the `postgres` account, since PostgreSQL refuses to run as root.

#include <filesystem>
#include <string>

namespace torchrig::test {

class PostgresServer {
public:
    // Throws std::runtime_error with initdb's or pg_ctl's words when it cannot start. Tests run it
    // without fsync (nothing must outlive them); a benchmark asks for a server's durable commits.
    enum class Commits { Unsynced, Durable };
    explicit PostgresServer(Commits commits = Commits::Unsynced);
    ~PostgresServer();
    PostgresServer(const PostgresServer&) = delete;
    PostgresServer& operator=(const PostgresServer&) = delete;

    // A new empty database of its own for a test case (roles are the server's, shared by all).
    std::string createDatabase();
    // `database` (the first one by default) as `role` (the superuser by default), as a member's URL gives it.
    std::string url(const std::string& role = {}, const std::string& database = {}) const;
    // Runs SQL through psql as `role` (the superuser by default), throwing with its words on failure.
    std::string sql(const std::string& statements, const std::string& database = {},
                    const std::string& role = {}) const;
    // A login role with no rights until the lab grants it some; one already there is left as it is.
    void createLogin(const std::string& role) const;
    void stop();
    void start();
    bool running() const { return m_running; }

private:
    std::string asServerAccount(const std::string& command) const;

    std::filesystem::path m_folder;
    std::filesystem::path m_binaries;
    std::string m_account; // empty: this process's own
    Commits m_commits;
    bool m_running = false;
    int m_databases = 0;
};

} // namespace torchrig::test
