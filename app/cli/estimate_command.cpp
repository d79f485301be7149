#include "estimate_command.h"

#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "estimate/estimate.h"
#include "estimate/inference_estimate.h"
#include "estimate/memory_estimate.h"
#include "exit_codes.h"
#include "util/host_cpu.h"
#include "util/host_memory.h"
#include "util/text_file.h"
#include "validation/run_comparison.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>
#include <variant>

namespace torchrig::cli {

namespace {

using nlohmann::json;

std::string gibibytes(std::int64_t count) {
    return fmt::format("{:.2f} GiB ({} bytes)", double(count) / double(1LL << 30), count);
}

std::string runDuration(double s) {
    if (s < 120)
        return fmt::format("{:.1f} s", s);
    if (s < 2 * 3600)
        return fmt::format("{:.1f} min", s / 60);
    if (s < 2 * 86400)
        return fmt::format("{:.1f} h", s / 3600);
    return fmt::format("{:.1f} days", s / 86400);
}

// The bytes live at the peak by what they are ("weights", "activations", …).
nlohmann::json breakdownJson(const std::array<std::int64_t, estimate::kMemoryCategoryCount>& atPeak) {
    auto out = nlohmann::json::object();
    for (std::size_t c = 0; c < estimate::kMemoryCategoryCount; ++c)
        out[std::string(estimate::memoryCategoryId(static_cast<estimate::MemoryCategory>(c)))] = atPeak[c];
    return out;
}

std::string seconds(double s) {
    return s >= 1 ? fmt::format("{:.3f} s", s) : fmt::format("{:.2f} ms", s * 1e3);
}

} // namespace

EstimateCommand::EstimateCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command =
        parent.add_subcommand("estimate", "Estimate memory, fit and step time of a training workload");
    m_workload.addTo(*m_command, "cpu, or a catalog GPU (gpu/rtx-4090, \"RTX 4090\")");
    m_command->add_option("--gpus", m_gpus, "GPUs the workload runs on (memory is per GPU)")
        ->check(CLI::Range(1, 4096));
    m_command
        ->add_option("--strategy", m_strategy,
                     "How several GPUs share it: ddp, zero1, zero2, zero3, fsdp, pp, tp, ep (a mixture "
                     "of experts' experts spread over them)")
        ->check(CLI::IsMember(estimate::parallelStrategyIds()));
    m_command->add_flag("--bucket-view", m_bucketView,
                        "DDP with gradient_as_bucket_view=True (no bucket copies)");
    m_command
        ->add_option(
            "--interconnect-gbs", m_interconnectGbs,
            "GPU-to-GPU bus bandwidth in GB/s as nccl-tests reports it (busbw), taken as it is (default: "
            "NVLink for SXM parts, else PCIe, at the share of it NCCL reaches)")
        ->check(CLI::Range(0.01, 1e5)); // NVLink 5 is 900 GB/s each way
    m_data.addTo(*m_command);
    m_command->add_flag(
        "--inference", m_inference,
        "Generation instead of training: the prompt (--seq-len) and --new-tokens with a KV cache");
    m_command->add_option("--new-tokens", m_newTokens, "Tokens generated after the prompt (default 256)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 24));
    m_command->add_flag("--offload-optimizer", m_offload,
                        "ZeRO-Offload: the optimizer's state and update in host memory");
    m_command->add_flag("--fp32-master-weights", m_masterWeights,
                        "With --precision bf16: an fp32 copy of the weights and fp32 optimizer state");
    m_command
        ->add_option("--attention", m_attention,
                     "Attention kernel: default (fused on CUDA, math on the CPU), math, fused")
        ->check(CLI::IsMember({"default", "math", "fused"}));
    m_command
        ->add_option("--moe-kernels", m_moeKernels,
                     "A mixture's experts: loop (transformers' eager loop, a GEMM per expert; default) or "
                     "grouped (one grouped GEMM per projection: Transformer Engine, MegaBlocks)")
        ->check(CLI::IsMember({"loop", "grouped"}));
    m_command->add_option("--calibration", m_calibration,
                          "A 'torchrig-cli validate --json' result measured on the device: its rates and "
                          "CUDA context replace the defaults");
    m_command->add_flag("--calibrated", m_calibrated,
                        "Estimate with the calibration kept for this device in the user database (the "
                        "app's Validate panel); --device cpu is this machine's processor");
    m_command->add_flag("--json", m_json, "Print JSON");
}

int EstimateCommand::run() {
    auto request = m_workload.toWorkload();
    if (!request)
        return fail(request.error());
    const auto strategy = estimate::parallelStrategyFromString(m_strategy);
    if (!strategy)
        return usage("--strategy " + m_strategy +
                     " is not a strategy this estimates: ddp, zero1, zero2, zero3, fsdp, pp, tp and ep are");
    if (m_masterWeights && request->precision != Precision::Bf16)
        return usage("--fp32-master-weights goes with --precision bf16 (amp keeps float32 weights already)");
    auto graph = buildWorkloadGraph(*request);
    if (!graph)
        return fail(graph.error());
    auto device = deviceFor(m_workload.device);
    if (const auto* failure = std::get_if<Failure>(&device))
        return fail(*failure);
    auto& spec = std::get<estimate::DeviceSpec>(device);
    auto calibration = calibrationFor(spec);
    if (const auto* failure = std::get_if<Failure>(&calibration))
        return fail(*failure);
    const auto& calibrated = std::get<std::optional<estimate::Calibration>>(calibration);
    if (m_interconnectGbs > 0) {
        spec.interconnectBytesPerSecond = m_interconnectGbs * 1e9;
        spec.interconnectClass = estimate::LinkClass::Unknown; // a measured busbw: taken as it is
    }
    const auto setup = setupFor(*request, *strategy);
    if (const auto refusal = estimate::precisionRefusal(setup, spec))
        return fail(kExitInvalid, refusal->text());
    if (m_inference) {
        if (request->lora.rank > 0 || m_gpus > 1 || request->gradientAccumulation > 1 || m_masterWeights)
            return usage(
                "--inference estimates one GPU generating with the whole model; leave out --lora-rank, "
                "--gpus, --grad-accum and --fp32-master-weights");
        return runInference(*request, *graph, setup, spec, calibrated ? &*calibrated : nullptr);
    }
    const auto estimated = graphResult(
        [&] { return estimate::estimateTraining(*graph, setup, spec, calibrated ? &*calibrated : nullptr); });
    if (!estimated)
        return fail(kExitInvalid, estimated.error().text());
    const auto& e = *estimated;
    const auto inputs = effectiveInputs(*request);
    const auto host = estimate::estimateHost(e, setup, request->inputs.batch, inputs.seqLen, m_data.spec());
    // The CLI speaks English here (only build check, build advise and report take --lang).
    auto warnings = texts(e.warnings);
    for (auto& w : texts(host.warnings))
        warnings.push_back(std::move(w));
    const TrainingReport report{
        *request, *graph, setup,    spec,
        e,        host,   warnings, request->model.empty() ? graph->name() : request->model};
    if (m_json)
        printJson(report);
    else
        printTable(report);
    return e.fits && !*e.fits ? kExitDoesNotFit : kExitOk;
}

std::variant<estimate::DeviceSpec, Failure> EstimateCommand::deviceFor(const std::string& name) const {
    if (name == "cpu") {
        estimate::DeviceSpec device;
        device.id = "cpu";
        device.name = "this machine's CPU";
        device.usableBytes = hostMemoryBytes("MemTotal");
        return device;
    }
    if (name.rfind("cuda:", 0) == 0)
        return Failure{kExitUsage, "estimate takes a catalog GPU (gpu/rtx-4090, \"RTX 4090\"), not " + name +
                                       "; torchrig-cli validate measures on cuda:N"};
    auto catalog = openCatalogForReading(m_options);
    if (!catalog)
        return Failure{kExitNoCatalog, catalog.error().text()};
    auto part = (*catalog)->find(name);
    if (!part) {
        auto hits = (*catalog)->search(name, PartCategory::Gpu, 1);
        if (!hits.empty())
            part = hits.front().part;
    }
    if (!part || part->category != PartCategory::Gpu)
        return Failure{kExitNotFound, "no GPU in the catalog matches \"" + name +
                                          "\"; torchrig-cli catalog search --category gpu lists them"};
    return gpuSpec(*part);
}

std::variant<std::optional<estimate::Calibration>, Failure>
EstimateCommand::calibrationFor(const estimate::DeviceSpec& device) const {
    if (m_calibrated && !m_calibration.empty())
        return Failure{kExitUsage,
                       "give --calibrated (the stored calibration) or --calibration FILE, not both"};
    std::optional<estimate::Calibration> calibration;
    if (m_calibrated) {
        const bool cpu = device.id == "cpu";
        auto stored = storedCalibrationFor(
            m_options, cpu ? hostCpuName() : device.name,
            !cpu && device.usableBytes > 0 ? std::optional<std::int64_t>(device.usableBytes) : std::nullopt);
        if (!stored)
            return failureOf(stored.error());
        calibration = *stored;
    }
    if (!m_calibration.empty()) {
        auto read = estimate::readCalibrationFile(m_calibration);
        if (!read)
            return failureOf(read.error());
        calibration = *read;
    }
    return calibration;
}

estimate::TrainingSetup EstimateCommand::setupFor(const Workload& request,
                                                  estimate::ParallelStrategy strategy) const {
    auto setup = estimate::trainingSetupFor(request);
    setup.fp32MasterWeights = m_masterWeights;
    setup.offloadOptimizer = m_offload;
    setup.parallel.gpus = m_gpus;
    setup.parallel.strategy = strategy;
    setup.parallel.bucketView = m_bucketView;
    setup.attention = m_attention == "math"    ? estimate::AttentionKernel::Math
                      : m_attention == "fused" ? estimate::AttentionKernel::Fused
                                               : estimate::AttentionKernel::Default;
    setup.groupedExperts = m_moeKernels == "grouped";
    return setup;
}

void EstimateCommand::printJson(const TrainingReport& r) const {
    const auto& e = r.estimate;
    const auto& m = e.memory;
    const auto& host = r.host;
    auto breakdown = breakdownJson(m.breakdownAtPeak);
    breakdown["workspace"] = breakdown["workspace"].get<std::int64_t>() + e.workspaceBytes;
    breakdown["context"] = e.contextBytes;
    breakdown["allocator_slack"] =
        e.reservedPeakBytes ? json(*e.reservedPeakBytes - m.allocatedPeakBytes) : json(nullptr);
    json memory = {{"allocated_peak_bytes", m.allocatedPeakBytes},
                   {"reserved_peak_bytes", e.reservedPeakBytes ? json(*e.reservedPeakBytes) : json(nullptr)},
                   {"device_peak_bytes", e.devicePeakBytes},
                   {"first_step_allocated_peak_bytes", m.firstStepAllocatedPeakBytes},
                   {"fits", e.fits ? json(*e.fits) : json(nullptr)},
                   {"headroom_bytes", e.fits ? json(e.headroomBytes) : json(nullptr)},
                   {"breakdown_at_peak", breakdown},
                   {"optimizer_state_bytes", m.optimizerStateBytes}};
    json time = nullptr;
    if (e.time)
        time = {{"step_seconds", e.time->stepSeconds},
                {"forward_seconds", e.time->forwardSeconds},
                {"backward_seconds", e.time->backwardSeconds},
                {"optimizer_seconds", e.time->optimizerSeconds},
                {"communication_seconds",
                 e.time->communicationKnown ? json(e.time->communicationSeconds) : json(nullptr)},
                {"data_loading_seconds", optionalNumber(host.dataLoadingSeconds)},
                {"epoch_seconds", optionalNumber(host.epochSeconds)},
                {"run_seconds", optionalNumber(host.runSeconds)},
                {"samples_per_second", e.time->samplesPerSecond},
                {"mfu", e.time->mfu},
                {"calibrated", e.time->calibrated},
                {"uncertainty", e.time->uncertainty > 0 ? json(e.time->uncertainty) : json(nullptr)},
                {"scaling_uncertainty",
                 e.time->scalingUncertainty > 0 ? json(e.time->scalingUncertainty) : json(nullptr)},
                {"host_bound_seconds", e.time->hostBoundSeconds}};
    json lora = nullptr;
    if (r.workload.lora.rank > 0)
        lora = {{"rank", r.workload.lora.rank},
                {"alpha", r.workload.lora.alpha},
                {"dropout", r.workload.lora.dropout},
                {"targets", r.workload.lora.targets},
                {"base_4bit", r.workload.lora.quantizeBase4bit}};
    json out = {{"model",
                 {{"id", r.model},
                  {"params", r.graph.parameterCount()},
                  {"trainable_params", r.graph.trainableParameterCount()}}},
                {"inputs", {{"batch", r.workload.inputs.batch}}},
                {"setup",
                 {{"precision", precisionId(r.setup.precision)},
                  {"optimizer", optimizerId(r.setup.optimizer)},
                  {"optimizer_impl", optimizerImplId(r.setup.optimizerImpl)},
                  {"checkpointing", checkpointingId(r.setup.checkpointing)},
                  {"gradient_accumulation", r.setup.gradientAccumulation},
                  {"fp32_master_weights", r.setup.fp32MasterWeights},
                  {"offload_optimizer", r.setup.offloadOptimizer},
                  {"lora", lora},
                  {"gpus", m_gpus},
                  {"strategy", m_gpus > 1 ? json(m_strategy) : json(nullptr)}}},
                {"device",
                 {{"id", r.device.id},
                  {"name", r.device.name},
                  {"usable_bytes", r.device.usableBytes > 0 ? json(r.device.usableBytes) : json(nullptr)}}},
                {"memory", memory},
                {"time", time},
                {"host",
                 {{"ram_bytes", host.ramBytes},
                  {"storage_bytes", host.storageBytes},
                  {"ram",
                   {{"loader_batches", host.loaderBatchBytes},
                    {"pinned", host.pinnedBytes},
                    {"dataset_cache", host.datasetCacheBytes},
                    {"checkpoint_copy", host.checkpointCopyBytes},
                    {"offloaded_optimizer", host.offloadBytes},
                    {"weights_load", host.weightsLoadBytes},
                    {"processes", host.processBytes}}},
                  {"storage", {{"dataset", host.datasetBytes}, {"checkpoint", host.checkpointBytes}}},
                  {"read_bytes_per_second", host.readBytesPerSecond}}},
                {"warnings", r.warnings}};
    std::cout << out.dump(2) << "\n";
}

void EstimateCommand::printTable(const TrainingReport& r) const {
    const auto& e = r.estimate;
    const auto& m = e.memory;
    const auto& host = r.host;
    std::vector<std::vector<std::string>> rows = {
        {"model", r.graph.trainableParameterCount() == r.graph.parameterCount()
                      ? fmt::format("{} ({} parameters), batch {}", r.model, r.graph.parameterCount(),
                                    r.workload.inputs.batch)
                      : fmt::format("{} ({} parameters, {} trained), batch {}", r.graph.name(),
                                    r.graph.parameterCount(), r.graph.trainableParameterCount(),
                                    r.workload.inputs.batch)},
        {"setup", fmt::format("{}{}, {} ({}), checkpointing {}{}", precisionId(r.setup.precision),
                              r.setup.fp32MasterWeights ? " + fp32 master weights" : "",
                              optimizerId(r.setup.optimizer), optimizerImplId(r.setup.optimizerImpl),
                              checkpointingId(r.setup.checkpointing),
                              r.setup.gradientAccumulation > 1
                                  ? fmt::format(", {} micro-batches a step", r.setup.gradientAccumulation)
                                  : std::string())},
        {"device",
         m_gpus > 1 ? fmt::format("{} ({}), {} of them, {}", r.device.name, r.device.id, m_gpus, m_strategy)
                    : fmt::format("{} ({})", r.device.name, r.device.id)},
        {"allocated peak, steady step", gibibytes(m.allocatedPeakBytes)},
        {"allocated peak, first step", gibibytes(m.firstStepAllocatedPeakBytes)},
    };
    if (e.reservedPeakBytes)
        rows.push_back({"reserved peak (caching allocator)", gibibytes(*e.reservedPeakBytes)});
    if (r.device.cuda)
        rows.push_back({"device peak (+ context, libraries)", gibibytes(e.devicePeakBytes)});
    for (std::size_t c = 0; c < estimate::kMemoryCategoryCount; ++c)
        rows.push_back({fmt::format("  at the peak: {}",
                                    estimate::memoryCategoryId(static_cast<estimate::MemoryCategory>(c))),
                        gibibytes(m.breakdownAtPeak[c])});
    if (e.fits)
        rows.push_back({"fits", fmt::format("{} ({} of {} usable)", *e.fits ? "yes" : "NO",
                                            gibibytes(e.devicePeakBytes), gibibytes(r.device.usableBytes))});
    if (e.time) {
        auto within =
            e.time->uncertainty > 0 ? fmt::format(" ± {:.0f} %", 100 * e.time->uncertainty) : std::string();
        if (e.time->scalingUncertainty > 0)
            within += fmt::format(", up to +{:.0f} % more from scaling", 100 * e.time->scalingUncertainty);
        rows.push_back(
            {"step time", fmt::format("{}{} (forward {}, backward {}, optimizer {})",
                                      seconds(e.time->stepSeconds), within, seconds(e.time->forwardSeconds),
                                      seconds(e.time->backwardSeconds), seconds(e.time->optimizerSeconds))});
        if (m_gpus > 1)
            rows.push_back({"communication",
                            e.time->communicationKnown
                                ? fmt::format("{} a step, beside what backward hides",
                                              seconds(e.time->communicationSeconds))
                                : std::string("not known (no interconnect rate; give --interconnect-gbs)")});
        rows.push_back({"samples per second",
                        m_gpus > 1 ? fmt::format("{:.1f} per GPU, {:.1f} in all", e.time->samplesPerSecond,
                                                 e.time->samplesPerSecond * m_gpus)
                                   : fmt::format("{:.1f}", e.time->samplesPerSecond)});
        rows.push_back({"MFU", fmt::format("{:.0f} %", 100 * e.time->mfu)});
    }
    rows.push_back(
        {"host RAM (per node)",
         fmt::format(
             "{} (the processes {}; loading the weights {}, or running: loaders {}, pinned {}, checkpoint "
             "copy {}{}; dataset cache {})",
             gibibytes(host.ramBytes), gibibytes(host.processBytes), gibibytes(host.weightsLoadBytes),
             gibibytes(host.loaderBatchBytes), gibibytes(host.pinnedBytes),
             gibibytes(host.checkpointCopyBytes),
             host.offloadBytes > 0 ? ", offloaded optimizer " + gibibytes(host.offloadBytes) : std::string(),
             gibibytes(host.datasetCacheBytes))});
    rows.push_back({"storage", fmt::format("{} (dataset {}, {} checkpoint(s) of {})",
                                           gibibytes(host.storageBytes), gibibytes(host.datasetBytes),
                                           m_data.dataset.keptCheckpoints, gibibytes(host.checkpointBytes))});
    if (host.readBytesPerSecond > 0)
        rows.push_back(
            {"dataset reads", fmt::format("{:.0f} MB/s at that pace", host.readBytesPerSecond / 1e6)});
    if (host.dataLoadingSeconds)
        rows.push_back({"data loading", fmt::format("{} a step", seconds(*host.dataLoadingSeconds))});
    if (host.epochSeconds)
        rows.push_back({"an epoch", runDuration(*host.epochSeconds)});
    if (host.runSeconds)
        rows.push_back({"the run", runDuration(*host.runSeconds)});
    std::cout << formatTable(rows);
    for (const auto& w : r.warnings)
        std::cout << "note: " << w << "\n";
}

int EstimateCommand::runInference(const Workload& request, const ModelGraph& graph,
                                  const estimate::TrainingSetup& setup, const estimate::DeviceSpec& device,
                                  const estimate::Calibration* calibration) {
    const auto prompt = effectiveInputs(request).seqLen;
    if (prompt <= 0)
        return usage("--inference needs a language model and its prompt length (--seq-len)");
    std::optional<ModelGraph> decodeGraph;
    if (!request.model.empty()) { // a zoo model builds again at one token; a model file cannot
        auto oneToken = request;
        oneToken.inputs.seqLen = 1;
        auto built = buildWorkloadGraph(oneToken);
        if (built)
            decodeGraph = std::move(*built);
    }
    auto r = estimate::estimateInference(graph, decodeGraph ? &*decodeGraph : nullptr, setup, device, prompt,
                                         m_newTokens, calibration);
    auto warnings = texts(r.prefill.warnings);
    for (auto& w : texts(r.warnings))
        warnings.push_back(std::move(w));
    const auto model = request.model.empty() ? graph.name() : request.model;
    if (m_json) {
        auto breakdown = breakdownJson(r.prefill.memory.breakdownAtPeak);
        breakdown["kv_cache"] = r.kvCacheBytes;
        breakdown["context"] = r.prefill.contextBytes;
        std::optional<double> total;
        if (r.prefillSeconds && r.decodeSecondsPerToken)
            total = *r.prefillSeconds + static_cast<double>(m_newTokens) * *r.decodeSecondsPerToken;
        json out = {
            {"model", {{"id", model}, {"params", graph.parameterCount()}}},
            {"inputs",
             {{"batch", request.inputs.batch}, {"prompt_tokens", prompt}, {"new_tokens", m_newTokens}}},
            {"setup", {{"mode", "inference"}, {"precision", precisionId(setup.precision)}}},
            {"device",
             {{"id", device.id},
              {"name", device.name},
              {"usable_bytes", device.usableBytes > 0 ? json(device.usableBytes) : json(nullptr)}}},
            {"memory",
             {{"allocated_peak_bytes", r.allocatedPeakBytes},
              {"reserved_peak_bytes", nullptr},
              {"device_peak_bytes", r.devicePeakBytes},
              {"prefill_allocated_peak_bytes", r.prefill.memory.allocatedPeakBytes},
              {"kv_cache_bytes", r.kvCacheBytes},
              {"kv_cache_bytes_per_token", r.kvCacheBytesPerToken},
              {"fits", r.fits ? json(*r.fits) : json(nullptr)},
              {"headroom_bytes", r.fits ? json(r.headroomBytes) : json(nullptr)},
              {"breakdown_at_prefill_peak", breakdown}}},
            {"time",
             {{"prefill_seconds", optionalNumber(r.prefillSeconds)},
              {"decode_seconds_per_token", optionalNumber(r.decodeSecondsPerToken)},
              {"tokens_per_second", optionalNumber(r.tokensPerSecond)},
              {"step_seconds", optionalNumber(total)},
              {"calibrated", r.prefill.time ? json(r.prefill.time->calibrated) : json(nullptr)}}},
            {"warnings", warnings}};
        std::cout << out.dump(2) << "\n";
        return r.fits && !*r.fits ? kExitDoesNotFit : kExitOk;
    }
    std::vector<std::vector<std::string>> rows = {
        {"model",
         fmt::format("{} ({} parameters), batch {}", model, graph.parameterCount(), request.inputs.batch)},
        {"generation",
         fmt::format("{}, prompt {} tokens, {} new", precisionId(setup.precision), prompt, m_newTokens)},
        {"device", fmt::format("{} ({})", device.name, device.id)},
        {"weights", gibibytes(r.prefill.memory.parameterBytes)},
        {"KV cache at the end",
         fmt::format("{} ({} bytes a token)", gibibytes(r.kvCacheBytes), r.kvCacheBytesPerToken)},
        {"prompt's forward, allocated peak", gibibytes(r.prefill.memory.allocatedPeakBytes)},
        {"allocated peak", gibibytes(r.allocatedPeakBytes)},
        {"device peak (+ context, libraries)", gibibytes(r.devicePeakBytes)},
    };
    if (r.fits)
        rows.push_back({"fits", fmt::format("{} ({} of {} usable)", *r.fits ? "yes" : "NO",
                                            gibibytes(r.devicePeakBytes), gibibytes(device.usableBytes))});
    if (r.prefillSeconds)
        rows.push_back({"prompt (prefill)", seconds(*r.prefillSeconds)});
    if (r.decodeSecondsPerToken)
        rows.push_back(
            {"a new token", fmt::format("{} ({:.1f} tokens/s for the batch)",
                                        seconds(*r.decodeSecondsPerToken), r.tokensPerSecond.value_or(0))});
    std::cout << formatTable(rows);
    for (const auto& w : warnings)
        std::cout << "note: " << w << "\n";
    return r.fits && !*r.fits ? kExitDoesNotFit : kExitOk;
}

} // namespace torchrig::cli
