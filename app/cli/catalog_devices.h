#pragma once
// What the estimator needs to know of a catalog GPU, and the catalog as estimate and fit open it
// (read-only: they never write the user's parts).

#include "catalog.h"
#include "catalog_command.h"
#include "estimate/estimate.h"

#include <memory>

namespace torchrig::cli {

estimate::DeviceSpec gpuSpec(const db::PartRecord& part);
Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options);

} // namespace torchrig::cli
