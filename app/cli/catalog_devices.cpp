#include "catalog_devices.h"

#include "part_snapshot.h"
#include "paths.h"
#include "plan/gpu_device_spec.h"
#include "validation/run_comparison.h"

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
    open.labUrl = options.labUrl;
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
                                                   const std::string& deviceName,
                                                   std::optional<std::int64_t> totalMemoryBytes) {
    auto catalog = openCatalogForReading(options);
    if (!catalog)
        return catalog.error();
    const estimate::DeviceIdentity wanted{deviceName, totalMemoryBytes};
    for (const auto& [device, document] : (*catalog)->calibrations()) {
        auto read = estimate::readDeviceCalibration(document);
        if (!read) {
            if (!estimate::sameDeviceName(device, deviceName))
                continue;
            return makeError(read.error().code, "the calibration stored for " + device + " is " +
                                                    read.error().text() +
                                                    "; reset it in the app's Validate panel");
        }
        // Kept under the name the worker reported, with the memory its run reported.
        if (estimate::sameDevice({device, read->device.totalMemoryBytes}, wanted))
            return read->calibration;
    }
    return makeError(
        ErrorCode::NotFound,
        "no calibration is stored for " + deviceName +
            ": press \"Calibrate this device with this run\" after a run in the app's Validate "
            "panel, or give --calibration with a 'torchrig-cli validate --compare --json' result");
}

} // namespace torchrig::cli
