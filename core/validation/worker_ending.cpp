#include "validation/worker_ending.h"

#include "util/utf8_text.h"

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace torchrig {

std::string describeSignal(int signal) {
    if (signal == SIGKILL)
        return "it was killed (SIGKILL); on Linux that is most often the kernel's out-of-memory killer: the "
               "run "
               "needs more RAM than is free";
    const char* name = strsignal(signal);
    return "it ended on signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")";
}

namespace {

std::string seconds(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", value);
    return text;
}

// Why a result does not answer the request, or "" when it does.
std::string mismatch(const ValidationResult& r, const WorkerExpectation& e) {
    if (e.maxBatchUpTo > 0) {
        if (!r.maxBatch)
            return "a --max-batch search's result must say the batch it found (\"max_batch\")";
        if (*r.maxBatch != r.inputs.batch)
            return "it says it found batch " + std::to_string(*r.maxBatch) + " but measured batch " +
                   std::to_string(r.inputs.batch);
        if (*r.maxBatch < 1 || *r.maxBatch > e.maxBatchUpTo)
            return "it found batch " + std::to_string(*r.maxBatch) + ", outside the search's 1 to " +
                   std::to_string(e.maxBatchUpTo);
    } else if (e.batch > 0) { // a plain run of this batch was asked for
        if (r.maxBatch)
            return "it answers a --max-batch search, which was not asked for";
        if (r.inputs.batch != e.batch)
            return "it is for batch " + std::to_string(r.inputs.batch) + ", the request was for batch " +
                   std::to_string(e.batch);
    }
    if (!e.model.empty() && r.model != e.model)
        return "it is for model \"" + textExcerpt(r.model, 60) + "\", the request was for \"" + e.model +
               "\"";
    if (!e.device.empty() && r.device.kind != e.device)
        return "it was measured on \"" + textExcerpt(r.device.kind, 20) + "\", the request was for " +
               e.device;
    return {};
}

double secondsFromEnvironment(const char* name, double fallback) {
    const char* text = std::getenv(name);
    if (!text || !*text)
        return fallback;
    char* end = nullptr;
    const double value = std::strtod(text, &end);
    return end && *end == '\0' && value > 0 && value <= 7 * 24 * 3600 ? value : fallback;
}

} // namespace

WorkerExpectation expectationOf(const ValidationRequest& request, bool maxBatchSearch) {
    WorkerExpectation e;
    e.batch = maxBatchSearch ? 0 : request.inputs.batch;
    e.maxBatchUpTo = maxBatchSearch ? kMaxBatchSearchUpTo : 0;
    e.model = request.model;
    e.device = request.device;
    return e;
}

WorkerLimits workerLimitsFor(double timeLimitSeconds) {
    WorkerLimits limits;
    limits.silenceSeconds = secondsFromEnvironment("TORCHRIG_WORKER_SILENCE_SECONDS", limits.silenceSeconds);
    limits.marginSeconds = secondsFromEnvironment("TORCHRIG_WORKER_MARGIN_SECONDS", limits.marginSeconds);
    limits.overallSeconds = timeLimitSeconds + limits.marginSeconds;
    return limits;
}

WorkerEnding workerSilent(const WorkerLimits& limits, bool wroteALine) {
    WorkerEnding ending;
    ending.kind = WorkerEnding::Kind::TimedOut;
    ending.limit = wroteALine ? WorkerEnding::Limit::SilentBetweenLines : WorkerEnding::Limit::SilentAtStart;
    ending.limitValue = limits.silenceSeconds;
    ending.message = std::string("the worker wrote nothing for ") + seconds(limits.silenceSeconds) +
                     (wroteALine ? " after its last line" : " after it started") +
                     " and was killed: it hangs (a device or driver that does not answer, or a program "
                     "that is not torchrig-validate). Run it again; if it hangs again, check the device "
                     "with 'torchrig-validate --probe', or let it wait longer with "
                     "TORCHRIG_WORKER_SILENCE_SECONDS";
    return ending;
}

WorkerEnding workerPastDeadline(const WorkerLimits& limits) {
    WorkerEnding ending;
    ending.kind = WorkerEnding::Kind::TimedOut;
    ending.limit = WorkerEnding::Limit::Overall;
    ending.limitValue = limits.overallSeconds;
    ending.message = "the worker was still running " + seconds(limits.marginSeconds) +
                     " past the run's time limit (" + seconds(limits.overallSeconds - limits.marginSeconds) +
                     ") and was killed; nothing was measured. Measure fewer steps, or give the run a longer "
                     "time limit";
    return ending;
}

WorkerOutputReader::WorkerOutputReader(std::function<void(const WorkerLine&)> onProgress,
                                       WorkerExpectation expectation, std::size_t lineCapBytes)
    : m_onProgress(std::move(onProgress))
    , m_expectation(std::move(expectation))
    , m_lineCap(lineCapBytes) {}

void WorkerOutputReader::feed(std::string_view bytes) {
    if (m_decision)
        return; // what follows the decision is not read, nor kept
    m_pending.append(bytes);
    std::size_t start = 0;
    for (auto newline = m_pending.find('\n'); newline != std::string::npos && !m_decision;
         newline = m_pending.find('\n', start)) {
        ++m_lines;
        line(std::string_view(m_pending).substr(start, newline - start));
        start = newline + 1;
    }
    m_pending.erase(0, start);
    if (m_decision)
        m_pending.clear();
    else if (m_pending.size() > m_lineCap)
        line(m_pending); // refused by its length, before the rest of it arrives
}

void WorkerOutputReader::endOfOutput() {
    if (!m_decision)
        line(m_pending);
    m_pending.clear();
}

void WorkerOutputReader::line(std::string_view text) {
    if (m_decision)
        return;
    WorkerEnding ending;
    ending.kind = WorkerEnding::Kind::Garbage;
    if (text.size() > m_lineCap) {
        ending.limit = WorkerEnding::Limit::LineLength;
        ending.limitValue = static_cast<double>(m_lineCap);
        const auto cap = m_lineCap % (1u << 20) == 0 ? std::to_string(m_lineCap >> 20) + " MiB"
                                                     : std::to_string(m_lineCap) + " bytes";
        ending.message = "the worker wrote a line longer than " + cap + " (\"" + textExcerpt(text, 60) +
                         "\") and was killed; nothing it measured is trusted. Check that TORCHRIG_VALIDATE "
                         "names torchrig-validate";
        m_pending.clear();
        m_decision = std::move(ending);
        return;
    }
    constexpr std::string_view kSpace = " \t\r\n\f\v";
    const auto first = text.find_first_not_of(kSpace);
    text = first == std::string_view::npos ? std::string_view()
                                           : text.substr(first, text.find_last_not_of(kSpace) - first + 1);
    if (text.empty())
        return;
    auto parsed = parseWorkerLine(text);
    if (!parsed) {
        ending.message = parsed.error().text() + "; nothing it measured is trusted";
        m_decision = std::move(ending);
        return;
    }
    switch (parsed->type) {
    case WorkerLine::Type::Progress:
        if (m_onProgress && (m_handOnHeartbeats || parsed->phase != kHeartbeatPhase))
            m_onProgress(*parsed);
        return;
    case WorkerLine::Type::Result:
        if (auto why = mismatch(parsed->result, m_expectation); !why.empty()) {
            ending.message = "the worker's result does not answer the request: " + why +
                             "; nothing it measured is trusted";
            break;
        }
        ending.kind = WorkerEnding::Kind::Measured;
        ending.result = std::move(parsed->result);
        break;
    case WorkerLine::Type::Error:
        ending.kind = parsed->errorKind == ValidationErrorKind::OutOfMemory ? WorkerEnding::Kind::DoesNotFit
                                                                            : WorkerEnding::Kind::Refused;
        ending.errorKind = parsed->errorKind;
        ending.message = std::move(parsed->message);
        break;
    }
    m_decision = std::move(ending);
}

WorkerEnding workerEndingAfterExit(const WorkerOutputReader& output, std::optional<int> signal,
                                   int exitStatus) {
    if (output.decision())
        return *output.decision();
    WorkerEnding ending;
    ending.kind = WorkerEnding::Kind::Crashed;
    ending.signal = signal;
    if (!signal)
        ending.exitStatus = exitStatus;
    ending.errorKind = signal == SIGKILL ? ValidationErrorKind::OutOfMemory : ValidationErrorKind::Internal;
    ending.message =
        "the worker stopped without a result: " +
        (signal ? describeSignal(*signal) : "it exited with status " + std::to_string(exitStatus));
    return ending;
}

WorkerEnding workerNotStarted(std::string message) {
    WorkerEnding ending;
    ending.kind = WorkerEnding::Kind::WorkerMissing;
    ending.message = std::move(message);
    return ending;
}

WorkerEnding workerStopped(WorkerEnding::Kind kind) {
    WorkerEnding ending;
    ending.kind = kind;
    ending.message = kind == WorkerEnding::Kind::Cancelled
                         ? "cancelled; nothing was measured"
                         : "the run took longer than its time limit and was stopped";
    return ending;
}

} // namespace torchrig
