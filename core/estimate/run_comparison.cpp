#include "estimate/run_comparison.h"

#include "io/request_graph.h"
#include "util/text_file.h"

#include <nlohmann/json.hpp>

#include <cctype>

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
    return c;
}

DeviceSpec deviceSpecOfRun(const ValidationDevice& device) {
    DeviceSpec spec;
    spec.id = device.kind;
    spec.name = device.name;
    spec.cuda = device.kind.rfind("cuda", 0) == 0;
    spec.usableBytes = device.totalMemoryBytes;
    return spec;
}

bool sameDeviceName(std::string_view runDevice, std::string_view catalogDevice) {
    auto lower = [](std::string_view text) {
        std::string out(text);
        for (auto& c : out)
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    const auto a = lower(runDevice);
    const auto b = lower(catalogDevice);
    return !a.empty() && !b.empty() && (a.find(b) != std::string::npos || b.find(a) != std::string::npos);
}

Result<RunComparison> compareRun(const ValidationRequest& request, const ValidationResult& run,
                                 const Calibration* stored) {
    if (stored && stored->deviceName != run.device.name)
        return makeError(ErrorCode::InvalidInput, "the calibration was measured on " + stored->deviceName +
                                                      ", not on " + run.device.name +
                                                      "; calibrate on this device or leave it out");
    auto measuredRequest = request;
    measuredRequest.inputs.batch = run.inputs.batch; // --max-batch measures the batch it found
    auto graph = buildRequestGraph(measuredRequest);
    if (!graph)
        return graph.error();
    auto setup = trainingSetupFor(measuredRequest);
    const auto device = deviceSpecOfRun(run.device);
    setup.cuda = device.cuda;
    RunComparison out;
    const auto own = calibrationFromRun(run);
    try {
        const auto byOwnRates = estimateTraining(*graph, setup, device, &own);
        out.calibration = own;
        if (byOwnRates.time && byOwnRates.time->stepSeconds > 0 && run.measured.stepSecondsMedian > 0)
            out.calibration.stepTimeRatio = run.measured.stepSecondsMedian / byOwnRates.time->stepSeconds;
        out.usedStoredCalibration = stored != nullptr;
        out.estimate = stored ? estimateTraining(*graph, setup, device, stored) : byOwnRates;
    } catch (const GraphError& e) {
        return makeError(ErrorCode::InvalidInput, e.what());
    }
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

Result<Calibration> readCalibration(std::string_view json) {
    auto line = parseWorkerLine(json);
    if (!line || line->type != WorkerLine::Type::Result)
        return makeError(ErrorCode::InvalidInput,
                         "not a measurement: give the output of 'torchrig-cli validate --json' (" +
                             (line ? std::string("it holds no result") : line.error().message) + ")");
    auto calibration = calibrationFromRun(line->result);
    const auto document = nlohmann::json::parse(json, nullptr, false);
    if (document.is_object() && document.contains("calibration") && document["calibration"].is_object()) {
        const auto ratio = document["calibration"].value("step_time_ratio", nlohmann::json());
        if (!ratio.is_number() || !(ratio.get<double>() > 0))
            return makeError(ErrorCode::InvalidInput, "calibration.step_time_ratio must be a number above 0");
        calibration.stepTimeRatio = ratio.get<double>();
    }
    return calibration;
}

Result<Calibration> readCalibrationFile(const std::string& path) {
    auto text = readTextFile(path);
    if (!text)
        return text.error();
    auto calibration = readCalibration(*text);
    if (!calibration)
        return makeError(calibration.error().code, path + " is " + calibration.error().message);
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
