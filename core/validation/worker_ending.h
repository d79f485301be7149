#pragma once
// How a run of torchrig-validate ended, decided in one place for the command line
// (app/cli/worker_process.cpp) and the app (ui/validate/validation_runner.cpp): what the worker
// said on its standard output, read as it comes, and how its process ended.

#include "validation/validation_protocol.h"

#include <cstddef>
#include <cstdint>
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
    // Which of the planner's own limits ended it (TimedOut, or Garbage for an endless line), and
    // that limit, in seconds or bytes: the app says it again in the reader's language.
    enum class Limit { None, SilentAtStart, SilentBetweenLines, Overall, LineLength } limit = Limit::None;
    double limitValue = 0;
};

// What a run's result must agree with: the request it answers. A well-formed result for another
// batch, model or device is not this run's measurement.
struct WorkerExpectation {
    std::int64_t batch = 0;        // 0: not checked
    std::int64_t maxBatchUpTo = 0; // --max-batch: the batch it found, 1 to this (with "max_batch")
    std::string model;             // a zoo id; empty (a model file's or config's graph): not checked
    std::string device;            // "cpu", "cuda:N"; empty: not checked
};
WorkerExpectation expectationOf(const ValidationRequest& request, bool maxBatchSearch);

// The planner's own limits on a worker, beside the worker's time limit that the worker keeps
// itself: a worker that hangs, never ends, or writes one endless line is killed, not waited for.
// The worker writes a heartbeat line every few seconds (kHeartbeatPhase), so that silence means a hang.
struct WorkerLimits {
    double silenceSeconds = 60;  // the longest wait for a line, after the start and between lines
    double overallSeconds = 660; // the request's time limit and a margin
    double marginSeconds = 60;
    std::size_t lineCapBytes = std::size_t{1} << 20;
    double afterDecisionSeconds = 5; // a worker that has answered and does not exit
};
// The limits for a request with this time limit; TORCHRIG_WORKER_SILENCE_SECONDS and
// TORCHRIG_WORKER_MARGIN_SECONDS (seconds, > 0) replace the silence and the margin (tests, slow devices).
WorkerLimits workerLimitsFor(double timeLimitSeconds);
// Killed for silence (before its first line, or after its last) or for running past overallSeconds.
WorkerEnding workerSilent(const WorkerLimits& limits, bool wroteALine);
WorkerEnding workerPastDeadline(const WorkerLimits& limits);

// "it was killed (SIGKILL); on Linux that is most often …", "it ended on signal 11 (Segmentation fault)".
std::string describeSignal(int signal);

// The worker's standard output, fed as it arrives: progress lines are handed on, and the first
// result, error or line outside the protocol decides the run; what follows it is not read.
// A result that does not answer the expectation, or a line longer than the cap (kept whole
// in memory otherwise), is garbage too; heartbeat lines count as lines but are not handed on unless asked.
class WorkerOutputReader {
public:
    explicit WorkerOutputReader(std::function<void(const WorkerLine&)> onProgress,
                                WorkerExpectation expectation = {},
                                std::size_t lineCapBytes = WorkerLimits().lineCapBytes);
    // Heartbeat lines handed on too (a panel that shows the seconds while a long phase runs).
    void handOnHeartbeats() { m_handOnHeartbeats = true; }
    void feed(std::string_view bytes);
    void endOfOutput(); // a last line without its newline
    const std::optional<WorkerEnding>& decision() const { return m_decision; }
    std::int64_t linesRead() const { return m_lines; } // complete lines so far, blank ones too

private:
    void line(std::string_view text);

    std::function<void(const WorkerLine&)> m_onProgress;
    bool m_handOnHeartbeats = false;
    WorkerExpectation m_expectation;
    std::size_t m_lineCap;
    std::string m_pending;
    std::int64_t m_lines = 0;
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
