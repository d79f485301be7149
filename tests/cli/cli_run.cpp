#include "cli_run.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <sys/wait.h>

namespace torchrig::test {

CliRun runCli(const TemporaryFolder& folder, const std::string& arguments) {
    std::string command = std::string(TORCHRIG_TEST_CLI) + " --catalog '" + bundledCatalogPath().string() +
                          "' --user-db '" + folder.file("user.sqlite").string() + "' " + arguments + " 2>&1";
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

} // namespace torchrig::test
