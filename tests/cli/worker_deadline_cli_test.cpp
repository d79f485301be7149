// Hostile stand-ins for torchrig-validate (issue 35), run by `torchrig-cli validate` through
// TORCHRIG_VALIDATE: a worker that stays silent, writes progress for ever, writes one endless line
// or answers another request. Each must end in a few seconds (the planner's limits, shortened here
// by TORCHRIG_WORKER_SILENCE_SECONDS and TORCHRIG_WORKER_MARGIN_SECONDS) with a message that says
// what happened, never a hang or a measurement taken on trust.

#include "cli_run.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

using namespace torchrig;
using test::runCli;

namespace {

// The environment a test's CLI runs in, restored when the test ends.
class Environment {
public:
    void set(const char* name, const std::string& value) {
        m_names.push_back(name);
        setenv(name, value.c_str(), 1);
    }
    ~Environment() {
        for (const auto* name : m_names)
            unsetenv(name);
    }

private:
    std::vector<const char*> m_names;
};

std::string writeWorker(const test::TemporaryFolder& folder, const std::string& name,
                        const std::string& body) {
    const auto path = folder.file(name);
    test::writeFile(path, "#!/bin/bash\n" + body + "\n");
    std::filesystem::permissions(path, std::filesystem::perms::owner_all);
    return path.string();
}

struct TimedRun {
    test::CliRun run;
    double seconds = 0;
};

TimedRun validateWith(const test::TemporaryFolder& folder, const std::string& worker,
                      const std::string& arguments = "-m mlp -b 8") {
    Environment environment;
    environment.set("TORCHRIG_VALIDATE", worker);
    environment.set("TORCHRIG_WORKER_SILENCE_SECONDS", "1");
    environment.set("TORCHRIG_WORKER_MARGIN_SECONDS", "1");
    const auto start = std::chrono::steady_clock::now();
    TimedRun timed{runCli(folder, "validate " + arguments), 0};
    timed.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return timed;
}

void expectStopped(const TimedRun& timed, const std::string& says) {
    INFO(timed.run.output);
    CHECK(timed.run.exitCode == 1);
    CHECK(timed.seconds < 15);
    CHECK(timed.run.output.find(says) != std::string::npos);
    CHECK(timed.run.output.size() < 1200);
}

// A result line as torchrig-validate writes one, for `batch` samples a step of 0.02 s.
std::string resultFor(int batch, const std::string& extra = "") {
    return R"({"event":"result","model":"mlp","inputs":{"batch":)" + std::to_string(batch) +
           R"(,"image_size":0,"seq_len":0},"measured":{"parameter_count":669706,"allocated_peak_bytes":13951752,)"
           R"("first_step_allocated_peak_bytes":13951752,"loss":2.27,"step_seconds":0.02,"step_seconds_all":[0.02],)"
           R"("samples_per_second":)" +
           std::to_string(batch / 0.02) +
           R"(,"matmul_flops_per_second":1.2e11,"copy_bytes_per_second":9.9e9)" + extra +
           R"(},"device":{"kind":"cpu","name":"Intel(R) Xeon(R) Processor","total_memory_bytes":25276071936,)"
           R"("compute_capability":"","threads":2,"libtorch_version":"1.13.0","cuda_version":""}})";
}

} // namespace

TEST_CASE("A worker that stays silent is killed after the silence limit, and the message says so",
          "[cli][hostile][worker][timed]") {
    test::TemporaryFolder folder;
    expectStopped(validateWith(folder, writeWorker(folder, "silent.sh", "exec sleep 60")),
                  "the worker wrote nothing for 1 s after it started and was killed: it hangs");
    // Silent after a first line: the limit runs from each line.
    const std::string progressThenSilence =
        R"(echo '{"event":"progress","phase":"build","step":0,"elapsed_seconds":0}'; exec sleep 60)";
    expectStopped(validateWith(folder, writeWorker(folder, "stalls.sh", progressThenSilence)),
                  "the worker wrote nothing for 1 s after its last line and was killed");
}

TEST_CASE("A worker that writes progress for ever is killed past its time limit and a margin",
          "[cli][hostile][worker][timed]") {
    test::TemporaryFolder folder;
    const auto worker = writeWorker(
        folder, "endless.sh",
        R"(while true; do echo '{"event":"progress","phase":"measure","step":1,"elapsed_seconds":1}'; done)");
    expectStopped(validateWith(folder, worker, "-m mlp -b 8 --time-limit 1"),
                  "the worker was still running 1 s past the run's time limit (1 s) and was killed");
}

TEST_CASE("A worker that writes one endless line is killed at the line cap",
          "[cli][hostile][worker][timed]") {
    test::TemporaryFolder folder;
    const auto worker =
        writeWorker(folder, "longline.sh",
                    R"(printf '{"event":"progress","phase":"'; while true; do printf )"
                    R"('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'; done)");
    expectStopped(validateWith(folder, worker), "the worker wrote a line longer than 1 MiB");
}

TEST_CASE("A result for another batch, or with figures no measurement has, is not taken as the run's",
          "[cli][hostile][worker][timed]") {
    test::TemporaryFolder folder;
    auto answering = [&](const std::string& name, const std::string& line) {
        test::writeFile(folder.file(name + ".json"), line + "\n");
        return writeWorker(folder, name + ".sh",
                           "cat > /dev/null; cat '" + folder.file(name + ".json").string() + "'");
    };
    // The stand-in's honest answer is taken: the refusals below are of what was changed.
    const auto honest = validateWith(folder, answering("honest", resultFor(8)));
    INFO(honest.run.output);
    CHECK(honest.run.exitCode == 0);
    expectStopped(validateWith(folder, answering("batch", resultFor(999999))),
                  "does not answer the request: it is for batch 999999, the request was for batch 8");
    auto negative = resultFor(8);
    negative.replace(negative.find("\"step_seconds\":0.02"), 19, "\"step_seconds\":-0.5");
    expectStopped(validateWith(folder, answering("negative", negative)),
                  "step_seconds must be a number from 0");
    expectStopped(
        validateWith(folder, answering("context", resultFor(8, R"(,"context_bytes":4611686018427387904)"))),
        "context_bytes must be a whole number from 0 to 1125899906842623");
    auto inconsistent = resultFor(8);
    inconsistent.replace(inconsistent.find("\"samples_per_second\":"), 21, "\"samples_per_second\":1,\"x\":");
    expectStopped(validateWith(folder, answering("rate", inconsistent)), "is not the batch of 8");
}
