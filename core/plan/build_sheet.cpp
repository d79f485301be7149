#include "plan/build_sheet.h"

#include "plan/advisor.h"
#include "plan/build_presets.h"
#include "plan/compatibility.h"
#include "plan/gpu_device_spec.h"
#include "plan/price_standing.h"
#include "plan/seed_articles.h"
#include "plan/sheet_money.h"
#include "plan/sheet_purchasing.h"
#include "plan/sheet_words.h"
#include "plan/workload_on_build.h"
#include "util/printed.h"
#include "util/utf8_text.h"
#include "workload/model_zoo.h"
#include "workload/workload_graph.h"

#include <algorithm>

namespace torchrig::plan {

namespace {

std::string money(double amount, const std::string& currency) {
    return sheetMoney(amount, currency);
}

std::string gib(std::int64_t bytes) {
    return printed("%.1f GiB", static_cast<double>(bytes) / (1LL << 30));
}

std::string duration(double seconds) {
    if (seconds < 1)
        return printed("%.0f ms", seconds * 1e3);
    if (seconds < 120)
        return printed("%.2f s", seconds);
    if (seconds < 2 * 3600)
        return printed("%.1f min", seconds / 60);
    if (seconds < 3 * 86400)
        return printed("%.1f h", seconds / 3600);
    return printed("%.1f d", seconds / 86400);
}

SheetSection section(std::string heading) {
    SheetSection s;
    s.heading = std::move(heading);
    return s;
}

// The first workload on the build beside the catalog's cloud instances: the build, then the
// instances that fit, cheapest month of work first (at most eight).
// Costed as the components are (the same day for expired quotes): one purchase price on the sheet.
std::optional<SheetSection> rentSection(const Build& build, const CostOptions& costOptions,
                                        const BuildSheetOptions& options, const Words& w) {
    auto compared =
        compareRentVsBuy(build, build.workloads.front(), options.cloudOffers, options.usage, costOptions);
    if (!compared)
        return std::nullopt;
    const auto& rent = *compared;
    auto out = section(w("Rent or buy"));
    if (rent.purchase)
        out.facts.push_back(
            {w("Purchase"), (rent.purchaseIsLowerBound ? ">= " : "") + money(*rent.purchase, rent.currency)});
    auto table =
        SheetTable::headed({w("Option"), w("GPUs"), w("Fits"), w("Samples per second"), w("Per hour"),
                            w("A month of this build's work"), w("Buying pays off after")},
                           {3.0, 0.7, 0.8, 1.2, 1.3, 1.6, 1.4}, {false, true, false, true, true, true, true});
    auto row = [&](const RunOption& o, bool isBuild) {
        auto amount = [&](const std::optional<double>& value) {
            return value ? money(*value, rent.currency) : std::string("—");
        };
        const std::string fits = o.fits ? (*o.fits ? w("yes") : w("no")) : w("unknown");
        // As the app says it: at least so many months while some parts wait for a price, and no
        // verdict where the instance could not be assessed.
        const std::string breakEven = isBuild || !o.notEstimated.empty() || !o.costPerMonth ? std::string("—")
                                      : o.breakEvenMonths
                                          ? (rent.purchaseIsLowerBound ? ">= " : "") +
                                                printed("%.1f ", *o.breakEvenMonths) + w("months")
                                          : w("never");
        table.rows.push_back(
            {isBuild ? w("this build") : o.name, std::to_string(o.gpus), fits,
             o.notEstimated.empty() ? printed("%.1f", o.samplesPerSecond) : w(o.notEstimated),
             amount(o.hourlyCost), amount(o.costPerMonth), breakEven});
    };
    row(rent.build, true);
    auto cloud = rent.cloud;
    std::stable_sort(cloud.begin(), cloud.end(), [](const RunOption& a, const RunOption& b) {
        const bool aFits = a.fits.value_or(false) && a.costPerMonth,
                   bFits = b.fits.value_or(false) && b.costPerMonth;
        if (aFits != bFits)
            return aFits;
        return aFits && *a.costPerMonth < *b.costPerMonth;
    });
    for (std::size_t i = 0; i < cloud.size() && i < 8; ++i)
        row(cloud[i], false);
    out.tables.push_back(std::move(table));
    for (const auto& note : rent.notes)
        out.bullets.push_back(w(note));
    return out;
}

} // namespace

std::optional<SheetLanguage> sheetLanguageFromString(const std::string& text) {
    if (text == "en" || text == "en_US" || text == "en-US")
        return SheetLanguage::English;
    if (text == "zh_CN" || text == "zh-CN" || text == "zh")
        return SheetLanguage::Chinese;
    return std::nullopt;
}

namespace {

void setHeading(BuildSheet& sheet, const Build& build, const BuildSheetOptions& options, const Words& w) {
    sheet.language = options.language;
    sheet.institution = options.institution;
    sheet.pageLabel = w("Page %1 of %2");
    sheet.title =
        w("Build sheet") + ": " +
        (build.title.empty() ? w("untitled") : presetText(build.presetId, build.title, w.translate()));
    std::string subtitle = w("Date") + " " + options.date;
    const auto& buying = build.purchasing;
    if (!buying.requester.empty())
        subtitle += " · " + w("Requested by") + " " + buying.requester;
    if (!buying.group.empty())
        subtitle += " · " + w("Group") + " " + buying.group;
    if (!buying.budgetCode.empty())
        subtitle += " · " + w("Budget code") + " " + buying.budgetCode;
    sheet.subtitle = subtitle;
    sheet.footer = "TorchRig " + options.appVersion + " · " + w("catalog") + " " + options.catalogVersion +
                   " · " + w("made with TorchRig") + " " + options.date;
}

SheetSection summarySection(const Build& build, const BuildCost& cost, const CostOptions& costOptions,
                            const std::vector<Finding>& findings, const Words& w) {
    auto summary = section(w("Summary"));
    summary.facts.push_back({w("Nodes"), std::to_string(build.nodes)});
    std::string gpuText;
    for (const auto& part : build.parts)
        if (part.snapshot.category == PartCategory::Gpu)
            gpuText += (gpuText.empty() ? "" : ", ") + std::to_string(part.quantity * build.nodes) + " × " +
                       part.snapshot.name;
    summary.facts.push_back({w("GPUs"), gpuText.empty() ? "—" : gpuText});
    if (cost.total) // labelled as the components table's total is
        summary.facts.push_back(
            {w(costOptions.taxPercent > 0 ? "Total incl. tax" : "Total"), money(*cost.total, cost.currency)});
    else if (cost.knownTotal)
        summary.facts.push_back(
            {w("Total"), money(*cost.knownTotal, cost.currency) + " + " +
                             std::to_string(cost.toBeQuotedLines) + " " +
                             w(cost.toBeQuotedLines == 1 ? "line to be quoted" : "lines to be quoted")});
    else
        for (const auto& [currency, amount] : cost.totalsByCurrency)
            summary.facts.push_back({w("Parts total"), money(amount, currency)});
    summary.facts.push_back({w("Power at full load"), printed("%.0f W", cost.loadWatts)});
    int problems = 0, warnings = 0;
    for (const auto& f : findings) {
        problems += f.severity == Severity::Problem ? 1 : 0;
        warnings += f.severity == Severity::Warning ? 1 : 0;
    }
    summary.facts.push_back({w("Findings"), std::to_string(problems) + " " + w("problems") + ", " +
                                                std::to_string(warnings) + " " + w("warnings")});
    // An article by its title and section, as a reader finds it; its file is ours, not the office's.
    if (const auto cited = citeSeedArticle(build.source)) {
        summary.facts.push_back({w("Based on"), citationText(*cited)});
    } else if (!build.source.empty()) {
        summary.facts.push_back({w("Based on"), build.source});
    }
    if (!build.notes.empty())
        summary.paragraphs.push_back(presetText(build.presetId, build.notes, w.translate()));
    return summary;
}

// The office's own fields (the template's, then any other the build answers), each with the
// build's answer or a line to write one in by hand; none when neither names a field.
std::optional<SheetSection> purchaseDetailsSection(const Purchasing& buying,
                                                   const std::vector<std::string>& required, const Words& w) {
    std::vector<std::string> labels;
    for (const auto& label : required)
        if (!label.empty() && std::find(labels.begin(), labels.end(), label) == labels.end())
            labels.push_back(label);
    for (const auto& field : buying.fields)
        if (std::find(labels.begin(), labels.end(), field.label) == labels.end())
            labels.push_back(field.label);
    if (labels.empty())
        return std::nullopt;
    auto details = section(w("Purchase details"));
    for (const auto& label : labels) {
        std::string value;
        for (const auto& field : buying.fields)
            if (field.label == label)
                value = field.value;
        details.facts.push_back({label, value.empty() ? std::string(24, '_') : value});
    }
    return details;
}

SheetSection checksSection(const std::vector<Finding>& findings, const Words& w) {
    auto checks = section(w("Compatibility and power"));
    if (findings.empty()) {
        checks.paragraphs.push_back(w("No problems found."));
        return checks;
    }
    auto table = SheetTable::headed({w("Severity"), w("Finding"), w("What to do")}, {1.0, 4.0, 3.0},
                                    {false, false, false});
    for (const auto& f : findings)
        table.rows.push_back({w(severityId(f.severity)), w(f.message), w(f.fix)});
    checks.tables.push_back(std::move(table));
    return checks;
}

SheetMemoryChart memoryChart(const estimate::Estimate& e, const BuildGpus& gpus, const std::string& name,
                             const Words& w) {
    SheetMemoryChart chart;
    chart.title = w("Memory per GPU by kind") + " — " + name;
    for (std::size_t i = 0; i < estimate::kMemoryCategoryCount; ++i) {
        const auto bytes = e.memory.breakdownAtPeak[i];
        if (bytes > 0)
            chart.parts.push_back(
                {w(estimate::memoryCategoryId(static_cast<estimate::MemoryCategory>(i))), bytes});
    }
    if (e.contextBytes + e.workspaceBytes > 0)
        chart.parts.push_back({w("context and libraries"), e.contextBytes + e.workspaceBytes});
    if (e.reservedPeakBytes && *e.reservedPeakBytes > e.memory.allocatedPeakBytes)
        chart.parts.push_back({w("allocator slack"), *e.reservedPeakBytes - e.memory.allocatedPeakBytes});
    chart.usableBytes = gpus.spec.usableBytes;
    chart.usableLabel = w("usable");
    return chart;
}

// "full fine-tune", or "LoRA rank 16 (alpha 32) on q_proj, v_proj", or QLoRA the same way.
std::string trainingMethod(const Workload& request, const Words& w) {
    if (request.inference)
        return w("inference (prefill)");
    const auto& lora = request.lora;
    if (lora.rank <= 0)
        return w("full training of every weight");
    std::string targets;
    for (const auto& t : lora.targets)
        targets += (targets.empty() ? "" : ", ") + t;
    return std::string(lora.quantizeBase4bit ? "QLoRA" : "LoRA") + " " + w("rank") + " " +
           std::to_string(lora.rank) + printed(" (alpha %g)", lora.alpha) + " " + w("on") + " " +
           (targets.empty() ? w("every linear layer in the blocks") : targets);
}

// One planned workload's facts and memory chart; its estimate's warnings join the assumptions.
void addWorkload(SheetSection& workloads, std::vector<std::string>& assumptions, const BuildWorkload& planned,
                 const std::optional<BuildGpus>& gpus, const BuildCost& cost, const Words& w) {
    const auto& request = planned.workload;
    const std::string name = workloadModelName(request);
    auto& facts = workloads.facts;
    facts.push_back({w("Workload"), name});
    facts.push_back({w("Training method"), trainingMethod(request, w)});
    const auto* zoo = findZooModel(request.model);
    const bool languageModel = !request.hfConfigJson.empty(); // every Hugging Face family read is one
    if (!zoo || zoo->inputKind == ModelInputKind::Tokens)
        facts.push_back({w("Sequence length"), std::to_string(request.inputs.seqLen)});
    if ((!zoo && !languageModel) || (zoo && zoo->inputKind == ModelInputKind::Image))
        facts.push_back({w("Image size"), std::to_string(request.inputs.imageSize)});
    facts.push_back({w("Batch per GPU"), std::to_string(request.inputs.batch)});
    facts.push_back({w("Gradient accumulation"), std::to_string(request.gradientAccumulation)});
    facts.push_back({w("Precision"), std::string(precisionId(request.precision))});
    facts.push_back({w("Optimizer"), std::string(optimizerId(request.optimizer))});
    facts.push_back({w("Activation checkpointing"),
                     request.checkpointing == Checkpointing::Blocks ? w("every block") : w("off")});
    facts.push_back({w("Parallel strategy"), std::string(estimate::parallelStrategyId(planned.strategy))});
    if (!gpus) {
        facts.push_back({w("Fits"), w("unknown")});
        return;
    }
    const WorkloadOnBuild onBuild(request, *gpus, planned.strategy);
    const auto& e = onBuild.estimate();
    if (!e) {
        facts.push_back({w("Fits"), w("unknown")});
        facts.push_back({w("Not estimated"), onBuild.refusal().text(w.translate())});
        return;
    }
    facts.push_back({w("Fits"), e->fits ? (*e->fits ? w("fits") : w("does not fit")) : w("unknown")});
    facts.push_back({w("Memory per GPU"),
                     gib(e->devicePeakBytes) +
                         (gpus->spec.usableBytes > 0 ? " / " + gib(gpus->spec.usableBytes) : std::string())});
    if (e->time) {
        facts.push_back({w("Step time"), duration(e->time->stepSeconds)});
        // A band on the step time, with where it comes from.
        auto band = [&](std::string_view label, const char* share, double value, std::string_view why) {
            if (value > 0)
                facts.push_back({w(label), printed(share, 100 * value) + " (" + w(why) + ")"});
        };
        band("Step time may be off by", "± %.0f %%", e->time->uncertainty,
             "the largest error on GPUs of this architecture that the time model was not fitted to");
        band("Several GPUs may add", "+%.0f %%", e->time->scalingUncertainty,
             "the largest loss in published multi-GPU runs of GPUs the model was not fitted to");
        facts.push_back({w("Samples per second"), printed("%.1f", e->time->samplesPerSecond * gpus->gpus)});
        if (!zoo || zoo->inputKind == ModelInputKind::Tokens)
            facts.push_back(
                {w("Tokens per second"), printed("%.0f", e->time->samplesPerSecond * gpus->gpus *
                                                             static_cast<double>(request.inputs.seqLen))});
    } else {
        facts.push_back({w("Step time"), w("not estimated")});
    }
    if (const auto host = onBuild.hostNeeds(planned.dataset); host && host->runSeconds) {
        facts.push_back({w("Time per run"), duration(*host->runSeconds)});
        facts.push_back(
            {w("Energy per run"), printed("%.1f kWh", cost.loadWatts * *host->runSeconds / 3.6e6)});
    } else {
        facts.push_back({w("Time per run"), w("not estimated")});
    }
    workloads.charts.push_back(memoryChart(*e, *gpus, name, w));
    for (const auto& warning : e->warnings)
        assumptions.push_back(name + ": " + w(warning));
}

std::optional<SheetSection> adviceSection(const Build& build, const Words& w) {
    AdvisorInput advisorInput;
    if (!build.workloads.empty()) {
        advisorInput.workload = build.workloads.front().workload;
        advisorInput.strategy = build.workloads.front().strategy;
        advisorInput.dataset = build.workloads.front().dataset;
    }
    const auto advice = adviseBuild(build, advisorInput);
    if (advice.empty())
        return std::nullopt;
    auto notes = section(w("Advisor's notes"));
    auto table = SheetTable::headed({w("Advice"), w("Source")}, {5.0, 3.0}, {false, false});
    for (const auto& a : advice)
        table.rows.push_back({a.correction.empty()
                                  ? w(a.message)
                                  : fillArguments(w("%1 (Correction: %2)"), {w(a.message), w(a.correction)}),
                              [&] {
                                  const auto cited = citeSeedArticle(a.source);
                                  return cited ? citationText(*cited) : a.source;
                              }()});
    notes.tables.push_back(std::move(table));
    return notes;
}

SheetSection approvalSection(const Purchasing& buying, const Words& w) {
    auto approval = section(w("Approval"));
    auto signatures = SheetTable::headed({w("Role"), w("Name"), w("Signature"), w("Date")},
                                         {2.0, 2.5, 3.0, 1.5}, {false, false, false, false});
    signatures.rows = {{w("Requester"), buying.requester, "", ""},
                       {w("Supervisor"), "", "", ""},
                       {w("Purchasing office"), "", "", ""}};
    approval.tables.push_back(std::move(signatures));
    approval.signatureLines = true;
    return approval;
}

} // namespace

BuildSheet makeBuildSheet(const Build& build, const BuildSheetOptions& options) {
    const Words w(options.translate);
    BuildSheet sheet;
    setHeading(sheet, build, options, w);
    // Prices are judged old on the day the sheet is made, unless the caller names another day.
    auto costOptions = options.cost;
    if (costOptions.today.empty())
        costOptions.today = options.date;
    const auto cost = costBuild(build, costOptions);
    const auto findings = checkBuild(build, checkOptionsFor(build, options.circuit));
    const auto gpus = buildGpus(build);

    sheet.sections.push_back(summarySection(build, cost, costOptions, findings, w));
    if (auto details = purchaseDetailsSection(build.purchasing, options.requiredFields, w))
        sheet.sections.push_back(std::move(*details));
    auto components = section(w("Components"));
    components.tables.push_back(componentsTable(build, cost, costOptions, options.language, w));
    if (const auto standing = priceStandingSummary(cost, w); !standing.empty())
        components.tables.back().totals.push_back(w("Prices") + ": " + standing);
    // Why a line has no figure, where "to be quoted" does not say it (a currency without a rate).
    for (const auto& missing : cost.missing)
        if (std::string_view(missing.source()) != noPurchasePrice({}).source())
            components.bullets.push_back(w(missing));
    sheet.sections.push_back(std::move(components));
    sheet.sections.push_back(checksSection(findings, w));
    auto notChecked = section(w("Not checked"));
    for (const auto& item : plan::notChecked())
        notChecked.bullets.push_back(w(item));
    sheet.sections.push_back(std::move(notChecked));

    std::vector<std::string> assumptions;
    if (build.workloads.empty()) {
        auto none = section(w("Workloads"));
        none.paragraphs.push_back(w("No workload is planned for this build."));
        sheet.sections.push_back(std::move(none));
    }
    // A section a workload, so that two plans on one build read apart.
    for (std::size_t i = 0; i < build.workloads.size(); ++i) {
        auto one =
            section(w("Workloads") + (build.workloads.size() > 1 ? " " + std::to_string(i + 1) + "/" +
                                                                       std::to_string(build.workloads.size())
                                                                 : std::string()));
        addWorkload(one, assumptions, build.workloads[i], gpus, cost, w);
        sheet.sections.push_back(std::move(one));
    }

    if (!options.validationRuns.empty()) {
        auto runs = section(w("Validation runs"));
        // One line a run however long its fields (a device name of a megabyte made the PDF's
        // layout take minutes): elided, never cut inside a character.
        for (const auto& line : options.validationRuns)
            runs.bullets.push_back(textExcerpt(line, 400));
        sheet.sections.push_back(std::move(runs));
    }
    if (!build.workloads.empty() && !options.cloudOffers.empty())
        if (auto rent = rentSection(build, costOptions, options, w))
            sheet.sections.push_back(std::move(*rent));
    if (auto advice = adviceSection(build, w))
        sheet.sections.push_back(std::move(*advice));

    auto assumed = section(w("Assumptions"));
    for (const auto& note : cost.notes)
        assumptions.push_back(w(note));
    assumed.bullets = assumptions;
    sheet.sections.push_back(std::move(assumed));
    sheet.sections.push_back(quotesComparedSection(build, cost, costOptions, w));
    sheet.sections.push_back(approvalSection(build.purchasing, w));
    return sheet;
}

} // namespace torchrig::plan
