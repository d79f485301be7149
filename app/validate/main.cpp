// torchrig-validate: trains a model graph for a few steps with LibTorch and measures what happened.
// Reads one JSON request (a file, or one line of standard input with "-"), writes JSON lines on
// standard output: progress events, then one result or one error. See core/validation/validation_protocol.h.

#include "data_parallel.h"
#include "estimate/memory_estimate.h"
#include "rank_supervisor.h"
#include "torchrig_version.h"
#include "tracking_cpu_allocator.h"
#include "training_run.h"
#include "util/host_memory.h"
#include "util/text_file.h"
#include "validation/validation_protocol.h"
#include "workload/ops/op_descriptor.h"
#include "workload/workload_graph.h"

#include <nlohmann/json.hpp>
#include <torch/version.h> // macros only: the version, none of LibTorch's headers

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <mutex>
#include <optional>
#include <thread>
#include <unistd.h>

using namespace torchrig;

namespace {

std::mutex g_outputMutex;

void emit(const std::string& line) {
    std::lock_guard lock(g_outputMutex);
    std::fputs(line.c_str(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
}

// Written from the signal handler with write(2), the only output that is safe there.
char g_terminatedLine[160];

void onTerminate(int) {
    auto written = ::write(STDOUT_FILENO, g_terminatedLine, std::strlen(g_terminatedLine));
    (void)written;
    std::_Exit(128 + SIGTERM);
}

int fail(ValidationErrorKind kind, const std::string& message) {
    emit(errorLine(kind, message));
    return kind == ValidationErrorKind::InvalidRequest ? 2 : kind == ValidationErrorKind::OutOfMemory ? 3 : 1;
}

// The largest batch whose steady-state step fits: double until a step does not fit, then bisect.
int findMaxBatch(const ValidationRequest& base) {
    if (!base.modelGraphJson.empty())
        return fail(ValidationErrorKind::Unsupported,
                    "the largest batch is searched for zoo models only: a model "
                    "file's shapes are fixed");
    auto attempt = base;
    attempt.warmupSteps = 1; // the first step has no optimizer state yet: the second is the steady one
    attempt.steps = 1;
    std::optional<ValidationResult> best;
    // The whole search runs within the request's time limit, not each attempt: a search is up to
    // 40 attempts. Each attempt gets what is left.
    using Clock = std::chrono::steady_clock;
    const auto searchStart = Clock::now();
    auto fits = [&](std::int64_t batch) {
        const double spent = std::chrono::duration<double>(Clock::now() - searchStart).count();
        if (spent >= base.timeLimitSeconds) {
            char limit[32];
            std::snprintf(limit, sizeof limit, "%g", base.timeLimitSeconds);
            throw validate::WorkerError(
                ValidationErrorKind::Internal,
                std::string("the time limit of ") + limit + " s ran out during the search, before batch " +
                    std::to_string(batch) + " was tried" +
                    (best ? " (batch " + std::to_string(best->inputs.batch) + " fit)" : std::string()) +
                    "; give a longer time limit, or start the search nearer the answer (--batch)");
        }
        attempt.timeLimitSeconds = base.timeLimitSeconds - spent;
        attempt.inputs.batch = batch;
        emit(progressLine("search", static_cast<int>(batch), 0));
        auto graph = buildWorkloadGraph(attempt);
        if (!graph)
            throw validate::WorkerError(ValidationErrorKind::InvalidRequest, graph.error().text());
        try {
            ValidationResult result;
            result.model = attempt.model;
            result.inputs = effectiveInputs(attempt);
            result.measured = validate::runTraining(*graph, attempt, [](std::string_view, int, double) {});
            best = result;
            return true;
        } catch (const validate::WorkerError& e) {
            if (e.kind() == ValidationErrorKind::OutOfMemory)
                return false;
            throw;
        }
    };
    try {
        std::int64_t low = 0;  // fits (0: none known)
        std::int64_t high = 0; // does not fit (0: none known)
        for (std::int64_t batch = base.inputs.batch; high == 0 && batch <= kMaxBatchSearchUpTo; batch *= 2)
            (fits(batch) ? low : high) = batch;
        if (low == 0 && high > 1) { // even the first batch tried is too large
            for (std::int64_t batch = high / 2; batch >= 1 && low == 0; batch /= 2)
                (fits(batch) ? low : high) = batch;
        }
        if (low == 0)
            return fail(ValidationErrorKind::OutOfMemory, "does not fit even at batch 1");
        while (high != 0 && high - low > 1) {
            auto middle = low + (high - low) / 2;
            (fits(middle) ? low : high) = middle;
        }
        // The measurement of the largest batch that fit is the one kept.
        if (best->inputs.batch != low)
            fits(low);
        best->maxBatch = low;
        best->device = validate::describeDevice(base);
        emit(resultLine(*best));
        return 0;
    } catch (const validate::WorkerError& e) {
        return fail(e.kind(), e.what());
    }
}

// Every op kind the model format knows, trained once on the CPU from its descriptor's example: a
// line each, saying it trained or why not. A kind the worker has no module for is refused by name.
int checkOpKinds() {
    for (std::size_t index = 0; index < kOpKindCount; ++index) {
        const auto kind = static_cast<OpKind>(index);
        const auto* descriptor = ops::findOpDescriptor(kind);
        nlohmann::json line = {{"event", "op"}, {"op", std::string(opKindId(kind))}};
        std::string refusal =
            descriptor && descriptor->example
                ? validate::trainOnceOnCpu(descriptor->example())
                : "op kind " + std::to_string(index) + " has no descriptor, so no example to train";
        line["trained"] = refusal.empty();
        if (!refusal.empty())
            line["message"] = refusal;
        emit(line.dump());
    }
    return 0;
}

// The request: a file, or with "-" one line of standard input, answered as soon as its newline
// arrives (the caller may keep the pipe open). Both bounded: a request is a few MB at most.
constexpr std::size_t kMaxRequestBytes = 64u << 20;

Result<std::string> readRequestText(const char* source) {
    if (std::strcmp(source, "-") != 0)
        return readTextFile(source, kMaxRequestBytes);
    std::string line;
    for (int c; (c = std::cin.get()) != std::char_traits<char>::eof() && c != '\n';) {
        line.push_back(static_cast<char>(c));
        if (line.size() > kMaxRequestBytes)
            return makeError(ErrorCode::InvalidInput, "the request line is longer than " +
                                                          std::to_string(kMaxRequestBytes >> 20) + " MiB");
    }
    return line;
}

// Between steps and micro-batches the run checks its time limit itself; a single op that overruns
// it by half a minute is stopped here. Until then a heartbeat line every few seconds tells the
// planner that a long step is running, not hanging (validation/worker_ending.h: WorkerLimits).
void keepAliveUntil(double limitSeconds) {
    std::thread([limitSeconds] {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        const auto end = start + std::chrono::duration_cast<Clock::duration>(
                                     std::chrono::duration<double>(limitSeconds + 30));
        for (auto now = start; now < end; now = Clock::now()) {
            std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::seconds(10), end - now));
            if (Clock::now() < end)
                emit(progressLine(kHeartbeatPhase, 0,
                                  std::chrono::duration<double>(Clock::now() - start).count()));
        }
        char limit[32];
        std::snprintf(limit, sizeof limit, "%g", limitSeconds);
        emit(errorLine(ValidationErrorKind::Internal,
                       std::string("the time limit of ") + limit +
                           " s ran out inside a step; the worker stopped. Measure a smaller step (batch, "
                           "sequence) or give a longer time limit"));
        std::_Exit(4);
    }).detach();
}

enum class Mode { Train, CountParameters, MaxBatch };

// [--count-parameters | --max-batch] [--ranks N [--rank R --rendezvous HOST:PORT]] REQUEST
struct WorkerArguments {
    bool understood = false;
    Mode mode = Mode::Train;
    int ranks = 0; // 0: as the request says
    int rank = -1; // -1: not a rank joining a rendezvous
    std::string rendezvous;
};

WorkerArguments parseArguments(int argc, char** argv) {
    WorkerArguments a;
    a.understood = argc >= 2 && std::strcmp(argv[1], "--help") != 0;
    for (int i = 1; a.understood && i + 1 < argc; ++i) {
        const std::string option = argv[i];
        auto number = [&](int& into) {
            char* end = nullptr;
            const long value = i + 2 < argc ? std::strtol(argv[i + 1], &end, 10) : -1;
            a.understood = end && *end == '\0' && value >= 0 && value <= kMaxRanks;
            into = static_cast<int>(value);
            ++i;
        };
        if (option == "--count-parameters")
            a.mode = Mode::CountParameters;
        else if (option == "--max-batch")
            a.mode = Mode::MaxBatch;
        else if (option == "--ranks")
            number(a.ranks);
        else if (option == "--rank")
            number(a.rank);
        else if (option == "--rendezvous" && i + 2 < argc)
            a.rendezvous = argv[++i];
        else
            a.understood = false;
    }
    return a;
}

void printUsage(FILE* to) {
    std::fprintf(
        to, "Usage: torchrig-validate [--count-parameters | --max-batch] REQUEST.json | - (one line of "
            "stdin)\n"
            "  or:  torchrig-validate --ranks N REQUEST.json | -\n"
            "  or:  torchrig-validate --rank R --ranks N --rendezvous HOST:PORT REQUEST.json | -\n"
            "  or:  torchrig-validate --probe | --check-ops | --version\n"
            "\n"
            "Trains the requested model for a few steps and prints JSON lines (progress, then one result\n"
            "or one error). --count-parameters builds the network without memory and prints its\n"
            "parameter count; --max-batch finds the largest batch that fits; --probe lists devices;\n"
            "--check-ops trains each op kind's smallest model once on the CPU and says which it can "
            "build; --version prints its version and LibTorch's.\n"
            "--ranks N trains data parallel (PyTorch's DDP) over N processes of this machine, started and\n"
            "stopped together; with --rank R and --rendezvous HOST:PORT (rank 0's address and a free port)\n"
            "this process is rank R of N, across machines: start every rank with the same request.\n");
}

// The request's ranks and, for a rank joining a rendezvous, where; or why not.
std::optional<std::pair<ValidationErrorKind, std::string>>
placeRanks(const WorkerArguments& a, ValidationRequest& request,
           std::optional<validate::Rendezvous>& rendezvous) {
    using Refusal = std::pair<ValidationErrorKind, std::string>;
    if (a.ranks > 0) {
        if (request.ranks > 1 && request.ranks != a.ranks)
            return Refusal{ValidationErrorKind::InvalidRequest,
                           "the request asks for " + std::to_string(request.ranks) +
                               " ranks and --ranks for " + std::to_string(a.ranks) + "; give one"};
        request.ranks = a.ranks;
    }
    if (!a.rendezvous.empty() || a.rank >= 0) {
        if (a.rendezvous.empty() || a.rank < 0 || a.ranks == 0)
            return Refusal{ValidationErrorKind::InvalidRequest,
                           "a rank joining a rendezvous needs --rank, --ranks and --rendezvous together"};
        try {
            rendezvous = validate::parseRendezvous(a.rendezvous, a.rank, a.ranks);
        } catch (const validate::WorkerError& e) {
            return Refusal{e.kind(), e.what()};
        }
        rendezvous->timeoutSeconds = std::min(60.0, request.timeLimitSeconds);
    }
    if (request.ranks > 1 && a.mode != Mode::Train)
        return Refusal{ValidationErrorKind::Unsupported,
                       "--count-parameters and --max-batch run one process: leave --ranks out"};
    if (request.ranks > 1 && !validate::dataParallelBuilt())
        return Refusal{
            ValidationErrorKind::Unsupported,
            "this torchrig-validate was built without c10d's Gloo process group (on Debian: install "
            "libgloo-dev and rebuild), so it measures one process only"};
    return std::nullopt;
}

int runWorker(int argc, char** argv);

} // namespace

// Debian's LibTorch runs its own parallel loops on OpenMP and its matrix products on OpenBLAS's
// pthreads. After each parallel loop libgomp's threads spin for a while, taking the cores the next
// product's threads need: a linear with a bias (its broadcast copy, then the product) ran at 37–160
// GFLOP/s where a bare product of the same shape reached 174–201 (seven shapes, 2 cores). Python
// PyTorch's own builds keep one threading runtime and do not pay this, and the worker measures
// for them: libgomp reads OMP_WAIT_POLICY only as it loads, so the worker starts itself again with
// passive waiting unless the caller chose a policy.
void runWithPassiveOpenMpWaits(char** argv) {
    if (std::getenv("OMP_WAIT_POLICY") != nullptr)
        return;
    setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
    execv("/proc/self/exe", argv); // returns only on failure: run as started
}

int main(int argc, char** argv) {
    runWithPassiveOpenMpWaits(argv);
    // Whatever escapes the run still ends as the protocol's error line, never as an abort.
    try {
        return runWorker(argc, argv);
    } catch (const std::bad_alloc&) {
        return fail(ValidationErrorKind::OutOfMemory, "the worker ran out of memory");
    } catch (const std::exception& e) {
        return fail(ValidationErrorKind::Internal, e.what());
    }
}

namespace {

int runWorker(int argc, char** argv) {
    std::snprintf(
        g_terminatedLine, sizeof g_terminatedLine, "%s\n",
        errorLine(ValidationErrorKind::Internal, "stopped: the worker was asked to end (SIGTERM)").c_str());
    std::signal(SIGTERM, onTerminate);

    if (argc == 2 && std::strcmp(argv[1], "--probe") == 0) {
        validate::prepareLibTorch();
        emit(devicesLine(validate::probeDevices()));
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "--check-ops") == 0) {
        validate::prepareLibTorch();
        return checkOpKinds();
    }
    if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
        std::printf("torchrig-validate %s (LibTorch %s)\n", TORCHRIG_VERSION, TORCH_VERSION);
        return 0;
    }
    const auto arguments = parseArguments(argc, argv);
    if (!arguments.understood) {
        // Asked for: on standard output (help2man reads it there); a wrong call: on standard error.
        const bool asked = argc == 2 && std::strcmp(argv[1], "--help") == 0;
        printUsage(asked ? stdout : stderr);
        return asked ? 0 : 2;
    }
    const auto mode = arguments.mode;
    auto text = readRequestText(argv[argc - 1]);
    if (!text)
        return fail(ValidationErrorKind::InvalidRequest, text.error().text());
    auto request = parseValidationRequest(*text);
    if (!request)
        return fail(ValidationErrorKind::InvalidRequest, request.error().text());
    std::optional<validate::Rendezvous> rendezvous;
    if (auto refusal = placeRanks(arguments, *request, rendezvous))
        return fail(refusal->first, refusal->second);
    if (request->ranks > 1 && !rendezvous)
        return validate::superviseRanks("/proc/self/exe", *request, emit);
    auto graph = buildWorkloadGraph(*request);
    if (!graph)
        return fail(ValidationErrorKind::InvalidRequest, graph.error().text());
    if (mode == Mode::CountParameters) {
        emit("{\"event\":\"parameters\",\"parameter_count\":" +
             std::to_string(validate::countNetworkParameters(*graph)) + "}");
        return 0;
    }

    keepAliveUntil(request->timeLimitSeconds);

    // The estimate runs first on every request: a graph it refuses (an in-place op autograd
    // cannot allow, a workload beyond 64-bit byte counts) is refused here in its words, before
    // LibTorch would fail less clearly. A CPU run that it says cannot fit in the RAM available is
    // refused too (the kernel's OOM killer would end it less kindly); the tracking allocator's limit
    // catches the rest.
    std::int64_t peak = 0;
    try {
        peak = estimate::estimateMemory(*graph, estimate::trainingSetupFor(*request)).allocatedPeakBytes;
    } catch (const GraphError& e) {
        return fail(ValidationErrorKind::InvalidRequest, e.what());
    }
    auto available = hostMemoryBytes("MemAvailable");
    if (request->device == "cpu" && available > 0 && !request->force && peak > available)
        return fail(ValidationErrorKind::OutOfMemory,
                    "does not fit at batch " + std::to_string(request->inputs.batch) +
                        ": its estimated peak is " + std::to_string(peak) + " bytes and " +
                        std::to_string(available) +
                        " bytes of RAM are available; set \"force\": true to try anyway");

    validate::prepareLibTorch();
    if (request->device == "cpu" && !request->force)
        validate::TrackingCpuAllocator::setLimit(request->memoryLimitBytes > 0 ? request->memoryLimitBytes
                                                                               : available);
    if (mode == Mode::MaxBatch)
        return findMaxBatch(*request);
    try {
        ValidationResult result;
        result.model = request->model.empty() ? graph->name() : request->model;
        result.inputs = effectiveInputs(*request);
        result.measured = validate::runTraining(
            *graph, *request,
            [](std::string_view phase, int step, double elapsed) {
                emit(progressLine(phase, step, elapsed));
            },
            rendezvous ? &*rendezvous : nullptr);
        result.device = validate::describeDevice(*request);
        emit(resultLine(result));
        return 0;
    } catch (const validate::WorkerError& e) {
        return fail(e.kind(), e.what());
    } catch (const std::exception& e) {
        return fail(ValidationErrorKind::Internal, e.what());
    }
}

} // namespace
