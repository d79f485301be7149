#include "io/worker_ending.h"

#include <csignal>
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

WorkerOutputReader::WorkerOutputReader(std::function<void(const WorkerLine&)> onProgress)
    : m_onProgress(std::move(onProgress)) {}

void WorkerOutputReader::feed(std::string_view bytes) {
    m_pending.append(bytes);
    for (auto newline = m_pending.find('\n'); newline != std::string::npos; newline = m_pending.find('\n')) {
        line(std::string_view(m_pending).substr(0, newline));
        m_pending.erase(0, newline + 1);
    }
}

void WorkerOutputReader::endOfOutput() {
    line(m_pending);
    m_pending.clear();
}

void WorkerOutputReader::line(std::string_view text) {
    constexpr std::string_view kSpace = " \t\r\n\f\v";
    const auto first = text.find_first_not_of(kSpace);
    text = first == std::string_view::npos ? std::string_view()
                                           : text.substr(first, text.find_last_not_of(kSpace) - first + 1);
    if (text.empty() || m_decision)
        return;
    auto parsed = parseWorkerLine(text);
    WorkerEnding ending;
    if (!parsed) {
        ending.kind = WorkerEnding::Kind::Garbage;
        ending.message = parsed.error().message + "; nothing it measured is trusted";
        m_decision = std::move(ending);
        return;
    }
    switch (parsed->type) {
    case WorkerLine::Type::Progress:
        if (m_onProgress)
            m_onProgress(*parsed);
        return;
    case WorkerLine::Type::Result:
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
