// Advice on running the build: a power limit when the supply or the wall is tight, cooling for hot
// or stacked cards, and renting when buying would not pay off.

#include "plan/advice/advice_context.h"

#include <algorithm>
#include <cmath>

namespace torchrig::plan::advising {

void advisePowerLimit(const AdviceContext& c, std::vector<Advice>& out) {
    const auto& p = c.power;
    const double gpuWatts = p.load.gpuWatts;
    if (!(p.tight || p.stacked) || p.gpuCount <= 0 || gpuWatts <= 0)
        return;
    const double budget =
        p.psuWatts > 0 ? 0.8 * p.psuWatts - p.load.cpuWatts - p.load.platformWatts : gpuWatts * 0.8;
    const double limit =
        std::floor(std::clamp(budget / p.gpuCount, 0.5 * gpuWatts / p.gpuCount, 0.9 * gpuWatts / p.gpuCount) /
                   10) *
        10;
    // nvidia-smi reaches NVIDIA's cards only: AMD's (a gfx target) and the accelerators PyTorch reaches
    // through a vendor's plugin each have their vendor's tool.
    const bool nvidia = c.gpus && !estimate::runsThroughPlugin(c.gpus->spec) &&
                        !c.gpus->spec.computeCapability.starts_with("gfx");
    out.push_back(
        {std::string(advice::kPowerLimit),
         TORCHRIG_MESSAGE("advice", "cap each GPU at about %1 W (rated %2 W): the supply keeps its 20 % "
                                    "headroom and the cards run cooler; large matmuls lose roughly the share "
                                    "of power cut, memory-bound steps less")
             .arg(format("%.0f", limit))
             .arg(format("%.0f", gpuWatts / p.gpuCount)),
         std::string(kArticle002) + " 3.3 散热与功耗优化",
         TORCHRIG_MESSAGE("advice", "nvidia-smi -i 0 -pl 250 limits GPU 0 to 250 W"),
         {},
         std::nullopt,
         std::nullopt,
         nvidia
             ? TORCHRIG_MESSAGE("advice", "nvidia-smi -pl %1 (per GPU, as root; it resets at reboot)")
                   .arg(format("%.0f", limit))
             : TORCHRIG_MESSAGE("advice", "set %1 W per card with its vendor's management tool (nvidia-smi "
                                          "reaches NVIDIA's cards only)")
                   .arg(format("%.0f", limit))});
}

void adviseCooling(const AdviceContext& c, std::vector<Advice>& out) {
    const auto& p = c.power;
    if (!p.stacked && p.load.gpuWatts / std::max(1.0, p.gpuCount) < 400)
        return;
    out.push_back(
        {std::string(advice::kCooling),
         p.stacked
             ? TORCHRIG_MESSAGE("advice", "the cards sit side by side: plan the airflow, or water-cool them")
             : TORCHRIG_MESSAGE("advice", "cards of 400 W or more need a chassis built for their heat"),
         std::string(kArticle002) + " 3.3 散热与功耗优化",
         TORCHRIG_MESSAGE("advice", "custom-loop liquid cooling for high-power cards such as A100/H100"),
         p.sxm ? TORCHRIG_MESSAGE("advice",
                                  "SXM modules are cooled by the server's own heatsinks and fans or its "
                                  "liquid loop; the article's custom loop applies to PCIe cards")
               : Message(),
         std::nullopt, std::nullopt,
         TORCHRIG_MESSAGE("advice",
                          "a server chassis with front-to-back airflow, blower or water-cooled cards, "
                          "or a power limit")});
}

// Renting for short or occasional work.
void adviseCloud(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.input.rent)
        return;
    const auto& cloud = c.input.rent->cloud;
    std::optional<double> soonest;
    std::string cheapest;
    for (const auto& o : cloud)
        if (o.breakEvenMonths && (!soonest || *o.breakEvenMonths < *soonest)) {
            soonest = o.breakEvenMonths;
            cheapest = o.name;
        }
    const bool anyPriced = std::any_of(cloud.begin(), cloud.end(),
                                       [](const RunOption& o) { return o.costPerMonth.has_value(); });
    if (!anyPriced || (soonest && *soonest <= c.input.lifetimeMonths))
        return;
    out.push_back(
        {std::string(advice::kCloud),
         soonest
             ? TORCHRIG_MESSAGE("advice", "at the hours given, buying pays off only after %1 months against "
                                          "%2, past the build's %3 months")
                   .arg(format("%.0f", *soonest))
                   .arg(cheapest)
                   .arg(format("%.0f", c.input.lifetimeMonths))
             : TORCHRIG_MESSAGE("advice", "at the hours given, renting the same work stays cheaper than the "
                                          "build's energy alone"),
         std::string(kArticle002) + " 结语 · seeds/003 1.2",
         TORCHRIG_MESSAGE("advice",
                          "cloud GPUs such as AWS p4d.24xlarge give start-up teams compute without a "
                          "heavy up-front purchase"),
         {},
         std::nullopt,
         std::nullopt,
         TORCHRIG_MESSAGE("advice",
                          "rent for short or occasional experiments; buy when the GPUs stay busy")});
}

} // namespace torchrig::plan::advising
