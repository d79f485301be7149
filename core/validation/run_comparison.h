#pragma once
// A validation run set beside the estimate for the same workload on the same device: the figures
// both give (allocated, reserved and device peaks, step time, samples/s) with the relative error of
// each, and what the run teaches later estimates on that device (its Calibration).

#include "estimate/estimate.h"
#include "util/result.h"
#include "validation/validation_protocol.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::estimate {

// The rates, copy bandwidth and CUDA context the run measured on its device; no step-time ratio.
Calibration calibrationFromRun(const ValidationResult& run);

// The training setup a run of this request measures: its workload's, and with several ranks each
// rank as one GPU of --gpus N --strategy ddp (what torchrig-validate --ranks runs).
TrainingSetup trainingSetupForRun(const ValidationRequest& request);

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

// A device as a run, a stored calibration or the catalog describes it.
struct DeviceIdentity {
    std::string name;                             // as the driver, the worker or the catalog names it
    std::optional<std::int64_t> totalMemoryBytes; // when known (the worker reports it, the catalog has VRAM)
};

// Whether two names are one device's name. Whole names are compared, never a part of one: after
// trimming, folding case, collapsing spaces and dropping a leading vendor word "NVIDIA " or
// "AMD " (the driver says "NVIDIA GeForce RTX 4090" where the catalog says "GeForce RTX 4090").
// So "GeForce RTX 4090 D" is not "GeForce RTX 4090", and "e" is no GPU's name.
bool sameDeviceName(std::string_view a, std::string_view b);
// Whether two descriptions are one device: the same name, and memory sizes that agree where both
// are known. A catalog name that ends in its memory ("GeForce RTX 3060 12GB", where the driver says
// "NVIDIA GeForce RTX 3060") is that device only when the other's memory is known and is that size.
bool sameDevice(const DeviceIdentity& a, const DeviceIdentity& b);

// What a calibration may hold: a step-time ratio within [0.05, 20], rates and the context within
// what any device has (validation/run_comparison.cpp gives the caps and why). The error names the
// field.
Status checkCalibration(const Calibration& calibration);

// Estimates `request` (at the batch the run measured) on the run's device — with `stored` when it
// is given and for that device, else with the run's own rates — and compares. An error when the
// request cannot be built, `stored` is for another device (sameDeviceName) or the run's own figures
// are beyond what a device can do (checkCalibration).
Result<RunComparison> compareRun(const ValidationRequest& request, const ValidationResult& run,
                                 const Calibration* stored = nullptr);

// A calibration with the device its run reported (name and memory).
struct DeviceCalibration {
    Calibration calibration;
    DeviceIdentity device;
};

// A calibration as 'torchrig-cli validate --json' writes it: the run's result (rates, context) and,
// from --compare, "calibration": {"step_time_ratio": …}. An error says what the text is instead.
// Every figure is checked (checkCalibration).
Result<Calibration> readCalibration(std::string_view json);
// The same, with the device the run was measured on.
Result<DeviceCalibration> readDeviceCalibration(std::string_view json);
// The same from a file; the error names the file.
Result<Calibration> readCalibrationFile(const std::string& path);
// The JSON --compare adds to the result: "estimated" and "relative_error" (the measurement's keys)
// and "calibration".
void addComparisonJson(nlohmann::json& result, const RunComparison& comparison);

} // namespace torchrig::estimate
