// The readers added since the second hardening round, fed what issue 35's sweep fed them: a FIFO
// where a file belongs (it blocked open() forever), configs whose layer or expert counts made one
// estimate run for minutes, a checkpoint index that listed nothing (SIGSEGV), and a build file of
// 10,000 workloads. Each must end at once in a refusal that names the file or field.

#include "cli_run.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <fcntl.h>
#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace torchrig;
using test::expectRefusal;
using test::runCli;
namespace fs = std::filesystem;

namespace {

// Runs the command with a FIFO at `fifo`. A reader that opened it blocking would wait for a writer
// forever: after 20 s a writer opens and closes it, which ends such a wait with an empty file, and
// the test fails on `blocked` instead of hanging.
test::CliRun runWithFifo(const test::TemporaryFolder& folder, const fs::path& fifo,
                         const std::string& command, bool& blocked) {
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::atomic<bool> done{false};
    std::atomic<bool> unblocked{false};
    std::thread watchdog([&] {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
        while (!done && std::chrono::steady_clock::now() < until)
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        while (!done) { // a reader is waiting: give it a writer that writes nothing
            const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK);
            if (fd >= 0) {
                ::close(fd);
                unblocked = true;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    });
    auto run = runCli(folder, command);
    done = true;
    watchdog.join();
    blocked = unblocked;
    fs::remove(fifo);
    return run;
}

std::string hfConfigFolder(const test::TemporaryFolder& folder, const std::string& name,
                           const nlohmann::json& config) {
    const auto dir = folder.path() / name;
    fs::create_directories(dir);
    test::writeFile(dir / "config.json", config.dump());
    return dir.string();
}

nlohmann::json supportConfig(const char* file) {
    auto config = nlohmann::json::parse(test::readFile(std::string(TORCHRIG_TEST_SUPPORT "/hf/") + file));
    config.erase("_comment");
    return config;
}

} // namespace

TEST_CASE("A FIFO named where a file belongs is refused by name, without waiting for a writer",
          "[cli][hostile][fifo]") {
    test::TemporaryFolder folder;
    const auto build = folder.file("base.torchrig").string();
    REQUIRE(
        runCli(folder, "build new --preset entry-rtx-3060 -m resnet50 -b 32 -o '" + build + "'").exitCode ==
        0);
    const auto fifo = folder.file("pipe");
    const std::string quoted = "'" + fifo.string() + "'";
    for (const auto& command : {
             "estimate --hf-config " + quoted + " -b 1",
             "estimate --model-file " + quoted + " -b 1",
             "estimate -m resnet18 -b 8 --calibration " + quoted,
             "model import " + quoted + " -o '" + folder.file("m.json").string() + "'",
             "plan --workloads " + quoted,
             "build show " + quoted,
             "build check " + quoted,
             "catalog import " + quoted,
         }) {
        INFO(command);
        bool blocked = false;
        const auto run = runWithFifo(folder, fifo, command, blocked);
        CHECK_FALSE(blocked);
        expectRefusal(600, run, 4, "named pipe (FIFO)");
    }
}

TEST_CASE("A GPT-2 config of 20,000 or a million layers is refused naming n_layer", "[cli][hostile][hf]") {
    test::TemporaryFolder folder;
    const nlohmann::json gpt2 = {{"model_type", "gpt2"}, {"vocab_size", 50257}, {"n_embd", 64},
                                 {"n_head", 4},          {"n_positions", 1024}, {"n_layer", 12}};
    REQUIRE(runCli(folder, "estimate -b 1 --seq-len 64 --hf-config " + hfConfigFolder(folder, "ok", gpt2))
                .exitCode == 0);
    for (const std::int64_t layers : {std::int64_t{20000}, std::int64_t{1000000}}) {
        auto config = gpt2;
        config["n_layer"] = layers;
        const auto dir = hfConfigFolder(folder, "gpt2-" + std::to_string(layers), config);
        expectRefusal(600, runCli(folder, "estimate -b 1 --seq-len 64 --hf-config " + dir), 4,
                      "n_layer " + std::to_string(layers) + " is more than the 1000 layers");
        expectRefusal(600,
                      runCli(folder, "model import " + dir + " -o '" + folder.file("x.json").string() + "'"),
                      4, "n_layer");
    }
}

TEST_CASE("A mixture whose experts or experts x layers pass what one estimate can walk is refused",
          "[cli][hostile][hf][moe]") {
    test::TemporaryFolder folder;
    struct Case {
        std::int64_t experts, layers;
        const char* says;
    };
    for (const auto& c : {Case{3125, 32, "3125 experts a layer are more than the 1024"},
                          Case{100, 1000, "1000 layers of 100 experts are 100000 expert MLPs"},
                          Case{1024, 32, "32 layers of 1024 experts are 32768 expert MLPs"}}) {
        auto config = supportConfig("tiny-mixtral.json");
        config["num_local_experts"] = c.experts;
        config["num_hidden_layers"] = c.layers;
        const auto dir = hfConfigFolder(folder, "moe-" + std::to_string(c.experts), config);
        expectRefusal(600, runCli(folder, "estimate -b 1 --seq-len 64 --hf-config " + dir), 4, c.says);
    }
}

TEST_CASE("A checkpoint index that lists no tensor is refused, not followed into a crash",
          "[cli][hostile][hf]") {
    test::TemporaryFolder folder;
    const auto dir = hfConfigFolder(folder, "Qwen-tiny", supportConfig("tiny-qwen2.json"));
    test::writeFile(fs::path(dir) / "model.safetensors.index.json", R"({"metadata":{},"weight_map":{}})");
    expectRefusal(600, runCli(folder, "estimate -b 1 --seq-len 32 --hf-config " + dir), 4,
                  "weight_map is empty");
    expectRefusal(600, runCli(folder, "model import " + dir + " -o '" + folder.file("q.json").string() + "'"),
                  4, "weight_map is empty");
}

TEST_CASE("A build file of 10,000 workloads is refused naming the list and its limit", "[cli][hostile]") {
    test::TemporaryFolder folder;
    const auto base = folder.file("base.torchrig").string();
    REQUIRE(runCli(folder, "build new --preset entry-rtx-3060 -m resnet18 -b 8 -o '" + base + "'").exitCode ==
            0);
    auto build = nlohmann::json::parse(test::readFile(base));
    const auto workload = build["workloads"][0];
    for (int i = 1; i < 10000; ++i)
        build["workloads"].push_back(workload);
    const auto many = folder.file("many.torchrig");
    test::writeFile(many, build.dump());
    expectRefusal(600, runCli(folder, "plan --workloads '" + many.string() + "'"), 4,
                  "workloads has 10000 entries; a build holds at most 64");
    expectRefusal(600, runCli(folder, "build check '" + many.string() + "'"), 4,
                  "workloads has 10000 entries");
}
