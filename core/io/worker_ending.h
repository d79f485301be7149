#pragma once
// How a run of torchrig-validate ended, decided in one place for the command line
// (app/cli/worker_process.cpp) and the app (ui/validate/validation_runner.cpp): what the worker
// said on its standard output, read as it comes, and how its process ended.

#include "io/validation_protocol.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace torchrig {

struct WorkerEnding {
    enum class Kind {
        Measured,      // a result line
        DoesNotFit,    // an error line saying out of memory
        Refused,       // another error line: the worker's own words
        Cancelled,     // the planner stopped it at the user's asking
        Crashed,       // it died on a signal, or exited, without a result or an error line
        TimedOut,      // the planner stopped it at its deadline
        Garbage,       // a line outside the protocol: nothing it measured is trusted
        WorkerMissing, // it could not be started
    };
    Kind kind = Kind::Crashed;
    ValidationResult result;                                       // Measured
    ValidationErrorKind errorKind = ValidationErrorKind::Internal; // what a script is told
    std::string message;           // what happened, as the command line says it
    std::optional<int> signal;     // Crashed: the signal it died on
    std::optional<int> exitStatus; // Crashed: the status it exited with
};

// "it was killed (SIGKILL); on Linux that is most often …", "it ended on signal 11 (Segmentation fault)".
std::string describeSignal(int signal);

// The worker's standard output, fed as it arrives: progress lines are handed on, and the first
// result, error or line outside the protocol decides the run; what follows it is not read.
class WorkerOutputReader {
public:
    explicit WorkerOutputReader(std::function<void(const WorkerLine&)> onProgress);
    void feed(std::string_view bytes);
    void endOfOutput(); // a last line without its newline
    const std::optional<WorkerEnding>& decision() const { return m_decision; }

private:
    void line(std::string_view text);

    std::function<void(const WorkerLine&)> m_onProgress;
    std::string m_pending;
    std::optional<WorkerEnding> m_decision;
};

// The run's ending once the process has ended: what its output decided, else how it died or
// exited (SIGKILL counts as out of memory: on Linux it is most often the kernel's OOM killer).
WorkerEnding workerEndingAfterExit(const WorkerOutputReader& output, std::optional<int> signal,
                                   int exitStatus);
WorkerEnding workerNotStarted(std::string message);
// Stopped by the planner: Cancelled or TimedOut.
WorkerEnding workerStopped(WorkerEnding::Kind kind);

} // namespace torchrig
