#include "rank_supervisor.h"

#include "util/host_memory.h"
#include "validation/worker_ending.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <optional>
#include <thread>
#include <vector>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace torchrig::validate {

namespace {

using Clock = std::chrono::steady_clock;

double secondsBetween(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double>(to - from).count();
}

// A TCP port free on the loopback now, for rank 0's store (another program may take it before rank 0
// binds it: rank 0 then says the port is in use, and the run is started again).
int freeLoopbackPort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return 0;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

struct Rank {
    int index = 0;
    pid_t pid = -1;
    int output = -1; // its standard output; -1 once it ended
    std::string pending;
    Clock::time_point lastLine;
    std::optional<ValidationResult> result;
    bool saidError = false;        // it wrote an error line: its ending is that, not a crash
    std::optional<int> waitStatus; // once reaped
};

// Starts one rank: this program joining the rendezvous, its request on its standard input. It is
// killed when this process ends, however this process ends (PR_SET_PDEATHSIG).
bool startRank(Rank& rank, const std::string& program, int ranks, int port, const std::string& request) {
    int input[2], output[2];
    if (::pipe2(input, O_CLOEXEC) != 0)
        return false;
    if (::pipe2(output, O_CLOEXEC) != 0) {
        ::close(input[0]), ::close(input[1]);
        return false;
    }
    const std::vector<std::string> arguments = {program,
                                                "--rank",
                                                std::to_string(rank.index),
                                                "--ranks",
                                                std::to_string(ranks),
                                                "--rendezvous",
                                                "127.0.0.1:" + std::to_string(port),
                                                "-"};
    std::vector<char*> argv;
    for (const auto& argument : arguments)
        argv.push_back(const_cast<char*>(argument.c_str()));
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid == 0) { // only async-signal-safe calls until exec
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent)
            ::_exit(127);
        ::dup2(input[0], STDIN_FILENO);
        ::dup2(output[1], STDOUT_FILENO);
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    ::close(input[0]);
    ::close(output[1]);
    if (pid < 0) {
        ::close(input[1]), ::close(output[0]);
        return false;
    }
    rank.pid = pid;
    rank.output = output[0];
    rank.lastLine = Clock::now();
    // A rank that dies before reading its request makes this write fail (EPIPE, SIGPIPE ignored):
    // its ending is then read from its output like any other.
    const std::string line = request + "\n";
    for (std::size_t written = 0; written < line.size();) {
        const auto n = ::write(input[1], line.data() + written, line.size() - written);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        written += static_cast<std::size_t>(n);
    }
    ::close(input[1]);
    return true;
}

// Stops every rank still running: SIGTERM (each says it was asked to end), SIGKILL a few seconds on.
void stopAll(std::vector<Rank>& ranks) {
    for (auto& rank : ranks)
        if (rank.pid > 0 && !rank.waitStatus)
            ::kill(rank.pid, SIGTERM);
    const auto deadline = Clock::now() + std::chrono::seconds(3);
    for (bool running = true; running;) {
        running = false;
        for (auto& rank : ranks) {
            if (rank.pid <= 0 || rank.waitStatus)
                continue;
            int status = 0;
            if (::waitpid(rank.pid, &status, WNOHANG) == rank.pid)
                rank.waitStatus = status;
            else
                running = true;
        }
        if (running && Clock::now() > deadline) {
            for (auto& rank : ranks)
                if (rank.pid > 0 && !rank.waitStatus) {
                    ::kill(rank.pid, SIGKILL);
                    int status = 0;
                    ::waitpid(rank.pid, &status, 0);
                    rank.waitStatus = status;
                }
            running = false;
        }
        if (running)
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    for (auto& rank : ranks)
        if (rank.output >= 0)
            ::close(rank.output), rank.output = -1;
}

// How a rank that wrote no result or error line ended.
std::string endingOf(Rank& rank) {
    if (!rank.waitStatus) {
        int status = 0;
        // Its output closed: it is ending. A second is plenty; past it, it is killed below.
        for (int i = 0; i < 100 && !rank.waitStatus; ++i) {
            if (::waitpid(rank.pid, &status, WNOHANG) == rank.pid)
                rank.waitStatus = status;
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    if (!rank.waitStatus)
        return "closed its output without a result and did not exit";
    const int status = *rank.waitStatus;
    if (WIFSIGNALED(status))
        return "ended without a result: " + describeSignal(WTERMSIG(status));
    if (WEXITSTATUS(status) == 127)
        return "could not be started (exit status 127)";
    return "exited with status " + std::to_string(WEXITSTATUS(status)) + " without a result";
}

int exitStatusOf(ValidationErrorKind kind) {
    return kind == ValidationErrorKind::InvalidRequest ? 2 : kind == ValidationErrorKind::OutOfMemory ? 3 : 1;
}

// The ranks of one run, from their start to the one line that answers for all of them.
class RankSupervisor {
public:
    RankSupervisor(ValidationRequest request, const std::function<void(const std::string&)>& emit)
        : m_request(std::move(request))
        , m_limits(workerLimitsFor(m_request.timeLimitSeconds))
        , m_emit(emit)
        , m_ranks(static_cast<std::size_t>(m_request.ranks)) {}

    int run(const std::string& program) {
        const int port = freeLoopbackPort();
        if (port == 0)
            return answerFailure(
                {ValidationErrorKind::Internal,
                 "no free TCP port on 127.0.0.1 for the ranks' rendezvous: " + std::string(strerror(errno)),
                 true});
        const auto requestJson = validationRequestToJson(m_request);
        for (int i = 0; i < count(); ++i) {
            auto& rank = m_ranks[static_cast<std::size_t>(i)];
            rank.index = i;
            if (!startRank(rank, program, count(), port, requestJson))
                return answerFailure(
                    {ValidationErrorKind::Internal,
                     "rank " + std::to_string(i) + " could not be started: " + strerror(errno), true});
        }
        while (!decided()) {
            if (!readOutputs())
                break;
            checkLimits();
        }
        if (!m_failure &&
            !std::all_of(m_ranks.begin(), m_ranks.end(), [](const Rank& r) { return r.result.has_value(); }))
            fail(ValidationErrorKind::Internal,
                 "the ranks' output could not be read (" + std::string(strerror(errno)) +
                     "): every rank was stopped",
                 true);
        if (m_failure)
            return answerFailure(*m_failure);
        return answerResult();
    }

private:
    struct Failure {
        ValidationErrorKind kind;
        std::string message;
        bool crash; // a rank that died: the cause of its peers' errors, who lose the connection to it
    };

    int count() const { return m_request.ranks; }
    std::string who(const Rank& rank) const {
        return "rank " + std::to_string(rank.index) + " of " + std::to_string(count());
    }

    // The first failure decides, but an error waits a moment for a crash to be seen before it is said.
    void fail(ValidationErrorKind kind, std::string message, bool crash) {
        if (!m_failure || (crash && !m_failure->crash))
            m_failure = Failure{kind, std::move(message), crash};
        if (m_decideAt == Clock::time_point{})
            m_decideAt = Clock::now() + std::chrono::milliseconds(crash ? 0 : 1500);
    }

    bool decided() const {
        if (m_failure && Clock::now() >= m_decideAt)
            return true;
        return std::all_of(m_ranks.begin(), m_ranks.end(),
                           [](const Rank& r) { return r.result.has_value(); });
    }

    void handleLine(Rank& rank, const std::string& text) {
        rank.lastLine = Clock::now();
        auto line = parseWorkerLine(text);
        if (!line)
            return fail(ValidationErrorKind::Internal, who(rank) + ": " + line.error().text(), false);
        switch (line->type) {
        case WorkerLine::Type::Progress:
            if (rank.index == 0 && line->phase != kHeartbeatPhase)
                m_emit(progressLine(line->phase, line->step, line->elapsedSeconds));
            return;
        case WorkerLine::Type::Error:
            rank.saidError = true;
            return fail(line->errorKind, who(rank) + ": " + line->message, false);
        case WorkerLine::Type::Result: {
            const auto& dp = line->result.measured.dataParallel;
            if (!dp || dp->rank != rank.index || dp->ranks != count())
                return fail(ValidationErrorKind::Internal,
                            who(rank) + " answered without its data-parallel figures, or as another rank",
                            false);
            rank.result = std::move(line->result);
            return;
        }
        }
    }

    // Waits up to 200 ms for output and reads what came; false when no rank has output left.
    bool readOutputs() {
        std::vector<pollfd> fds;
        std::vector<Rank*> polled;
        for (auto& rank : m_ranks)
            if (rank.output >= 0) {
                fds.push_back({rank.output, POLLIN, 0});
                polled.push_back(&rank);
            }
        if (fds.empty()) { // every output closed, and not every rank answered
            for (auto& rank : m_ranks)
                if (!rank.result && !rank.saidError)
                    fail(ValidationErrorKind::Internal, who(rank) + " " + endingOf(rank), true);
            return false;
        }
        if (::poll(fds.data(), fds.size(), 200) < 0 && errno != EINTR)
            return false;
        for (std::size_t i = 0; i < fds.size(); ++i)
            if (fds[i].revents & (POLLIN | POLLHUP | POLLERR))
                readOutput(*polled[i]);
        return true;
    }

    void readOutput(Rank& rank) {
        char buffer[65536];
        const auto n = ::read(rank.output, buffer, sizeof buffer);
        if (n > 0) {
            rank.pending.append(buffer, static_cast<std::size_t>(n));
            for (std::size_t newline; (newline = rank.pending.find('\n')) != std::string::npos;) {
                const auto text = rank.pending.substr(0, newline);
                rank.pending.erase(0, newline + 1);
                handleLine(rank, text);
            }
            if (rank.pending.size() > m_limits.lineCapBytes)
                fail(ValidationErrorKind::Internal,
                     who(rank) + " wrote a line longer than " + std::to_string(m_limits.lineCapBytes) +
                         " bytes: not the worker's protocol",
                     false);
        } else if (n == 0 || (errno != EINTR && errno != EAGAIN)) {
            ::close(rank.output);
            rank.output = -1;
            if (!rank.result && !rank.saidError)
                fail(ValidationErrorKind::Internal, who(rank) + " " + endingOf(rank), true);
        }
    }

    // The planner's limits, kept here for every rank: silence, the overall deadline; and a heartbeat.
    void checkLimits() {
        const auto now = Clock::now();
        // Silence cannot tell the rank that hangs from its peers waiting for it in a collective: every
        // silent rank is named.
        std::vector<std::string> silent;
        for (auto& rank : m_ranks)
            if (rank.output >= 0 && !rank.result &&
                secondsBetween(rank.lastLine, now) > m_limits.silenceSeconds)
                silent.push_back(std::to_string(rank.index));
        if (!silent.empty()) {
            std::string names = silent.front();
            for (std::size_t i = 1; i < silent.size(); ++i)
                names += (i + 1 == silent.size() ? " and " : ", ") + silent[i];
            fail(ValidationErrorKind::Internal,
                 (silent.size() == 1 ? "rank " : "ranks ") + names + " of " + std::to_string(count()) +
                     " wrote nothing for " + std::to_string(static_cast<int>(m_limits.silenceSeconds)) +
                     " s (a rank that hangs, or ranks waiting in a collective for one that does): every rank "
                     "was "
                     "stopped",
                 true);
        }
        if (secondsBetween(m_start, now) > m_limits.overallSeconds)
            fail(ValidationErrorKind::Internal,
                 "the ranks ran past the time limit and its margin (" +
                     std::to_string(static_cast<int>(m_limits.overallSeconds)) +
                     " s): every rank was stopped",
                 true);
        if (secondsBetween(m_lastHeartbeat, now) >= 10) {
            m_lastHeartbeat = now;
            m_emit(progressLine(kHeartbeatPhase, 0, secondsBetween(m_start, now)));
        }
    }

    int answerFailure(const Failure& failure) {
        stopAll(m_ranks);
        m_emit(errorLine(failure.kind, failure.message));
        return exitStatusOf(failure.kind);
    }

    // Every rank answered: they exit on their own; one that lingers is stopped.
    int answerResult() {
        const auto lingerUntil =
            Clock::now() + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(m_limits.afterDecisionSeconds));
        for (auto& rank : m_ranks)
            while (!rank.waitStatus && Clock::now() < lingerUntil) {
                int status = 0;
                if (::waitpid(rank.pid, &status, WNOHANG) == rank.pid)
                    rank.waitStatus = status;
                else
                    std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
        stopAll(m_ranks);
        ValidationResult result = *m_ranks.front().result;
        result.ranks.clear();
        for (const auto& rank : m_ranks)
            result.ranks.push_back(rank.result->measured);
        m_emit(resultLine(result));
        return 0;
    }

    ValidationRequest m_request;
    WorkerLimits m_limits;
    const std::function<void(const std::string&)>& m_emit;
    std::vector<Rank> m_ranks;
    std::optional<Failure> m_failure;
    Clock::time_point m_decideAt{};
    const Clock::time_point m_start = Clock::now();
    Clock::time_point m_lastHeartbeat = m_start;
};

} // namespace

int superviseRanks(const std::string& program, ValidationRequest request,
                   const std::function<void(const std::string&)>& emit) {
    std::signal(SIGPIPE, SIG_IGN);
    // c10d logs through glog to standard error (a port it could not bind, a peer that left) what
    // each rank's error line then says in words: the ranks' log keeps to fatal errors unless the
    // caller chose a level.
    setenv("GLOG_minloglevel", "3", 0);
    const int count = request.ranks;
    // The machine's cores and memory are shared among the ranks, as torchrun's one thread per
    // process shares them: each rank gets its part unless the request says otherwise.
    if (request.threads == 0)
        request.threads =
            std::max(1, static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) / count);
    if (request.device == "cpu" && request.memoryLimitBytes == 0 && !request.force)
        request.memoryLimitBytes = std::max<std::int64_t>(1, hostMemoryBytes("MemAvailable") / count);
    return RankSupervisor(std::move(request), emit).run(program);
}

} // namespace torchrig::validate
