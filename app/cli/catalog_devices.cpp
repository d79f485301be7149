#include "catalog_devices.h"

#include "estimate/run_comparison.h"
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
    if (open.userPath)
        open.installedPackPath = db::installedPackPathFor(*open.userPath);
    return open;
}

Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options) {
    auto open = catalogOpenOptions(options);
    open.userReadOnly = true;
    return db::Catalog::open(open);
}

Result<estimate::Calibration> storedCalibrationFor(const GlobalOptions& options,
                                                   const std::string& deviceName) {
    auto catalog = openCatalogForReading(options);
    if (!catalog)
        return catalog.error();
    for (const auto& [device, document] : (*catalog)->calibrations()) {
        if (!estimate::sameDeviceName(device, deviceName))
            continue;
        auto calibration = estimate::readCalibration(document);
        if (!calibration)
            return makeError(calibration.error().code, "the calibration stored for " + device + " is " +
                                                           calibration.error().message +
                                                           "; reset it in the app's Validate panel");
        return calibration;
    }
    return makeError(
        ErrorCode::NotFound,
        "no calibration is stored for " + deviceName +
            ": press \"Calibrate this device with this run\" after a run in the app's Validate "
            "panel, or give --calibration with a 'torchrig-cli validate --compare --json' result");
}

} // namespace torchrig::cli
