// Benchmark (not a test): how long planning takes over the bundled catalog, and how it grows with
// the catalog: the catalog again ×2 and ×4, each copy's parts under new ids with their prices moved
// by a fixed ±5 % pattern (cards alike but not equal: the hard case, since none share a price).
// For each of the seed articles' three scenarios (plan/plan_scenarios.h), in CNY at USD=7.1 and
// EUR=7.7, prints the median wall time of RUNS plans and what the search did.
//   torchrig-bench-plan [CATALOG=the bundled one] [RUNS=5]

#include "catalog.h"
#include "part_snapshot.h"
#include "paths.h"
#include "plan/plan_scenarios.h"
#include "plan/planner.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <vector>

using namespace torchrig;

namespace {

// The catalog with `copies` copies of every part (the first is the catalog itself).
plan::PlanCatalog grown(const plan::PlanCatalog& catalog, int copies) {
    plan::PlanCatalog out = catalog;
    static const double kPriceMoves[] = {0.95, 1.03, 0.98, 1.05, 0.97, 1.01, 0.96, 1.04};
    for (int copy = 1; copy < copies; ++copy)
        for (std::size_t i = 0; i < catalog.parts.size(); ++i) {
            auto part = catalog.parts[i];
            part.partId += fmt::format("-copy{}", copy);
            part.snapshot.name += fmt::format(" (copy {})", copy);
            if (part.snapshot.price)
                part.snapshot.price->amount *=
                    kPriceMoves[(i + static_cast<std::size_t>(copy)) % std::size(kPriceMoves)];
            out.parts.push_back(std::move(part));
        }
    return out;
}

} // namespace

int main(int argc, char** argv) {
    db::CatalogOpenOptions open;
    open.bundledPath = argc > 1 ? std::filesystem::path(argv[1]) : db::defaultBundledCatalogPath();
    const int runs = argc > 2 ? std::max(1, std::atoi(argv[2])) : 5;
    auto catalog = db::Catalog::open(open);
    if (!catalog) {
        fmt::print(stderr, "torchrig-bench-plan: {}\n", catalog.error().text());
        return 1;
    }
    const auto bundled = db::planCatalog(**catalog);
    fmt::print("{:<11} {:>7} {:>6} {:>10} {:>8} {:>13} {:>6} {:>8} {:>10}\n", "scenario", "catalog", "parts",
               "median s", "worst s", "combinations", "hosts", "checks", "proposals");
    for (int copies : {1, 2, 4}) {
        const auto plans = grown(bundled, copies);
        for (const auto& scenario : plan::planScenarios()) {
            auto request = scenario.request;
            request.cost.rates = {{"USD", 7.1}, {"EUR", 7.7}};
            request.cost.today = "2026-12-01";
            std::vector<double> seconds;
            plan::PlanResult result;
            for (int run = 0; run < runs; ++run) {
                const auto started = std::chrono::steady_clock::now();
                result = plan::planBuilds(request, plans);
                seconds.push_back(
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
            }
            std::sort(seconds.begin(), seconds.end());
            const auto& s = result.statistics;
            fmt::print("{:<11} {:>6}x {:>6} {:>10.3f} {:>8.3f} {:>13} {:>6} {:>8} {:>10}\n", scenario.id,
                       copies, plans.parts.size(), seconds[seconds.size() / 2], seconds.back(),
                       s.combinations, s.hostSearches, s.buildsChecked, result.proposals.size());
        }
    }
    return 0;
}
