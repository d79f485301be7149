#include "validate_command.h"

#include "cli_output.h"
#include "exit_codes.h"
#include "worker_process.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

namespace {

std::string bytes(std::int64_t count) {
    return fmt::format("{:.1f} MiB ({} bytes)", double(count) / (1 << 20), count);
}

} // namespace

ValidateCommand::ValidateCommand(CLI::App& parent) {
    m_command =
        parent.add_subcommand("validate", "Train a model for a few steps on this machine and measure it");
    m_workload.addTo(*m_command);
    m_command->add_option("--steps", m_steps, "Measured steps")->check(CLI::Range(1, 10000));
    m_command->add_option("--warmup", m_warmup, "Warm-up steps before measuring")->check(CLI::Range(0, 1000));
    m_command->add_option("--threads", m_threads, "CPU threads (default: one per core)")
        ->check(CLI::Range(0, 1024));
    m_command->add_option("--memory-limit", m_memoryLimit,
                          "CPU: treat more live bytes than this as out of memory");
    m_command->add_flag("--force", m_force, "Run on the CPU even if it may need more RAM than is free");
    m_command->add_flag("--max-batch", m_maxBatch,
                        "Find the largest batch that fits (from --batch up), and measure it");
    m_command->add_flag("--json", m_json, "Print JSON");
}

int ValidateCommand::run() {
    auto request = m_workload.toRequest();
    if (!request) {
        std::cerr << "torchrig-cli: " << request.error().message << "\n";
        return exitCodeFor(request.error().code);
    }
    request->steps = m_steps;
    request->warmupSteps = m_warmup;
    request->threads = m_threads;
    request->memoryLimitBytes = m_memoryLimit;
    request->force = m_force;
    std::vector<std::string> command = {defaultWorkerPath(), "-"};
    if (m_maxBatch)
        command.insert(command.begin() + 1, "--max-batch");
    auto outcome = runWorker(command, validationRequestToJson(*request), [](const WorkerLine& line) {
        if (line.phase == "search")
            std::cerr << fmt::format("  trying batch {}\n", line.step);
        else
            std::cerr << fmt::format("  {} step {} ({:.1f} s)\n", line.phase, line.step, line.elapsedSeconds);
    });
    if (!outcome.succeeded) {
        if (m_json)
            std::cout << nlohmann::json{{"error",
                                         {{"kind", validationErrorKindId(outcome.errorKind)},
                                          {"message", outcome.message}}}}
                             .dump(2)
                      << "\n";
        std::cerr << "torchrig-cli: validation failed (" << validationErrorKindId(outcome.errorKind)
                  << "): " << outcome.message << "\n";
        return outcome.errorKind == ValidationErrorKind::InvalidRequest ? kExitInvalid
               : outcome.errorKind == ValidationErrorKind::OutOfMemory  ? kExitDoesNotFit
                                                                        : kExitFailure;
    }
    const auto& r = outcome.result;
    const auto& m = r.measured;
    if (m_json) {
        // The worker's own result line, with the measurement under "measured".
        std::cout << nlohmann::json::parse(resultLine(r)).dump(2) << "\n";
        return kExitOk;
    }
    std::vector<std::vector<std::string>> rows = {
        {"model", fmt::format("{} ({} parameters)", r.model, m.parameterCount)},
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
    if (!r.device.cudaVersion.empty())
        rows.push_back(
            {"CUDA", fmt::format("runtime {}, driver {}, compute capability {}", r.device.cudaVersion,
                                 r.device.driverVersion, r.device.computeCapability)});
    std::cout << formatTable(rows);
    return kExitOk;
}

} // namespace torchrig::cli
