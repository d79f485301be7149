#pragma once

namespace torchrig::test {

// Runs the suite's test cases as Catch2's own main() would: the command line, the report, the exit
// code (support/catch_implementation.cpp).
int runCatchSession(int argc, char** argv);

} // namespace torchrig::test
