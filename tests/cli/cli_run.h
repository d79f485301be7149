#pragma once
// Runs torchrig-cli over the build's bundled catalog and a user database in the test's folder.

#include "test_support.h"

#include <cstddef>
#include <string>

namespace torchrig::test {

struct CliRun {
    int exitCode = -1;
    std::string output; // standard output and standard error together
};

CliRun runCli(const TemporaryFolder& folder, const std::string& arguments);

// A refusal as a person should read it: the exit status, a message of at most `mostChars` that
// names what was refused (`names`), and no crash's or library's words.
void expectRefusal(std::size_t mostChars, const CliRun& run, int exitStatus, const std::string& names);

} // namespace torchrig::test
