#pragma once
// Runs torchrig-cli over the build's bundled catalog and a user database in the test's folder.

#include "test_support.h"

#include <string>

namespace torchrig::test {

struct CliRun {
    int exitCode = -1;
    std::string output; // standard output and standard error together
};

CliRun runCli(const TemporaryFolder& folder, const std::string& arguments);

} // namespace torchrig::test
