#include "plan_command.h"

#include "build_file_loading.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_language.h"
#include "cli_output.h"
#include "exit_codes.h"
#include "io/build_file.h"
#include "part_snapshot.h"
#include "plan/plan_scenarios.h"
#include "plan/planner.h"
#include "util/text_file.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>
#include <variant>
#include <vector>

namespace torchrig::cli {

namespace {

using nlohmann::json;

std::optional<double> hours(const std::optional<double>& seconds) {
    if (!seconds)
        return std::nullopt;
    return *seconds / 3600;
}

json cloudJson(const std::optional<plan::CloudAlternative>& cloud) {
    if (!cloud)
        return nullptr;
    return {{"id", cloud->offerId},
            {"name", cloud->name},
            {"instances", cloud->instances},
            {"hourly", cloud->hourly},
            {"run_cost", optionalNumber(cloud->runCost)},
            {"train_hours", optionalNumber(hours(cloud->trainSeconds))},
            {"break_even_months", optionalNumber(cloud->breakEvenMonths)}};
}

json leverIds(const std::vector<plan::PlanLever>& levers) {
    json ids = json::array();
    for (const auto lever : levers)
        ids.push_back(enumName(plan::kPlanLeverNames, lever));
    return ids;
}

json proposalJson(const plan::Proposal& p, const Message::Translate& translate, const std::string& file) {
    json parts = json::array();
    for (const auto& line : p.cost.lines)
        parts.push_back({{"id", line.partId},
                         {"name", line.name},
                         {"quantity", line.quantity},
                         {"unit_price", optionalNumber(line.unitAmount)},
                         {"hourly", line.hourly},
                         {"stale", line.stale}});
    if (p.rented)
        for (const auto& part : p.build.parts)
            parts.push_back({{"id", part.partId}, {"name", part.snapshot.name}, {"quantity", part.quantity}});
    json workloads = json::array();
    for (const auto& w : p.workloads)
        workloads.push_back({{"name", w.name},
                             {"batch_per_gpu", w.batchPerGpu},
                             {"gradient_accumulation", w.gradientAccumulation},
                             {"levers", leverIds(w.levers)},
                             {"device_peak_bytes", w.devicePeakBytes},
                             {"usable_bytes", w.usableBytes},
                             {"host_ram_bytes", w.hostRamBytes},
                             {"samples_per_second", w.samplesPerSecond},
                             {"train_hours", optionalNumber(hours(w.trainSeconds))}});
    json findings = json::array();
    for (const auto& f : p.findings)
        findings.push_back({{"severity", plan::severityId(f.severity)},
                            {"rule", f.rule},
                            {"message", f.message.text(translate)}});
    return {{"title", p.build.title},
            {"rented", p.rented},
            {"nodes", p.build.nodes},
            {"parts", parts},
            {"workloads", workloads},
            {"rank_hours", p.rankSeconds / 3600},
            {"rank_assumes_samples", p.rankAssumesSamples},
            {"samples_per_second_per_unit_of_money", p.valuePerCost},
            {"total", optionalNumber(p.purchase)},
            {"to_be_quoted_lines", p.cost.toBeQuotedLines},
            {"stale_lines", p.cost.staleLines},
            {"stale_share", optionalNumber(p.cost.staleShare)},
            {"missing", texts(p.cost.missing, translate)},
            {"wall_watts", p.wallWatts},
            {"cloud_alternative", cloudJson(p.cloud)},
            {"findings", findings},
            {"file", file.empty() ? json(nullptr) : json(file)}};
}

std::string money(const std::optional<double>& amount, const std::string& currency) {
    return amount ? fmt::format("{:.0f} {}", *amount, currency) : "-";
}

std::string duration(double seconds) {
    if (seconds < 2 * 3600)
        return fmt::format("{:.0f} min", seconds / 60);
    if (seconds < 3 * 86400)
        return fmt::format("{:.1f} h", seconds / 3600);
    return fmt::format("{:.1f} days", seconds / 86400);
}

Result<plan::PlanChassis> chassisFrom(const std::string& text) {
    if (text == "any")
        return plan::PlanChassis::Any;
    if (text == "tower")
        return plan::PlanChassis::Tower;
    if (text == "rack")
        return plan::PlanChassis::Rack;
    return makeError(ErrorCode::InvalidInput, "--chassis: any, tower or rack");
}

// What a plan prints from: the request as completed, its result and the files --save wrote.
struct PlanPrinting {
    const plan::PlanRequest& request;
    const plan::PlanResult& result;
    const plan::PlanScenario* scenario; // none: no --scenario
    const std::vector<std::string>& files;
    const Message::Translate& translate;

    std::string currency() const { return request.cost.currency.empty() ? "USD" : request.cost.currency; }
};

json requestJson(const plan::PlanRequest& request, const std::string& currency, const std::string& mode) {
    json workloads = json::array();
    for (const auto& w : request.workloads)
        workloads.push_back({{"model", workloadModelName(w.workload)},
                             {"batch", w.largestBatch ? json("largest") : json(w.workload.inputs.batch)},
                             {"strategy", estimate::parallelStrategyId(w.strategy)}});
    return {{"workloads", workloads},
            {"budget", request.budget > 0 ? json(request.budget) : json(nullptr)},
            {"currency", currency},
            {"rates_date", request.cost.ratesDate},
            {"reference_rates", request.cost.referenceRateDates},
            {"market", enumName(plan::kMarketNames, request.market)},
            {"mode", mode},
            {"ranking", request.ranking == plan::PlanRanking::ValuePerCost ? "value" : "time"},
            {"circuit", {{"amps", request.circuit.amps}, {"volts", request.circuit.volts}}},
            {"chassis", request.chassis == plan::PlanChassis::Tower  ? "tower"
                        : request.chassis == plan::PlanChassis::Rack ? "rack"
                                                                     : "any"},
            {"max_gpus_per_node", request.maxGpusPerNode},
            {"nodes", request.nodes}};
}

void printPlanJson(const PlanPrinting& plan, const std::string& mode) {
    const auto& result = plan.result;
    const auto optionalProposal = [&](const std::optional<plan::Proposal>& p) {
        return p ? proposalJson(*p, plan.translate, "") : json(nullptr);
    };
    json proposals = json::array(), rentals = json::array();
    for (std::size_t i = 0; i < result.proposals.size(); ++i)
        proposals.push_back(
            proposalJson(result.proposals[i], plan.translate, i < plan.files.size() ? plan.files[i] : ""));
    for (const auto& r : result.rentals)
        rentals.push_back(proposalJson(r, plan.translate, ""));
    const auto* scenario = plan.scenario;
    const auto& stats = result.statistics;
    json out{{"scenario", scenario ? json{{"id", scenario->id},
                                          {"title", scenario->title.text(plan.translate)},
                                          {"sources", scenario->sources},
                                          {"notes", texts(scenario->notes, plan.translate)}}
                                   : json(nullptr)},
             {"request", requestJson(plan.request, plan.currency(), mode)},
             {"proposals", proposals},
             {"rentals", rentals},
             {"larger_budget", optionalProposal(result.largerBudget)},
             {"cheapest_over_budget", optionalProposal(result.cheapestOverBudget)},
             {"cheapest_faster", optionalProposal(result.cheapestFaster)},
             {"fastest_single_gpu", optionalProposal(result.fastestSingleGpu)},
             {"notes", texts(result.notes, plan.translate)},
             {"search",
              {{"seconds", stats.seconds},
               {"gpu_models", stats.gpuModels},
               {"gpu_models_priced", stats.gpuModelsPriced},
               {"gpu_models_fitting", stats.gpuModelsFitting},
               {"combinations", stats.combinations},
               {"host_searches", stats.hostSearches},
               {"builds_checked", stats.buildsChecked}}}};
    std::cout << out.dump(2) << "\n";
}

std::string proposalTable(const std::vector<plan::Proposal>& list, bool rented, const std::string& currency) {
    std::vector<std::vector<std::string>> table = {
        {"#", rented ? "instance" : "build", rented ? "rent of the runs" : "total", "time to train",
         "samples/s", rented ? "" : "wall", rented ? "" : "cheapest cloud, buying pays off after"}};
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto& p = list[i];
        std::string samples;
        for (const auto& w : p.workloads) {
            samples += samples.empty() ? "" : " + ";
            samples += fmt::format("{:.0f}", w.samplesPerSecond);
        }
        std::string cloud = "-";
        if (!rented && p.cloud)
            cloud = shorten(p.cloud->name, 48) + ", " +
                    (p.cloud->breakEvenMonths ? fmt::format("{:.1f} months", *p.cloud->breakEvenMonths)
                                              : "never");
        std::string total = money(p.purchase, currency);
        if (p.cost.staleShare && *p.cost.staleShare > 0)
            total += fmt::format(" ({:.0f}% old)", *p.cost.staleShare * 100);
        if (p.cost.toBeQuotedLines > 0)
            total += fmt::format(" + {} to quote", p.cost.toBeQuotedLines);
        table.push_back({std::to_string(i + 1), shorten(p.build.title, 60), total,
                         duration(p.rankSeconds) + (p.rankAssumesSamples ? "*" : ""), samples,
                         rented ? "" : fmt::format("{:.0f} W", p.wallWatts), rented ? "" : cloud});
    }
    return formatTable(table);
}

// The alternatives beside the proposals: a larger budget, a faster build, the cheapest over budget.
void printAlternatives(const plan::PlanResult& result, const std::string& currency) {
    if (result.largerBudget)
        std::cout << fmt::format(
            "a 10% larger budget buys: {}, {}, trains in {}\n", result.largerBudget->build.title,
            money(result.largerBudget->purchase, currency), duration(result.largerBudget->rankSeconds));
    if (result.cheapestFaster)
        std::cout << fmt::format(
            "the cheapest build that trains faster than the first: {}, {}, trains in {} ({:.0f}% less "
            "time)\n",
            result.cheapestFaster->build.title, money(result.cheapestFaster->purchase, currency),
            duration(result.cheapestFaster->rankSeconds),
            100 * (1 - result.cheapestFaster->rankSeconds / result.proposals.front().rankSeconds));
    if (result.fastestSingleGpu)
        std::cout << fmt::format("the fastest build of one GPU (no scaling across GPUs to trust): {}, {}, "
                                 "trains in {}\n",
                                 result.fastestSingleGpu->build.title,
                                 money(result.fastestSingleGpu->purchase, currency),
                                 duration(result.fastestSingleGpu->rankSeconds));
    if (result.cheapestOverBudget)
        std::cout << fmt::format("the cheapest complete build that runs it: {}, {}\n",
                                 result.cheapestOverBudget->build.title,
                                 money(result.cheapestOverBudget->purchase, currency));
}

// What the planner changed in a workload so that it fits the proposal's GPUs.
void printLeversPulled(const PlanPrinting& plan, const plan::Proposal& proposal) {
    for (std::size_t w = 0; w < proposal.workloads.size() && w < plan.request.workloads.size(); ++w)
        if (!proposal.workloads[w].levers.empty())
            std::cout << "   "
                      << plan::leversPulled(plan.request.workloads[w].workload, proposal.workloads[w])
                             .text(plan.translate)
                      << "\n";
}

void printPlanTable(const PlanPrinting& plan) {
    const auto& result = plan.result;
    const auto currency = plan.currency();
    if (plan.scenario) {
        std::cout << plan.scenario->title.text(plan.translate) << "\n";
        for (const auto& source : plan.scenario->sources)
            std::cout << "  " << source << "\n";
        for (const auto& note : plan.scenario->notes)
            std::cout << "  - " << note.text(plan.translate) << "\n";
    }
    if (plan.request.mode != plan::PlanMode::Rent) {
        std::cout << (result.proposals.empty() ? "no build within the budget\n"
                                               : proposalTable(result.proposals, false, currency));
        for (std::size_t i = 0; i < result.proposals.size(); ++i) {
            std::cout << fmt::format("{}. {}\n", i + 1, result.proposals[i].build.title);
            for (const auto& line : result.proposals[i].cost.lines)
                std::cout << fmt::format("   {} x {}  {}\n", line.quantity, line.name,
                                         money(line.subtotal, currency));
            printLeversPulled(plan, result.proposals[i]);
            if (i < plan.files.size())
                std::cout << "   saved as " << plan.files[i] << "\n";
        }
    }
    if (!result.rentals.empty())
        std::cout << "rent instead:\n" << proposalTable(result.rentals, true, currency);
    printAlternatives(result, currency);
    if (result.fastestSingleGpu)
        printLeversPulled(plan, *result.fastestSingleGpu);
    for (const auto& note : result.notes)
        std::cout << "note: " << note.text(plan.translate) << "\n";
    // The rates the totals were converted at, the catalog's reference ones said as such.
    const auto* priced = !result.proposals.empty()   ? &result.proposals.front()
                         : result.cheapestOverBudget ? &*result.cheapestOverBudget
                                                     : nullptr;
    if (priced && !priced->cost.ratesUsed.empty()) {
        std::string rates;
        for (const auto& rate : priced->cost.ratesUsed)
            rates += (rates.empty() ? "" : ", ") + rate.text(plan.translate);
        std::cout << "converted at " << rates << "\n";
        if (!priced->cost.referenceRatesDate.empty())
            std::cout << "note: "
                      << plan::referenceRatesNote(priced->cost.referenceRatesDate).text(plan.translate)
                      << "\n";
    }
    auto assumed = [](const std::vector<plan::Proposal>& list) {
        return std::any_of(list.begin(), list.end(),
                           [](const plan::Proposal& p) { return p.rankAssumesSamples; });
    };
    if (assumed(result.proposals) || assumed(result.rentals))
        std::cout
            << "* a workload without a run (--dataset-samples and --epochs, or --tokens) counts as 10^6 "
               "samples\n";
    const auto& stats = result.statistics;
    std::cout << fmt::format("searched {} GPU models ({} priced, {} hold the work), {} combinations, {} "
                             "hosts, {} checks in {:.2f} s\n",
                             stats.gpuModels, stats.gpuModelsPriced, stats.gpuModelsFitting,
                             stats.combinations, stats.hostSearches, stats.buildsChecked, stats.seconds);
}

} // namespace

PlanCommand::PlanCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = parent.add_subcommand(
        "plan", "The three best complete builds of the catalog for a workload, a budget and a circuit");
    m_command
        ->add_option("--scenario", m_scenario,
                     "A seed article's scenario: entry, research or enterprise (its workload, budget "
                     "and constraints; the flags given change them)")
        ->check(CLI::IsMember({"entry", "research", "enterprise"}));
    m_workload.addTo(*m_command, "(ignored: the plan's GPUs are CUDA)", true);
    addBuildStrategyOption(*m_command, m_strategy);
    m_command->add_flag("--largest-batch", m_largestBatch,
                        "Run each GPU at the largest batch per GPU that fits it, not --batch (the "
                        "default without --batch)");
    m_command
        ->add_option("--no-lever", m_forbiddenLevers,
                     "What the planner must not change in a workload a GPU cannot hold as asked: "
                     "micro-batches (smaller ones with gradient accumulation), checkpointing (of every "
                     "block) or qlora (LoRA's base weights in 4 bits); repeat for several")
        ->check(CLI::IsMember(enumIds(plan::kPlanLeverNames)));
    m_command
        ->add_option("--market", m_market,
                     "Where the parts are bought: cn (mainland China: the GPUs not sold new there are left "
                     "out and named) or any; default cn with --currency CNY, else any")
        ->check(CLI::IsMember(enumIds(plan::kMarketNames)));
    m_command->add_flag(
        "--no-ram-rule", m_noRamRule,
        "Do not ask each node's RAM to be at least its GPUs' memory (the rule of thumb labs buy "
        "by); the run's own need and 32 GB still hold");
    m_data.addTo(*m_command);
    m_command->add_option("--workloads", m_workloadsFile,
                          "Plan for every workload of this .torchrig file too (with its dataset)");
    m_command
        ->add_option("--budget", m_budget, "The whole purchase at most, in --currency (default: no limit)")
        ->check(CLI::Range(0.01, 1e12)); // as a build file's amounts
    m_costFlags.addTo(*m_command);
    m_command
        ->add_option("--lifetime-months", m_lifetimeMonths,
                     "Months the purchase is spread over against renting (default 36)")
        ->check(CLI::Range(1.0, 240.0));
    m_command->add_option("--mode", m_mode, "own (builds), rent (cloud instances) or both (default own)")
        ->check(CLI::IsMember({"own", "rent", "both"}));
    m_command
        ->add_option("--rank", m_ranking,
                     "time (time to train, the default) or value (samples/s per unit of money)")
        ->check(CLI::IsMember({"time", "value"}));
    m_command->add_option("--circuit", m_circuit,
                          "One node's wall circuit as AMPSxVOLTS (default 15x120; 10x220 in China)");
    m_command->add_option("--chassis", m_chassis, "any, tower or rack (default any)")
        ->check(CLI::IsMember({"any", "tower", "rack"}));
    m_command->add_option("--max-gpus", m_maxGpus, "GPUs per node at most (default 4)")
        ->check(CLI::Range(1, 16));
    m_command->add_option("--nodes", m_nodes, "Identical nodes (default 1)")->check(CLI::Range(1, 1024));
    m_command->add_option("--proposals", m_proposals, "Proposals to give (default 3)")
        ->check(CLI::Range(1, 10));
    m_command->add_option("--save", m_saveFolder,
                          "Write each proposal as a build file in this folder (plan-1.torchrig, …)");
    m_command->add_flag("--force", m_force, "With --save: replace the plan files of an earlier plan there");
    m_command->add_option("--lang", m_language, "en or zh_CN: the proposals' titles, notes and findings");
    m_command->add_flag("--json", m_json, "Print JSON");
}

std::optional<Failure> PlanCommand::addWorkloads(plan::PlanRequest& request) const {
    if (m_workload.given()) {
        // Without --batch, the largest that fits each GPU.
        auto flags = m_workload;
        const bool largestBatch = m_largestBatch || flags.batch <= 0;
        if (flags.batch <= 0)
            flags.batch = 1;
        auto planned = buildWorkload(flags, m_strategy, &m_data, plan::Build{});
        if (!planned)
            return failureOf(planned.error());
        request.workloads = {{*planned, largestBatch}};
    } else if (!m_strategy.empty() || m_largestBatch || m_data.given()) {
        if (request.workloads.empty())
            return Failure{kExitUsage,
                           "--strategy, --largest-batch and the dataset flags go with a workload: give -m "
                           "MODEL (or --scenario)"};
    }
    for (const auto& id : m_forbiddenLevers)
        if (auto lever = enumFromName(plan::kPlanLeverNames, id))
            request.forbiddenLevers.push_back(*lever);
    if (!m_workloadsFile.empty()) {
        auto file = loadBuildFile(m_workloadsFile);
        if (!file)
            return failureOf(file.error());
        if (file->workloads.empty())
            return Failure{kExitInvalid, m_workloadsFile + " has no workload: add one in the app or with "
                                                           "`build new -m MODEL`"};
        for (const auto& w : file->workloads)
            request.workloads.push_back({w, false});
    }
    if (request.workloads.empty())
        return Failure{kExitUsage, "no workload to plan for: give -m MODEL, --workloads FILE.torchrig, or "
                                   "--scenario"};
    for (const auto& w : request.workloads)
        if (auto graph = buildWorkloadGraph(w.workload); !graph)
            return failureOf(graph.error());
    return std::nullopt;
}

std::optional<Failure>
PlanCommand::setMoneyAndLimits(plan::PlanRequest& request, const plan::PlanScenario* scenario,
                               const std::vector<plan::ReferenceRate>& referenceRates) {
    // The scenario's currency unless one is given; its rates always from the flags (dated by the user).
    const auto scenarioCurrency = request.cost.currency;
    if (m_costFlags.options.currency.empty())
        m_costFlags.options.currency = scenarioCurrency;
    if (auto resolved = m_costFlags.resolve(); !resolved)
        return Failure{kExitUsage, resolved.error().text()};
    // The rates given, and the catalog's dated reference rates for the other currencies.
    request.cost = plan::withReferenceRates(m_costFlags.options, referenceRates);
    // Most of the catalog's prices are in US dollars: without their rate a plan in another currency
    // would leave nearly every part out.
    if (!request.cost.currency.empty() && request.cost.currency != "USD" && !request.cost.rates.count("USD"))
        return Failure{
            kExitUsage,
            fmt::format("the plan is in {} and most catalog prices are in USD, and the catalog has no "
                        "reference rate for {}: give --rate USD=RATE (units of {} for one US "
                        "dollar), and --rate EUR=RATE for the parts priced in euros",
                        request.cost.currency, request.cost.currency, request.cost.currency)};
    if (request.cost.today.empty())
        request.cost.today = todayIso();
    if (m_budget > 0)
        request.budget = m_budget;
    else if (scenario && request.cost.currency != scenarioCurrency)
        return Failure{kExitUsage, fmt::format("the scenario's budget is in {}: give --budget in {} too",
                                               scenarioCurrency, request.cost.currency)};
    request.usage.lifetimeMonths = m_lifetimeMonths;
    request.mode = m_mode == "rent"   ? plan::PlanMode::Rent
                   : m_mode == "both" ? plan::PlanMode::Both
                                      : plan::PlanMode::Own;
    if (!m_ranking.empty())
        request.ranking =
            m_ranking == "value" ? plan::PlanRanking::ValuePerCost : plan::PlanRanking::TimeToTrain;
    if (!m_circuit.empty() || !scenario) {
        auto circuit = parseWallCircuit(m_circuit.empty() ? "15x120" : m_circuit);
        if (!circuit)
            return Failure{kExitUsage, circuit.error().text()};
        request.circuit = *circuit;
    }
    if (!m_chassis.empty())
        request.chassis = *chassisFrom(m_chassis);
    if (m_maxGpus > 0)
        request.maxGpusPerNode = m_maxGpus;
    if (m_nodes > 0)
        request.nodes = m_nodes;
    request.proposals = m_proposals;
    request.ramAtLeastGpuMemory = !m_noRamRule;
    request.market = !m_market.empty()                ? *enumFromName(plan::kMarketNames, m_market)
                     : request.cost.currency == "CNY" ? plan::Market::MainlandChina
                                                      : plan::Market::Anywhere;
    return std::nullopt;
}

std::variant<std::vector<std::string>, Failure>
PlanCommand::saveProposals(const plan::PlanResult& result) const {
    std::vector<std::string> files;
    if (m_saveFolder.empty())
        return files;
    std::error_code error;
    std::filesystem::create_directories(m_saveFolder, error);
    if (error)
        return Failure{kExitFailure,
                       fmt::format("cannot make the folder {}: {}", m_saveFolder, error.message())};
    for (std::size_t i = 0; i < result.proposals.size(); ++i)
        files.push_back(
            (std::filesystem::path(m_saveFolder) / fmt::format("plan-{}.torchrig", i + 1)).string());
    // All or none: a plan saved over an earlier one must be asked for, before any file is written.
    for (const auto& path : files)
        if (!m_force && std::filesystem::exists(path))
            return writeFailureOf(makeError(ErrorCode::Conflict, path + " exists already"));
    for (std::size_t i = 0; i < files.size(); ++i)
        if (auto written = writeTextFileAtomically(files[i], writeBuildFile(result.proposals[i].build),
                                                   existingTargetFor(m_force));
            !written)
            return writeFailureOf(written.error());
    return files;
}

int PlanCommand::run() {
    const auto translate = messageTranslationFor(m_language);
    if (!translate)
        return usage(translate.error().text());
    plan::PlanRequest request;
    const plan::PlanScenario* scenario = nullptr;
    if (!m_scenario.empty()) {
        scenario = plan::findPlanScenario(m_scenario);
        request = scenario->request;
    }
    if (auto failure = addWorkloads(request))
        return fail(*failure);
    auto catalog = openCatalogForReading(m_options);
    if (!catalog)
        return fail(kExitNoCatalog, catalog.error().text());
    if (auto failure = setMoneyAndLimits(request, scenario, (*catalog)->pack().referenceRates))
        return fail(*failure);
    request.translate = *translate;

    const auto result = plan::planBuilds(request, db::planCatalog(**catalog));
    auto saved = saveProposals(result);
    if (const auto* failure = std::get_if<Failure>(&saved))
        return fail(*failure);
    const PlanPrinting printing{request, result, scenario, std::get<std::vector<std::string>>(saved),
                                *translate};
    if (m_json)
        printPlanJson(printing, m_mode);
    else
        printPlanTable(printing);
    return kExitOk;
}

} // namespace torchrig::cli
