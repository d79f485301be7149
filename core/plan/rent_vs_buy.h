#pragma once
// Buying a build against renting the same work from cloud instances: the workload's throughput on
// the build and on each instance's GPUs (the estimator's step time, data parallel over the GPUs),
// what a month of the build's use would cost rented, what one training run costs either way
// (purchase amortised over the build's life plus energy, against hours times the hourly price),
// and the months after which buying has paid for itself.

#include "estimate/estimate.h"
#include "plan/build.h"
#include "plan/build_cost.h"
#include "util/result.h"
#include "workload/model_graph.h"

#include "util/message.h"

#include <optional>
#include <string>
#include <vector>

namespace torchrig::plan {

// A cloud instance as the catalog lists it, with its GPUs' specs where the catalog has them.
struct CloudOffer {
    std::string id;
    std::string name;
    std::string gpuName;
    int gpuCount = 1;
    std::optional<estimate::DeviceSpec> gpu; // absent: the catalog has no specs for its GPU
    std::optional<Price> hourly;             // on demand
};

struct UsagePlan {
    double lifetimeMonths = 36; // the purchase is spread over this
    double runSamples = 0;      // samples one training run processes (epochs × dataset); 0: not given
};

// One way to run the workload: the build itself, or a cloud instance.
struct RunOption {
    std::string id;
    std::string name;
    int gpus = 0;
    Message notEstimated;        // why there is no figure ("" when there is)
    std::optional<bool> fits;    // per GPU, at the workload's batch
    double samplesPerSecond = 0; // all GPUs together
    std::optional<double>
        hourlyCost; // in the comparison's currency (cloud: the price; build: amortised + energy)
    std::optional<double> costPerMonth; // the build's month of work, done on this option
    double hoursPerMonth = 0;           // what that work takes on this option
    std::optional<double> runHours;
    std::optional<double> runCost;
    std::optional<double> runEnergyKwh; // the build's draw at load over the run (the build only)
    // Months of the build's use after which buying costs less than renting this; none: renting
    // stays cheaper (or there is nothing to compare).
    std::optional<double> breakEvenMonths;
};

struct RentVsBuy {
    std::string currency;
    std::optional<double> purchase; // the parts with tax and shipping, in `currency`
    bool purchaseIsLowerBound =
        false; // some parts have no price: the purchase and break-even are at least these
    double energyCostPerMonth = 0;
    RunOption build;
    std::vector<RunOption> cloud;
    std::vector<Message> notes;
};

// `setup` is the workload per GPU (its batch, precision, strategy); each option runs it data
// parallel over its own GPUs. `options` gives the currency, rates, hours a day and energy price.
RentVsBuy compareRentVsBuy(const Build& build, const ModelGraph& graph, const estimate::TrainingSetup& setup,
                           const std::vector<CloudOffer>& offers, const UsagePlan& usage,
                           const CostOptions& options);
// The same for a workload as a build keeps it (its request per GPU and its strategy, on CUDA): an
// error saying why when its model cannot be built.
Result<RentVsBuy> compareRentVsBuy(const Build& build, const BuildWorkload& workload,
                                   const std::vector<CloudOffer>& offers, const UsagePlan& usage,
                                   const CostOptions& options);

} // namespace torchrig::plan
