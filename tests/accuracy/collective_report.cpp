// Prints TorchRig's all-reduce bus bandwidth against published nccl-tests figures
// (published_nccl_bus_bandwidth.csv): each link class's fitted fraction of its datasheet rate beside
// the one the estimator uses, each row's published and modelled busbw, and the median and worst
// |error| for the fitted and the held-out rows apart. Asserts nothing.
//
//   torchrig-collective-accuracy
#include "published_bus_bandwidth.h"
#include "published_throughput.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

using namespace torchrig;

int main() {
    try {
        const auto rows = accuracy::loadPublishedBusBandwidth(accuracy::publishedBusBandwidthPath());
        std::printf("%-14s %12s %12s\n", "link class", "fitted", "in the code");
        for (const auto& [link, fraction] : accuracy::fitBusFractions(rows))
            std::printf("%-14s %12.3f %12.3f\n", std::string(estimate::linkClassId(link)).c_str(), fraction,
                        estimate::collectiveRates(link).busFraction);
        std::printf("\n%-56s %-14s %5s %9s %9s %7s\n", "system", "link class", "gpus", "published",
                    "modelled", "error");
        std::vector<double> fitted, heldOut;
        for (const auto& r : rows) {
            const double error = accuracy::busBandwidthError(r);
            (r.heldOut ? heldOut : fitted).push_back(std::abs(error));
            std::printf("%-56s %-14s %5d %9.1f %9.1f %+6.0f%%%s\n", r.system.c_str(),
                        std::string(estimate::linkClassId(r.link)).c_str(), r.gpus, r.busBytesPerSecond / 1e9,
                        (error + 1) * r.busBytesPerSecond / 1e9, error * 100,
                        r.heldOut ? "  (held out)" : "");
        }
        auto summary = [](const char* what, const std::vector<double>& errors) {
            if (!errors.empty())
                std::printf("%s: %zu rows, |busbw error| median %.0f %%, worst %.0f %%\n", what,
                            errors.size(), accuracy::median(errors) * 100,
                            *std::max_element(errors.begin(), errors.end()) * 100);
        };
        summary("fitted rows", fitted);
        summary("held-out rows", heldOut);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
