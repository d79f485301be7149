#pragma once
// What the estimator needs to know of a catalog GPU, and the catalog as estimate and fit open it
// (read-only: they never write the user's parts).

#include "catalog.h"
#include "estimate/estimate.h"
#include "plan/build.h"
#include "subcommand.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace torchrig::cli {

estimate::DeviceSpec gpuSpec(const db::PartRecord& part);

// Where the catalog and the user's parts are, from the global options and their defaults.
db::CatalogOpenOptions catalogOpenOptions(const GlobalOptions& options);
Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options);

// The calibration the user keeps for a device (the app's Validate panel, "Calibrate this device"),
// matched as estimate::sameDevice matches devices: whole names, a leading "NVIDIA "/"AMD " aside
// ("GeForce RTX 4090" finds "NVIDIA GeForce RTX 4090", "GeForce RTX 4090 D" does not), and the
// memory the stored run reported against `totalMemoryBytes` when that is given; an error naming
// what to do when there is none.
Result<estimate::Calibration>
storedCalibrationFor(const GlobalOptions& options, const std::string& deviceName,
                     std::optional<std::int64_t> totalMemoryBytes = std::nullopt);

} // namespace torchrig::cli
