#pragma once
// What the estimator needs to know of a catalog GPU, and the catalog as estimate and fit open it
// (read-only: they never write the user's parts).

#include "catalog.h"
#include "catalog_command.h"
#include "estimate/estimate.h"
#include "plan/build.h"
#include "plan/rent_vs_buy.h"

#include <memory>

namespace torchrig::cli {

estimate::DeviceSpec gpuSpec(const db::PartRecord& part);
// Every cloud instance of the catalog with its GPUs' specs (where the catalog has them) and its
// newest on-demand price.
std::vector<plan::CloudOffer> cloudOffers(const db::Catalog& catalog);
// Where the catalog and the user's parts are, from the global options and their defaults.
db::CatalogOpenOptions catalogOpenOptions(const GlobalOptions& options);
Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options);

} // namespace torchrig::cli
