#include "catalog_devices.h"

#include "part_snapshot.h"
#include "paths.h"
#include "plan/gpu_device_spec.h"

#include <variant>

namespace torchrig::cli {

estimate::DeviceSpec gpuSpec(const db::PartRecord& part) {
    return plan::gpuDeviceSpec(part.id, db::partSnapshot(part));
}

std::vector<plan::CloudOffer> cloudOffers(const db::Catalog& catalog) {
    std::vector<plan::CloudOffer> offers;
    for (const auto& instance : catalog.list(PartCategory::CloudInstance)) {
        const auto snapshot = db::partSnapshot(instance);
        plan::CloudOffer offer;
        offer.id = instance.id;
        offer.name = instance.name;
        offer.gpuName = snapshot.text("gpu_name");
        offer.gpuCount = static_cast<int>(snapshot.number("gpu_count").value_or(1));
        if (auto gpu = catalog.find(snapshot.text("gpu_part_id")))
            offer.gpu = gpuSpec(*gpu);
        if (const auto* price = instance.latestPrice(PriceKind::OnDemandHourly))
            offer.hourly = *price;
        offers.push_back(std::move(offer));
    }
    return offers;
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
