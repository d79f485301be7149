#pragma once

#include "subcommand.h"
#include "worker_process.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

namespace torchrig::cli {

// `torchrig-cli validate`: runs torchrig-validate on this machine and prints what it measured;
// with --compare, beside the estimate for the same workload on the same device.
class ValidateCommand : public Subcommand {
public:
    ValidateCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    // The worker run for this request, saying its progress on stderr.
    WorkerOutcome runWorkerFor(const ValidationRequest& request) const;
    // Keeps the run (and, asked, its calibration) as the app's Validate panel does.
    int record(const ValidationRequest& request, const ValidationResult& result,
               const std::string& document) const;
    // What a failed run says (also as JSON with --json), with the exit code its kind maps to.
    int failRun(const WorkerOutcome& outcome);

    WorkloadOptions m_workload;
    int m_steps = 3;
    int m_warmup = 1;
    int m_threads = 0;
    int m_ranks = 1;                // data parallel over this many processes of this machine
    std::string m_strategy = "ddp"; // the only one measured
    double m_timeLimit = 600;       // seconds: the worker's own limit; the planner kills it a margin past
    std::int64_t m_memoryLimit = 0;
    bool m_force = false;
    bool m_maxBatch = false;
    bool m_json = false;
    bool m_compare = false;
    std::string m_calibration; // a 'validate --compare --json' result from this device
    bool m_calibrated = false; // the user database's calibration for the run's device
    bool m_record = false;     // keep the run in the history (the lab's with --lab)
    bool m_calibrate = false;  // and choose it as its device's calibration
};

} // namespace torchrig::cli
