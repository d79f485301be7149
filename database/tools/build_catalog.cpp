// torchrig-catalog-build SEED_DIR OUTPUT: turns database/seed/*.csv into the bundled catalog.
// Runs at build time; any problem in the seed files fails the build with the file, row and column.

#include "catalog_builder.h"

#include <cstdio>

int main(int argc, char** argv) {
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s SEED_DIR OUTPUT.sqlite\n", argv[0]);
        return 2;
    }
    auto built = torchrig::db::buildCatalog(argv[1], argv[2]);
    if (!built) {
        std::fprintf(stderr, "torchrig-catalog-build: %s\n", built.error().text().c_str());
        return 1;
    }
    std::printf("torchrig-catalog-build: %d parts, %d prices -> %s\n", built->parts, built->prices, argv[2]);
    return 0;
}
