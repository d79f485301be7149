// The main() of the suites without a QApplication; Catch2's implementation is torchrig_catch's.
#include "catch_session.h"

int main(int argc, char** argv) {
    return torchrig::test::runCatchSession(argc, argv);
}
