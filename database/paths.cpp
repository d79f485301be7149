#include "paths.h"

#include <cstdlib>
#include <system_error>

namespace torchrig::db {

namespace fs = std::filesystem;

namespace {

fs::path executableFolder() {
    std::error_code ec;
    auto self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::current_path() : self.parent_path();
}

fs::path fromEnvironment(const char* name) {
    const char* value = std::getenv(name);
    return value && *value ? fs::path(value) : fs::path();
}

} // namespace

fs::path defaultBundledCatalogPath() {
    if (auto path = fromEnvironment("TORCHRIG_CATALOG"); !path.empty())
        return path;
    return (executableFolder() / ".." / "share" / "torchrig" / "catalog.sqlite").lexically_normal();
}

fs::path defaultUserDatabasePath() {
    if (auto path = fromEnvironment("TORCHRIG_USER_DB"); !path.empty())
        return path;
    auto dataHome = fromEnvironment("XDG_DATA_HOME");
    if (dataHome.empty()) {
        auto home = fromEnvironment("HOME");
        dataHome = (home.empty() ? fs::current_path() : home) / ".local" / "share";
    }
    return dataHome / "TorchRig" / "torchrig" / "user-catalog.sqlite";
}

fs::path defaultWorkerPath() {
    if (auto path = fromEnvironment("TORCHRIG_VALIDATE"); !path.empty())
        return path;
    const auto beside = executableFolder() / "torchrig-validate";
    const auto installed =
        (executableFolder() / ".." / "lib" / "torchrig" / "torchrig-validate").lexically_normal();
    std::error_code ec;
    return !fs::exists(beside, ec) && fs::exists(installed, ec) ? installed : beside;
}

} // namespace torchrig::db
