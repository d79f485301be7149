#pragma once

#include "catalog.h"
#include "part_record.h"
#include "plan/build.h"
#include "plan/build_presets.h"
#include "plan/finding_fixes.h"
#include "plan/planner.h"
#include "plan/rent_vs_buy.h"
#include "util/result.h"

#include <vector>

namespace torchrig::db {

// What a build file keeps of a catalog part: its name, its columns and the price it is costed at
// (snapshotPrice's).
plan::PartSnapshot partSnapshot(const PartRecord& part);
// The price a build takes of a part: in USD before another currency (the app's one exchange rate
// is from USD); a shop's or vendor's before a launch price before an hourly one; then the newest.
std::optional<Price> snapshotPrice(const PartRecord& part);

// A seed article's preset as a build of this catalog's parts, with its title, source and notes
// (in the language of `translate`, English without one: the user's text from then on); an error
// naming the part when the catalog lacks one.
Result<plan::Build> presetBuild(const plan::BuildPreset& preset, const Catalog& catalog,
                                const Message::Translate& translate = {});

// Every part of the catalog a build fix may bring in (plan/finding_fixes.h), as a build keeps it.
std::vector<plan::CatalogChoice> catalogChoices(const Catalog& catalog);

// Every part of the catalog as a build keeps it, GPUs and cloud instances too, and the cloud offers:
// what the planner chooses from.
plan::PlanCatalog planCatalog(const Catalog& catalog);

// Every cloud instance of the catalog with its GPUs' specs (where the catalog has them) and its
// newest on-demand price.
std::vector<plan::CloudOffer> cloudOffers(const Catalog& catalog);

// Every GPU of the catalog as the estimator sees it, with its launch price in USD (0: none).
struct CatalogGpu {
    estimate::DeviceSpec spec;
    double launchPriceUsd = 0;
};
std::vector<CatalogGpu> catalogGpus(const Catalog& catalog);

} // namespace torchrig::db
