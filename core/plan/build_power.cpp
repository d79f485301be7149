#include "plan/build_power.h"

namespace torchrig::plan {

NodeLoad nodeLoad(const Build& build) {
    NodeLoad load;
    for (const auto& part : build.parts) {
        const double watts = part.snapshot.number("tdp_w").value_or(0) * part.quantity;
        if (part.snapshot.category == PartCategory::Gpu)
            load.gpuWatts += watts;
        else if (part.snapshot.category == PartCategory::Cpu)
            load.cpuWatts += watts;
    }
    return load;
}

} // namespace torchrig::plan
