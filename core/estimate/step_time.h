#pragma once

// The step-time model behind estimateTraining(): internal to estimate/, which adds the CUDA
// overhead, calibration and warnings around it.

#include "estimate/estimate.h"

#include <cstdint>
#include <optional>

namespace torchrig::estimate::detail {

// One step's time for a batch of `batch` samples, or nullopt where the device has no rate to time
// the setup's precision at.
std::optional<TimeEstimate> estimateTime(const ModelGraph& graph, const TrainingSetup& setup,
                                         const DeviceSpec& device, std::int64_t batch,
                                         const Calibration* calibration, const MemoryEstimate& memory);

} // namespace torchrig::estimate::detail
