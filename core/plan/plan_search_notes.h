#pragma once
// What a plan's search left out of the catalog, said once in the plan's notes: GPUs without a price
// in the plan's currency, GPUs not sold new where the user buys, and modules that come in servers.

#include "util/message.h"

#include <string>
#include <vector>

namespace torchrig::plan {

struct SearchLeftOut {
    int unpricedGpus = 0;
    std::string currency;
    std::vector<std::string> notSoldInMarket; // GPU names
    int serverModules = 0;                    // SXM and OAM GPUs
};

std::vector<Message> searchNotes(const SearchLeftOut& leftOut);

} // namespace torchrig::plan
