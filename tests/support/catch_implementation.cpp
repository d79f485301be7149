// Catch2's implementation, compiled once for every suite (torchrig_catch), and the one function
// the suites' main()s call: support/catch_main.cpp's, and ui/qt_catch_main.cpp's around a
// QApplication. Catch2 v2 declares its Session only where the implementation is compiled.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "catch_session.h"

namespace torchrig::test {

int runCatchSession(int argc, char** argv) {
    return Catch::Session().run(argc, argv);
}

} // namespace torchrig::test
