#pragma once
// Concrete fixes for a compatibility finding, found by trying changes on a copy of the build and
// checking it again: fewer of a part, another catalog part in its place, a missing part added, a
// part removed. A fix is offered only when the finding is gone and the build is better for it —
// fewer problems (or, for a warning, no more problems and fewer warnings) and nothing new
// unchecked — so an offered fix is one the checker itself agrees with.

#include "plan/build.h"
#include "plan/compatibility.h"

#include <cstddef>
#include <string>
#include <vector>

namespace torchrig::plan {

// A catalog part a fix may bring in.
struct CatalogChoice {
    std::string partId;
    PartSnapshot snapshot;
};

struct BuildFix {
    Message label; // "Replace Corsair RM850x with Seasonic PRIME TX-1600"
    Build after;   // the whole build with the fix made
};

// At most `limit` fixes: those leaving the fewest problems and warnings first, then the smallest
// change (a quantity, then a removal, a replacement of the same kind, an addition), then the
// cheapest; none when nothing tried helps. GPUs and cloud instances are not swapped (their number
// may change, except to answer how they talk to each other).
std::vector<BuildFix> fixesFor(const Finding& finding, const Build& build,
                               const std::vector<CatalogChoice>& catalog, const CheckOptions& options = {},
                               std::size_t limit = 3);

} // namespace torchrig::plan
