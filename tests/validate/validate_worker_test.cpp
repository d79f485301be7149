// Runs torchrig-validate (LibTorch, CPU) as the planner does and checks what it reports.

#include "test_support.h"
#include "validation/validation_protocol.h"
#include "worker_process.h"
#include "workload/model_zoo.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <map>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace torchrig;

namespace {

// The worker reads one JSON line: a request written over several lines here is sent compacted,
// one that is not JSON at all as it is.
cli::WorkerOutcome runRequest(const std::string& request) {
    const auto document = nlohmann::json::parse(request, nullptr, false);
    return cli::runWorker({TORCHRIG_TEST_VALIDATE, "-"}, document.is_discarded() ? request : document.dump(),
                          [](const WorkerLine&) {});
}

std::string linearRequest(const char* optimizer, const char* precision = "fp32") {
    auto graph = nlohmann::json::parse(test::readFile(TORCHRIG_TEST_SOURCES "/validate/linear_4096.json"));
    return nlohmann::json{{"model_graph", graph}, {"batch", 64},  {"optimizer", optimizer},
                          {"steps", 2},           {"threads", 1}, {"precision", precision}}
        .dump();
}

cli::WorkerOutcome runTinyLlama(const char* checkpointing) {
    auto graph =
        nlohmann::json::parse(test::readFile(TORCHRIG_TEST_RESOURCES "/models/example-tiny-llama.json"));
    return runRequest(nlohmann::json{
        {"model_graph", graph},
        {"batch", 4},
        {"optimizer", "sgd"},
        {"checkpointing", checkpointing},
        {"warmup_steps", 1},
        {"steps", 2},
        {"threads", 1}}.dump());
}

constexpr std::int64_t kWeight = 4096LL * 4096 * 4;
constexpr std::int64_t kBias = 4096 * 4;
constexpr std::int64_t kActivation = 64LL * 4096 * 4; // the input, the logits and their gradient alike
constexpr std::int64_t kTarget = 64 * 8;
constexpr std::int64_t kResident = kWeight + kBias + kActivation + kTarget; // weights, bias, the batch

} // namespace

TEST_CASE("Linear 4096x4096 with Adam is measured to the byte", "[validate]") {
    auto outcome = runRequest(linearRequest("adam"));
    REQUIRE(outcome.succeeded);
    const auto& m = outcome.result.measured;
    CHECK(m.parameterCount == 4096 * 4096 + 4096);
    // The peak is inside Adam's step for the weight: gradients and both moments exist, and
    // `exp_avg_sq.sqrt() / bias_correction2_sqrt` holds two weight-sized temporaries; the divisor
    // becomes a 12-byte 0-dim tensor (a wrapped double and its float32 copy), each parameter has a
    // float32 step counter, and the float32 loss lives through the step as a Python loop's does
    // (measured in a probe of LibTorch 1.13's CPU allocator).
    std::int64_t expected = kResident + (kWeight + kBias) /* gradients */ +
                            2 * (kWeight + kBias) /* moments */ + 2 * 4 /* step counters */ +
                            2 * kWeight /* sqrt, division */ + 12 + 4 /* the loss */;
    CHECK(m.allocatedPeakBytes == expected);
    CHECK(m.firstStepAllocatedPeakBytes == expected);
    CHECK(m.stepSeconds.size() == 2);
}

TEST_CASE("Linear 4096x4096 with plain SGD peaks in backward", "[validate]") {
    auto outcome = runRequest(linearRequest("sgd"));
    REQUIRE(outcome.succeeded);
    // Gradients of weight and bias, the gradient of the logits, and two float32 scalars (8 bytes)
    // that live through backward.
    CHECK(outcome.result.measured.allocatedPeakBytes == kResident + kWeight + kBias + kActivation + 8);
}

TEST_CASE("amp-bf16 runs the forward under CPU autocast, and amp-fp16 is refused on the CPU", "[validate]") {
    auto request = nlohmann::json::parse(linearRequest("sgd"));
    request["precision"] = "amp-bf16";
    auto outcome = runRequest(request.dump());
    REQUIRE(outcome.succeeded);
    // Under autocast the linear runs in bfloat16 on bfloat16 copies of its inputs, kept through
    // backward: the peak is fp32's and more, by at most those copies (the weight's and the input's).
    const auto fp32Peak = kResident + kWeight + kBias + kActivation + 8;
    CHECK(outcome.result.measured.allocatedPeakBytes > fp32Peak);
    CHECK(outcome.result.measured.allocatedPeakBytes <= fp32Peak + kWeight / 2 + kActivation / 2 + kBias);
    request["precision"] = "amp-fp16";
    auto fp16 = runRequest(request.dump());
    REQUIRE_FALSE(fp16.succeeded);
    CHECK(fp16.errorKind == ValidationErrorKind::Unsupported);
}

TEST_CASE("Pure bf16 halves every floating-point byte of Adam's step, to the byte", "[validate]") {
    auto outcome = runRequest(linearRequest("adam", "bf16"));
    REQUIRE(outcome.succeeded);
    // model.to(torch.bfloat16) and a bfloat16 batch: weights, gradients, moments and temporaries in
    // two bytes; the step counters stay float32 (PyTorch's scalar dtype), the integer targets int64,
    // and the divisor is a wrapped double and its bfloat16 copy (10 bytes).
    std::int64_t expected =
        kResident / 2 + kTarget / 2 + 3 * (kWeight + kBias) / 2 + 2 * 4 + kWeight + 10 + 2 /* the loss */;
    CHECK(outcome.result.measured.allocatedPeakBytes == expected);
}

TEST_CASE("Checkpointing per block trains the same steps in less memory, at the cost of time", "[validate]") {
    auto plain = runTinyLlama("none");
    auto checkpointed = runTinyLlama("blocks");
    REQUIRE(plain.succeeded);
    REQUIRE(checkpointed.succeeded);
    const auto& p = plain.result.measured;
    const auto& c = checkpointed.result.measured;
    // No dropout in this Llama: the recomputed blocks give the same gradients, so the same losses.
    CHECK(c.loss == Approx(p.loss).epsilon(1e-5));
    // Four blocks of which only the inputs are kept: well under the plain peak.
    CHECK(c.allocatedPeakBytes < p.allocatedPeakBytes * 6 / 10);

    auto graph = test::readFile(TORCHRIG_TEST_SOURCES "/validate/linear_4096.json");
    auto noBlocks =
        runRequest("{\"batch\": 64, \"checkpointing\": \"blocks\", \"model_graph\": " + graph + "}");
    REQUIRE_FALSE(noBlocks.succeeded);
    CHECK(noBlocks.errorKind == ValidationErrorKind::InvalidRequest);
    CHECK(noBlocks.message ==
          "model 'linear-4096' marks no blocks, so there is nothing to checkpoint; ask for "
          "checkpointing \"none\", or mark blocks on its ops (\"block\" in a model file)");
}

#ifndef TORCHRIG_TEST_WORKER_HAS_CUDA
TEST_CASE("A worker built on a CPU-only LibTorch refuses a CUDA device and says how to get one",
          "[validate]") {
    auto outcome = runRequest(R"({"model": "mlp", "batch": 4, "device": "cuda:0"})");
    REQUIRE_FALSE(outcome.succeeded);
    CHECK(outcome.errorKind == ValidationErrorKind::Unsupported);
    CHECK(outcome.message.rfind("this torchrig-validate is built against LibTorch ", 0) == 0);
    CHECK(
        outcome.message.find(" without CUDA, so it measures on the CPU only; to measure on cuda:0, build it "
                             "against a CUDA build of LibTorch") != std::string::npos);
}
#endif

TEST_CASE("The worker's network has the reference parameter count for every zoo model", "[validate]") {
    for (const auto& model : modelZoo()) {
        INFO(model.id);
        auto request =
            nlohmann::json{{"model", model.id}, {"batch", 1}, {"seq_len", 16}, {"image_size", 64}}.dump();
        std::string command = TORCHRIG_TEST_VALIDATE; // appended: see tests/cli/cli_run.cpp
        command += " --count-parameters - <<'EOF'\n" + request + "\nEOF\n";
        FILE* pipe = popen(command.c_str(), "r");
        REQUIRE(pipe);
        char buffer[256] = {};
        auto read = std::fread(buffer, 1, sizeof buffer - 1, pipe);
        pclose(pipe);
        auto inputs = model.defaults;
        inputs.batch = 1;
        inputs.seqLen = inputs.seqLen > 0 ? 16 : 0;
        inputs.imageSize = inputs.imageSize > 0 ? 64 : 0;
        auto line = nlohmann::json::parse(std::string(buffer, read));
        CHECK(line["parameter_count"].get<std::int64_t>() == model.build(inputs).parameterCount());
    }
}

TEST_CASE("Out of memory is a result that names the batch", "[validate]") {
    auto outcome = runRequest(R"({"model": "resnet18", "batch": 8, "memory_limit_bytes": 100000000})");
    REQUIRE_FALSE(outcome.succeeded);
    CHECK(outcome.errorKind == ValidationErrorKind::OutOfMemory);
    CHECK(outcome.message.rfind("does not fit at batch 8: an allocation of ", 0) == 0);
    CHECK(outcome.message.find("would pass the limit of 100000000 bytes") != std::string::npos);
}

TEST_CASE("A malformed request and an unknown op are refused with what to fix", "[validate]") {
    auto malformed = runRequest(R"({"model": "resnet18", "batch": "eight"})");
    REQUIRE_FALSE(malformed.succeeded);
    CHECK(malformed.errorKind == ValidationErrorKind::InvalidRequest);
    CHECK(malformed.message == "\"batch\" must be a whole number from 1 to 1048576, not \"eight\"");

    auto graph = test::readFile(TORCHRIG_TEST_SOURCES "/validate/linear_4096.json");
    graph.replace(graph.find("\"linear\""), 8, "\"conv3d\"");
    auto unknownOp = runRequest("{\"batch\": 2, \"model_graph\": " + graph + "}");
    REQUIRE_FALSE(unknownOp.succeeded);
    CHECK(unknownOp.errorKind == ValidationErrorKind::InvalidRequest);
    CHECK(unknownOp.message ==
          "model_graph: ops[0]: unknown op 'conv3d' (see resources/models/README.md for the ops)");
}

TEST_CASE("A model file trains at the batch it was written for", "[validate]") {
    auto graph = test::readFile(TORCHRIG_TEST_SOURCES "/validate/linear_4096.json");
    auto wrongBatch = runRequest("{\"batch\": 8, \"model_graph\": " + graph + "}");
    REQUIRE_FALSE(wrongBatch.succeeded);
    CHECK(wrongBatch.message ==
          "the model file is written for batch 64 (input 'x' is [64, 4096]), not 8; ask for that "
          "batch or change the file's shapes");
}

TEST_CASE("A worker killed mid-run is reported, not waited for", "[validate]") {
    // A stand-in worker: one progress line, then the kernel's OOM killer's signal.
    auto outcome =
        cli::runWorker({"/bin/sh", "-c",
                        "read request; echo '{\"event\":\"progress\",\"phase\":\"warmup\",\"step\":1,"
                        "\"elapsed_seconds\":0.1}'; kill -KILL $$"},
                       "{}\n", [](const WorkerLine&) {});
    REQUIRE_FALSE(outcome.succeeded);
    CHECK(outcome.errorKind == ValidationErrorKind::OutOfMemory);
    CHECK(outcome.message ==
          "the worker stopped without a result: it was killed (SIGKILL); on Linux that is most often "
          "the kernel's out-of-memory killer: the run needs more RAM than is free");
    auto garbage = cli::runWorker({"/bin/sh", "-c", "read request; echo 'Segmentation fault'; exit 139"},
                                  "{}\n", [](const WorkerLine&) {});
    REQUIRE_FALSE(garbage.succeeded);
    CHECK(garbage.message.rfind("the worker wrote a line that is not its protocol", 0) == 0);
}

TEST_CASE("SIGTERM ends the worker at once with a last line that says so", "[validate]") {
    test::TemporaryFolder folder;
    const auto request = folder.file("request.json");
    test::writeFile(request, R"({"model": "resnet50", "batch": 16, "steps": 50})");
    std::string command = std::string(TORCHRIG_TEST_VALIDATE) + " '" + request.string() +
                          "' & pid=$!; sleep 3; kill -TERM $pid; wait $pid; echo \"exit=$?\"";
    const auto output = test::shellOutput(command);
    CHECK(output.find(
              "{\"event\":\"error\",\"kind\":\"internal\",\"message\":\"stopped: the worker was asked to "
              "end (SIGTERM)\"}\nexit=143") != std::string::npos);
}

TEST_CASE("The worker's probe lists the CPU", "[validate]") {
    FILE* pipe = popen((std::string(TORCHRIG_TEST_VALIDATE) + " --probe").c_str(), "r");
    REQUIRE(pipe);
    char buffer[4096] = {};
    auto n = std::fread(buffer, 1, sizeof buffer - 1, pipe);
    pclose(pipe);
    auto probe = nlohmann::json::parse(std::string(buffer, n));
    CHECK(probe["event"] == "devices");
    CHECK(probe["devices"][0]["kind"] == "cpu");
    CHECK(probe["devices"][0]["total_memory_bytes"].get<std::int64_t>() > 0);
}

TEST_CASE("The worker builds and trains every op kind the model format knows, or refuses it by name",
          "[validate]") {
    FILE* pipe = popen((std::string(TORCHRIG_TEST_VALIDATE) + " --check-ops").c_str(), "r");
    REQUIRE(pipe);
    std::string output;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;)
        output.append(buffer, n);
    CHECK(pclose(pipe) == 0);
    std::map<std::string, nlohmann::json> byOp;
    std::istringstream lines(output);
    for (std::string line; std::getline(lines, line);) {
        auto entry = nlohmann::json::parse(line);
        REQUIRE(entry["event"] == "op");
        byOp[entry["op"].get<std::string>()] = entry;
    }
    CHECK(byOp.size() == kOpKindCount);
    for (std::size_t index = 0; index < kOpKindCount; ++index) {
        const auto id = std::string(opKindId(static_cast<OpKind>(index)));
        INFO("op '" << id << "'");
        REQUIRE(byOp.count(id) == 1);
        const auto& entry = byOp[id];
        if (!entry["trained"].get<bool>()) // refused: the message names the kind
            CHECK(entry["message"].get<std::string>().find(id) != std::string::npos);
        // Every kind today has a LibTorch module: a refusal here is a kind the worker lost.
        CHECK(entry["trained"].get<bool>());
    }
}

TEST_CASE("The max-batch search finds the largest batch whose steady step fits", "[validate]") {
    auto outcome =
        cli::runWorker({TORCHRIG_TEST_VALIDATE, "--max-batch", "-"},
                       R"({"model": "mlp", "batch": 16, "memory_limit_bytes": 20000000, "threads": 1})",
                       [](const WorkerLine&) {});
    REQUIRE(outcome.succeeded);
    REQUIRE(outcome.result.maxBatch.has_value());
    auto largest = *outcome.result.maxBatch;
    CHECK(outcome.result.inputs.batch == largest);
    CHECK(outcome.result.measured.allocatedPeakBytes <= 20000000);
    auto oneMore =
        runRequest(R"({"model": "mlp", "memory_limit_bytes": 20000000, "threads": 1, "steps": 1, "batch": )" +
                   std::to_string(largest + 1) + "}");
    REQUIRE_FALSE(oneMore.succeeded);
    CHECK(oneMore.errorKind == ValidationErrorKind::OutOfMemory);
}

// Issue 35: the time limit was each attempt's, so a search of up to 40 attempts ran for 23.5 s with
// a limit of 1 s (mlp from batch 1, 8 GB allowed).
TEST_CASE("The max-batch search as a whole keeps the request's time limit", "[validate][hostile][timed]") {
    const auto start = std::chrono::steady_clock::now();
    auto outcome = cli::runWorker(
        {TORCHRIG_TEST_VALIDATE, "--max-batch", "-"},
        R"({"model": "mlp", "batch": 1, "memory_limit_bytes": 8000000000, "threads": 1, "time_limit_seconds": 2})",
        [](const WorkerLine&) {});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE_FALSE(outcome.succeeded);
    CHECK(seconds < 12);
    CHECK(outcome.message.find("the time limit of 2 s ran out during the search, before batch") !=
          std::string::npos);
}

TEST_CASE("The worker trains LoRA adapters only, and refuses what it cannot measure", "[validate]") {
    nlohmann::json request = {{"model", "gpt2"}, {"batch", 1},   {"seq_len", 16},    {"optimizer", "adamw"},
                              {"steps", 1},      {"threads", 1}, {"warmup_steps", 0}};
    request["lora"] = {{"rank", 4}, {"targets", {"c_attn"}}};
    auto adapted = runRequest(request.dump());
    REQUIRE(adapted.succeeded);
    // Every parameter is counted, the adapters' too: 12 layers of A (4 x 768) and B (2304 x 4).
    CHECK(adapted.result.measured.parameterCount == 124439808 + 12 * (4 * 768 + 2304 * 4));

    request["lora"]["base_4bit"] = true;
    auto quantized = runRequest(request.dump());
    REQUIRE_FALSE(quantized.succeeded);
    CHECK(quantized.errorKind == ValidationErrorKind::Unsupported);
    CHECK(quantized.message.find("4-bit") != std::string::npos);
    request.erase("lora");
    request["optimizer"] = "adam8bit";
    auto refused = runRequest(request.dump());
    REQUIRE_FALSE(refused.succeeded);
    CHECK(refused.errorKind == ValidationErrorKind::Unsupported);
    CHECK(refused.message.find("estimated but not measured") != std::string::npos);
    request["optimizer"] = "adamw";
    request["precision"] = "fp8";
    auto float8 = runRequest(request.dump());
    REQUIRE_FALSE(float8.succeeded);
    CHECK(float8.errorKind == ValidationErrorKind::Unsupported);
    CHECK(float8.message.find("fp8 training is estimated but not measured") != std::string::npos);
    request.erase("precision");
    // Lion and Adafactor train (their state is held against the estimate by tests/accuracy).
    for (const char* optimizer : {"lion", "adafactor"}) {
        request["optimizer"] = optimizer;
        auto trained = runRequest(request.dump());
        INFO(optimizer << ": " << trained.message);
        CHECK(trained.succeeded);
        request["optimizer_impl"] = "foreach";
        auto foreach = runRequest(request.dump());
        CHECK_FALSE(foreach.succeeded);
        request.erase("optimizer_impl");
    }
}

TEST_CASE("The worker times the kernel classes and splits each step into its phases", "[validate][timed]") {
    auto outcome = runRequest(linearRequest("adam"));
    REQUIRE(outcome.succeeded);
    const auto& m = outcome.result.measured;
    const auto& k = m.kernels;
    CHECK(k.eagerOpSeconds > 0);
    CHECK(k.eagerOpSeconds < m.stepSecondsMedian / 100); // a tiny op's issue cost, not a kernel's work
    CHECK(k.linearFlopsPerSecond > 0);
    CHECK(k.linearBackwardFlopsPerSecond > 0);
    CHECK(k.convolutionFlopsPerSecond > 0);
    CHECK(k.convolutionBackwardFlopsPerSecond > 0);
    CHECK(k.depthwiseFlopsPerSecond > 0);
    CHECK(k.depthwiseBackwardFlopsPerSecond > 0);
    CHECK(k.dropoutElementsPerSecond > 0);
#ifdef __linux__
    CHECK(k.firstTouchBytesPerSecond > 0);
#endif
    // The phases are timed inside each step: together they are the step, less zero_grad and
    // reading the loss.
    const auto& p = m.phases;
    CHECK(p.forward > 0);
    CHECK(p.backward > 0);
    CHECK(p.optimizer > 0);
    CHECK(p.forward + p.backward + p.optimizer <= m.stepSecondsMedian * 1.05);
    CHECK(p.forward + p.backward + p.optimizer >= m.stepSecondsMedian * 0.8);
    // And they travel: the result line read back holds them.
    auto line = parseWorkerLine(resultLine(outcome.result));
    REQUIRE(line);
    CHECK(line->result.measured.kernels.linearBackwardFlopsPerSecond == k.linearBackwardFlopsPerSecond);
    CHECK(line->result.measured.phases.optimizer == p.optimizer);
}

TEST_CASE("The worker waits passively in OpenMP unless its caller chose a policy", "[validate]") {
    // Debian's LibTorch mixes OpenMP loops with OpenBLAS threads; spinning OpenMP threads slow the
    // products beside them (app/validate/main.cpp). The worker starts itself again to fix that.
    test::TemporaryFolder folder;
    ValidationRequest request;
    request.model = "mlp";
    request.inputs.batch = 8;
    request.steps = 10000; // longer than the test looks
    request.timeLimitSeconds = 30;
    test::writeFile(folder.file("request.json"), validationRequestToJson(request));
    auto policyMidRun = [&](const std::string& environment) {
        // Mid-run, the worker's own environment (after it started itself again, same process id).
        const std::string command = environment + " '" + TORCHRIG_TEST_VALIDATE + "' '" +
                                    folder.file("request.json").string() +
                                    "' > /dev/null & pid=$!; sleep 2; tr '\\0' '\\n' < /proc/$pid/environ | "
                                    "grep '^OMP_WAIT_POLICY='; kill $pid";
        FILE* pipe = popen(command.c_str(), "r");
        REQUIRE(pipe);
        std::string output(256, '\0');
        output.resize(std::fread(output.data(), 1, output.size(), pipe));
        pclose(pipe);
        return output;
    };
    CHECK(policyMidRun("env -u OMP_WAIT_POLICY") == "OMP_WAIT_POLICY=PASSIVE\n");
    CHECK(policyMidRun("env OMP_WAIT_POLICY=active") == "OMP_WAIT_POLICY=active\n");
}

TEST_CASE("A graph LibTorch cannot train is refused before it is built, in the estimate's words",
          "[validate]") {
    auto graph =
        nlohmann::json::parse(test::readFile(TORCHRIG_TEST_RESOURCES "/models/example-small-cnn.json"));
    // An in-place relu on a relu's output, which that relu saved for its backward: LibTorch would
    // fail in backward, as an "internal" error after the run started.
    auto& ops = graph["ops"];
    ops.insert(ops.begin() + 1, nlohmann::json{{"op", "relu"}, {"name", "relu0"}, {"inputs", {"conv1"}}});
    ops[2]["inputs"] = {"relu0"};
    auto inPlace = runRequest(nlohmann::json{{"model_graph", graph}, {"batch", 64}, {"steps", 1}}.dump());
    REQUIRE_FALSE(inPlace.succeeded);
    CHECK(inPlace.errorKind == ValidationErrorKind::InvalidRequest);
    CHECK(inPlace.message ==
          "op 'relu1' (relu) works in place on 'relu0', which op 'relu0' keeps for its backward: "
          "PyTorch fails in backward (\"one of the variables needed for gradient computation has "
          "been modified by an inplace operation\"). Set \"inplace\": false");
}

TEST_CASE("The worker answers a bad request line at once with an error line: a folder, a byte, an open pipe",
          "[validate]") {
    test::TemporaryFolder folder;
    // A folder as the request file once aborted the worker with no line.
    auto asFolder =
        cli::runWorker({TORCHRIG_TEST_VALIDATE, folder.path().string()}, "", [](const WorkerLine&) {});
    REQUIRE_FALSE(asFolder.succeeded);
    CHECK(asFolder.errorKind == ValidationErrorKind::InvalidRequest);
    CHECK(asFolder.message ==
          folder.path().string() + " is a folder, not a file: give the path of a regular file");
    // A byte that is not UTF-8 once aborted it while it wrote its error line.
    auto latin1 = runRequest("{\"model\": \"caf\xE9\", \"batch\": 1}");
    REQUIRE_FALSE(latin1.succeeded);
    CHECK(latin1.message.rfind("the request is not UTF-8 text: byte 14", 0) == 0);
    // A line whose writer keeps the pipe open is answered when its newline arrives, not at the end
    // of input: the test holds the worker's standard input open until the answer came (or 60 s).
    int toWorker[2], fromWorker[2];
    REQUIRE(pipe(toWorker) == 0);
    REQUIRE(pipe(fromWorker) == 0);
    const pid_t worker = fork();
    REQUIRE(worker >= 0);
    if (worker == 0) {
        dup2(toWorker[0], STDIN_FILENO);
        dup2(fromWorker[1], STDOUT_FILENO);
        for (int fd : {toWorker[0], toWorker[1], fromWorker[0], fromWorker[1]})
            close(fd);
        execl(TORCHRIG_TEST_VALIDATE, TORCHRIG_TEST_VALIDATE, "-", static_cast<char*>(nullptr));
        _exit(127);
    }
    close(toWorker[0]);
    close(fromWorker[1]);
    const std::string request = "{\"model\": \"mlp\", \"batch\": 0}\n";
    REQUIRE(write(toWorker[1], request.data(), request.size()) == static_cast<ssize_t>(request.size()));
    pollfd answer{fromWorker[0], POLLIN, 0};
    const int ready = poll(&answer, 1, 60000);
    std::string output(4096, '\0');
    const auto got = ready == 1 ? read(fromWorker[0], output.data(), output.size()) : 0;
    close(toWorker[1]); // only now: end of input
    int status = 0;
    waitpid(worker, &status, 0);
    close(fromWorker[0]);
    REQUIRE(ready == 1);
    REQUIRE(got > 0);
    output.resize(static_cast<std::size_t>(got));
    const auto line = parseWorkerLine(output.substr(0, output.find('\n')));
    REQUIRE(line.ok());
    CHECK(line->type == WorkerLine::Type::Error);
    CHECK(line->message == "\"batch\" must be a whole number from 1 to 1048576, not 0");
}

// Issue 35: a step of 65,536 micro-batches ran to the watchdog's limit + 30 s (32.8 s for a limit
// of 2 s) because the limit was checked between steps only.
TEST_CASE("The time limit is checked between micro-batches, not only between steps",
          "[validate][hostile][timed]") {
    const auto start = std::chrono::steady_clock::now();
    auto outcome = runRequest(R"({"model": "mlp", "batch": 64, "steps": 1, "warmup_steps": 0,
                                  "gradient_accumulation": 65536, "time_limit_seconds": 2, "threads": 1})");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE_FALSE(outcome.succeeded);
    CHECK(seconds < 15);
    CHECK(outcome.message.find("the time limit of 2 s ran out after 0 steps and") != std::string::npos);
    CHECK(outcome.message.find("of step 1's 65536 micro-batches") != std::string::npos);
}

// Issue 35: with no limit of the worker's own (force), memory the system refused was reported as
// "an allocation of 0 bytes would pass the limit of 0 bytes".
TEST_CASE("Out of memory the system refused is not reported with invented sizes", "[validate][hostile]") {
    auto outcome = cli::runWorker(
        {"/bin/sh", "-c", std::string("ulimit -v 3000000; exec ") + TORCHRIG_TEST_VALIDATE + " -"},
        R"({"model": "mlp", "batch": 1000000, "steps": 1, "warmup_steps": 0, "force": true})",
        [](const WorkerLine&) {});
    REQUIRE_FALSE(outcome.succeeded);
    CHECK(outcome.errorKind == ValidationErrorKind::OutOfMemory);
    CHECK(outcome.message.find("0 bytes") == std::string::npos);
    CHECK(outcome.message.rfind("does not fit at batch 1000000: the system refused LibTorch memory", 0) == 0);
}
