#pragma once
// A part as a purchase order lists it: its specification from the catalog's columns ("24 GB
// GDDR6X, PCIe 4.0 x16") and the unit it is counted in (a card, a kit), so that the office and the
// vendor read the same thing whatever the part's name says.

#include "plan/build.h"

#include <string>
#include <string_view>

namespace torchrig::plan {

// The figures that identify what is bought, from the snapshot's columns; empty when it has none.
std::string partSpecification(const PartSnapshot& part);
// The unit a line counts in, one of the sheet's words ("card", "kit", "drive" …): Words says it in
// the reader's language (块, 套 …).
std::string_view unitOfMeasure(PartCategory category);

} // namespace torchrig::plan
