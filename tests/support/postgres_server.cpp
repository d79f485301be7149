#include "postgres_server.h"

#include "test_support.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace torchrig::test {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSuperuser = "torchrig_test";
constexpr const char* kDatabase = "torchrig_lab";

std::string quoted(const std::string& text) {
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The server's programs, where pg_config (libpq's, installed with the client library) says they are:
// Debian keeps them out of PATH.
fs::path serverBinaries() {
    std::string folder;
    if (FILE* pipe = popen("pg_config --bindir 2>/dev/null", "r")) {
        char line[4096];
        if (std::fgets(line, sizeof line, pipe))
            folder = line;
        pclose(pipe);
    }
    while (!folder.empty() && (folder.back() == '\n' || folder.back() == ' '))
        folder.pop_back();
    std::error_code ec;
    if (folder.empty() || !fs::exists(fs::path(folder) / "initdb", ec))
        throw std::runtime_error("no PostgreSQL server beside pg_config's programs (\"" + folder +
                                 "\"): packaging/install-deps installs postgresql and libpq-dev");
    return folder;
}

std::string run(const std::string& command, const fs::path& log) {
    const int status = std::system((command + " >" + quoted(log.string()) + " 2>&1").c_str());
    auto text = readFile(log);
    if (status != 0)
        throw std::runtime_error("`" + command + "` failed: " + text);
    return text;
}

} // namespace

PostgresServer::PostgresServer(Commits commits)
    : m_binaries(serverBinaries())
    , m_commits(commits) {
    char pattern[] = "/tmp/torchrig-pg-XXXXXX";
    if (!mkdtemp(pattern))
        throw std::runtime_error("cannot make a temporary folder for the test server");
    m_folder = pattern;
    if (geteuid() == 0) {
        m_account = "postgres";
        run("chown postgres " + quoted(m_folder.string()), m_folder / "chown.log");
    }
    run(asServerAccount(quoted((m_binaries / "initdb").string()) + " -D " +
                        quoted((m_folder / "data").string()) + " -U " + kSuperuser +
                        " --auth=trust -E UTF8 --no-locale --no-sync"),
        m_folder / "initdb.log");
    start();
    run(quoted((m_binaries / "createdb").string()) + " -h " + quoted(m_folder.string()) + " -U " +
            kSuperuser + " " + kDatabase,
        m_folder / "createdb.log");
}

PostgresServer::~PostgresServer() {
    try {
        stop();
    } catch (const std::exception&) {
    }
    std::error_code ec;
    fs::remove_all(m_folder, ec);
}

std::string PostgresServer::asServerAccount(const std::string& command) const {
    return m_account.empty() ? command : "runuser -u " + m_account + " -- " + command;
}

void PostgresServer::start() {
    if (m_running)
        return;
    // No TCP: the socket in the folder only; fsync off unless asked, as nothing here must outlive the test.
    run(asServerAccount(
            quoted((m_binaries / "pg_ctl").string()) + " -D " + quoted((m_folder / "data").string()) +
            " -l " + quoted((m_folder / "server.log").string()) + " -w -t 60 -o " +
            quoted("-k " + m_folder.string() +
                   " -c listen_addresses=" + (m_commits == Commits::Durable ? "" : " -c fsync=off")) +
            " start"),
        m_folder / "pg_ctl.log");
    m_running = true;
}

void PostgresServer::stop() {
    if (!m_running)
        return;
    m_running = false;
    run(asServerAccount(quoted((m_binaries / "pg_ctl").string()) + " -D " +
                        quoted((m_folder / "data").string()) + " -m fast -w stop"),
        m_folder / "pg_ctl.log");
}

std::string PostgresServer::createDatabase() {
    const auto name = std::string(kDatabase) + "_" + std::to_string(++m_databases);
    sql("CREATE DATABASE " + name);
    return name;
}

std::string PostgresServer::url(const std::string& role, const std::string& database) const {
    return "host=" + m_folder.string() + " dbname=" + (database.empty() ? kDatabase : database) +
           " user=" + (role.empty() ? kSuperuser : role);
}

std::string PostgresServer::sql(const std::string& statements, const std::string& database,
                                const std::string& role) const {
    auto script = m_folder / "statements.sql";
    std::ofstream(script) << statements;
    return run(quoted((m_binaries / "psql").string()) + " -X -q -A -t -v ON_ERROR_STOP=1 " +
                   quoted(url(role, database)) + " -f " + quoted(script.string()),
               m_folder / "psql.log");
}

void PostgresServer::createLogin(const std::string& role) const {
    sql("DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role +
        "') THEN CREATE ROLE \"" + role + "\" LOGIN; END IF; END $$");
}

} // namespace torchrig::test
