#include "cli_run.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <sys/wait.h>

namespace torchrig::test {

CliRun runCli(const TemporaryFolder& folder, const std::string& arguments) {
    // Appended, not std::string(...) + "...": GCC 12.2 warns falsely on that (cmake/build_speed.cmake).
    std::string command = TORCHRIG_TEST_CLI;
    command += " --catalog '" + bundledCatalogPath().string() + "' --user-db '" +
               folder.file("user.sqlite").string() + "' " + arguments + " 2>&1";
    CliRun run;
    FILE* pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::array<char, 4096> buffer{};
    while (auto read = std::fread(buffer.data(), 1, buffer.size(), pipe))
        run.output.append(buffer.data(), read);
    int status = pclose(pipe);
    run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

void expectRefusal(std::size_t mostChars, const CliRun& run, int exitStatus, const std::string& names) {
    INFO(run.output);
    CHECK(run.exitCode == exitStatus);
    CHECK(run.output.size() < mostChars);
    CHECK(run.output.find(names) != std::string::npos);
    CHECK(run.output.find("unexpected failure") == std::string::npos);
    CHECK(run.output.find("terminate called") == std::string::npos);
    CHECK(run.output.find("json.exception") == std::string::npos);
}

} // namespace torchrig::test
