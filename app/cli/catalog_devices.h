#pragma once
// What the estimator needs to know of a catalog GPU, and the catalog as estimate and fit open it
// (read-only: they never write the user's parts).

#include "catalog.h"
#include "estimate/estimate.h"
#include "plan/build.h"
#include "subcommand.h"

#include <memory>

namespace torchrig::cli {

estimate::DeviceSpec gpuSpec(const db::PartRecord& part);

// Where the catalog and the user's parts are, from the global options and their defaults.
db::CatalogOpenOptions catalogOpenOptions(const GlobalOptions& options);
Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options);

// The calibration the user keeps for a device (the app's Validate panel, "Calibrate this device"),
// matched by name as the catalog's GPUs are ("GeForce RTX 4090" finds "NVIDIA GeForce RTX 4090");
// an error naming what to do when there is none.
Result<estimate::Calibration> storedCalibrationFor(const GlobalOptions& options,
                                                   const std::string& deviceName);

} // namespace torchrig::cli
