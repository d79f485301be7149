#include "worker_process.h"

#include "paths.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace torchrig::cli {

namespace {

using Clock = std::chrono::steady_clock;

WorkerOutcome outcomeOf(WorkerEnding ending) {
    return {ending.kind == WorkerEnding::Kind::Measured, std::move(ending.result), ending.errorKind,
            std::move(ending.message)};
}

Clock::time_point after(Clock::time_point from, double seconds) {
    return from + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

int millisecondsUntil(Clock::time_point when) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(when - Clock::now()).count();
    return static_cast<int>(std::clamp<long long>(left + 1, 0, 1000));
}

// The worker's exit status, waited for until `deadline` at most: a worker that closed its output
// and lives on is killed then (nullopt).
std::optional<int> reap(pid_t pid, Clock::time_point deadline) {
    int status = 0;
    for (;;) {
        const auto done = waitpid(pid, &status, WNOHANG);
        if (done == pid || (done < 0 && errno != EINTR))
            return status;
        if (Clock::now() >= deadline) {
            kill(pid, SIGKILL);
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            return std::nullopt;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

// Writes the request as the worker reads it, and reads what it writes, keeping the planner's own
// deadlines; a worker past one is killed. What its output decided, or why it was stopped.
struct Supervision {
    std::optional<WorkerEnding> stopped; // the planner stopped it (TimedOut)
    bool killed = false;
};

Supervision supervise(pid_t pid, int requestFd, int outputFd, const std::string& request,
                      WorkerOutputReader& output, const WorkerLimits& limits) {
    const auto started = Clock::now();
    const auto overall = after(started, limits.overallSeconds);
    auto silentUntil = after(started, limits.silenceSeconds);
    std::optional<Clock::time_point> answeredBy; // a decided worker's time to exit
    std::size_t sent = 0;
    Supervision result;
    auto stop = [&](std::optional<WorkerEnding> why) {
        kill(pid, SIGKILL);
        result.stopped = std::move(why);
        result.killed = true;
    };
    for (char buffer[65536];;) {
        const auto now = Clock::now();
        if (answeredBy && now >= *answeredBy) {
            stop(std::nullopt); // its answer stands
            break;
        }
        if (!answeredBy && now >= overall) {
            stop(workerPastDeadline(limits));
            break;
        }
        if (!answeredBy && now >= silentUntil) {
            stop(workerSilent(limits, output.linesRead() > 0));
            break;
        }
        pollfd fds[2] = {{outputFd, POLLIN, 0}, {requestFd, POLLOUT, 0}};
        const int ready = poll(fds, requestFd >= 0 ? 2 : 1,
                               millisecondsUntil(answeredBy ? *answeredBy : std::min(overall, silentUntil)));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (requestFd >= 0 && (fds[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
            const auto written = write(requestFd, request.data() + sent, request.size() - sent);
            if (written > 0)
                sent += static_cast<std::size_t>(written);
            if ((written < 0 && errno != EINTR && errno != EAGAIN) || sent == request.size()) {
                close(requestFd); // all of it, or a worker that does not read it: its exit says
                requestFd = -1;
            }
        }
        if (!(fds[0].revents & (POLLIN | POLLERR | POLLHUP)))
            continue;
        const auto n = read(outputFd, buffer, sizeof buffer);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0) {
            output.endOfOutput();
            break;
        }
        const auto linesBefore = output.linesRead();
        output.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
        if (output.linesRead() != linesBefore)
            silentUntil = after(Clock::now(), limits.silenceSeconds);
        if (output.decision() && output.decision()->kind == WorkerEnding::Kind::Garbage) {
            stop(std::nullopt); // nothing more it says is trusted: not waited for
            break;
        }
        if (output.decision() && !answeredBy)
            answeredBy = after(Clock::now(), limits.afterDecisionSeconds);
    }
    if (requestFd >= 0)
        close(requestFd);
    return result;
}

} // namespace

std::string defaultWorkerPath() {
    return db::defaultWorkerPath().string();
}

WorkerOutcome runWorker(const std::vector<std::string>& command, const std::string& requestJson,
                        const std::function<void(const WorkerLine&)>& onProgress,
                        const WorkerExpectation& expected, std::optional<WorkerLimits> given) {
    const auto request = parseValidationRequest(requestJson);
    const auto limits = given ? *given : workerLimitsFor(request ? request->timeLimitSeconds : 600);
    int toChild[2];
    int fromChild[2];
    if (pipe(toChild) != 0 || pipe(fromChild) != 0)
        return outcomeOf(
            workerNotStarted(std::string("the worker could not be started: ") + std::strerror(errno)));
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO);
    for (int fd : {toChild[0], toChild[1], fromChild[0], fromChild[1]})
        posix_spawn_file_actions_addclose(&actions, fd);
    std::vector<char*> argv;
    for (const auto& part : command)
        argv.push_back(const_cast<char*>(part.c_str()));
    argv.push_back(nullptr);
    pid_t pid = 0;
    int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    close(toChild[0]);
    close(fromChild[1]);
    if (spawned != 0) {
        close(toChild[1]);
        close(fromChild[0]);
        return outcomeOf(workerNotStarted(
            "the worker " + command.front() + " could not be started: " + std::strerror(spawned) +
            ". Build it (it needs LibTorch: libtorch-dev) or point TORCHRIG_VALIDATE at it"));
    }
    // One line (the protocol's JSON lines), written as the worker reads it: a request of a few MB
    // must not block on a worker that never reads; one that exits first is reported by its exit.
    std::signal(SIGPIPE, SIG_IGN);
    fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK);
    WorkerOutputReader output(onProgress, expected, limits.lineCapBytes);
    auto supervision = supervise(pid, toChild[1], fromChild[0], requestJson + "\n", output, limits);
    close(fromChild[0]);
    const auto status = reap(pid, after(Clock::now(), supervision.killed ? 3600 : limits.silenceSeconds));
    if (supervision.stopped)
        return outcomeOf(std::move(*supervision.stopped));
    if (!status && !output.decision()) // it closed its output, and then wrote nothing for long
        return outcomeOf(workerSilent(limits, output.linesRead() > 0));
    const int exited = status.value_or(0);
    return outcomeOf(workerEndingAfterExit(
        output, WIFSIGNALED(exited) ? std::optional<int>(WTERMSIG(exited)) : std::nullopt,
        WIFEXITED(exited) ? WEXITSTATUS(exited) : 0));
}

} // namespace torchrig::cli
