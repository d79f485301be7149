// Data parallel as torchrig-validate measures it: ranks of this machine over c10d's Gloo process
// group and Reducer (--ranks N), ranks that meet at a rendezvous (--rank R --rendezvous HOST:PORT),
// and every way a run of several processes can fail.

#include "estimate/memory_estimate.h"
#include "test_support.h"
#include "validation/validation_protocol.h"
#include "worker_process.h"
#include "workload/workload_graph.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <arpa/inet.h>
#include <chrono>
#include <cstdio>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace torchrig;

namespace {

cli::WorkerOutcome runRanks(const nlohmann::json& request, int ranks) {
    return cli::runWorker({TORCHRIG_TEST_VALIDATE, "--ranks", std::to_string(ranks), "-"}, request.dump(),
                          [](const WorkerLine&) {});
}

// What the estimator says each rank of `ranks`-way DDP holds at its peak, for the request's workload.
std::int64_t estimatedPeak(const nlohmann::json& request, int ranks) {
    auto parsed = parseValidationRequest(request.dump());
    REQUIRE(parsed);
    auto graph = buildWorkloadGraph(*parsed);
    REQUIRE(graph);
    auto setup = estimate::trainingSetupFor(*parsed);
    setup.parallel = {estimate::ParallelStrategy::Ddp, ranks, false};
    return estimate::estimateMemory(*graph, setup).allocatedPeakBytes;
}

// A TCP port free on the loopback now.
int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
    ::close(fd);
    return ntohs(address.sin_port);
}

// The last line of a rank's output, read as the planner reads it.
WorkerLine lastLine(const std::filesystem::path& file) {
    auto text = test::readFile(file);
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    auto line =
        parseWorkerLine(text.substr(text.rfind('\n') == std::string::npos ? 0 : text.rfind('\n') + 1));
    REQUIRE(line);
    return *line;
}

const nlohmann::json kResnet18 = {{"model", "resnet18"}, {"batch", 2},        {"image_size", 64},
                                  {"steps", 2},          {"warmup_steps", 1}, {"device", "cpu"}};

} // namespace

TEST_CASE("Two Gloo ranks train ResNet-18 as DDP: each holds the estimated peak and all-reduces every "
          "gradient byte",
          "[validate][ddp]") {
    auto outcome = runRanks(kResnet18, 2);
    REQUIRE(outcome.succeeded);
    const auto& r = outcome.result;
    REQUIRE(r.ranks.size() == 2);
    const auto estimated = estimatedPeak(kResnet18, 2);
    for (int rank = 0; rank < 2; ++rank) {
        const auto& m = r.ranks[static_cast<std::size_t>(rank)];
        REQUIRE(m.dataParallel);
        CHECK(m.dataParallel->rank == rank);
        CHECK(m.dataParallel->ranks == 2);
        CHECK(m.dataParallel->backend == "gloo");
        // torchvision's ResNet-18: 11,689,512 float32 parameters, all trained, one all-reduce a step.
        CHECK(m.parameterCount == 11689512);
        CHECK(m.dataParallel->allReducedBytesPerStep == 11689512LL * 4);
        CHECK(m.dataParallel->buckets >= 2); // the 1 MiB first bucket and 25 MiB ones
        CHECK(m.dataParallel->communicationSeconds > 0);
        CHECK(m.dataParallel->overlappedSeconds <= m.dataParallel->communicationSeconds);
        // The gradient buckets are a second copy of the gradients: DDP's memory, held to the byte
        // (the accuracy suite's bound is 1 %).
        CHECK(std::abs(double(m.allocatedPeakBytes - estimated)) <= 0.01 * double(estimated));
        CHECK(m.allocatedPeakBytes > estimatedPeak(kResnet18, 1));
    }
    CHECK(r.measured.allocatedPeakBytes == r.ranks.front().allocatedPeakBytes);
}

TEST_CASE("Two Gloo ranks train GPT-2 as DDP at a small batch", "[validate][ddp]") {
    const nlohmann::json request = {{"model", "gpt2"}, {"batch", 1},        {"seq_len", 32},
                                    {"layers", 2},     {"steps", 1},        {"warmup_steps", 1},
                                    {"device", "cpu"}, {"optimizer", "sgd"}};
    auto outcome = runRanks(request, 2);
    REQUIRE(outcome.succeeded);
    const auto estimated = estimatedPeak(request, 2);
    for (const auto& m : outcome.result.ranks) {
        CHECK(m.dataParallel->allReducedBytesPerStep == m.parameterCount * 4);
        CHECK(std::abs(double(m.allocatedPeakBytes - estimated)) <= 0.01 * double(estimated));
    }
}

TEST_CASE("Two ranks started apart meet at a rendezvous on 127.0.0.1, as two machines would",
          "[validate][ddp]") {
    test::TemporaryFolder folder;
    const auto request = folder.file("request.json");
    test::writeFile(request, kResnet18.dump());
    const auto port = std::to_string(freePort());
    auto rank = [&](int r) {
        return std::string(TORCHRIG_TEST_VALIDATE) + " --rank " + std::to_string(r) +
               " --ranks 2 --rendezvous 127.0.0.1:" + port + " '" + request.string() + "' > '" +
               folder.file("rank" + std::to_string(r)).string() + "'";
    };
    test::shellOutput(rank(0) + " & " + rank(1) + "; wait");
    for (int r = 0; r < 2; ++r) {
        const auto line = lastLine(folder.file("rank" + std::to_string(r)));
        REQUIRE(line.type == WorkerLine::Type::Result);
        REQUIRE(line.result.measured.dataParallel);
        CHECK(line.result.measured.dataParallel->rank == r);
        CHECK(line.result.measured.dataParallel->allReducedBytesPerStep == 11689512LL * 4);
        CHECK(line.result.ranks.empty()); // each rank answers for itself
    }
}

TEST_CASE("A rank that cannot join says why: another world size, a port in use, nobody at the address",
          "[validate][ddp][hostile]") {
    test::TemporaryFolder folder;
    auto request = kResnet18;
    request["time_limit_seconds"] = 4; // also the rendezvous's timeout
    const auto file = folder.file("request.json");
    test::writeFile(file, request.dump());
    const auto worker = std::string(TORCHRIG_TEST_VALIDATE);
    {
        const auto port = std::to_string(freePort());
        test::shellOutput(worker + " --rank 0 --ranks 2 --rendezvous 127.0.0.1:" + port + " '" +
                          file.string() + "' > '" + folder.file("host").string() + "' & " + worker +
                          " --rank 1 --ranks 3 --rendezvous 127.0.0.1:" + port + " '" + file.string() +
                          "' > '" + folder.file("guest").string() + "'; wait");
        const auto guest = lastLine(folder.file("guest"));
        REQUIRE(guest.type == WorkerLine::Type::Error);
        CHECK(guest.message ==
              "rank 1 of 3: rank 0 runs 2 ranks, this one was started for 3; give every rank "
              "the same --ranks");
        CHECK(lastLine(folder.file("host")).type == WorkerLine::Type::Error); // its peer never came
    }
    {
        const int taken = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        REQUIRE(::bind(taken, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
        ::listen(taken, 1);
        ::getsockname(taken, reinterpret_cast<sockaddr*>(&address), &length);
        const auto port = std::to_string(ntohs(address.sin_port));
        auto outcome =
            cli::runWorker({worker, "--rank", "0", "--ranks", "2", "--rendezvous", "127.0.0.1:" + port, "-"},
                           request.dump(), [](const WorkerLine&) {});
        ::close(taken);
        REQUIRE_FALSE(outcome.succeeded);
        CHECK_THAT(outcome.message, Catch::Contains("rank 0 of 2 could not host the rendezvous (rendezvous "
                                                    "127.0.0.1:" +
                                                    port + ")") &&
                                        Catch::Contains("port " + port + " is in use on this machine"));
    }
    {
        const auto start = std::chrono::steady_clock::now();
        auto outcome = cli::runWorker({worker, "--rank", "1", "--ranks", "2", "--rendezvous",
                                       "127.0.0.1:" + std::to_string(freePort()), "-"},
                                      request.dump(), [](const WorkerLine&) {});
        REQUIRE_FALSE(outcome.succeeded);
        CHECK_THAT(outcome.message, Catch::StartsWith("rank 1 of 2 could not reach the rendezvous"));
        CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(30));
    }
    auto refused = cli::runWorker({worker, "--rank", "2", "--ranks", "2", "--rendezvous", "somewhere", "-"},
                                  request.dump(), [](const WorkerLine&) {});
    REQUIRE_FALSE(refused.succeeded);
    CHECK(refused.errorKind == ValidationErrorKind::InvalidRequest);
    CHECK_THAT(refused.message, Catch::StartsWith("--rendezvous must be HOST:PORT"));
}

TEST_CASE("A rank killed mid-run ends the whole run at once, naming it, and leaves no process behind",
          "[validate][ddp][hostile]") {
    test::TemporaryFolder folder;
    auto request = kResnet18;
    request["steps"] = 400; // a minute or more: the run is stopped long before
    const auto file = folder.file("request.json");
    test::writeFile(file, request.dump());
    // The supervisor's ranks are its children; rank 1 is killed as the kernel's OOM killer would.
    const std::string ranksOf = "ranks=$(cat /proc/$run/task/*/children); ";
    const auto killed = test::shellOutput(
        "start=$(date +%s); " + std::string(TORCHRIG_TEST_VALIDATE) + " --ranks 2 '" + file.string() +
        "' > '" + folder.file("out").string() + "' & run=$!; sleep 4; " + ranksOf +
        "for p in $ranks; do tr '\\0' ' ' < /proc/$p/cmdline | grep -q -- '--rank 1 ' && kill -KILL "
        "$p; done; "
        "wait $run; echo \"exit=$? seconds=$(( $(date +%s) - start )) ranks=$(echo $ranks | wc -w)\"; "
        "sleep 1; "
        "for p in $ranks; do grep -qs '^State:.*[RSD]' /proc/$p/status && echo \"left=$p\"; done; true");
    INFO(killed);
    CHECK(killed.find("exit=1 ") != std::string::npos);
    CHECK(killed.find("ranks=2") != std::string::npos);
    CHECK(killed.find("left=") == std::string::npos);
    const auto line = lastLine(folder.file("out"));
    REQUIRE(line.type == WorkerLine::Type::Error);
    CHECK_THAT(line.message,
               Catch::StartsWith("rank 1 of 2 ended without a result: it was killed (SIGKILL)"));
    const auto seconds = std::stoi(killed.substr(killed.find("seconds=") + 8));
    CHECK(seconds < 15); // started at 0, killed at 4: ended within seconds, not at the time limit

    // The supervisor itself stopped: its ranks die with it (a rank whose parent is gone may stay a
    // zombie where PID 1 does not reap, as in some containers: dead, not left running).
    const auto stopped = test::shellOutput(
        std::string(TORCHRIG_TEST_VALIDATE) + " --ranks 2 '" + file.string() +
        "' > /dev/null & run=$!; sleep 4; " + ranksOf +
        "kill -TERM $run; wait $run; echo \"exit=$?\"; sleep 1; "
        "for p in $ranks; do grep -qs '^State:.*[RSD]' /proc/$p/status && echo \"left=$p\"; done; true");
    INFO(stopped);
    CHECK(stopped.find("exit=143") != std::string::npos);
    CHECK(stopped.find("left=") == std::string::npos);
}

TEST_CASE("A rank out of memory, or one that hangs, ends the run naming it", "[validate][ddp][hostile]") {
    auto small = kResnet18;
    small["memory_limit_bytes"] = 100000000; // the estimate says 252,801,752 a rank
    auto outOfMemory = runRanks(small, 2);
    REQUIRE_FALSE(outOfMemory.succeeded);
    CHECK(outOfMemory.errorKind == ValidationErrorKind::OutOfMemory);
    CHECK_THAT(outOfMemory.message, Catch::Matches("rank [01] of 2: does not fit at batch 2.*"));

    // A rank stopped (SIGSTOP) writes nothing: past the planner's silence limit every rank is stopped.
    test::TemporaryFolder folder;
    auto request = kResnet18;
    request["steps"] = 400;
    const auto file = folder.file("request.json");
    test::writeFile(file, request.dump());
    const auto hung = test::shellOutput(
        "TORCHRIG_WORKER_SILENCE_SECONDS=3 " + std::string(TORCHRIG_TEST_VALIDATE) + " --ranks 2 '" +
        file.string() + "' > '" + folder.file("out").string() +
        "' & run=$!; sleep 4; ranks=$(cat /proc/$run/task/*/children); "
        "for p in $ranks; do tr '\\0' ' ' < /proc/$p/cmdline | grep -q -- '--rank 1 ' && kill -STOP $p; "
        "done; "
        "wait $run; echo \"exit=$?\"; sleep 1; "
        "for p in $ranks; do grep -qs '^State:.*[RSDT]' /proc/$p/status && echo \"left=$p\"; done; true");
    INFO(hung);
    CHECK(hung.find("exit=1") != std::string::npos);
    CHECK(hung.find("left=") == std::string::npos);
    const auto line = lastLine(folder.file("out"));
    REQUIRE(line.type == WorkerLine::Type::Error);
    // Rank 0 waits for rank 1's gradients in the all-reduce: silent too, and named with it.
    CHECK_THAT(line.message, Catch::Matches("(rank 1|ranks 0 and 1) of 2 wrote nothing for 3 s.*"));
}
