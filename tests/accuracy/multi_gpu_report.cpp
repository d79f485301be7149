// Prints TorchRig's data-parallel scaling against published multi-GPU training throughput
// (published_multi_gpu_throughput.csv): for each row, each GPU's throughput at N GPUs over one GPU's,
// measured and estimated, then the median and worst |difference| for the fitted and the held-out
// GPUs apart, and the held-out rows' worst slowdown beside the uncertainty the estimator carries
// for it. Asserts nothing.
//
//   torchrig-multi-gpu-accuracy [CATALOG.sqlite]
#include "published_multi_gpu.h"

#include "estimate/collectives.h"
#include "paths.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

using namespace torchrig;

int main(int argc, char** argv) {
    try {
        const auto catalog = accuracy::catalogFromArguments(argc, argv);
        const auto cases = accuracy::loadPublishedMultiGpu(accuracy::publishedMultiGpuPath());
        const auto fit = accuracy::fitOverlap(*catalog, cases);
        std::printf("%-8s %14s %13s %15s %14s\n", "overlap", "fitted median", "fitted worst",
                    "held-out median", "held-out worst");
        for (const auto& c : fit.candidates)
            std::printf("%-8.2f %14.3f %13.3f %15.3f %14.3f%s\n", c.overlap, c.fittedMedian, c.fittedWorst,
                        c.heldOutMedian, c.heldOutWorst, c.overlap == fit.best ? "  (best fit)" : "");
        std::printf("the estimator uses %.2f\n\n", estimate::kDataParallelOverlap);
        const auto results = accuracy::evaluateMultiGpu(*catalog, cases);
        std::vector<double> fitted, heldOut;
        std::printf("%-28s %-10s %-8s %5s %9s  %9s %9s %7s\n", "system", "workload", "precision", "batch",
                    "link", "measured", "estimated", "diff");
        for (const auto& r : results) {
            const auto& c = r.published;
            const double diff = r.estimatedEfficiency - r.measuredEfficiency;
            (c.published.heldOut ? heldOut : fitted).push_back(std::abs(diff));
            std::printf("%-28s %-10s %-8s %5lld %9s  %9.3f %9.3f %+7.3f%s\n", c.published.source.c_str(),
                        c.published.workload.c_str(), std::string(precisionId(c.published.precision)).c_str(),
                        static_cast<long long>(c.published.batch), c.link.c_str(), r.measuredEfficiency,
                        r.estimatedEfficiency, diff, c.published.heldOut ? "  (held out)" : "");
        }
        auto summary = [](const char* what, const std::vector<double>& diffs) {
            if (diffs.empty())
                return;
            std::printf("%s: %zu rows, |efficiency difference| median %.3f, worst %.3f\n", what, diffs.size(),
                        accuracy::median(diffs), *std::max_element(diffs.begin(), diffs.end()));
        };
        summary("fitted GPUs", fitted);
        summary("held-out GPUs", heldOut);
        std::printf(
            "held-out rows' worst slowdown (measured step over estimated, scaling alone): +%.0f %%; the "
            "estimator carries +%.0f %%\n",
            100 * accuracy::worstHeldOutSlowdown(results), 100 * estimate::kMultiGpuScalingUncertainty);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
