#include "validation/validation_protocol.h"

#include "validation/measurement_json.h"

#include "util/enum_names.h"
#include "util/json_document.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace torchrig {

namespace {

using nlohmann::json;

constexpr EnumNames<ValidationErrorKind, 4> kErrorKinds = {{
    {ValidationErrorKind::InvalidRequest, "invalid_request"},
    {ValidationErrorKind::Unsupported, "unsupported"},
    {ValidationErrorKind::OutOfMemory, "out_of_memory"},
    {ValidationErrorKind::Internal, "internal"},
}};

using RequestError = JsonFieldError;

// A measurement longer than a week is not a micro-training; the cap also keeps the deadline's
// arithmetic (steady_clock + seconds) far from overflow.

LoraConfig loraOf(const json& value) {
    if (!value.is_object())
        throw RequestError(
            "\"lora\" must be an object with \"rank\" (and \"alpha\", \"dropout\", \"targets\", "
            "\"base_4bit\")");
    LoraConfig lora;
    for (const auto& [key, field] : value.items()) {
        const auto where = "lora." + textExcerpt(key, 40);
        if (key == "rank") {
            lora.rank = static_cast<int>(wholeNumberIn(field, "\"" + where + "\"", 1, 65536));
        } else if (key == "alpha") {
            if (!field.is_number() || !(field.get<double>() > 0) || !std::isfinite(field.get<double>()))
                throw RequestError("\"" + where + "\" must be a positive number, not " + jsonExcerpt(field));
            lora.alpha = field.get<double>();
        } else if (key == "dropout") {
            if (!field.is_number() || !(field.get<double>() >= 0) || !(field.get<double>() < 1))
                throw RequestError("\"" + where + "\" must be a number from 0 to below 1, not " +
                                   jsonExcerpt(field));
            lora.dropout = field.get<double>();
        } else if (key == "targets") {
            if (!field.is_array())
                throw RequestError("\"" + where + "\" must be a list of module names, not " +
                                   jsonExcerpt(field));
            for (const auto& target : field) {
                if (!target.is_string() || target.get<std::string>().empty())
                    throw RequestError("\"" + where + "\" must hold module names (text), not " +
                                       jsonExcerpt(target));
                lora.targets.push_back(textIn(target, "\"" + where + "\"", 200));
            }
        } else if (key == "base_4bit") {
            if (!field.is_boolean())
                throw RequestError("\"" + where + "\" must be true or false");
            lora.quantizeBase4bit = field.get<bool>();
        } else
            throw RequestError("\"" + where +
                               "\" is not a LoRA field (rank, alpha, dropout, targets, base_4bit)");
    }
    if (lora.rank < 1)
        throw RequestError("\"lora\" needs a \"rank\"");
    return lora;
}

std::int64_t integerIn(const json& value, const std::string& key, std::int64_t low, std::int64_t high) {
    return wholeNumberIn(value, "\"" + key + "\"", low, high);
}

std::string textOf(const json& value, const std::string& key) {
    return textIn(value, "\"" + key + "\"", 1024);
}

template <class E, std::size_t N>
E choiceOf(const json& value, const std::string& key, const EnumNames<E, N>& table) {
    auto parsed = enumFromName(table, textOf(value, key));
    if (!parsed)
        throw RequestError("\"" + key + "\" must be one of " + enumNameList(table) + ", not " +
                           jsonExcerpt(value));
    return *parsed;
}

json measurementToJson(const ValidationMeasurement& m) {
    json out = {{"parameter_count", m.parameterCount},
                {"allocated_peak_bytes", m.allocatedPeakBytes},
                {"first_step_allocated_peak_bytes", m.firstStepAllocatedPeakBytes},
                // JSON has no NaN: a loss that is not a number is written as null.
                {"loss", std::isfinite(m.loss) ? json(m.loss) : json(nullptr)},
                {"step_seconds", m.stepSecondsMedian},
                {"step_seconds_all", m.stepSeconds},
                {"samples_per_second", m.samplesPerSecond},
                {"matmul_flops_per_second", m.matmulFlopsPerSecond},
                {"copy_bytes_per_second", m.copyBytesPerSecond}};
    json byDtype = json::object();
    for (const auto& [dtype, flops] : m.matmulFlopsPerSecondByDtype)
        byDtype[dtype] = flops;
    out["matmul_flops_per_second_by_dtype"] = byDtype;
    const auto& k = m.kernels;
    if (k.any())
        out["kernel_rates"] = {{"eager_op_seconds", k.eagerOpSeconds},
                               {"linear_flops_per_second", k.linearFlopsPerSecond},
                               {"linear_backward_flops_per_second", k.linearBackwardFlopsPerSecond},
                               {"convolution_flops_per_second", k.convolutionFlopsPerSecond},
                               {"convolution_backward_flops_per_second", k.convolutionBackwardFlopsPerSecond},
                               {"depthwise_flops_per_second", k.depthwiseFlopsPerSecond},
                               {"depthwise_backward_flops_per_second", k.depthwiseBackwardFlopsPerSecond},
                               {"dropout_elements_per_second", k.dropoutElementsPerSecond},
                               {"first_touch_bytes_per_second", k.firstTouchBytesPerSecond}};
    if (m.phases.known())
        out["phase_seconds"] = {{"forward", m.phases.forward},
                                {"backward", m.phases.backward},
                                {"optimizer", m.phases.optimizer}};
    if (m.freshPageBytes)
        out["fresh_page_bytes"] = {{"forward", m.freshPageBytes->forward},
                                   {"backward", m.freshPageBytes->backward},
                                   {"optimizer", m.freshPageBytes->optimizer}};
    if (m.reservedPeakBytes)
        out["reserved_peak_bytes"] = *m.reservedPeakBytes;
    if (m.deviceUsedBytes)
        out["device_used_bytes"] = *m.deviceUsedBytes;
    if (m.contextBytes)
        out["context_bytes"] = *m.contextBytes;
    if (m.dataParallel)
        out["data_parallel"] = dataParallelToJson(*m.dataParallel);
    return out;
}

} // namespace

std::string_view validationErrorKindId(ValidationErrorKind kind) {
    return enumName(kErrorKinds, kind);
}

Result<ValidationRequest> parseValidationRequest(std::string_view text) {
    auto parsed = readJsonDocument(text, "the request");
    if (!parsed)
        return parsed.error();
    const json& document = *parsed;
    if (!document.is_object())
        return makeError(ErrorCode::InvalidInput, "the request must be a JSON object");
    ValidationRequest request;
    try {
        for (const auto& [key, value] : document.items()) {
            if (key == "model")
                request.model = textOf(value, key);
            else if (key == "model_graph")
                request.modelGraphJson = value.dump();
            else if (key == "hf_config") {
                if (!value.is_object() || !value.contains("config") || !value.at("config").is_object())
                    throw RequestError("\"hf_config\" must be an object with \"name\" and \"config\" (a "
                                       "config.json's contents)");
                for (const auto& [part, _] : value.items())
                    if (part != "name" && part != "config")
                        throw RequestError("\"hf_config." + textExcerpt(part, 40) + "\" is not a field");
                request.hfModelName =
                    value.contains("name") ? textOf(value.at("name"), "hf_config.name") : "";
                request.hfConfigJson = value.at("config").dump();
            } else if (key == "expert_imbalance") {
                if (!value.is_number() || !(value.get<double>() >= 1) || value.get<double>() > 64)
                    throw RequestError("\"expert_imbalance\" must be a number from 1 (balanced) to 64, not " +
                                       jsonExcerpt(value));
                request.inputs.expertImbalance = value.get<double>();
            } else if (key == "batch")
                request.inputs.batch = integerIn(value, key, 1, 1 << 20);
            else if (key == "image_size")
                request.inputs.imageSize = integerIn(value, key, 8, 8192);
            else if (key == "seq_len")
                request.inputs.seqLen = integerIn(value, key, 2, 1 << 20);
            else if (key == "layers")
                request.inputs.layers = integerIn(value, key, 1, 1000);
            else if (key == "precision")
                request.precision = choiceOf(value, key, kPrecisionNames);
            else if (key == "optimizer")
                request.optimizer = choiceOf(value, key, kOptimizerNames);
            else if (key == "optimizer_impl")
                request.optimizerImpl = choiceOf(value, key, kOptimizerImplNames);
            else if (key == "checkpointing")
                request.checkpointing = choiceOf(value, key, kCheckpointingNames);
            else if (key == "gradient_accumulation")
                request.gradientAccumulation = static_cast<int>(integerIn(value, key, 1, 1 << 16));
            else if (key == "lora")
                request.lora = loraOf(value);
            else if (key == "inference") {
                if (!value.is_boolean())
                    throw RequestError("\"inference\" must be true or false");
                request.inference = value.get<bool>();
            } else if (key == "warmup_steps")
                request.warmupSteps = static_cast<int>(integerIn(value, key, 0, 1000));
            else if (key == "steps")
                request.steps = static_cast<int>(integerIn(value, key, 1, 10000));
            else if (key == "device") {
                request.device = textOf(value, key);
                bool cuda = request.device.rfind("cuda:", 0) == 0 && request.device.size() > 5 &&
                            request.device.find_first_not_of("0123456789", 5) == std::string::npos;
                if (request.device != "cpu" && !cuda)
                    throw RequestError("\"device\" must be \"cpu\" or \"cuda:N\", not \"" +
                                       textExcerpt(request.device) + "\"");
            } else if (key == "seed")
                request.seed = static_cast<std::uint64_t>(integerIn(value, key, 0, std::int64_t{1} << 62));
            else if (key == "time_limit_seconds") {
                if (!value.is_number() || !(value.get<double>() > 0) ||
                    value.get<double>() > kMaxTimeLimitSeconds)
                    throw RequestError(
                        "\"time_limit_seconds\" must be a positive number of seconds up to a week (" +
                        std::to_string(static_cast<int>(kMaxTimeLimitSeconds)) + "), not " +
                        jsonExcerpt(value));
                request.timeLimitSeconds = value.get<double>();
            } else if (key == "threads")
                request.threads = static_cast<int>(integerIn(value, key, 0, 1024));
            else if (key == "ranks")
                request.ranks = static_cast<int>(integerIn(value, key, 1, kMaxRanks));
            else if (key == "memory_limit_bytes")
                request.memoryLimitBytes = integerIn(value, key, 1, std::int64_t{1} << 56);
            else if (key == "force") {
                if (!value.is_boolean())
                    throw RequestError("\"force\" must be true or false");
                request.force = value.get<bool>();
            } else
                throw RequestError("\"" + textExcerpt(key, 40) + "\" is not a request field");
        }
        if (int{!request.model.empty()} + int{!request.modelGraphJson.empty()} +
                int{!request.hfConfigJson.empty()} !=
            1)
            throw RequestError("give one of \"model\" (a zoo id), \"model_graph\" (a model file's contents) "
                               "or \"hf_config\" (a Hugging Face config.json's)");
    } catch (const RequestError& e) {
        return makeError(ErrorCode::InvalidInput, e.what());
    }
    return request;
}

namespace {

json workloadJson(const Workload& r) {
    json out = {{"batch", r.inputs.batch},
                {"precision", precisionId(r.precision)},
                {"optimizer", optimizerId(r.optimizer)},
                {"optimizer_impl", optimizerImplId(r.optimizerImpl)},
                {"checkpointing", checkpointingId(r.checkpointing)}};
    if (r.gradientAccumulation > 1)
        out["gradient_accumulation"] = r.gradientAccumulation;
    if (r.inference)
        out["inference"] = true;
    if (r.lora.rank > 0)
        out["lora"] = {{"rank", r.lora.rank},
                       {"alpha", r.lora.alpha},
                       {"dropout", r.lora.dropout},
                       {"targets", r.lora.targets},
                       {"base_4bit", r.lora.quantizeBase4bit}};
    if (r.inputs.imageSize > 0)
        out["image_size"] = r.inputs.imageSize;
    if (r.inputs.seqLen > 0)
        out["seq_len"] = r.inputs.seqLen;
    if (r.inputs.layers > 0)
        out["layers"] = r.inputs.layers;
    if (r.inputs.expertImbalance > 1)
        out["expert_imbalance"] = r.inputs.expertImbalance;
    if (!r.model.empty())
        out["model"] = r.model;
    else if (!r.hfConfigJson.empty())
        out["hf_config"] = {{"name", r.hfModelName}, {"config", json::parse(r.hfConfigJson)}};
    else
        out["model_graph"] = json::parse(r.modelGraphJson);
    return out;
}

} // namespace

std::string workloadToJson(const Workload& workload) {
    return workloadJson(workload).dump();
}

std::string validationRequestToJson(const ValidationRequest& r) {
    json out = workloadJson(r);
    out["warmup_steps"] = r.warmupSteps;
    out["steps"] = r.steps;
    out["device"] = r.device;
    out["seed"] = r.seed;
    out["time_limit_seconds"] = r.timeLimitSeconds;
    out["threads"] = r.threads;
    out["force"] = r.force;
    if (r.memoryLimitBytes > 0)
        out["memory_limit_bytes"] = r.memoryLimitBytes;
    if (r.ranks > 1)
        out["ranks"] = r.ranks;
    return out.dump();
}

std::string progressLine(std::string_view phase, int step, double elapsedSeconds) {
    return json{{"event", "progress"}, {"phase", phase}, {"step", step}, {"elapsed_seconds", elapsedSeconds}}
        .dump();
}

json deviceToJson(const ValidationDevice& d) {
    return {{"kind", d.kind},
            {"name", d.name},
            {"total_memory_bytes", d.totalMemoryBytes},
            {"compute_capability", d.computeCapability},
            {"threads", d.threads},
            {"multiprocessors", d.multiprocessors},
            {"libtorch_version", d.libtorchVersion},
            {"cuda_version", d.cudaVersion},
            {"driver_version", d.driverVersion}};
}

namespace {

std::int64_t countOf(const json& value, const char* key, std::int64_t highest) {
    return wholeNumberIn(value, key, 0, highest);
}
std::int64_t bytesOf(const json& value, const char* key) {
    return wholeNumberIn(value, key, 0, kMaxMeasuredBytes);
}
double rateOf(const json& value, const std::string& key) {
    return finiteNumberIn(value, key, 0, kMaxRate);
}
// A measured time: more than 0 (a clock that measured nothing did not measure) and finite.
double secondsOf(const json& value, const std::string& key) {
    const double seconds = finiteNumberIn(value, key, 0, kMaxMeasuredSeconds);
    if (!(seconds > 0))
        throw JsonFieldError(key + " must be more than 0 seconds, not " + jsonExcerpt(value));
    return seconds;
}
std::string wordOf(const json& value, const char* key, std::size_t maxChars) {
    return textIn(value, key, maxChars);
}

ValidationDevice deviceFromJson(const json& d) {
    return {wordOf(d.at("kind"), "kind", 16),
            wordOf(d.at("name"), "name", 256),
            bytesOf(d.at("total_memory_bytes"), "total_memory_bytes"),
            wordOf(d.at("compute_capability"), "compute_capability", 16),
            static_cast<int>(countOf(d.at("threads"), "threads", 1 << 16)),
            d.contains("multiprocessors")
                ? static_cast<int>(countOf(d["multiprocessors"], "multiprocessors", 1 << 16))
                : 0,
            wordOf(d.at("libtorch_version"), "libtorch_version", 64),
            wordOf(d.at("cuda_version"), "cuda_version", 64),
            d.contains("driver_version") ? wordOf(d["driver_version"], "driver_version", 128)
                                         : std::string()};
}

} // namespace

Result<std::vector<ValidationDevice>> parseDevicesLine(std::string_view text) {
    try {
        auto parsed = readJsonDocument(text, "the worker's probe");
        if (!parsed)
            return parsed.error();
        const json& document = *parsed;
        if (document.value("event", std::string()) != "devices")
            return makeError(ErrorCode::InvalidInput,
                             "the worker's probe did not list devices: " + textExcerpt(text, 200));
        std::vector<ValidationDevice> devices;
        if (document.at("devices").size() > 256)
            return makeError(ErrorCode::InvalidInput, "the worker's probe lists more than 256 devices");
        for (const auto& d : document.at("devices"))
            devices.push_back(deviceFromJson(d));
        return devices;
    } catch (const std::exception& e) { // the JSON library's, or a JsonFieldError
        return makeError(ErrorCode::InvalidInput, std::string("the worker's probe is not its protocol (") +
                                                      textExcerpt(e.what(), 120) +
                                                      "): " + textExcerpt(text, 200));
    }
}

std::string devicesLine(const std::vector<ValidationDevice>& devices) {
    json list = json::array();
    for (const auto& d : devices)
        list.push_back(deviceToJson(d));
    return json{{"event", "devices"}, {"devices", list}}.dump();
}

std::string resultLine(const ValidationResult& r) {
    json device = deviceToJson(r.device);
    json inputs = {
        {"batch", r.inputs.batch}, {"image_size", r.inputs.imageSize}, {"seq_len", r.inputs.seqLen}};
    if (r.inputs.layers > 0)
        inputs["layers"] = r.inputs.layers;
    json line = {{"event", "result"},
                 {"model", r.model},
                 {"inputs", inputs},
                 {"measured", measurementToJson(r.measured)},
                 {"device", device}};
    if (r.maxBatch)
        line["max_batch"] = *r.maxBatch;
    if (!r.ranks.empty()) {
        json ranks = json::array();
        for (const auto& m : r.ranks)
            ranks.push_back(measurementToJson(m));
        line["ranks"] = ranks;
    }
    return line.dump();
}

std::string errorLine(ValidationErrorKind kind, std::string_view message) {
    // A message may quote the request, which may not be UTF-8: replaced, never a throw.
    return json{{"event", "error"}, {"kind", validationErrorKindId(kind)}, {"message", message}}.dump(
        -1, ' ', false, json::error_handler_t::replace);
}

namespace {

KernelRates kernelRatesFromJson(const json& rates) {
    auto rate = [&](const char* key) {
        return rates.contains(key) ? rateOf(rates[key], std::string("kernel_rates.") + key) : 0.0;
    };
    KernelRates k;
    k.eagerOpSeconds = rates.contains("eager_op_seconds")
                           ? finiteNumberIn(rates["eager_op_seconds"], "kernel_rates.eager_op_seconds", 0,
                                            kMaxMeasuredSeconds)
                           : 0.0;
    k.linearFlopsPerSecond = rate("linear_flops_per_second");
    k.linearBackwardFlopsPerSecond = rate("linear_backward_flops_per_second");
    k.convolutionFlopsPerSecond = rate("convolution_flops_per_second");
    k.convolutionBackwardFlopsPerSecond = rate("convolution_backward_flops_per_second");
    k.depthwiseFlopsPerSecond = rate("depthwise_flops_per_second");
    k.depthwiseBackwardFlopsPerSecond = rate("depthwise_backward_flops_per_second");
    k.dropoutElementsPerSecond = rate("dropout_elements_per_second");
    k.firstTouchBytesPerSecond = rate("first_touch_bytes_per_second");
    return k;
}

// The measurement of `batch` samples a step. Samples per second are the batch over the median
// step (training_run.cpp): a line whose figures disagree did not come from one measurement.
ValidationMeasurement measurementFromJson(const json& m, std::int64_t batch) {
    ValidationMeasurement r;
    r.parameterCount = countOf(m.at("parameter_count"), "parameter_count", kMaxMeasuredBytes);
    r.allocatedPeakBytes = bytesOf(m.at("allocated_peak_bytes"), "allocated_peak_bytes");
    r.firstStepAllocatedPeakBytes =
        bytesOf(m.at("first_step_allocated_peak_bytes"), "first_step_allocated_peak_bytes");
    r.loss = m.contains("loss") && m["loss"].is_number() ? m["loss"].get<double>()
                                                         : std::numeric_limits<double>::quiet_NaN();
    r.stepSecondsMedian = secondsOf(m.at("step_seconds"), "step_seconds");
    const auto& all = m.at("step_seconds_all");
    if (!all.is_array() || all.empty() || all.size() > 10000)
        throw JsonFieldError("step_seconds_all must list the 1 to 10000 measured steps' seconds");
    for (const auto& seconds : all)
        r.stepSeconds.push_back(secondsOf(seconds, "step_seconds_all"));
    r.samplesPerSecond = rateOf(m.at("samples_per_second"), "samples_per_second");
    const double samples = r.samplesPerSecond * r.stepSecondsMedian;
    if (!(std::abs(samples - static_cast<double>(batch)) <= 1e-3 * static_cast<double>(batch)))
        throw JsonFieldError("samples_per_second (" + jsonExcerpt(m.at("samples_per_second")) +
                             ") times step_seconds (" + jsonExcerpt(m.at("step_seconds")) +
                             ") is not the batch of " + std::to_string(batch));
    r.matmulFlopsPerSecond = rateOf(m.at("matmul_flops_per_second"), "matmul_flops_per_second");
    r.copyBytesPerSecond = rateOf(m.at("copy_bytes_per_second"), "copy_bytes_per_second");
    if (m.contains("matmul_flops_per_second_by_dtype")) {
        const auto& byDtype = m["matmul_flops_per_second_by_dtype"];
        if (!byDtype.is_object() || byDtype.size() > 16)
            throw JsonFieldError("matmul_flops_per_second_by_dtype must map at most 16 dtypes to rates");
        for (const auto& [dtype, flops] : byDtype.items())
            r.matmulFlopsPerSecondByDtype.emplace_back(
                textIn(json(dtype), "matmul_flops_per_second_by_dtype's dtype", 16),
                rateOf(flops, "matmul_flops_per_second_by_dtype." + textExcerpt(dtype, 16)));
    }
    if (m.contains("kernel_rates"))
        r.kernels = kernelRatesFromJson(m["kernel_rates"]);
    if (m.contains("phase_seconds")) {
        const auto& phases = m["phase_seconds"];
        auto phase = [&](const char* key) {
            return finiteNumberIn(phases.at(key), std::string("phase_seconds.") + key, 0,
                                  kMaxMeasuredSeconds);
        };
        r.phases = {phase("forward"), phase("backward"), phase("optimizer")};
    }
    if (m.contains("fresh_page_bytes")) {
        const auto& fresh = m["fresh_page_bytes"];
        r.freshPageBytes = PhaseBytes{bytesOf(fresh.at("forward"), "fresh_page_bytes.forward"),
                                      bytesOf(fresh.at("backward"), "fresh_page_bytes.backward"),
                                      bytesOf(fresh.at("optimizer"), "fresh_page_bytes.optimizer")};
    }
    if (m.contains("reserved_peak_bytes"))
        r.reservedPeakBytes = bytesOf(m["reserved_peak_bytes"], "reserved_peak_bytes");
    if (m.contains("device_used_bytes"))
        r.deviceUsedBytes = bytesOf(m["device_used_bytes"], "device_used_bytes");
    if (m.contains("context_bytes"))
        r.contextBytes = bytesOf(m["context_bytes"], "context_bytes");
    if (m.contains("data_parallel"))
        r.dataParallel = dataParallelFromJson(m["data_parallel"]);
    return r;
}

ValidationResult resultFromJson(const json& document) {
    ValidationResult r;
    r.model = wordOf(document.at("model"), "model", 1024);
    if (document.contains("max_batch"))
        r.maxBatch = wholeNumberIn(document["max_batch"], "max_batch", 1, kMaxBatchSearchUpTo);
    const auto& inputs = document.at("inputs");
    r.inputs = {wholeNumberIn(inputs.at("batch"), "batch", 1, kMaxBatchSearchUpTo),
                countOf(inputs.at("image_size"), "image_size", 1 << 16),
                countOf(inputs.at("seq_len"), "seq_len", 1 << 24),
                inputs.contains("layers") ? countOf(inputs["layers"], "layers", 1 << 16) : 0};
    r.measured = measurementFromJson(document.at("measured"), r.inputs.batch);
    r.device = deviceFromJson(document.at("device"));
    if (document.contains("ranks")) {
        const auto& ranks = document["ranks"];
        if (!ranks.is_array() || ranks.size() < 2 || ranks.size() > kMaxRanks)
            throw JsonFieldError("ranks must list the 2 to " + std::to_string(kMaxRanks) +
                                 " ranks' measurements of a data-parallel run");
        for (const auto& m : ranks) {
            r.ranks.push_back(measurementFromJson(m, r.inputs.batch));
            const auto& dp = r.ranks.back().dataParallel;
            if (!dp || dp->rank != static_cast<int>(r.ranks.size()) - 1 ||
                dp->ranks != static_cast<int>(ranks.size()))
                throw JsonFieldError("ranks must hold each rank's measurement, rank 0 first, each with its "
                                     "data_parallel figures");
        }
    }
    return r;
}

} // namespace

Result<WorkerLine> parseWorkerLine(std::string_view text, WorkerLineSource source) {
    auto notProtocol = [&](std::string_view what) {
        if (source == WorkerLineSource::StoredRun)
            return makeError(ErrorCode::InvalidInput, textExcerpt(what, 160));
        return makeError(ErrorCode::InvalidInput,
                         std::string("the worker wrote a line that is not its protocol (") +
                             textExcerpt(what, 120) + "): " + textExcerpt(text, 200));
    };
    try {
        auto parsed = readJsonDocument(text, "the line");
        if (!parsed)
            return notProtocol(parsed.error().text());
        const json& document = *parsed;
        WorkerLine line;
        auto event = textIn(document.at("event"), "event", 64);
        if (event == "progress") {
            line.type = WorkerLine::Type::Progress;
            line.phase = wordOf(document.at("phase"), "phase", 64);
            line.step = static_cast<int>(countOf(document.at("step"), "step", kMaxBatchSearchUpTo));
            line.elapsedSeconds =
                finiteNumberIn(document.at("elapsed_seconds"), "elapsed_seconds", 0, kMaxMeasuredSeconds);
        } else if (event == "error") {
            line.type = WorkerLine::Type::Error;
            line.errorKind = enumFromName(kErrorKinds, wordOf(document.at("kind"), "kind", 64))
                                 .value_or(ValidationErrorKind::Internal);
            // The worker's own words, cut rather than refused: an error it reports stays an error.
            line.message = textExcerpt(textIn(document.at("message"), "message", 1u << 20), 4000);
        } else if (event == "result") {
            line.type = WorkerLine::Type::Result;
            line.result = resultFromJson(document);
        } else {
            return makeError(ErrorCode::InvalidInput,
                             "the worker wrote an unknown event \"" + textExcerpt(event) + "\"");
        }
        return line;
    } catch (const json::exception& e) {
        return notProtocol(e.what());
    } catch (const JsonFieldError& e) {
        return notProtocol(e.what());
    }
}

} // namespace torchrig
