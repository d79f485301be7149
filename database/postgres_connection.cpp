#include "postgres_connection.h"

#include <fmt/format.h>
#include <libpq-fe.h>

#include <array>
#include <map>

namespace torchrig::db {

namespace {

// A host on this machine needs no TLS: a socket folder, or a loopback name or address.
bool isLocalHost(const std::string& host) {
    return host.empty() || host.front() == '/' || host.front() == '@' || host == "localhost" ||
           host == "127.0.0.1" || host == "::1";
}

Result<std::map<std::string, std::string>> parseConnection(const std::string& url) {
    char* problem = nullptr;
    PQconninfoOption* options = PQconninfoParse(url.c_str(), &problem);
    if (!options) {
        std::string why = problem ? problem : "it cannot be read";
        PQfreemem(problem);
        while (!why.empty() && (why.back() == '\n' || why.back() == ' '))
            why.pop_back();
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("the lab database's address is not one PostgreSQL reads ({}). Give it "
                                     "as postgresql://USER@HOST/DATABASE",
                                     why));
    }
    std::map<std::string, std::string> given;
    for (auto* option = options; option->keyword; ++option)
        if (option->val)
            given[option->keyword] = option->val;
    PQconninfoFree(options);
    return given;
}

} // namespace

Result<std::string> labKey(const std::string& url) {
    auto parsed = parseConnection(url);
    if (!parsed)
        return parsed.error();
    auto& given = *parsed;
    const auto host = given.count("host") ? given["host"] : std::string("localhost");
    const auto database = given.count("dbname") ? given["dbname"] : given.count("user") ? given["user"] : "";
    return fmt::format("{}@{}:{}", database, host, given.count("port") ? given["port"] : "5432");
}

Result<std::string> labConnectionString(const std::string& url) {
    auto parsed = parseConnection(url);
    if (!parsed)
        return parsed.error();
    auto& given = *parsed;

    // Every host of a list must be local for TLS to be left out (hostaddr counts as the address used).
    std::string hosts = given.count("hostaddr") ? given["hostaddr"] : given["host"];
    bool local = true;
    for (std::size_t start = 0; start <= hosts.size();) {
        auto comma = hosts.find(',', start);
        auto end = comma == std::string::npos ? hosts.size() : comma;
        local = local && isLocalHost(hosts.substr(start, end - start));
        start = end + 1;
    }
    if (local)
        return url;
    const auto mode = given.count("sslmode") ? given["sslmode"] : std::string();
    if (mode == "verify-full")
        return url;
    if (!mode.empty())
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("the lab database at {} is on another machine, and sslmode={} would let "
                                     "another server pose as it or read the traffic. Use sslmode=verify-full "
                                     "(the default) with the server's CA in ~/.postgresql/root.crt",
                                     hosts, mode));
    const bool isUri = url.rfind("postgresql://", 0) == 0 || url.rfind("postgres://", 0) == 0;
    if (!isUri)
        return url + " sslmode=verify-full";
    return url + (url.find('?') == std::string::npos ? "?" : "&") + "sslmode=verify-full";
}

Result<std::unique_ptr<pqxx::connection>> connectToLab(const std::string& url) {
    auto conninfo = labConnectionString(url);
    if (!conninfo)
        return conninfo.error();
    try {
        return std::make_unique<pqxx::connection>(*conninfo);
    } catch (const std::exception& e) {
        return labFailure(e, "the lab database could not be opened");
    }
}

Error labFailure(const std::exception& e, const std::string& what) {
    std::string said = e.what();
    while (!said.empty() && (said.back() == '\n' || said.back() == ' '))
        said.pop_back();
    if (dynamic_cast<const pqxx::broken_connection*>(&e) || dynamic_cast<const pqxx::in_doubt_error*>(&e))
        return makeError(
            ErrorCode::Io,
            fmt::format("{}: the lab's server cannot be reached ({}). Check the network and that "
                        "the server runs; nothing was changed there",
                        what, said));
    if (dynamic_cast<const pqxx::insufficient_privilege*>(&e))
        return makeError(ErrorCode::ReadOnly,
                         fmt::format("{}: the lab's server refused it: your role may not do this ({}). Only "
                                     "the lab's admins change parts and prices; members add quotes, runs and "
                                     "builds, and remove their own",
                                     what, said));
    if (const auto* sql = dynamic_cast<const pqxx::sql_error*>(&e)) {
        const std::string state = sql->sqlstate();
        if (state.rfind("23", 0) == 0 || state.rfind("22", 0) == 0)
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}: the lab's server rejected it ({})", what, said));
    }
    return makeError(ErrorCode::Database, fmt::format("{}: {}", what, said));
}

std::string isoUtc(const std::string& column) {
    return fmt::format("to_char({} AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')", column);
}

} // namespace torchrig::db
