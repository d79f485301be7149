#pragma once
// What the Validate panel says about a run it sized to this machine (validation/run_sizing.h): which
// batch and how many layers run instead of the asked ones, for want of memory or of time, with the
// estimate's figures that decided it.

#include "validation/run_sizing.h"

#include <QString>

namespace torchrig::ui {

// "" when the run is the asked one.
QString runSizingText(const estimate::RunSizing& sized, const ValidationRequest& asked,
                      const ValidationDevice& device);

} // namespace torchrig::ui
