#pragma once
// What `build cost` prints of a build's cost: the JSON document, or the table and its totals.

#include "plan/build_cost.h"

namespace torchrig::cli {

void printBuildCostJson(const plan::BuildCost& cost, const plan::CostOptions& options);
void printBuildCostText(const plan::BuildCost& cost, const plan::CostOptions& options);

} // namespace torchrig::cli
