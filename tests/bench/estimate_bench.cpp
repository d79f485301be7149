// How fast the estimator answers: estimates per second for three model sizes, and a sweep of every
// catalog GPU x batch 1..1024 (powers of two) x three precisions, as the app's fit view would ask.
// Prints numbers; asserts nothing.
//
//   torchrig-bench-estimate [CATALOG.sqlite]

#include "catalog.h"
#include "estimate/estimate.h"
#include "paths.h"
#include "workload/model_zoo.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <string>

using namespace torchrig;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

estimate::DeviceSpec h100() {
    estimate::DeviceSpec d;
    d.id = "bench";
    d.name = "a Hopper-class GPU";
    d.cuda = true;
    d.usableBytes = 80LL << 30;
    d.fp32Flops = 67e12;
    d.tf32Flops = 494e12;
    d.bf16Flops = d.fp16Flops = 989e12;
    d.bandwidthBytesPerSecond = 3.35e12;
    return d;
}

void perSecond(const char* id, ModelInputs inputs) {
    const auto* model = findZooModel(id);
    auto graph = model->build(inputs);
    estimate::TrainingSetup setup;
    setup.precision = Precision::AmpBf16;
    const auto device = h100();
    int count = 0;
    auto start = Clock::now();
    while (secondsSince(start) < 2.0 || count < 3) {
        auto e = estimate::estimateTraining(graph, setup, device);
        (void)e;
        ++count;
    }
    const double elapsed = secondsSince(start);
    auto buildStart = Clock::now();
    auto rebuilt = model->build(inputs);
    const double build = secondsSince(buildStart);
    fmt::print("{:<12} {:>6} ops  {:>9.1f} estimates/s  ({:.3f} ms each; building the graph {:.3f} ms)\n", id,
               graph.ops().size(), count / elapsed, 1e3 * elapsed / count, 1e3 * build);
    (void)rebuilt;
}

} // namespace

int main(int argc, char** argv) {
    perSecond("resnet50", {32, 224, 0});
    perSecond("gpt2-xl", {4, 0, 1024});
    perSecond("llama-2-70b", {1, 0, 4096});

    db::CatalogOpenOptions open;
    open.bundledPath = argc > 1 ? std::filesystem::path(argv[1]) : db::defaultBundledCatalogPath();
    auto catalog = db::Catalog::open(open);
    if (!catalog) {
        std::fprintf(stderr, "%s\n", catalog.error().text().c_str());
        return 1;
    }
    auto gpus = (*catalog)->list(PartCategory::Gpu);
    const auto* model = findZooModel("resnet50");
    auto start = Clock::now();
    int estimates = 0;
    for (std::int64_t batch = 1; batch <= 1024; batch *= 2) {
        auto graph = model->build({batch, 224, 0});
        for (auto precision : {Precision::Fp32, Precision::AmpFp16, Precision::AmpBf16}) {
            estimate::TrainingSetup setup;
            setup.precision = precision;
            for (std::size_t i = 0; i < gpus.size(); ++i) { // each card's own estimate, simulated anew
                auto e = estimate::estimateTraining(graph, setup, h100());
                (void)e;
                ++estimates;
            }
        }
    }
    const double sweep = secondsSince(start);
    fmt::print("sweep: {} GPUs x 11 batches x 3 precisions = {} estimates of resnet50 in {:.1f} ms, "
               "simulating each\n",
               gpus.size(), estimates, 1e3 * sweep);
    start = Clock::now();
    for (std::int64_t batch = 1; batch <= 1024; batch *= 2) {
        auto graph = model->build({batch, 224, 0});
        for (auto precision : {Precision::Fp32, Precision::AmpFp16, Precision::AmpBf16}) {
            estimate::TrainingSetup setup;
            setup.precision = precision;
            setup.cuda = true;
            auto memory = estimate::estimateMemory(graph, setup);
            for (std::size_t i = 0; i < gpus.size(); ++i) {
                auto e = estimate::estimateTraining(graph, setup, h100(), memory);
                (void)e;
            }
        }
    }
    fmt::print("sweep: the same with one memory simulation per batch and precision: {:.1f} ms\n",
               1e3 * secondsSince(start));
    estimate::TrainingSetup setup;
    auto once = Clock::now();
    auto graph = model->build({64, 224, 0});
    auto e = estimate::estimateTraining(graph, setup, h100());
    (void)e;
    fmt::print(
        "one re-estimate after a one-field change (resnet50, batch 64, graph rebuilt too): {:.2f} ms\n",
        1e3 * secondsSince(once));
    return 0;
}
