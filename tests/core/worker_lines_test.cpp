// The worker's lines are held to the request they answer and to what a measurement can be
// (issue 35): a result for another batch, a negative time, a CUDA context of 2^62 bytes or a
// megabyte of device name is garbage, not a measurement; an endless line is cut off at the cap.

#include "validation/worker_ending.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <string>

using namespace torchrig;

namespace {

ValidationResult measuredMlp(std::int64_t batch) {
    ValidationResult r;
    r.model = "mlp";
    r.inputs.batch = batch;
    r.measured.parameterCount = 669706;
    r.measured.allocatedPeakBytes = r.measured.firstStepAllocatedPeakBytes = 13951752;
    r.measured.stepSeconds = {0.02};
    r.measured.stepSecondsMedian = 0.02;
    r.measured.samplesPerSecond = static_cast<double>(batch) / 0.02;
    r.measured.matmulFlopsPerSecond = 1.2e11;
    r.measured.copyBytesPerSecond = 9.9e9;
    r.device.kind = "cpu";
    r.device.name = "Intel(R) Xeon(R) Processor";
    r.device.threads = 2;
    r.device.libtorchVersion = "1.13.0";
    return r;
}

// The result line with one field of it changed.
std::string changed(const ValidationResult& r, const nlohmann::json::json_pointer& where,
                    nlohmann::json value) {
    auto line = nlohmann::json::parse(resultLine(r));
    line[where] = std::move(value);
    return line.dump();
}

std::string refusalOf(const std::string& line) {
    auto parsed = parseWorkerLine(line);
    return parsed ? std::string() : parsed.error().text();
}

WorkerExpectation request(std::int64_t batch) {
    ValidationRequest r;
    r.model = "mlp";
    r.inputs.batch = batch;
    return expectationOf(r, false);
}

} // namespace

TEST_CASE("A result line's figures must be what a measurement can be", "[core][worker][hostile]") {
    const auto r = measuredMlp(8);
    REQUIRE(parseWorkerLine(resultLine(r)));
    using nlohmann::json;
    using Ptr = json::json_pointer;
    CHECK(refusalOf(changed(r, Ptr("/measured/step_seconds"), -0.5)).find("step_seconds must be") !=
          std::string::npos);
    CHECK(refusalOf(changed(r, Ptr("/measured/step_seconds"), 0)).find("more than 0 seconds") !=
          std::string::npos);
    CHECK(refusalOf(changed(r, Ptr("/measured/step_seconds_all"), json::array({0.02, -1})))
              .find("step_seconds_all") != std::string::npos);
    CHECK(refusalOf(changed(r, Ptr("/measured/samples_per_second"), -16)).find("samples_per_second") !=
          std::string::npos);
    // 395 samples/s at 0.02 s a step is not a batch of 8.
    CHECK(refusalOf(changed(r, Ptr("/measured/samples_per_second"), 395)).find("is not the batch of 8") !=
          std::string::npos);
    CHECK(
        refusalOf(changed(r, Ptr("/measured/context_bytes"), std::int64_t{1} << 62)).find("context_bytes") !=
        std::string::npos);
    CHECK(refusalOf(changed(r, Ptr("/measured/allocated_peak_bytes"), std::int64_t{1} << 50))
              .find("allocated_peak_bytes") != std::string::npos);
    CHECK(
        refusalOf(changed(r, Ptr("/measured/matmul_flops_per_second"), -1)).find("matmul_flops_per_second") !=
        std::string::npos);
    CHECK(
        refusalOf(changed(r, Ptr("/device/name"), std::string(1 << 19, 'N'))).find("name is 524288 bytes") !=
        std::string::npos);
    CHECK(refusalOf(changed(r, Ptr("/device/threads"), 1 << 20)).find("threads") != std::string::npos);
    CHECK(refusalOf(changed(r, Ptr("/inputs/batch"), 0)).find("batch") != std::string::npos);
    CHECK(refusalOf(R"({"event":"progress","phase":"warmup","step":1,"elapsed_seconds":-3})")
              .find("elapsed_seconds") != std::string::npos);
    // A refusal quotes the line, never all of it.
    CHECK(refusalOf(changed(r, Ptr("/device/name"), std::string(1 << 20, 'N'))).size() < 600);
}

TEST_CASE("A well-formed result for another request is garbage, not this run's measurement",
          "[core][worker][hostile]") {
    auto decide = [](const WorkerExpectation& expected, const ValidationResult& result) {
        WorkerOutputReader output({}, expected);
        output.feed(resultLine(result) + "\n");
        REQUIRE(output.decision());
        return *output.decision();
    };
    CHECK(decide(request(8), measuredMlp(8)).kind == WorkerEnding::Kind::Measured);
    const auto other = decide(request(8), measuredMlp(999999));
    CHECK(other.kind == WorkerEnding::Kind::Garbage);
    CHECK(other.message == "the worker's result does not answer the request: it is for batch 999999, the "
                           "request was for batch 8; nothing it measured is trusted");
    auto resnet = measuredMlp(8);
    resnet.model = "resnet50";
    CHECK(decide(request(8), resnet).message.find("it is for model \"resnet50\"") != std::string::npos);
    auto cuda = measuredMlp(8);
    cuda.device.kind = "cuda:0";
    CHECK(decide(request(8), cuda).message.find("measured on \"cuda:0\", the request was for cpu") !=
          std::string::npos);

    // --max-batch: the batch found is measured, within the search's bounds, and said to be found.
    ValidationRequest search;
    search.model = "mlp";
    search.inputs.batch = 16;
    const auto expected = expectationOf(search, true);
    auto found = measuredMlp(40);
    found.maxBatch = 40;
    CHECK(decide(expected, found).kind == WorkerEnding::Kind::Measured);
    found.maxBatch = 41;
    CHECK(decide(expected, found).message.find("found batch 41 but measured batch 40") != std::string::npos);
    CHECK(decide(expected, measuredMlp(40)).message.find("\"max_batch\"") != std::string::npos);
    found = measuredMlp(8);
    found.maxBatch = 8;
    CHECK(decide(request(8), found).message.find("--max-batch search, which was not asked for") !=
          std::string::npos);
}

TEST_CASE("An endless line is garbage at the cap, before the rest of it arrives", "[core][worker][hostile]") {
    WorkerOutputReader output({}, {}, 1024);
    output.feed(R"({"event":"progress","phase":")");
    for (int i = 0; i < 100 && !output.decision(); ++i)
        output.feed(std::string(100, 'a'));
    REQUIRE(output.decision());
    CHECK(output.decision()->kind == WorkerEnding::Kind::Garbage);
    CHECK(output.decision()->limit == WorkerEnding::Limit::LineLength);
    CHECK(output.decision()->message.rfind("the worker wrote a line longer than 1024 bytes", 0) == 0);
    CHECK(output.decision()->message.size() < 400);
}

TEST_CASE("Heartbeats count as lines but are not progress, and an error message is cut, not refused",
          "[core][worker]") {
    int progress = 0;
    WorkerOutputReader output([&](const WorkerLine&) { ++progress; });
    output.feed(progressLine(kHeartbeatPhase, 0, 10) + "\n" + progressLine("warmup", 1, 11) + "\n\n");
    CHECK(output.linesRead() == 3);
    CHECK(progress == 1);
    output.feed(errorLine(ValidationErrorKind::Internal, std::string(100000, 'x')) + "\n");
    REQUIRE(output.decision());
    CHECK(output.decision()->kind == WorkerEnding::Kind::Refused);
    CHECK(output.decision()->message.size() < 4100);
}

TEST_CASE("The planner's limits on a worker follow the request and the environment", "[core][worker]") {
    unsetenv("TORCHRIG_WORKER_SILENCE_SECONDS");
    unsetenv("TORCHRIG_WORKER_MARGIN_SECONDS");
    const auto defaults = workerLimitsFor(600);
    CHECK(defaults.silenceSeconds == 60);
    CHECK(defaults.overallSeconds == 660);
    CHECK(defaults.lineCapBytes == std::size_t{1} << 20);
    setenv("TORCHRIG_WORKER_SILENCE_SECONDS", "2.5", 1);
    setenv("TORCHRIG_WORKER_MARGIN_SECONDS", "-1", 1); // not a margin: the default stays
    const auto set = workerLimitsFor(10);
    CHECK(set.silenceSeconds == 2.5);
    CHECK(set.overallSeconds == 70);
    unsetenv("TORCHRIG_WORKER_SILENCE_SECONDS");
    unsetenv("TORCHRIG_WORKER_MARGIN_SECONDS");
    const auto silent = workerSilent(set, false);
    CHECK(silent.kind == WorkerEnding::Kind::TimedOut);
    CHECK(silent.limit == WorkerEnding::Limit::SilentAtStart);
    CHECK(silent.message.rfind("the worker wrote nothing for 2.5 s after it started and was killed", 0) == 0);
    const auto past = workerPastDeadline(set);
    CHECK(past.limit == WorkerEnding::Limit::Overall);
    CHECK(past.message.rfind("the worker was still running 60 s past the run's time limit (10 s)", 0) == 0);
}

TEST_CASE("A data-parallel result lists every rank's measurement in rank order, each with its figures",
          "[core][worker][hostile]") {
    auto r = measuredMlp(32);
    for (int rank = 0; rank < 2; ++rank) {
        auto m = r.measured;
        m.dataParallel =
            DataParallelMeasurement{rank, 2, "gloo", 2678824, 2, 0.004, 0.003, {{1 << 20, 0.001}}};
        r.ranks.push_back(m);
    }
    r.measured = r.ranks.front();
    auto parsed = parseWorkerLine(resultLine(r));
    REQUIRE(parsed);
    REQUIRE(parsed->result.ranks.size() == 2);
    CHECK(parsed->result.ranks[1].dataParallel == r.ranks[1].dataParallel);
    CHECK(parsed->result.measured.dataParallel == r.ranks[0].dataParallel);

    auto swapped = r;
    std::swap(swapped.ranks[0], swapped.ranks[1]);
    CHECK(refusalOf(resultLine(swapped)).find("ranks must hold each rank's measurement, rank 0 first") !=
          std::string::npos);
    CHECK(refusalOf(changed(r, "/ranks/1/data_parallel/rank"_json_pointer, 5)).find("data_parallel.rank") !=
          std::string::npos);
    CHECK(refusalOf(changed(r, "/ranks/0/data_parallel/communication_seconds"_json_pointer, -1))
              .find("data_parallel.communication_seconds") != std::string::npos);
    CHECK(refusalOf(changed(r, "/ranks"_json_pointer, nlohmann::json::array({nullptr})))
              .find("ranks must list") != std::string::npos);

    CHECK(parseValidationRequest(R"({"model": "mlp", "batch": 8, "ranks": 4})")->ranks == 4);
    CHECK(parseValidationRequest(R"({"model": "mlp", "batch": 8, "ranks": 65})").error().text() ==
          "\"ranks\" must be a whole number from 1 to 64, not 65");
}
