#include "worker_process.h"

#include "paths.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace torchrig::cli {

namespace {

WorkerOutcome outcomeOf(WorkerEnding ending) {
    return {ending.kind == WorkerEnding::Kind::Measured, std::move(ending.result), ending.errorKind,
            std::move(ending.message)};
}

} // namespace

std::string defaultWorkerPath() {
    return db::defaultWorkerPath().string();
}

WorkerOutcome runWorker(const std::vector<std::string>& command, const std::string& requestJson,
                        const std::function<void(const WorkerLine&)>& onProgress) {
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
    // One line (the protocol's JSON lines); a worker that exits before reading all of it is
    // reported by its exit, not by a signal here.
    std::signal(SIGPIPE, SIG_IGN);
    const auto line = requestJson + "\n";
    for (std::size_t sent = 0; sent < line.size();) {
        const auto written = write(toChild[1], line.data() + sent, line.size() - sent);
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0)
            break;
        sent += static_cast<std::size_t>(written);
    }
    close(toChild[1]);

    WorkerOutputReader output(onProgress);
    char buffer[4096];
    for (ssize_t n; (n = read(fromChild[0], buffer, sizeof buffer)) != 0;) {
        if (n < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        output.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
    }
    output.endOfOutput();
    close(fromChild[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    return outcomeOf(workerEndingAfterExit(
        output, WIFSIGNALED(status) ? std::optional<int>(WTERMSIG(status)) : std::nullopt,
        WIFEXITED(status) ? WEXITSTATUS(status) : 0));
}

} // namespace torchrig::cli
