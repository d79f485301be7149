// How a worker run ended, decided once for the command line and the app from its output and exit.

#include "validation/worker_ending.h"

#include <catch2/catch.hpp>

#include <csignal>

using namespace torchrig;

TEST_CASE("The worker's output decides its run at the first result, error or foreign line",
          "[core][worker]") {
    std::vector<int> steps;
    WorkerOutputReader output([&](const WorkerLine& line) { steps.push_back(line.step); });
    const auto progress = progressLine("warmup", 1, 0.5) + "\n" + progressLine("step", 2, 1.0) + "\n";
    output.feed(progress.substr(0, 10)); // a line split across reads
    output.feed(progress.substr(10));
    output.feed("   \n");
    CHECK(steps == std::vector<int>{1, 2});
    CHECK_FALSE(output.decision());
    output.feed(errorLine(ValidationErrorKind::OutOfMemory, "does not fit at batch 64") + "\n");
    output.feed("{\"event\":\"result\"}\nnot json\n"); // after the decision: not read
    REQUIRE(output.decision());
    CHECK(output.decision()->kind == WorkerEnding::Kind::DoesNotFit);
    CHECK(output.decision()->errorKind == ValidationErrorKind::OutOfMemory);
    CHECK(output.decision()->message == "does not fit at batch 64");
    // What the output decided stands however the process then ends.
    CHECK(workerEndingAfterExit(output, SIGTERM, 0).kind == WorkerEnding::Kind::DoesNotFit);
}

TEST_CASE("A line outside the protocol is garbage, and a last line without its newline is read",
          "[core][worker]") {
    WorkerOutputReader refused({});
    refused.feed(errorLine(ValidationErrorKind::Unsupported, "amp-fp16 needs CUDA"));
    CHECK_FALSE(refused.decision());
    refused.endOfOutput();
    REQUIRE(refused.decision());
    CHECK(refused.decision()->kind == WorkerEnding::Kind::Refused);
    CHECK(refused.decision()->errorKind == ValidationErrorKind::Unsupported);

    WorkerOutputReader garbage({});
    garbage.feed("Segmentation fault (core dumped)\n");
    REQUIRE(garbage.decision());
    CHECK(garbage.decision()->kind == WorkerEnding::Kind::Garbage);
    CHECK(garbage.decision()->errorKind == ValidationErrorKind::Internal);
    CHECK(garbage.decision()->message.rfind("the worker wrote a line that is not its protocol", 0) == 0);
    CHECK(garbage.decision()->message.find("nothing it measured is trusted") != std::string::npos);
}

TEST_CASE("A worker that ends without a word is killed, crashed or exited, said the same way everywhere",
          "[core][worker]") {
    const WorkerOutputReader silent({});
    const auto killed = workerEndingAfterExit(silent, SIGKILL, 0);
    CHECK(killed.kind == WorkerEnding::Kind::Crashed);
    CHECK(killed.signal == SIGKILL);
    CHECK(killed.errorKind == ValidationErrorKind::OutOfMemory); // on Linux: the OOM killer, most often
    CHECK(killed.message == "the worker stopped without a result: " + describeSignal(SIGKILL));
    const auto segfault = workerEndingAfterExit(silent, SIGSEGV, 0);
    CHECK(segfault.errorKind == ValidationErrorKind::Internal);
    CHECK(segfault.message.find("signal " + std::to_string(SIGSEGV)) != std::string::npos);
    const auto exited = workerEndingAfterExit(silent, std::nullopt, 3);
    CHECK(exited.exitStatus == 3);
    CHECK_FALSE(exited.signal);
    CHECK(exited.message == "the worker stopped without a result: it exited with status 3");
    CHECK(workerStopped(WorkerEnding::Kind::Cancelled).kind == WorkerEnding::Kind::Cancelled);
    CHECK(workerNotStarted("no worker").kind == WorkerEnding::Kind::WorkerMissing);
}
