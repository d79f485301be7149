// A write that is killed (SIGKILL, at a random moment) leaves the old content or the new, never a
// truncated file or a half-imported catalog: `build new` writes beside the file and renames over
// it, `catalog import` is one SQLite transaction.

#include "cli_run.h"
#include "io/build_file.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <random>
#include <set>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

using namespace torchrig;

namespace {

struct Spawned {
    pid_t pid = -1;
};

// torchrig-cli with the test folder's databases, its output thrown away.
Spawned startCli(const test::TemporaryFolder& folder, std::vector<std::string> arguments) {
    arguments.insert(arguments.begin(), {TORCHRIG_TEST_CLI, "--catalog", test::bundledCatalogPath().string(),
                                         "--user-db", folder.file("user.sqlite").string()});
    std::vector<char*> argv;
    for (auto& a : arguments)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    Spawned spawned;
    const int failed = posix_spawn(&spawned.pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    REQUIRE(failed == 0);
    return spawned;
}

// Runs the command, killed after `delay` unless it ended first; true when it was killed.
bool runKilledAfter(const test::TemporaryFolder& folder, const std::vector<std::string>& arguments,
                    std::chrono::microseconds delay) {
    auto spawned = startCli(folder, arguments);
    const auto deadline = std::chrono::steady_clock::now() + delay;
    int status = 0;
    while (std::chrono::steady_clock::now() < deadline) {
        const auto ended = waitpid(spawned.pid, &status, WNOHANG);
        REQUIRE(ended >= 0);
        if (ended == spawned.pid)
            return false;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    ::kill(spawned.pid, SIGKILL);
    REQUIRE(waitpid(spawned.pid, &status, 0) == spawned.pid);
    return WIFSIGNALED(status);
}

// How long one unkilled run takes here, so that the kills fall across the whole of it.
std::chrono::microseconds runTime(const test::TemporaryFolder& folder,
                                  const std::vector<std::string>& arguments) {
    const auto start = std::chrono::steady_clock::now();
    runKilledAfter(folder, arguments, std::chrono::seconds(30));
    return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - start);
}

// Under AddressSanitizer each run is several times slower and what the kills look for is the same:
// a quarter of the runs there (the ci preset runs them all).
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kRuns = 125;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t kRuns = 125;
#else
constexpr std::size_t kRuns = 500;
#endif
#else
constexpr std::size_t kRuns = 500;
#endif

} // namespace

TEST_CASE("build new killed at random moments leaves the old file or the new, never a cut one",
          "[cli][kill]") {
    test::TemporaryFolder folder;
    const auto file = folder.file("lab.torchrig").string();
    const std::vector<std::string> titles = {"First version", "Second version"};
    auto arguments = [&](std::size_t i) {
        return std::vector<std::string>{
            "build",   "new",         "--preset", i % 2 ? "research-2x-rtx-4090" : "entry-rtx-3060",
            "--title", titles[i % 2], "-o",       file,
            "--force"};
    };
    REQUIRE(runKilledAfter(folder, arguments(0), std::chrono::seconds(30)) == false); // a first, whole file
    const auto whole = runTime(folder, arguments(1));
    std::mt19937 random(19);
    std::uniform_int_distribution<long> moment(0, whole.count() * 6 / 5);
    int killed = 0;
    for (std::size_t i = 0; i < kRuns; ++i) {
        killed += runKilledAfter(folder, arguments(i), std::chrono::microseconds(moment(random)));
        auto build = readBuildFile(test::readFile(file), "lab.torchrig");
        INFO("write " << i);
        REQUIRE(build.ok());
        REQUIRE((build->title == titles[0] || build->title == titles[1]));
    }
    std::printf("build new: %d of %zu writes killed before they ended; every file whole\n", killed, kRuns);
    CHECK(killed > static_cast<int>(kRuns / 5)); // most runs were cut somewhere, not allowed to finish
}

TEST_CASE("catalog import killed at random moments imports all or nothing", "[cli][kill]") {
    test::TemporaryFolder folder;
    // Two files of the same forty parts, named "A …" in one and "B …" in the other: after any kill
    // the catalog holds none of them, or all forty from one file, never a mix.
    std::vector<std::string> files;
    for (const char* letter : {"A", "B"}) {
        std::string csv =
            "id,name,vendor,aliases,kind,standard,link_gbits,ports,pcie_gen,pcie_lanes,for_gpus,"
            "slot_spacing,source,as_of,confidence,notes\n";
        for (int i = 0; i < 40; ++i)
            csv += "interconnect/test-" + std::to_string(i) + "," + letter + " link " + std::to_string(i) +
                   ",Lab,,ethernet,100GbE,100,2,4,16,,,a test,2026-11,high,\n";
        files.push_back(folder.file(std::string(letter) + ".csv").string());
        test::writeFile(files.back(), csv);
    }
    auto import = [&](std::size_t i) {
        return std::vector<std::string>{"catalog", "import", files[i % 2], "--category", "interconnect"};
    };
    REQUIRE(test::runCli(folder, "catalog list --category interconnect --json").exitCode == 0);
    const auto whole = runTime(folder, import(1));
    REQUIRE(test::runCli(folder, "catalog import '" + files[0] + "' --category interconnect").exitCode == 0);
    std::mt19937 random(23);
    std::uniform_int_distribution<long> moment(0, whole.count() * 6 / 5);
    int killed = 0;
    for (std::size_t i = 0; i < kRuns; ++i) {
        killed += runKilledAfter(folder, import(i), std::chrono::microseconds(moment(random)));
        const auto listed = test::runCli(folder, "catalog list --category interconnect --json");
        INFO("import " << i << ": " << listed.output.substr(0, 300));
        REQUIRE(listed.exitCode == 0);
        std::set<char> letters;
        int ours = 0;
        const auto document = nlohmann::json::parse(listed.output);
        for (const auto& part : document["parts"])
            if (part["id"].get<std::string>().rfind("interconnect/test-", 0) == 0) {
                ++ours;
                letters.insert(part["name"].get<std::string>()[0]);
            }
        REQUIRE(ours == 40);
        REQUIRE(letters.size() == 1);
    }
    std::printf("catalog import: %d of %zu imports killed before they ended; none half done\n", killed,
                kRuns);
    CHECK(killed > static_cast<int>(kRuns / 5));
}
