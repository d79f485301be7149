// Prints the step-time model against published training throughput (published_training_throughput.csv):
// the fitted and the held-out GPUs apart. Asserts nothing.
//
//   torchrig-step-time-accuracy [CATALOG.sqlite]
#include "paths.h"
#include "published_throughput.h"

#include <cstdio>

using namespace torchrig;

int main(int argc, char** argv) {
    try {
        db::CatalogOpenOptions open;
        open.bundledPath = argc > 1 ? std::filesystem::path(argv[1]) : db::defaultBundledCatalogPath();
        auto catalog = db::Catalog::open(open);
        if (!catalog) {
            std::fprintf(stderr, "%s\n", catalog.error().message.c_str());
            return 1;
        }
        auto cases = accuracy::loadPublishedThroughput(accuracy::publishedThroughputPath());
        accuracy::PublishedThroughput published(cases, accuracy::catalogDevices(**catalog, cases));
        std::fputs(accuracy::report(published.evaluate()).c_str(), stdout);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
