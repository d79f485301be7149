#include "plan/rent_vs_buy.h"

#include "plan/gpu_device_spec.h"
#include "workload/workload_graph.h"

#include <algorithm>
#include <cmath>

namespace torchrig::plan {

namespace {

constexpr double kDaysPerMonth = 30;

// The workload on `gpus` of `device`: whether it fits and its throughput over all of them.
void estimateOn(RunOption& option, const ModelGraph& graph, estimate::TrainingSetup setup,
                const estimate::DeviceSpec& device, int gpus) {
    setup.parallel.gpus = gpus;
    if (!estimate::runsNatively(setup, device)) {
        option.notEstimated =
            TORCHRIG_MESSAGE("cost", "%1 has no native rate for this precision (no "
                                     "bfloat16 before Ampere: amp-fp16 is its mixed precision)")
                .arg(device.name);
        return;
    }
    const auto e = estimate::estimateTraining(graph, setup, device);
    option.fits = e.fits;
    if (!e.time) {
        option.notEstimated =
            TORCHRIG_MESSAGE("cost", "the catalog has no compute rates for %1").arg(device.name);
        return;
    }
    if (!e.time->communicationKnown) {
        option.notEstimated = TORCHRIG_MESSAGE("cost", "no rate is known for the link between its GPUs");
        return;
    }
    option.samplesPerSecond = e.time->samplesPerSecond * gpus;
}

// The purchase in one currency: the asked one, else the parts' own; a lower bound when a part has
// no price, or one in a currency without a rate.
void pricePurchase(RentVsBuy& r, const BuildCost& cost, const CostOptions& options) {
    r.currency = options.currency;
    double parts = 0;
    bool anyPriced = false;
    for (const auto& line : cost.lines) {
        if (!line.subtotal || line.hourly) // a rented instance is not bought
            continue;
        if (r.currency.empty())
            r.currency = line.currency;
        if (line.currency == r.currency) {
            parts += line.gross.value_or(*line.subtotal); // with its tax, counted once
            anyPriced = true;
        } else {
            r.purchaseIsLowerBound = true; // a currency without a rate: left out
        }
    }
    if (!cost.missing.empty())
        r.purchaseIsLowerBound = true;
    if (anyPriced)
        r.purchase = parts + options.shipping;
}

// A cloud instance asked for the build's month of work and for the run: its hours, cost and the
// months after which owning the build has paid for itself against it.
RunOption cloudOption(const CloudOffer& offer, const ModelGraph& graph, const estimate::TrainingSetup& setup,
                      const CostOptions& money, const UsagePlan& usage, double monthlySamples,
                      const RentVsBuy& r) {
    RunOption option;
    option.id = offer.id;
    option.name = offer.name;
    option.gpus = offer.gpuCount;
    if (!offer.gpu)
        option.notEstimated =
            TORCHRIG_MESSAGE("cost", "the catalog has no specs for its GPU (%1)").arg(offer.gpuName);
    else
        estimateOn(option, graph, setup, *offer.gpu, offer.gpuCount);
    if (offer.hourly)
        option.hourlyCost = convertMoney(offer.hourly->amount, offer.hourly->currency, money);
    const bool works =
        option.notEstimated.empty() && option.fits.value_or(false) && option.samplesPerSecond > 0;
    if (works && option.hourlyCost) {
        if (usage.runSamples > 0) {
            option.runHours = usage.runSamples / option.samplesPerSecond / 3600;
            option.runCost = *option.runHours * *option.hourlyCost;
        }
        if (monthlySamples > 0) {
            option.hoursPerMonth = monthlySamples / option.samplesPerSecond / 3600;
            option.costPerMonth = option.hoursPerMonth * *option.hourlyCost;
            // Owning pays off when the rent saved each month, less the energy, has repaid the purchase.
            const double saved = *option.costPerMonth - r.energyCostPerMonth;
            if (r.purchase && saved > 0)
                option.breakEvenMonths = *r.purchase / saved;
        }
    }
    return option;
}

} // namespace

RentVsBuy compareRentVsBuy(const Build& build, const ModelGraph& graph, const estimate::TrainingSetup& setup,
                           const std::vector<CloudOffer>& offers, const UsagePlan& usage,
                           const CostOptions& options) {
    RentVsBuy r;
    const auto cost = costBuild(build, options);

    pricePurchase(r, cost, options);
    if (r.currency.empty())
        for (const auto& offer : offers)
            if (offer.hourly) {
                r.currency = offer.hourly->currency;
                break;
            }
    CostOptions money = options;
    money.currency = r.currency;
    r.energyCostPerMonth = cost.energyKwhPerMonth * options.pricePerKwh;
    if (options.pricePerKwh <= 0)
        r.notes.push_back(
            TORCHRIG_MESSAGE("cost", "no electricity price given: owning counts the purchase only"));

    // The build.
    r.build.id = build.presetId.empty() ? "build" : build.presetId;
    r.build.name = build.title.empty() ? "this build" : build.title;
    const auto gpus = buildGpus(build);
    const double buildHoursPerMonth = options.hoursPerDay * kDaysPerMonth;
    if (!gpus) {
        const bool rented = std::any_of(build.parts.begin(), build.parts.end(), [](const BuildPart& p) {
            return p.snapshot.category == PartCategory::CloudInstance;
        });
        r.build.notEstimated =
            rented ? TORCHRIG_MESSAGE("cost",
                                      "the build rents a cloud instance: it is among the instances compared")
                   : TORCHRIG_MESSAGE("cost", "the build has no GPU");
    } else {
        r.build.gpus = gpus->gpus;
        estimateOn(r.build, graph, setup, gpus->spec, gpus->gpus);
        if (gpus->mixed)
            r.notes.push_back(
                TORCHRIG_MESSAGE("cost", "the build mixes GPUs: the workload is estimated on %1 only")
                    .arg(gpus->spec.name));
    }
    const bool buildWorks =
        r.build.notEstimated.empty() && r.build.fits.value_or(false) && r.build.samplesPerSecond > 0;
    if (r.purchase && usage.lifetimeMonths > 0 && buildHoursPerMonth > 0) {
        r.build.hoursPerMonth = buildHoursPerMonth;
        r.build.costPerMonth = *r.purchase / usage.lifetimeMonths + r.energyCostPerMonth;
        r.build.hourlyCost = *r.build.costPerMonth / buildHoursPerMonth;
    }
    // The work the build does in a month, in samples; a cloud option is asked for the same.
    const double monthlySamples = buildWorks ? r.build.samplesPerSecond * 3600 * buildHoursPerMonth : 0;
    if (usage.runSamples > 0 && buildWorks) {
        r.build.runHours = usage.runSamples / r.build.samplesPerSecond / 3600;
        r.build.runEnergyKwh = *r.build.runHours * cost.loadWatts / 1000;
        if (r.build.hourlyCost)
            r.build.runCost = *r.build.runHours * *r.build.hourlyCost;
    }
    if (!buildWorks && r.build.notEstimated.empty())
        r.notes.push_back(TORCHRIG_MESSAGE(
            "cost", "the workload does not fit the build's GPUs at this batch: nothing to break even"));

    for (const auto& offer : offers)
        r.cloud.push_back(cloudOption(offer, graph, setup, money, usage, monthlySamples, r));
    if (r.purchaseIsLowerBound)
        r.notes.push_back(TORCHRIG_MESSAGE("cost",
                                           "some parts have no price (or no rate to %1): the purchase and "
                                           "the break-even months are at least the figures shown")
                              .arg(r.currency));
    r.notes.push_back(TORCHRIG_MESSAGE("cost", "a month is 30 days of the build's use at the hours a day "
                                               "given; the cloud instances are asked for the same samples, "
                                               "on demand, with nothing for storage, egress or idle time "
                                               "between runs"));
    return r;
}

Result<RentVsBuy> compareRentVsBuy(const Build& build, const BuildWorkload& workload,
                                   const std::vector<CloudOffer>& offers, const UsagePlan& usage,
                                   const CostOptions& options) {
    auto graph = buildWorkloadGraph(workload.workload);
    if (!graph)
        return graph.error();
    auto setup = estimate::trainingSetupFor(workload.workload);
    setup.cuda = true;
    setup.parallel.strategy = workload.strategy;
    return graphResult([&] { return compareRentVsBuy(build, *graph, setup, offers, usage, options); });
}

} // namespace torchrig::plan
