#include "catalog_devices.h"

#include "paths.h"
#include "plan/gpu_device_spec.h"

#include <variant>

namespace torchrig::cli {

plan::PartSnapshot partSnapshot(const db::PartRecord& part) {
    plan::PartSnapshot s;
    s.name = part.name;
    s.category = part.category;
    for (const auto& [column, value] : part.fields)
        s.fields[column] = std::visit([](const auto& v) -> plan::SpecValue { return v; }, value);
    for (auto kind : {PriceKind::Street, PriceKind::LaunchMsrp, PriceKind::OnDemandHourly}) {
        if (const auto* price = part.latestPrice(kind)) {
            s.price = *price;
            break;
        }
    }
    return s;
}

estimate::DeviceSpec gpuSpec(const db::PartRecord& part) {
    return plan::gpuDeviceSpec(part.id, partSnapshot(part));
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
