#pragma once

#include <filesystem>

namespace torchrig::db {

// TORCHRIG_CATALOG, else <the program's folder>/../share/torchrig/catalog.sqlite, which holds
// both in the build tree (build/bin, build/share) and once installed (/usr/bin, /usr/share).
std::filesystem::path defaultBundledCatalogPath();
// TORCHRIG_USER_DB, else the platform's application-data folder (on Linux
// $XDG_DATA_HOME/TorchRig/torchrig, as Qt's AppDataLocation names it) + user-catalog.sqlite.
std::filesystem::path defaultUserDatabasePath();
// TORCHRIG_VALIDATE, else torchrig-validate beside the program (the build tree), else in
// <the program's folder>/../lib/torchrig (installed: /usr/lib/torchrig, off the PATH); when it is in
// neither, the path beside the program, for the message that says so.
std::filesystem::path defaultWorkerPath();

} // namespace torchrig::db
