#include "validate_command.h"

#include "catalog.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "exit_codes.h"
#include "validation/run_comparison.h"
#include "validation/validation_protocol.h"
#include "worker_process.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <iostream>
#include <utility>

namespace torchrig::cli {

namespace {

std::string bytes(std::int64_t count) {
    return fmt::format("{:.1f} MiB ({} bytes)", double(count) / (1 << 20), count);
}

std::string comparisonTable(const estimate::RunComparison& comparison) {
    std::vector<std::vector<std::string>> rows = {{"", "estimated", "measured", "error"}};
    for (const auto& f : comparison.figures) {
        const bool seconds = f.key == "step_seconds";
        const bool rate = f.key == "samples_per_second";
        auto show = [&](double v) {
            return seconds ? fmt::format("{:.4f} s", v)
                   : rate  ? fmt::format("{:.1f}", v)
                           : fmt::format("{:.1f} MiB", v / (1 << 20));
        };
        rows.push_back({f.key, f.estimated ? show(*f.estimated) : "-", show(f.measured),
                        f.relativeError ? fmt::format("{:+.1f} %", *f.relativeError * 100) : "-"});
    }
    rows.push_back({"estimated with",
                    comparison.usedStoredCalibration ? "the calibration given (its rates and step-time ratio)"
                                                     : "this run's own matmul and copy rates",
                    "", ""});
    rows.push_back({"step-time ratio",
                    fmt::format("{:.3f} (measured / estimated from this run's rates)",
                                comparison.calibration.stepTimeRatio),
                    "", ""});
    return formatTable(rows);
}

// The worker's own kernel probes, each only where the run measured it.
void addKernelRows(const KernelRates& k, std::vector<std::vector<std::string>>& rows) {
    auto forwardAndBackward = [](double forward, double backward) {
        return fmt::format("{:.1f} GFLOP/s forward, {:.1f} backward", forward / 1e9, backward / 1e9);
    };
    if (k.linearFlopsPerSecond > 0)
        rows.push_back(
            {"linear (fp32)", forwardAndBackward(k.linearFlopsPerSecond, k.linearBackwardFlopsPerSecond)});
    if (k.convolutionFlopsPerSecond > 0)
        rows.push_back({"convolution 3×3 (fp32)", forwardAndBackward(k.convolutionFlopsPerSecond,
                                                                     k.convolutionBackwardFlopsPerSecond)});
    if (k.depthwiseFlopsPerSecond > 0)
        rows.push_back({"depthwise convolution 3×3",
                        forwardAndBackward(k.depthwiseFlopsPerSecond, k.depthwiseBackwardFlopsPerSecond)});
    if (k.dropoutElementsPerSecond > 0)
        rows.push_back(
            {"dropout mask", fmt::format("{:.0f} M elements/s", k.dropoutElementsPerSecond / 1e6)});
    if (k.eagerOpSeconds > 0)
        rows.push_back({"eager op floor", fmt::format("{:.2f} µs per op", k.eagerOpSeconds * 1e6)});
    if (k.firstTouchBytesPerSecond > 0)
        rows.push_back(
            {"fresh pages (first touch)", fmt::format("{:.2f} GB/s", k.firstTouchBytesPerSecond / 1e9)});
}

// What the run measured, as a table of figure and value.
std::string measurementTable(const ValidationResult& r) {
    const auto& m = r.measured;
    std::vector<std::vector<std::string>> rows = {
        {"model", fmt::format("{}, {} parameters", modelLabel(r.model, r.inputs), m.parameterCount)},
        {r.maxBatch ? "largest batch that fits" : "batch", std::to_string(r.inputs.batch)},
        {"device", fmt::format("{} {} ({} threads, LibTorch {})", r.device.kind, r.device.name,
                               r.device.threads, r.device.libtorchVersion)},
        {"allocated peak, steady step", bytes(m.allocatedPeakBytes)},
        {"allocated peak, first step", bytes(m.firstStepAllocatedPeakBytes)},
        {"step time (median)",
         fmt::format("{:.4f} s over {} steps", m.stepSecondsMedian, m.stepSeconds.size())},
        {"samples per second", fmt::format("{:.1f}", m.samplesPerSecond)},
        {"loss (last step)", fmt::format("{:.6g}", m.loss)},
    };
    if (m.reservedPeakBytes)
        rows.push_back({"reserved peak (caching allocator)", bytes(*m.reservedPeakBytes)});
    if (m.deviceUsedBytes)
        rows.push_back({"device memory used (driver, all processes)", bytes(*m.deviceUsedBytes)});
    if (m.contextBytes)
        rows.push_back({"CUDA context", bytes(*m.contextBytes)});
    for (const auto& [dtype, flops] : m.matmulFlopsPerSecondByDtype)
        rows.push_back({fmt::format("matmul ({})", dtype), fmt::format("{:.1f} GFLOP/s", flops / 1e9)});
    if (m.matmulFlopsPerSecondByDtype.empty())
        rows.push_back({"matmul (fp32)", fmt::format("{:.1f} GFLOP/s", m.matmulFlopsPerSecond / 1e9)});
    rows.push_back({"memory copy", fmt::format("{:.1f} GB/s (read + write)", m.copyBytesPerSecond / 1e9)});
    if (m.phases.known())
        rows.push_back(
            {"step phases (median)", fmt::format("forward {:.4f} s, backward {:.4f} s, optimizer {:.4f} s",
                                                 m.phases.forward, m.phases.backward, m.phases.optimizer)});
    if (m.freshPageBytes)
        rows.push_back({"fresh pages faulted in (median)",
                        fmt::format("forward {}, backward {}, optimizer {}", bytes(m.freshPageBytes->forward),
                                    bytes(m.freshPageBytes->backward), bytes(m.freshPageBytes->optimizer))});
    addKernelRows(m.kernels, rows);
    for (const auto& rank : r.ranks) {
        const auto& dp = *rank.dataParallel;
        rows.push_back(
            {fmt::format("rank {} of {} ({})", dp.rank, dp.ranks, dp.backend),
             fmt::format(
                 "peak {}, step {:.4f} s, all-reduced {} a step in {} buckets, all-reduce {:.4f} s of "
                 "which backward hid {:.4f} s",
                 bytes(rank.allocatedPeakBytes), rank.stepSecondsMedian, bytes(dp.allReducedBytesPerStep),
                 dp.buckets, dp.communicationSeconds, dp.overlappedSeconds)});
    }
    if (!r.ranks.empty() && !r.ranks.front().dataParallel->allReduceProbe.empty()) {
        const auto& dp = *r.ranks.front().dataParallel;
        std::string probe;
        for (const auto& sample : dp.allReduceProbe)
            probe += fmt::format("{}{} MiB {:.4f} s ({:.2f} / {:.2f} GB/s)", probe.empty() ? "" : ", ",
                                 sample.bytes >> 20, sample.seconds, sample.algorithmBytesPerSecond() / 1e9,
                                 sample.busBytesPerSecond(dp.ranks) / 1e9);
        rows.push_back({fmt::format("all-reduce, rank 0 ({}; algbw / busbw)", dp.backend), probe});
    }
    if (!r.device.cudaVersion.empty())
        rows.push_back(
            {"CUDA", fmt::format("runtime {}, driver {}, compute capability {}", r.device.cudaVersion,
                                 r.device.driverVersion, r.device.computeCapability)});
    return formatTable(rows);
}

} // namespace

ValidateCommand::ValidateCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command =
        parent.add_subcommand("validate", "Train a model for a few steps on this machine and measure it");
    m_workload.addTo(*m_command);
    m_command->add_option("--steps", m_steps, "Measured steps")->check(CLI::Range(1, 10000));
    m_command->add_option("--warmup", m_warmup, "Warm-up steps before measuring")->check(CLI::Range(0, 1000));
    m_command
        ->add_option("--threads", m_threads, "CPU threads (default: one per core; with --ranks, per rank)")
        ->check(CLI::Range(0, 1024));
    m_command
        ->add_option("--ranks", m_ranks,
                     "Train data parallel over this many processes of this machine, each with --batch (CPU "
                     "ranks over Gloo), as PyTorch's DistributedDataParallel does; --compare then sets the "
                     "estimate for --gpus N --strategy ddp beside each rank")
        ->check(CLI::Range(1, kMaxRanks));
    m_command->add_option("--strategy", m_strategy, "With --ranks: ddp (the strategy measured)");
    m_command
        ->add_option("--time-limit", m_timeLimit,
                     "Seconds the run may take (default 600); a worker still running a minute past it is "
                     "killed")
        ->check(CLI::Range(1.0, 7.0 * 24 * 3600));
    m_command
        ->add_option("--memory-limit", m_memoryLimit, "CPU: treat more live bytes than this as out of memory")
        ->check(CLI::Range(std::int64_t{0}, std::int64_t{1} << 56)); // as the worker's protocol reads it
    m_command->add_flag("--force", m_force, "Run on the CPU even if it may need more RAM than is free");
    m_command->add_flag("--max-batch", m_maxBatch,
                        "Find the largest batch that fits (from --batch up), and measure it");
    m_command->add_flag("--json", m_json, "Print JSON");
    m_command->add_flag("--compare", m_compare,
                        "Set the estimate for the same workload on this device beside the measurement, with "
                        "the relative error of each figure");
    m_command
        ->add_option(
            "--calibration", m_calibration,
            "With --compare: estimate with what an earlier 'validate --compare --json' on this device "
            "measured (its rates and step-time ratio) instead of this run's own rates")
        ->check(CLI::ExistingFile);
    m_command->add_flag(
        "--record", m_record,
        "Keep the run in the validation history (the lab's with --lab, where every member sees "
        "it), as the app does");
    m_command->add_flag("--calibrate", m_calibrate,
                        "With --compare: keep the run and choose it as its device's calibration, which "
                        "'estimate --calibrated' then uses (for every member with --lab)");
    m_command->add_flag("--calibrated", m_calibrated,
                        "With --compare: estimate with the calibration kept for the run's device in the user "
                        "database (the app's Validate panel), as the app does");
}

int ValidateCommand::record(const ValidationRequest& request, const ValidationResult& result,
                            const std::string& document) const {
    auto catalog = db::Catalog::open(catalogOpenOptions(m_options));
    if (!catalog)
        return fail(catalog.error());
    db::ValidationRunRecord run;
    run.deviceName = result.device.name;
    run.deviceKind = result.device.kind;
    run.libtorchVersion = result.device.libtorchVersion;
    run.model = modelLabel(result.model, result.inputs);
    run.requestJson = validationRequestToJson(request);
    run.resultJson = document;
    auto id = (*catalog)->addValidationRun(run);
    if (!id)
        return fail(id.error());
    const auto& lab = (*catalog)->labStatus();
    std::cerr << fmt::format("torchrig-cli: the run is kept in {}\n",
                             lab.state == db::LabState::Connected ? lab.lab
                             : lab.state == db::LabState::Offline
                                 ? "your parts database until `torchrig-cli lab push` sends it to " + lab.lab
                                 : (*catalog)->userStatus().path.string());
    if (!m_calibrate)
        return kExitOk;
    if (auto chosen = (*catalog)->setCalibration(result.device.name, document, *id); !chosen)
        return fail(chosen.error());
    std::cerr << fmt::format("torchrig-cli: it is {}'s calibration now\n", result.device.name);
    return kExitOk;
}

int ValidateCommand::failRun(const WorkerOutcome& outcome) {
    if (m_json)
        std::cout << nlohmann::json{{"error",
                                     {{"kind", validationErrorKindId(outcome.errorKind)},
                                      {"message", outcome.message}}}}
                         .dump(2)
                  << "\n";
    return fail(outcome.errorKind == ValidationErrorKind::InvalidRequest ? kExitInvalid
                : outcome.errorKind == ValidationErrorKind::OutOfMemory  ? kExitDoesNotFit
                                                                         : kExitFailure,
                "validation failed (" + std::string(validationErrorKindId(outcome.errorKind)) +
                    "): " + outcome.message);
}

WorkerOutcome ValidateCommand::runWorkerFor(const ValidationRequest& request) const {
    std::vector<std::string> command = {defaultWorkerPath(), "-"};
    if (m_maxBatch)
        command.insert(command.begin() + 1, "--max-batch");
    // Progress is said once per step: a worker that repeats a line, or writes thousands a second,
    // does not flood the terminal in the time it has before it is killed.
    std::pair<std::string, int> lastSaid{"", -1};
    auto lastSaidAt = std::chrono::steady_clock::time_point{};
    return runWorker(
        command, validationRequestToJson(request),
        [&](const WorkerLine& line) {
            const auto now = std::chrono::steady_clock::now();
            if (std::pair(line.phase, line.step) == lastSaid ||
                now - lastSaidAt < std::chrono::milliseconds(100))
                return;
            lastSaid = {line.phase, line.step};
            lastSaidAt = now;
            if (line.phase == "search")
                std::cerr << fmt::format("  trying batch {}\n", line.step);
            else
                std::cerr << fmt::format("  {} step {} ({:.1f} s)\n", line.phase, line.step,
                                         line.elapsedSeconds);
        },
        expectationOf(request, m_maxBatch), workerLimitsFor(request.timeLimitSeconds));
}

int ValidateCommand::run() {
    auto request = m_workload.toRequest();
    if (!request)
        return fail(request.error());
    if ((!m_calibration.empty() || m_calibrated || m_calibrate) && !m_compare)
        return usage("--calibration, --calibrated and --calibrate are for --compare");
    if (!m_calibration.empty() && m_calibrated)
        return usage("give --calibrated (the stored calibration) or --calibration FILE, not both");
    std::optional<estimate::Calibration> stored;
    if (!m_calibration.empty()) {
        auto calibration = estimate::readCalibrationFile(m_calibration);
        if (!calibration)
            return fail(calibration.error());
        stored = *calibration;
    }
    request->steps = m_steps;
    request->warmupSteps = m_warmup;
    request->threads = m_threads;
    request->memoryLimitBytes = m_memoryLimit;
    request->force = m_force;
    request->timeLimitSeconds = m_timeLimit;
    if (m_strategy != "ddp")
        return usage(
            "--strategy " + m_strategy +
            ": validate measures ddp only (ZeRO and FSDP are estimated: torchrig-cli estimate --gpus N "
            "--strategy " +
            m_strategy + ")");
    if (m_ranks > 1 && m_maxBatch)
        return usage("--max-batch searches one process: leave --ranks out");
    request->ranks = m_ranks;
    auto outcome = runWorkerFor(*request);
    if (!outcome.succeeded)
        return failRun(outcome);
    const auto& r = outcome.result;
    std::optional<estimate::RunComparison> comparison;
    if (m_calibrated) { // the device is known now: the run names it
        auto calibration = storedCalibrationFor(m_options, r.device.name, r.device.totalMemoryBytes);
        if (!calibration)
            return fail(calibration.error());
        stored = *calibration;
    }
    if (m_compare) {
        auto compared = estimate::compareRun(*request, r, stored ? &*stored : nullptr);
        if (!compared)
            return fail(compared.error());
        comparison = std::move(*compared);
    }
    // The worker's own result line, with the measurement under "measured"; with --compare the
    // estimate under "estimated" with the same keys, the relative errors and the calibration.
    auto out = nlohmann::json::parse(resultLine(r));
    if (comparison)
        estimate::addComparisonJson(out, *comparison);
    // Printed first: a run the history cannot keep is still shown.
    auto recordIfAsked = [&] {
        return m_record || m_calibrate ? record(*request, r, out.dump(2)) : kExitOk;
    };
    if (m_json) {
        if (comparison) {
            // Every rank's peak against the one estimate per GPU of --gpus N --strategy ddp.
            const auto estimated = static_cast<double>(comparison->estimate.memory.allocatedPeakBytes);
            if (out.contains("ranks"))
                for (auto& rank : out["ranks"])
                    rank["allocated_peak_relative_error"] =
                        (estimated - rank["allocated_peak_bytes"].get<double>()) /
                        rank["allocated_peak_bytes"].get<double>();
        }
        std::cout << out.dump(2) << "\n";
        return recordIfAsked();
    }
    std::cout << measurementTable(r);
    if (comparison)
        std::cout << "\n" << comparisonTable(*comparison);
    return recordIfAsked();
}

} // namespace torchrig::cli
