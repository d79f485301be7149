#pragma once
// A validation run set beside the estimate for the same workload on the same device: the figures
// both give (allocated, reserved and device peaks, step time, samples/s) with the relative error of
// each, and what the run teaches later estimates on that device (its Calibration).

#include "estimate/estimate.h"
#include "io/validation_protocol.h"
#include "util/result.h"

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

namespace torchrig::estimate {

// The rates, copy bandwidth and CUDA context the run measured on its device; no step-time ratio.
Calibration calibrationFromRun(const ValidationResult& run);

// The device as the run described it: its kind and memory, no datasheet rates (a calibration gives
// them).
DeviceSpec deviceSpecOfRun(const ValidationDevice& device);

struct ComparedFigure {
    std::string key; // the measurement's JSON key: "allocated_peak_bytes", "step_seconds", …
    std::optional<double> estimated;
    double measured = 0;
    std::optional<double> relativeError; // (estimated − measured) / measured
};

struct RunComparison {
    Estimate estimate;
    std::vector<ComparedFigure> figures;
    // What later estimates on this device use: the run's own rates and context, and its measured
    // step over the step those rates alone predict (which holds what the roofline misses here).
    Calibration calibration;
    bool usedStoredCalibration = false; // the estimate used `stored`, not the run's own rates
};

// Whether a run's device ("NVIDIA GeForce RTX 4090", as the driver names it) is the catalog's
// device ("GeForce RTX 4090"): one name holds the other, ignoring case.
bool sameDeviceName(std::string_view runDevice, std::string_view catalogDevice);

// Estimates `request` (at the batch the run measured) on the run's device — with `stored` when it
// is given and for that device, else with the run's own rates — and compares. An error when the
// request cannot be built or `stored` is for another device.
Result<RunComparison> compareRun(const ValidationRequest& request, const ValidationResult& run,
                                 const Calibration* stored = nullptr);

// A calibration as 'torchrig-cli validate --json' writes it: the run's result (rates, context) and,
// from --compare, "calibration": {"step_time_ratio": …}. An error says what the text is instead.
Result<Calibration> readCalibration(std::string_view json);
// The same from a file; the error names the file.
Result<Calibration> readCalibrationFile(const std::string& path);
// The JSON --compare adds to the result: "estimated" and "relative_error" (the measurement's keys)
// and "calibration".
void addComparisonJson(nlohmann::json& result, const RunComparison& comparison);

} // namespace torchrig::estimate
