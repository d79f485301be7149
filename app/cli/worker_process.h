#pragma once

#include "util/result.h"
#include "validation/validation_protocol.h"
#include "validation/worker_ending.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::cli {

// How a run of torchrig-validate ended (validation/worker_ending.h decides it), as the command line reports
// it.
struct WorkerOutcome {
    bool succeeded = false;
    ValidationResult result;                                       // when succeeded
    ValidationErrorKind errorKind = ValidationErrorKind::Internal; // otherwise
    std::string message;
};

// Starts the worker (program + arguments), writes the request to its standard input, calls
// onProgress for each progress line and returns the result or the error, including a worker that
// died without a word (killed, crashed), spoke outside its protocol, answered another request
// than `expected`, or passed one of `limits` (silent, endless, one endless line: it is killed).
WorkerOutcome runWorker(const std::vector<std::string>& command, const std::string& requestJson,
                        const std::function<void(const WorkerLine&)>& onProgress,
                        const WorkerExpectation& expected = {},
                        std::optional<WorkerLimits> limits = std::nullopt); // none: the request's

// The worker beside this program, or $TORCHRIG_VALIDATE.
std::string defaultWorkerPath();

} // namespace torchrig::cli
