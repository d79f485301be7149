#include "validation/run_comparison.h"

#include "util/printed.h"
#include "util/text_file.h"
#include "workload/workload_graph.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <utility>

namespace torchrig::estimate {

Calibration calibrationFromRun(const ValidationResult& run) {
    const auto& measured = run.measured;
    Calibration c;
    c.deviceName = run.device.name;
    for (const auto& [dtype, flops] : measured.matmulFlopsPerSecondByDtype) {
        if (dtype == "fp32")
            c.fp32Flops = flops;
        else if (dtype == "tf32")
            c.tf32Flops = flops;
        else if (dtype == "fp16")
            c.fp16Flops = flops;
        else if (dtype == "bf16")
            c.bf16Flops = flops;
    }
    if (c.fp32Flops == 0)
        c.fp32Flops = measured.matmulFlopsPerSecond;
    c.copyBytesPerSecond = measured.copyBytesPerSecond;
    c.contextBytes = measured.contextBytes;
    c.kernels = measured.kernels;
    if (const auto& dp = measured.dataParallel; dp && !dp->allReduceProbe.empty()) {
        // The largest size: where the per-call latency no longer counts, as the link's rate.
        c.allReduceBusBytesPerSecond = dp->allReduceProbe.back().busBytesPerSecond(dp->ranks);
        c.allReduceRanks = dp->ranks;
    }
    return c;
}

TrainingSetup trainingSetupForRun(const ValidationRequest& request) {
    auto setup = trainingSetupFor(request);
    if (request.ranks > 1)
        setup.parallel = {ParallelStrategy::Ddp, request.ranks, false};
    return setup;
}

DeviceSpec deviceSpecOfRun(const ValidationDevice& device) {
    DeviceSpec spec;
    spec.id = device.kind;
    spec.name = device.name;
    spec.cuda = device.kind.rfind("cuda", 0) == 0;
    spec.usableBytes = device.totalMemoryBytes;
    return spec;
}

namespace {

// A name as sameDeviceName compares it: trimmed, spaces collapsed, lower case, without a leading
// vendor word (the driver prefixes its own; the catalog names the vendor in its own column).
std::string comparableName(std::string_view text) {
    std::string out;
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isspace(u)) {
            if (!out.empty() && out.back() != ' ')
                out += ' ';
        } else {
            out += static_cast<char>(std::tolower(u));
        }
    }
    if (!out.empty() && out.back() == ' ')
        out.pop_back();
    for (std::string_view vendor : {"nvidia ", "amd "})
        if (out.size() > vendor.size() && out.compare(0, vendor.size(), vendor) == 0)
            return out.substr(vendor.size());
    return out;
}

// Two memory sizes of one device differ by what the driver and ECC reserve, or by a catalog's
// GiB against the driver's bytes (an 80 GB H100 reports 79.2 GiB): a few per cent, never the 2x
// between a card's 8 and 16 GB models.
constexpr double kMemoryTolerance = 0.05;

bool sameMemory(std::int64_t a, std::int64_t b) {
    const auto larger = static_cast<double>(std::max(a, b));
    return std::abs(static_cast<double>(a) - static_cast<double>(b)) <= kMemoryTolerance * larger;
}

// "geforce rtx 3060 12gb" → {"geforce rtx 3060", 12 GiB}: the memory a catalog name ends in.
std::optional<std::pair<std::string, std::int64_t>> splitMemorySuffix(const std::string& name) {
    const auto space = name.rfind(' ');
    if (space == std::string::npos || name.size() < space + 4 || name.compare(name.size() - 2, 2, "gb") != 0)
        return std::nullopt;
    const auto digits = name.substr(space + 1, name.size() - space - 3);
    if (digits.empty() || digits.size() > 4 || !std::all_of(digits.begin(), digits.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        }))
        return std::nullopt;
    return std::pair{name.substr(0, space), std::stoll(digits) << 30}; // NVIDIA's "12 GB" is GiB
}

bool knownMemory(const DeviceIdentity& device) {
    return device.totalMemoryBytes && *device.totalMemoryBytes > 0;
}

// The physical limits a calibrated figure must lie within. Each is far beyond any device of 2026,
// so a real run never meets it, and far below what breaks arithmetic or a printed table.
// Step-time ratio: the measured step over the roofline's; a device 20x slower or faster than
// its own measured rates predict is a broken run, not a calibration.
constexpr double kMinStepTimeRatio = 0.05;
constexpr double kMaxStepTimeRatio = 20;
// 100 PFLOP/s: five times the sparse FP4 peak of the fastest single accelerator (B300, ~20 PFLOP/s).
constexpr double kMaxFlopsPerSecond = 1e17;
// 100 TB/s: over ten times the fastest device memory (HBM3e, 8 TB/s), read and write counted.
constexpr double kMaxBytesPerSecond = 1e14;
// 1 MFLOP/s and 1 MB/s: slower than any processor PyTorch runs on; a rate below it is a timer's
// error, and dividing work by it gives steps of years.
constexpr double kMinRate = 1e6;
// A kernel launch, its dispatch and autograd record take microseconds; 0.1 s is no dispatch floor.
constexpr double kMaxEagerOpSeconds = 0.1;
// 1 TiB: more than any device's whole memory (B300: 288 GB), which a context lives in.
constexpr std::int64_t kMaxContextBytes = 1LL << 40;

Status outOfBounds(const std::string& field, double value, double low, double high) {
    return makeError(
        ErrorCode::InvalidInput,
        field + printed(" is %.6g, outside what a device can measure (%.6g to %.6g)", value, low, high));
}

} // namespace

bool sameDeviceName(std::string_view a, std::string_view b) {
    const auto x = comparableName(a);
    return !x.empty() && x == comparableName(b);
}

bool sameDevice(const DeviceIdentity& a, const DeviceIdentity& b) {
    const bool bothKnown = knownMemory(a) && knownMemory(b);
    if (sameDeviceName(a.name, b.name))
        return !bothKnown || sameMemory(*a.totalMemoryBytes, *b.totalMemoryBytes);
    // The name that ends in its memory against the one that does not, whose memory must be known.
    const auto x = comparableName(a.name);
    const auto y = comparableName(b.name);
    auto suffixMatches = [](const std::string& withSuffix, const std::string& plain,
                            const DeviceIdentity& plainDevice) {
        const auto split = splitMemorySuffix(withSuffix);
        return split && !plain.empty() && split->first == plain && knownMemory(plainDevice) &&
               sameMemory(split->second, *plainDevice.totalMemoryBytes);
    };
    return suffixMatches(x, y, b) || suffixMatches(y, x, a);
}

Status checkCalibration(const Calibration& c) {
    auto rate = [](const std::string& field, double value, double cap, bool required) -> Status {
        if (value == 0 && !required)
            return Ok{}; // not measured
        if (!std::isfinite(value) || !(value >= kMinRate) || value > cap)
            return outOfBounds(field, value, kMinRate, cap);
        return Ok{};
    };
    if (!std::isfinite(c.stepTimeRatio) || c.stepTimeRatio < kMinStepTimeRatio ||
        c.stepTimeRatio > kMaxStepTimeRatio)
        return outOfBounds("calibration.step_time_ratio", c.stepTimeRatio, kMinStepTimeRatio,
                           kMaxStepTimeRatio);
    const std::pair<const char*, double> flops[] = {
        {"matmul fp32", c.fp32Flops},
        {"matmul tf32", c.tf32Flops},
        {"matmul fp16", c.fp16Flops},
        {"matmul bf16", c.bf16Flops},
        {"kernel_rates.linear", c.kernels.linearFlopsPerSecond},
        {"kernel_rates.linear_backward", c.kernels.linearBackwardFlopsPerSecond},
        {"kernel_rates.convolution", c.kernels.convolutionFlopsPerSecond},
        {"kernel_rates.convolution_backward", c.kernels.convolutionBackwardFlopsPerSecond},
        {"kernel_rates.depthwise", c.kernels.depthwiseFlopsPerSecond},
        {"kernel_rates.depthwise_backward", c.kernels.depthwiseBackwardFlopsPerSecond}};
    for (std::size_t i = 0; i < std::size(flops); ++i) // fp32 is always measured; the others may not be
        if (auto status =
                rate(std::string(flops[i].first) + " FLOP/s", flops[i].second, kMaxFlopsPerSecond, i == 0);
            !status)
            return status;
    if (auto status = rate("copy_bytes_per_second", c.copyBytesPerSecond, kMaxBytesPerSecond, true); !status)
        return status;
    if (auto status = rate("data_parallel.all_reduce_probe bus bytes/s", c.allReduceBusBytesPerSecond,
                           kMaxBytesPerSecond, false);
        !status)
        return status;
    if (auto status = rate("kernel_rates.first_touch_bytes_per_second", c.kernels.firstTouchBytesPerSecond,
                           kMaxBytesPerSecond, false);
        !status)
        return status;
    if (auto status = rate("kernel_rates.dropout_elements_per_second", c.kernels.dropoutElementsPerSecond,
                           kMaxBytesPerSecond, false);
        !status)
        return status;
    const double eager = c.kernels.eagerOpSeconds;
    if (!std::isfinite(eager) || eager < 0 || eager > kMaxEagerOpSeconds)
        return outOfBounds("kernel_rates.eager_op_seconds", eager, 0, kMaxEagerOpSeconds);
    if (c.contextBytes && (*c.contextBytes < 0 || *c.contextBytes > kMaxContextBytes))
        return outOfBounds("context_bytes", static_cast<double>(*c.contextBytes), 0,
                           static_cast<double>(kMaxContextBytes));
    return Ok{};
}

Result<RunComparison> compareRun(const ValidationRequest& request, const ValidationResult& run,
                                 const Calibration* stored) {
    if (stored && !sameDeviceName(stored->deviceName, run.device.name))
        return makeError(ErrorCode::InvalidInput, "the calibration was measured on " + stored->deviceName +
                                                      ", not on " + run.device.name +
                                                      "; calibrate on this device or leave it out");
    auto measuredRequest = request;
    measuredRequest.inputs.batch = run.inputs.batch; // --max-batch measures the batch it found
    auto graph = buildWorkloadGraph(measuredRequest);
    if (!graph)
        return graph.error();
    auto setup = trainingSetupForRun(measuredRequest);
    const auto device = deviceSpecOfRun(run.device);
    setup.cuda = device.cuda;
    RunComparison out;
    const auto own = calibrationFromRun(run);
    if (auto status = checkCalibration(own); !status)
        return makeError(status.error().code, "the run on " + run.device.name +
                                                  " measured what no device can: " + status.error().text());
    const auto estimatedOk = graphResult([&] {
        const auto byOwnRates = estimateTraining(*graph, setup, device, &own);
        out.calibration = own;
        if (byOwnRates.time && byOwnRates.time->stepSeconds > 0 && run.measured.stepSecondsMedian > 0)
            out.calibration.stepTimeRatio = run.measured.stepSecondsMedian / byOwnRates.time->stepSeconds;
        // A ratio beyond checkCalibration's bounds would be refused when read back: the run's step
        // is then not one its rates can explain, and later estimates are not scaled by it.
        if (!checkCalibration(out.calibration))
            out.calibration.stepTimeRatio = 1;
        out.usedStoredCalibration = stored != nullptr;
        out.estimate = stored ? estimateTraining(*graph, setup, device, stored) : byOwnRates;
        return Ok{};
    });
    if (!estimatedOk)
        return estimatedOk.error();
    const auto& e = out.estimate;
    const auto& m = run.measured;
    auto add = [&](std::string key, std::optional<double> estimated, std::optional<double> measured) {
        if (!measured)
            return;
        ComparedFigure f{std::move(key), estimated, *measured, std::nullopt};
        if (estimated && *measured != 0)
            f.relativeError = (*estimated - *measured) / *measured;
        out.figures.push_back(std::move(f));
    };
    auto bytes = [](std::optional<std::int64_t> b) {
        return b ? std::optional<double>(static_cast<double>(*b)) : std::nullopt;
    };
    add("allocated_peak_bytes", double(e.memory.allocatedPeakBytes), double(m.allocatedPeakBytes));
    add("first_step_allocated_peak_bytes", double(e.memory.firstStepAllocatedPeakBytes),
        double(m.firstStepAllocatedPeakBytes));
    add("reserved_peak_bytes", bytes(e.reservedPeakBytes), bytes(m.reservedPeakBytes));
    add("device_used_bytes", device.cuda ? std::optional<double>(double(e.devicePeakBytes)) : std::nullopt,
        bytes(m.deviceUsedBytes));
    // CPU: the pages malloc gave back and took again, which the step pays for in faults.
    auto freshTotal = [](const std::optional<PhaseBytes>& fresh) {
        return fresh ? std::optional<double>(static_cast<double>(fresh->total())) : std::nullopt;
    };
    add("fresh_page_bytes_per_step", freshTotal(e.memory.freshPageBytes), freshTotal(m.freshPageBytes));
    const auto time = e.time ? std::optional<double>(e.time->stepSeconds) : std::nullopt;
    add("step_seconds", time, m.stepSecondsMedian);
    add("samples_per_second", e.time ? std::optional<double>(e.time->samplesPerSecond) : std::nullopt,
        m.samplesPerSecond);
    return out;
}

Result<DeviceCalibration> readDeviceCalibration(std::string_view json) {
    auto line = parseWorkerLine(json, WorkerLineSource::StoredRun);
    if (!line || line->type != WorkerLine::Type::Result)
        return makeError(ErrorCode::InvalidInput,
                         "not a measurement: give the output of 'torchrig-cli validate --json' (" +
                             (line ? std::string("it holds no result") : line.error().text()) + ")");
    DeviceCalibration out;
    out.calibration = calibrationFromRun(line->result);
    out.device.name = line->result.device.name;
    if (line->result.device.totalMemoryBytes > 0)
        out.device.totalMemoryBytes = line->result.device.totalMemoryBytes;
    const auto document = nlohmann::json::parse(json, nullptr, false);
    if (document.is_object() && document.contains("calibration") && document["calibration"].is_object()) {
        const auto ratio = document["calibration"].value("step_time_ratio", nlohmann::json());
        if (!ratio.is_number())
            return makeError(ErrorCode::InvalidInput, "calibration.step_time_ratio must be a number");
        out.calibration.stepTimeRatio = ratio.get<double>();
    }
    if (auto status = checkCalibration(out.calibration); !status)
        return status.error();
    // The context lives in the device's memory: a larger one is not this device's.
    const auto& context = out.calibration.contextBytes;
    if (context && out.device.totalMemoryBytes && *context > *out.device.totalMemoryBytes)
        return makeError(ErrorCode::InvalidInput,
                         printed("context_bytes is %lld, more than the device's whole memory (%lld bytes)",
                                 static_cast<long long>(*context),
                                 static_cast<long long>(*out.device.totalMemoryBytes)));
    return out;
}

Result<Calibration> readCalibration(std::string_view json) {
    auto read = readDeviceCalibration(json);
    if (!read)
        return read.error();
    return read->calibration;
}

Result<Calibration> readCalibrationFile(const std::string& path) {
    auto text = readTextFile(path);
    if (!text)
        return text.error();
    auto calibration = readCalibration(*text);
    if (!calibration)
        return makeError(calibration.error().code, path + " is " + calibration.error().text());
    return calibration;
}

void addComparisonJson(nlohmann::json& result, const RunComparison& comparison) {
    auto estimated = nlohmann::json::object();
    auto errors = nlohmann::json::object();
    for (const auto& f : comparison.figures) {
        estimated[f.key] = f.estimated ? nlohmann::json(*f.estimated) : nlohmann::json(nullptr);
        errors[f.key] = f.relativeError ? nlohmann::json(*f.relativeError) : nlohmann::json(nullptr);
    }
    result["estimated"] = estimated;
    result["relative_error"] = errors;
    const auto& c = comparison.calibration;
    result["calibration"] = {{"device", c.deviceName},
                             {"step_time_ratio", c.stepTimeRatio},
                             {"estimate_used_stored_calibration", comparison.usedStoredCalibration}};
}

} // namespace torchrig::estimate
