// Fits each GPU architecture's achievable fractions (estimate/achievable_rates.h) to the published
// throughput rows marked "fit" in published_training_throughput.csv, then prints the table for
// achievable_rates.cpp, with each architecture's held-out error, and the report with the fitted
// fractions in place. Deterministic; asserts nothing.
//
//   torchrig-fit-step-time [CATALOG.sqlite]
#include "published_throughput.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

using namespace torchrig;

namespace {

using estimate::AchievableFractions;
using estimate::GpuArchitecture;

GpuArchitecture architectureOfGpu(accuracy::PublishedThroughput& published, const std::string& gpu) {
    return estimate::architectureOf(published.devices().at(gpu).computeCapability);
}

// Sum of squared log errors of the estimated samples/s over the rows given.
double loss(accuracy::PublishedThroughput& published, const std::vector<std::size_t>& rows) {
    double sum = 0;
    for (auto i : rows) {
        const double ratio = published.estimatedSamplesPerSecond(i) / published.cases()[i].samplesPerSecond;
        sum += std::pow(std::log(std::max(ratio, 1e-9)), 2);
    }
    return sum;
}

void setFractions(accuracy::PublishedThroughput& published, GpuArchitecture architecture,
                  const AchievableFractions& f) {
    for (auto& [id, device] : published.devices())
        if (estimate::architectureOf(device.computeCapability) == architecture)
            device.fractions = f;
}

// Coordinate descent in log space: each fraction in turn by golden-section search over [0.02, 1].
AchievableFractions fit(accuracy::PublishedThroughput& published, GpuArchitecture architecture,
                        const std::vector<std::size_t>& rows, AchievableFractions f) {
    double* fields[] = {&f.halfPrecisionMatrix, &f.tf32Matrix, &f.bandwidth};
    const double phi = (std::sqrt(5.0) - 1) / 2;
    for (int round = 0; round < 4; ++round) {
        for (double* field : fields) {
            double lo = std::log(0.02), hi = std::log(1.0);
            auto at = [&](double x) {
                *field = std::exp(x);
                setFractions(published, architecture, f);
                return loss(published, rows);
            };
            double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
            double fa = at(a), fb = at(b);
            for (int step = 0; step < 18; ++step) {
                if (fa < fb) {
                    hi = b, b = a, fb = fa, a = hi - phi * (hi - lo), fa = at(a);
                } else {
                    lo = a, a = b, fa = fb, b = lo + phi * (hi - lo), fb = at(b);
                }
            }
            *field = std::exp((lo + hi) / 2);
        }
    }
    setFractions(published, architecture, f);
    return f;
}

} // namespace

int main(int argc, char** argv) {
    try {
        auto published = accuracy::publishedThroughputOnCatalog(argc, argv);
        const auto& cases = published.cases();
        std::map<GpuArchitecture, std::vector<std::size_t>> fitted, heldOut;
        for (std::size_t i = 0; i < cases.size(); ++i)
            (cases[i].heldOut ? heldOut : fitted)[architectureOfGpu(published, cases[i].gpu)].push_back(i);
        // Each architecture's reference card: of its fitted cards, the fastest memory, the highest peak
        // and the fewest datasheet FLOPs per watt.
        std::map<GpuArchitecture, AchievableFractions> start;
        for (const auto& [architecture, rows] : fitted) {
            AchievableFractions f{0.5, 0.5, 0.7, 1e30, 1e30, 0};
            for (auto i : rows) {
                const auto& d = published.devices().at(cases[i].gpu);
                f.referenceBandwidth = std::max(f.referenceBandwidth, d.bandwidthBytesPerSecond);
                f.referenceHalfPrecisionPeak = std::max(f.referenceHalfPrecisionPeak, d.fp16Flops);
                f.referenceTf32Peak =
                    std::max(f.referenceTf32Peak, d.tf32Flops > 0 ? d.tf32Flops : d.fp32Flops);
                if (d.tdpWatts <= 0)
                    continue;
                f.halfPrecisionFlopsPerWatt = std::min(f.halfPrecisionFlopsPerWatt, d.fp16Flops / d.tdpWatts);
                f.tf32FlopsPerWatt =
                    std::min(f.tf32FlopsPerWatt, (d.tf32Flops > 0 ? d.tf32Flops : d.fp32Flops) / d.tdpWatts);
            }
            start[architecture] = f;
        }
        // The exponents and the narrow dimension are one for all architectures: of a small grid, the
        // set that fits the fitted rows best, each architecture's fractions fitted for each set.
        std::map<GpuArchitecture, AchievableFractions> fractions;
        double bestLoss = 1e300;
        for (double narrow : {0.0, 128.0, 512.0})
            for (double power : {0.25, 0.5, 0.75})
                for (double peak : {0.0, 0.25, 0.5})
                    for (double bandwidth : {0.0, 0.25, 0.5}) {
                        std::map<GpuArchitecture, AchievableFractions> candidate;
                        double total = 0;
                        for (const auto& [architecture, rows] : fitted) {
                            auto f = start[architecture];
                            f.powerExponent = power;
                            f.peakExponent = peak;
                            f.bandwidthExponent = bandwidth;
                            f.narrowDimension = narrow;
                            candidate[architecture] = fit(published, architecture, rows, f);
                            total += loss(published, rows);
                        }
                        fmt::print(stderr,
                                   "narrow {:.0f}, exponents: power {:.2f}, peak {:.2f}, bandwidth {:.2f}: "
                                   "fitted loss {:.4f}\n",
                                   narrow, power, peak, bandwidth, total);
                        if (total < bestLoss)
                            bestLoss = total, fractions = candidate;
                    }
        for (const auto& [architecture, f] : fractions)
            setFractions(published, architecture, f);
        // The error of each architecture's held-out rows, estimated over published samples/s, in the
        // rounds the fit drew on (another round ran other software: its level differs as a whole).
        std::set<std::string> fittedRounds;
        for (const auto& c : cases)
            if (!c.heldOut)
                fittedRounds.insert(c.round);
        std::map<GpuArchitecture, double> worstHeldOut;
        double worstOfAll = 0;
        for (const auto& [architecture, rows] : heldOut)
            for (auto i : rows) {
                if (!fittedRounds.count(cases[i].round))
                    continue;
                const double error =
                    std::abs(published.estimatedSamplesPerSecond(i) / cases[i].samplesPerSecond - 1);
                worstHeldOut[architecture] = std::max(worstHeldOut[architecture], error);
                worstOfAll = std::max(worstOfAll, error);
            }
        // An architecture never fitted: at least the largest share error of its held-out GPUs.
        double worstUnfitted = worstOfAll;
        const auto shares = published.evaluate();
        for (std::size_t i = 0; i < cases.size(); ++i)
            if (cases[i].heldOut && !fractions.count(architectureOfGpu(published, cases[i].gpu)))
                worstUnfitted = std::max(worstUnfitted, std::abs(shares[i].shareError));
        fmt::print(
            "// {{half-precision, tf32 matrix, bandwidth fractions; half-precision, tf32 FLOP/s per W, power "
            "exponent; reference bandwidth, exponent; reference half-precision, tf32 peaks, exponent}}, "
            "uncertainty\n");
        for (const auto& [architecture, f] : fractions)
            fmt::print("{{{{{:.3f}, {:.3f}, {:.3f}, {:.4g}, {:.4g}, {:.2f}, {:.4g}, {:.2f}, {:.4g}, {:.4g}, "
                       "{:.2f}, {:.0f}}}, {:.2f}, "
                       "true}}, // {}\n",
                       f.halfPrecisionMatrix, f.tf32Matrix, f.bandwidth, f.halfPrecisionFlopsPerWatt,
                       f.tf32FlopsPerWatt, f.powerExponent, f.referenceBandwidth, f.bandwidthExponent,
                       f.referenceHalfPrecisionPeak, f.referenceTf32Peak, f.peakExponent, f.narrowDimension,
                       worstHeldOut.count(architecture) ? worstHeldOut[architecture] : worstOfAll,
                       estimate::architectureName(architecture));
        std::vector<double> half, tf32, bandwidth;
        for (const auto& [architecture, f] : fractions)
            half.push_back(f.halfPrecisionMatrix), tf32.push_back(f.tf32Matrix),
                bandwidth.push_back(f.bandwidth);
        fmt::print("// the others (median of the fitted): {{{{{:.3f}, {:.3f}, {:.3f}}}, {:.2f}, false}}\n",
                   accuracy::median(half), accuracy::median(tf32), accuracy::median(bandwidth),
                   worstUnfitted);
        std::fputs(accuracy::report(published.evaluate()).c_str(), stdout);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
