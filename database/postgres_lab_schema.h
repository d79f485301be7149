#pragma once
// The lab database's schema on PostgreSQL (see shared_store.h for what it holds): versioned
// migrations, one transaction each, and the two group roles whose grants and row policies the
// server enforces whatever program a member connects with. Members (torchrig_members) add quotes,
// validation runs, calibrations and builds, and delete their own; only admins (torchrig_admins)
// change parts and prices. Who recorded a row and when are set by the server, not by the client.

#include "util/result.h"

#include <string>
#include <string_view>

namespace torchrig::db {

inline constexpr std::string_view kLabMembersRole = "torchrig_members";
inline constexpr std::string_view kLabAdminsRole = "torchrig_admins";

// The connection string a member gave (a postgresql:// URL or key=value words), with TLS and the
// server's certificate checked (sslmode=verify-full) unless the server is on this machine (a Unix
// socket, localhost, 127.0.0.1, ::1). A weaker sslmode for another host is refused.
Result<std::string> labConnectionString(const std::string& url);

// The lab a URL names, whoever connects: "torchrig_lab@lab.example.edu:5432".
Result<std::string> labKey(const std::string& url);

int latestLabSchemaVersion();
// Creates the lab schema at `url` or brings it to the latest version (refusing a newer one): its
// version before. Needs a role that may create schemas and roles (the database's owner with
// CREATEROLE, or a superuser). Concurrent calls wait for each other.
Result<int> migrateLab(const std::string& url);
// Makes an existing login role a member of the lab, or an admin.
Status grantLabMembership(const std::string& url, const std::string& role, bool admin);

} // namespace torchrig::db
