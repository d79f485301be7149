// Prints the step-time model against published training throughput (published_training_throughput.csv):
// the fitted and the held-out GPUs apart. Asserts nothing.
//
//   torchrig-step-time-accuracy [CATALOG.sqlite]
#include "published_throughput.h"

#include <cstdio>

using namespace torchrig;

int main(int argc, char** argv) {
    try {
        const auto published = accuracy::publishedThroughputOnCatalog(argc, argv);
        std::fputs(accuracy::report(published.evaluate()).c_str(), stdout);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
