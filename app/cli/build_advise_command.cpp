#include "build_advise_command.h"

#include "build_file_loading.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_language.h"
#include "exit_codes.h"
#include "part_snapshot.h"
#include "plan/advisor.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <iostream>

namespace torchrig::cli {

namespace {

nlohmann::json adviceJson(const plan::Advice& a, const Message::Translate& translate) {
    nlohmann::json change = nullptr, effect = nullptr;
    if (a.change) {
        change = {{"field", a.change->field}, {"value", a.change->value}};
        for (const auto& [field, value] : a.change->alsoSet)
            change["also_set"][field] = value;
    }
    if (a.effect)
        effect = {{"allocated_before", a.effect->allocatedBefore},
                  {"allocated_after", a.effect->allocatedAfter},
                  {"device_peak_before", a.effect->devicePeakBefore},
                  {"device_peak_after", a.effect->devicePeakAfter},
                  {"fits_before", a.effect->fitsBefore ? nlohmann::json(*a.effect->fitsBefore) : nullptr},
                  {"fits_after", a.effect->fitsAfter ? nlohmann::json(*a.effect->fitsAfter) : nullptr},
                  {"step_seconds_before", a.effect->stepSecondsBefore},
                  {"step_seconds_after", a.effect->stepSecondsAfter},
                  {"samples_per_second_before", a.effect->samplesPerSecondBefore},
                  {"samples_per_second_after", a.effect->samplesPerSecondAfter}};
    return {{"rule", a.rule},
            {"message", a.message.text(translate)},
            {"source", a.source},
            {"article_claim", a.articleClaim.text(translate)},
            {"correction", a.correction.text(translate)},
            {"change", change},
            {"effect", effect},
            {"fix", a.fix.text(translate)}};
}

} // namespace

BuildAdviseCommand::BuildAdviseCommand(CLI::App& build, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = build.add_subcommand(
        "advise", "The seed articles' advice for this build and workload, with sources and computed effects");
    m_command->add_option("file", m_file, "A .torchrig build file")->required();
    m_workload.addTo(*m_command, "", true);
    m_data.addTo(*m_command);
    addBuildStrategyOption(*m_command, m_strategy);
    m_costFlags.addTo(*m_command);
    m_command->add_option("--lifetime-months", m_lifetimeMonths, "Months the build is to serve (default 36)")
        ->check(CLI::Range(1.0, 240.0));
    m_command->add_option("--lang", m_language, "The advice's language: en or zh_CN")
        ->default_str("en")
        ->capture_default_str();
    m_command->add_flag("--json", m_json, "Print JSON");
}

int BuildAdviseCommand::run() {
    if (auto resolved = m_costFlags.resolve(); !resolved)
        return usage(resolved.error().text());
    const auto translate = messageTranslationFor(m_language);
    if (!translate)
        return usage(translate.error().text());
    auto say = [&](const Message& message) {
        return message.text(*translate);
    };
    auto build = loadBuildFile(m_file);
    if (!build)
        return fail(build.error());
    plan::AdvisorInput input;
    input.dataset = m_data.spec();
    input.lifetimeMonths = m_lifetimeMonths;
    input.strategy = estimate::parallelStrategyFromString(m_strategy).value_or(input.strategy);
    std::string note;
    if (m_workload.given() || !build->workloads.empty()) {
        auto workload = buildWorkload(m_workload, m_strategy, &m_data, *build);
        if (!workload)
            return fail(workload.error());
        input.strategy = workload->strategy;
        input.dataset = workload->dataset;
        const auto* request = &workload->workload;
        auto graph = buildWorkloadGraph(*request);
        if (!graph)
            return fail(graph.error());
        input.workload = *request;
        if (auto catalog = openCatalogForReading(m_options)) {
            plan::UsagePlan usage;
            usage.lifetimeMonths = m_lifetimeMonths;
            auto rent = plan::compareRentVsBuy(*build, {*request, input.strategy, input.dataset},
                                               db::cloudOffers(**catalog), usage,
                                               withCatalogRates(m_costFlags.options, catalog->get()));
            if (!rent)
                return fail(rent.error());
            input.rent = std::move(*rent);
        } else {
            note = catalog.error().text() + ": " + say(TORCHRIG_MESSAGE("cli", "no advice on renting"));
        }
    } else {
        note =
            say(TORCHRIG_MESSAGE("cli", "no workload given (--model, --batch): only the build's own advice"));
    }
    const auto advised = graphResult([&] { return plan::adviseBuild(*build, input); });
    if (!advised)
        return fail(kExitInvalid, advised.error().text(*translate));
    const auto& advice = *advised;
    if (m_json) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& a : advice)
            list.push_back(adviceJson(a, *translate));
        std::cout << nlohmann::json{{"advice", list}, {"note", note}}.dump(2) << "\n";
        return kExitOk;
    }
    if (advice.empty())
        std::cout << say(input.workload ? TORCHRIG_MESSAGE("cli", "no advice for this build and workload")
                                        : TORCHRIG_MESSAGE("cli", "no advice for this build"))
                  << "\n";
    for (const auto& a : advice) {
        std::cout << fmt::format("[{}] {}\n  {}: {}\n", a.rule, say(a.message),
                                 say(TORCHRIG_MESSAGE("cli", "source")), a.source);
        if (!a.articleClaim.empty())
            std::cout << "  " << say(TORCHRIG_MESSAGE("cli", "the article")) << ": " << say(a.articleClaim)
                      << "\n";
        if (!a.correction.empty())
            std::cout << "  " << say(TORCHRIG_MESSAGE("cli", "but")) << ": " << say(a.correction) << "\n";
        if (a.change) {
            std::cout << "  " << say(TORCHRIG_MESSAGE("cli", "change")) << ": " << a.change->field << " = "
                      << a.change->value;
            for (const auto& [field, value] : a.change->alsoSet)
                std::cout << ", " << field << " = " << value;
            std::cout << "\n";
        }
        if (!a.fix.empty())
            std::cout << "  " << say(TORCHRIG_MESSAGE("cli", "or")) << ": " << say(a.fix) << "\n";
    }
    if (!note.empty())
        std::cout << say(TORCHRIG_MESSAGE("cli", "note")) << ": " << note << "\n";
    return kExitOk;
}

} // namespace torchrig::cli
