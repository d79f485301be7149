// Prints TorchRig's data-parallel scaling against published multi-GPU training throughput
// (published_multi_gpu_throughput.csv): for each row, each GPU's throughput at N GPUs over one GPU's,
// measured and estimated, then the median and worst |difference| for the fitted and the held-out
// GPUs apart. Asserts nothing.
//
//   torchrig-multi-gpu-accuracy [CATALOG.sqlite]
#include "published_throughput.h"

#include "part_snapshot.h"
#include "paths.h"
#include "plan/gpu_device_spec.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

using namespace torchrig;

namespace {

struct MultiGpuCase {
    accuracy::PublishedCase published; // the GPU, workload, precision and batch per GPU
    int gpus = 0;
    double samplesPerSecond = 0;          // every GPU together
    double singleGpuSamplesPerSecond = 0; // the same GPU alone
    std::string link;                     // nvlink, pcie or pcie-host
};

std::vector<MultiGpuCase> loadCases(const std::filesystem::path& path) {
    const auto noted = accuracy::readNotedCsv(path);
    std::vector<MultiGpuCase> cases;
    for (const auto& row : noted.table.rows) {
        auto cell = [&](const char* name) {
            return row.at(noted.column(name));
        };
        MultiGpuCase c;
        c.published.gpu = cell("gpu");
        c.published.source = cell("lambda_name");
        c.published.workload = cell("workload");
        const auto precision = precisionFromString(cell("precision"));
        if (!precision)
            throw std::runtime_error(path.string() + ": no precision " + cell("precision"));
        c.published.precision = *precision;
        c.published.batch = std::stoll(cell("batch_per_gpu"));
        c.published.heldOut = cell("split") == "held-out";
        c.gpus = std::stoi(cell("gpus"));
        c.samplesPerSecond = std::stod(cell("samples_per_second"));
        c.singleGpuSamplesPerSecond = std::stod(cell("single_gpu_samples_per_second"));
        c.link = cell("link");
        cases.push_back(std::move(c));
    }
    return cases;
}

} // namespace

int main(int argc, char** argv) {
    try {
        db::CatalogOpenOptions open;
        open.bundledPath = argc > 1 ? std::filesystem::path(argv[1]) : db::defaultBundledCatalogPath();
        auto catalog = db::Catalog::open(open);
        if (!catalog)
            throw std::runtime_error(catalog.error().text());
        const auto cases =
            loadCases(std::filesystem::path(__FILE__).parent_path() / "published_multi_gpu_throughput.csv");
        std::vector<double> fitted, heldOut;
        std::printf("%-28s %-10s %5s %6s  %9s %9s %7s\n", "system", "workload", "batch", "link", "measured",
                    "estimated", "diff");
        for (const auto& c : cases) {
            const auto part = (*catalog)->find(c.published.gpu);
            if (!part)
                throw std::runtime_error("the catalog has no " + c.published.gpu);
            const auto device = plan::gpuDeviceSpec(part->id, db::partSnapshot(*part));
            const auto one = accuracy::prepareCase(c.published, 1);
            const auto many = accuracy::prepareCase(c.published, c.gpus);
            const auto alone = estimate::estimateTraining(one.graph, one.setup, device, one.memory);
            const auto together = estimate::estimateTraining(many.graph, many.setup, device, many.memory);
            if (!alone.time || !together.time)
                throw std::runtime_error("no time estimate for " + c.published.source);
            const double measured = c.samplesPerSecond / (c.gpus * c.singleGpuSamplesPerSecond);
            const double estimated = together.time->samplesPerSecond / alone.time->samplesPerSecond;
            (c.published.heldOut ? heldOut : fitted).push_back(std::abs(estimated - measured));
            std::printf("%-28s %-10s %5lld %6s  %9.3f %9.3f %+7.3f%s\n", c.published.source.c_str(),
                        c.published.workload.c_str(), static_cast<long long>(c.published.batch),
                        c.link.c_str(), measured, estimated, estimated - measured,
                        c.published.heldOut ? "  (held out)" : "");
        }
        auto summary = [](const char* what, const std::vector<double>& diffs) {
            if (diffs.empty())
                return;
            std::printf("%s: %zu rows, |efficiency difference| median %.3f, worst %.3f\n", what, diffs.size(),
                        accuracy::median(diffs), *std::max_element(diffs.begin(), diffs.end()));
        };
        summary("fitted GPUs", fitted);
        summary("held-out GPUs", heldOut);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
