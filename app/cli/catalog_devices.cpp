#include "catalog_devices.h"

#include "part_snapshot.h"
#include "paths.h"
#include "plan/gpu_device_spec.h"

#include <variant>

namespace torchrig::cli {

estimate::DeviceSpec gpuSpec(const db::PartRecord& part) {
    return plan::gpuDeviceSpec(part.id, db::partSnapshot(part));
}

db::CatalogOpenOptions catalogOpenOptions(const GlobalOptions& options) {
    db::CatalogOpenOptions open;
    open.bundledPath = options.catalogPath.empty() ? db::defaultBundledCatalogPath()
                                                   : std::filesystem::path(options.catalogPath);
    if (!options.noUserDb)
        open.userPath = options.userDbPath.empty() ? db::defaultUserDatabasePath()
                                                   : std::filesystem::path(options.userDbPath);
    open.userReadOnly = options.readOnly;
    return open;
}

Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options) {
    auto open = catalogOpenOptions(options);
    open.userReadOnly = true;
    return db::Catalog::open(open);
}

} // namespace torchrig::cli
