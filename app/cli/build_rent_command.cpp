#include "build_rent_command.h"

#include "build_file_loading.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "exit_codes.h"
#include "part_snapshot.h"
#include "workload/model_graph.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

namespace {

nlohmann::json optionJson(const plan::RunOption& o) {
    return {{"id", o.id},
            {"name", o.name},
            {"gpus", o.gpus},
            {"not_estimated",
             o.notEstimated.empty() ? nlohmann::json(nullptr) : nlohmann::json(o.notEstimated.text())},
            {"fits", o.fits ? nlohmann::json(*o.fits) : nlohmann::json(nullptr)},
            {"samples_per_second", o.samplesPerSecond},
            {"hourly_cost", optionalNumber(o.hourlyCost)},
            {"hours_per_month", o.hoursPerMonth},
            {"cost_per_month", optionalNumber(o.costPerMonth)},
            {"run_hours", optionalNumber(o.runHours)},
            {"run_cost", optionalNumber(o.runCost)},
            {"break_even_months", optionalNumber(o.breakEvenMonths)}};
}

std::string priceCell(const std::optional<double>& v) {
    return v ? fmt::format("{:.2f}", *v) : "-";
}

// One way to run it, as a row of the table.
std::vector<std::string> optionRow(const plan::RunOption& o, bool lowerBound, bool isBuild) {
    if (!o.notEstimated.empty())
        return {shorten(o.name, 36), std::to_string(o.gpus), "not estimated (below)", "", "", "", "", ""};
    const bool fits = o.fits.value_or(false);
    std::string breakEven = "-";
    if (!isBuild && o.costPerMonth)
        breakEven = o.breakEvenMonths
                        ? fmt::format("{}{:.1f} months", lowerBound ? ">= " : "", *o.breakEvenMonths)
                        : "never";
    return {shorten(isBuild ? "this build" : o.name, 36),
            std::to_string(o.gpus),
            !o.fits ? "unknown"
            : fits  ? "yes"
                    : "no",
            fits ? fmt::format("{:.1f}", o.samplesPerSecond) : "-",
            priceCell(o.hourlyCost) + (isBuild && o.hourlyCost ? " (owned)" : ""),
            fits && o.costPerMonth ? fmt::format("{:.0f} h, {}", o.hoursPerMonth, priceCell(o.costPerMonth))
                                   : "-",
            o.runHours ? fmt::format("{:.1f} h, {}{}", *o.runHours, priceCell(o.runCost),
                                     o.runEnergyKwh ? fmt::format(", {:.0f} kWh", *o.runEnergyKwh) : "")
                       : "-",
            breakEven};
}

} // namespace

BuildRentCommand::BuildRentCommand(CLI::App& build, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = build.add_subcommand(
        "rent",
        "Buy the build or rent the same work: each cloud instance of the catalog, and the break-even");
    m_command->add_option("file", m_file, "A .torchrig build file")->required();
    m_workload.addTo(*m_command, "", true);
    addBuildStrategyOption(*m_command, m_strategy);
    m_costFlags.addTo(*m_command);
    m_command
        ->add_option("--lifetime-months", m_usage.lifetimeMonths,
                     "Months the purchase is spread over in a run's cost (default 36)")
        ->check(CLI::Range(1.0, 240.0));
    m_command
        ->add_option("--run-samples", m_usage.runSamples,
                     "Samples one training run processes (dataset x epochs): the cost of a run")
        ->check(CLI::Range(1.0, 1e15));
    m_command->add_flag("--json", m_json, "Print JSON");
}

int BuildRentCommand::run() {
    if (auto resolved = m_costFlags.resolve(); !resolved)
        return usage(resolved.error().text());
    auto build = loadBuildFile(m_file);
    if (!build)
        return fail(build.error());
    auto planned = buildWorkload(m_workload, m_strategy, nullptr, *build);
    if (!planned)
        return fail(planned.error());
    const auto* request = &planned->workload;
    auto catalog = openCatalogForReading(m_options);
    if (!catalog)
        return fail(kExitNoCatalog, catalog.error().text() + " (the cloud instances come from it)");
    const auto offers = db::cloudOffers(**catalog);
    const auto options = withCatalogRates(m_costFlags.options, catalog->get());
    auto compared = plan::compareRentVsBuy(*build, *planned, offers, m_usage, options);
    if (!compared)
        return fail(compared.error());
    const auto& r = *compared;
    const std::string workload =
        fmt::format("{} batch {} per GPU, {}, {}", request->model.empty() ? "a model file" : request->model,
                    request->inputs.batch, precisionId(request->precision), optimizerId(request->optimizer));
    if (m_json) {
        nlohmann::json cloud = nlohmann::json::array();
        for (const auto& o : r.cloud)
            cloud.push_back(optionJson(o));
        std::cout << nlohmann::json{{"workload", workload},
                                    {"currency", r.currency},
                                    {"purchase", optionalNumber(r.purchase)},
                                    {"purchase_is_lower_bound", r.purchaseIsLowerBound},
                                    {"energy_cost_per_month", r.energyCostPerMonth},
                                    {"hours_per_day", options.hoursPerDay},
                                    {"lifetime_months", m_usage.lifetimeMonths},
                                    {"run_samples", m_usage.runSamples},
                                    {"build", optionJson(r.build)},
                                    {"cloud", cloud},
                                    {"notes", texts(r.notes)}}
                         .dump(2)
                  << "\n";
        return kExitOk;
    }
    std::cout << fmt::format("{}\nworkload: {}\n", build->title, workload);
    std::cout << fmt::format("purchase: {}{} {}; energy {} {} a month; {} h a day, spread over {} months\n",
                             r.purchaseIsLowerBound ? ">= " : "", priceCell(r.purchase), r.currency,
                             priceCell(r.energyCostPerMonth), r.currency, options.hoursPerDay,
                             m_usage.lifetimeMonths);
    std::vector<std::vector<std::string>> table = {
        {"", "GPUs", "fits", "samples/s", "per hour (" + r.currency + ")", "the build's month",
         m_usage.runSamples > 0 ? "one run" : "one run (--run-samples)", "buying pays off after"}};
    table.push_back(optionRow(r.build, r.purchaseIsLowerBound, true));
    for (const auto& o : r.cloud)
        table.push_back(optionRow(o, r.purchaseIsLowerBound, false));
    std::cout << formatTable(table);
    for (const auto* o : [&] {
             std::vector<const plan::RunOption*> all = {&r.build};
             for (const auto& c : r.cloud)
                 all.push_back(&c);
             return all;
         }())
        if (!o->notEstimated.empty())
            std::cout << fmt::format("{}: not estimated: {}\n", o->name, o->notEstimated.text());
    for (const auto& note : r.notes)
        std::cout << "note: " << note.text() << "\n";
    return kExitOk;
}

} // namespace torchrig::cli
