// Benchmark (not a test): search latency and cold-open time on a generated catalog.
//   torchrig-bench-catalog-search [PARTS=100000] [FOLDER=/tmp]
// Generates a catalog of PARTS parts across the categories (names in the style of real ones; with
// TORCHRIG_BENCH_KEEP set, the file is kept and reused by the next run),
// then opens it cold and times Catalog::search over typical queries. Prints p50/p99.

#include "catalog.h"
#include "catalog_builder.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <random>

using namespace torchrig;
using Clock = std::chrono::steady_clock;

namespace {

double millisecondsSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

db::PartRecord generatedPart(int index, std::mt19937& random) {
    static const char* kGpuSeries[] = {"GeForce RTX", "GeForce GTX", "RTX",  "Radeon RX",
                                       "Instinct MI", "Tesla",       "Arc A"};
    static const char* kVendors[] = {"NVIDIA",   "AMD",   "Intel", "ASUS",    "MSI",
                                     "Gigabyte", "Zotac", "PNY",   "Sapphire"};
    static const char* kVariants[] = {"",        " Ti",    " Super",   " OC", " Founders Edition",
                                      " Blower", " Turbo", " Gaming X"};
    std::uniform_int_distribution<int> pick(0, 1 << 20);
    db::PartRecord part;
    part.provenance = {"generated for the benchmark", "2026-11-30", Confidence::Low};
    auto vendor = kVendors[pick(random) % std::size(kVendors)];
    part.vendor = vendor;
    switch (index % 4) {
    case 0:
    case 1: {
        part.category = PartCategory::Gpu;
        int model = 1000 + pick(random) % 9000;
        int memory = 4 << (pick(random) % 6);
        part.name = fmt::format("{} {} {}{} {}GB", vendor, kGpuSeries[pick(random) % std::size(kGpuSeries)],
                                model, kVariants[pick(random) % std::size(kVariants)], memory);
        part.fields = {{"architecture", std::string("Generated")},
                       {"vram_gb", double(memory)},
                       {"memory_bandwidth_gbs", double(200 + pick(random) % 3000)},
                       {"tdp_w", double(75 + pick(random) % 600)},
                       {"form_factor", std::string("pcie")},
                       {"gpu_link", std::string("none")}};
        break;
    }
    case 2: {
        part.category = PartCategory::Cpu;
        int model = 1000 + pick(random) % 14000;
        part.name = fmt::format("{} {}{}", pick(random) % 2 ? "Ryzen 9" : "Core i7-", model,
                                pick(random) % 2 ? "X" : "K");
        part.fields = {{"cores", std::int64_t{8 + pick(random) % 56}},
                       {"threads", std::int64_t{16}},
                       {"socket", std::string("AM5")},
                       {"tdp_w", 125.0},
                       {"memory_type", std::string("DDR5")},
                       {"memory_channels", std::int64_t{2}}};
        break;
    }
    default: {
        part.category = PartCategory::Storage;
        int capacity = 250 << (pick(random) % 7);
        part.name = fmt::format("{} NVMe {}{} {}GB", vendor, pick(random) % 2 ? "SN" : "PRO ",
                                500 + pick(random) % 9000, capacity);
        part.fields = {{"kind", std::string("nvme")}, {"capacity_gb", double(capacity)}};
        break;
    }
    }
    part.id = fmt::format("{}/generated-{}", categoryId(part.category), index);
    return part;
}

} // namespace

int main(int argc, char** argv) {
    int count = argc > 1 ? std::atoi(argv[1]) : 100000;
    std::filesystem::path folder = argc > 2 ? argv[2] : std::filesystem::temp_directory_path();
    auto file = folder / fmt::format("torchrig-bench-{}.sqlite", count);

    std::mt19937 random(20261130);
    bool reuse = std::getenv("TORCHRIG_BENCH_KEEP") && std::filesystem::exists(file);
    if (!reuse) {
        std::vector<db::PartRecord> parts;
        parts.reserve(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i)
            parts.push_back(generatedPart(i, random));
        auto buildStart = Clock::now();
        auto built = db::writeCatalogFile(parts, file);
        if (!built) {
            fmt::print(stderr, "{}\n", built.error().text());
            return 1;
        }
        fmt::print("generated {} parts in {:.1f} s ({:.1f} MB)\n", built->parts,
                   millisecondsSince(buildStart) / 1000, double(std::filesystem::file_size(file)) / 1e6);
    } else {
        fmt::print("reusing {} (TORCHRIG_BENCH_KEEP is set)\n", file.string());
    }

    // The app always runs with the user's database over the bundled one: give it 1,000 parts of
    // its own and a few hidden bundled ones, so the overlay's cost is in the figures.
    auto userFile = folder / fmt::format("torchrig-bench-{}-user.sqlite", count);
    std::filesystem::remove(userFile);
    db::CatalogOpenOptions options;
    options.bundledPath = file;
    options.userPath = userFile;
    {
        auto setup = db::Catalog::open(options);
        if (!setup || (*setup)->userStatus().state != db::UserDatabaseState::Writable) {
            fmt::print(stderr, "the user database could not be prepared\n");
            return 1;
        }
        std::vector<db::PartRecord> own;
        for (int i = 0; i < 1000; ++i) {
            auto part = generatedPart(i, random);
            part.id = fmt::format("{}/own-{}", categoryId(part.category), i);
            own.push_back(std::move(part));
        }
        auto importStart = Clock::now();
        auto imported = (*setup)->importParts(own);
        for (int i = 0; i < 50; ++i)
            (void)(*setup)->remove(fmt::format("gpu/generated-{}", i * 4));
        fmt::print("user database: {} own parts imported in {:.1f} ms, 50 bundled parts hidden\n",
                   imported ? imported->added : 0, millisecondsSince(importStart));
    }

    // Cold open: fresh connections, with the first search (the first page read of the index).
    auto openStart = Clock::now();
    auto catalog = db::Catalog::open(options);
    if (!catalog) {
        fmt::print(stderr, "{}\n", catalog.error().text());
        return 1;
    }
    auto firstHits = (*catalog)->search("rtx 4090");
    double coldOpen = millisecondsSince(openStart);
    fmt::print("cold open + first search: {:.2f} ms ({} hits)\n", coldOpen, firstHits.size());

    const std::vector<std::string> queries = {
        "rtx 4090",   "rtx4090",  "a100 80", "ryzen 9 7950x",         "i7-13700k",
        "sn850 1000", "4090",     "mi 300",  "gigabyte 3060 ti 12gb", "pny",
        "turbo 24gb", "arc a770", "radeon",  "zotac rtx 40",          "pro 2000gb"};
    std::vector<double> latencies;
    std::size_t hits = 0;
    std::vector<std::pair<double, std::string>> slowest; // each query's worst time
    for (const auto& query : queries) {
        double worst = 0;
        for (int round = 0; round < 20; ++round) {
            auto start = Clock::now();
            hits += (*catalog)->search(query).size();
            latencies.push_back(millisecondsSince(start));
            worst = std::max(worst, latencies.back());
        }
        slowest.emplace_back(worst, query);
    }
    std::sort(latencies.begin(), latencies.end());
    std::sort(slowest.rbegin(), slowest.rend());
    auto percentile = [&](double p) {
        return latencies[static_cast<std::size_t>(p * double(latencies.size() - 1))];
    };
    fmt::print(
        "search over {} parts: {} queries, p50 {:.3f} ms, p99 {:.3f} ms, max {:.3f} ms ({} hits returned)\n",
        count, latencies.size(), percentile(0.50), percentile(0.99), latencies.back(), hits);
    for (std::size_t i = 0; i < std::min<std::size_t>(3, slowest.size()); ++i)
        fmt::print("  slowest: \"{}\" {:.3f} ms\n", slowest[i].second, slowest[i].first);
    if (std::getenv("TORCHRIG_BENCH_KEEP")) {
        fmt::print("kept {}\n", file.string());
        return 0;
    }
    std::filesystem::remove(file);
    std::filesystem::remove(userFile);
    return 0;
}
