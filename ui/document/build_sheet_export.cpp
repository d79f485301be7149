#include "document/build_sheet_export.h"

#include "document/message_translation.h"

#include "catalog.h"
#include "part_snapshot.h"
#include "torchrig_version.h"
#include "util/printed.h"
#include "util/text_file.h"

#include <QDate>
#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace torchrig::ui {

namespace {

std::string catalogVersion(const plan::Build& build, const db::Catalog* catalog,
                           const Message::Translate& translate) {
    std::string newest;
    for (const auto& part : build.parts)
        if (part.snapshot.price && part.snapshot.price->date > newest)
            newest = part.snapshot.price->date;
    // The pack names the catalog a purchasing office can ask for; the count and the newest price say
    // what this copy holds.
    const std::string parts = catalog ? TORCHRIG_MESSAGE("sheet", "pack %1 (%2), %3 parts")
                                            .arg(catalog->pack().version)
                                            .arg(catalog->pack().date)
                                            .arg(std::to_string(catalog->count()))
                                            .text(translate)
                                      : std::string();
    const auto prices = TORCHRIG_MESSAGE("sheet", "prices to %1").arg(newest).text(translate);
    if (newest.empty())
        return parts;
    return parts.empty() ? prices
                         : TORCHRIG_MESSAGE("sheet", "%1, %2").arg(parts).arg(prices).text(translate);
}

// The runs of this build's own workloads' models only: a run on a device that is not one of the
// build's GPUs is said to be a proxy for it.
std::vector<std::string> validationLines(const plan::Build& build, const db::Catalog* catalog,
                                         const Message::Translate& translate) {
    std::vector<std::string> lines;
    if (!catalog)
        return lines;
    auto plannedModel = [&](const std::string& model) {
        for (const auto& w : build.workloads)
            if (!w.workload.model.empty() && w.workload.model == model)
                return true;
        return false;
    };
    auto buildGpu = [&](const std::string& device) {
        for (const auto& part : build.parts)
            if (part.snapshot.category == PartCategory::Gpu && !part.snapshot.name.empty() &&
                device.find(part.snapshot.name) != std::string::npos)
                return true;
        return false;
    };
    for (const auto& run : catalog->validationRuns()) {
        if (!plannedModel(run.model))
            continue;
        const auto result = nlohmann::json::parse(run.resultJson, nullptr, false);
        std::string figures;
        if (result.is_object() && result.contains("measured") && result["measured"].is_object())
            figures = TORCHRIG_MESSAGE("sheet", ", step %1 s")
                          .arg(printed("%.4f", result["measured"].value("step_seconds", 0.0)))
                          .text(translate);
        if (result.is_object() && result.contains("relative_error") && result["relative_error"].is_object()) {
            const auto& error = result["relative_error"];
            if (error.contains("step_seconds") && error["step_seconds"].is_number())
                figures += TORCHRIG_MESSAGE("sheet", " (estimate %1 %)")
                               .arg(printed("%+.0f", error["step_seconds"].get<double>() * 100))
                               .text(translate);
            if (error.contains("allocated_peak_bytes") && error["allocated_peak_bytes"].is_number())
                figures += TORCHRIG_MESSAGE("sheet", ", allocated peak estimate %1 %")
                               .arg(printed("%+.1f", error["allocated_peak_bytes"].get<double>() * 100))
                               .text(translate);
        }
        lines.push_back(
            run.measuredAt + " · " + run.deviceName + " (" + run.deviceKind + ") · LibTorch " +
            run.libtorchVersion + " · " + run.model + figures +
            (buildGpu(run.deviceName)
                 ? std::string()
                 : TORCHRIG_MESSAGE("sheet", " (a proxy: not one of this build's GPUs)").text(translate)));
    }
    return lines;
}

} // namespace

std::optional<SheetFormat> sheetFormatOf(const QString& path) {
    const auto suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QStringLiteral("pdf"))
        return SheetFormat::Pdf;
    if (suffix == QStringLiteral("md"))
        return SheetFormat::Markdown;
    if (suffix == QStringLiteral("csv"))
        return SheetFormat::Csv;
    if (suffix == QStringLiteral("json"))
        return SheetFormat::Json;
    return std::nullopt;
}

plan::BuildSheetOptions sheetOptionsFor(const plan::Build& build, const db::Catalog* catalog,
                                        plan::SheetLanguage language) {
    plan::BuildSheetOptions options;
    options.language = language;
    options.date = QDate::currentDate().toString(Qt::ISODate).toStdString();
    options.appVersion = TORCHRIG_VERSION;
    options.translate = messageTranslation(language == plan::SheetLanguage::Chinese ? QStringLiteral("zh_CN")
                                                                                    : QStringLiteral("en"));
    options.catalogVersion = catalogVersion(build, catalog, options.translate);
    options.validationRuns = validationLines(build, catalog, options.translate);
    if (catalog)
        options.cloudOffers = db::cloudOffers(*catalog);
    return options;
}

std::string unknownSheetFormatMessage(const QString& path) {
    return path.toStdString() + " ends in neither .pdf, .md, .csv nor .json; name the output file with the "
                                "format you want";
}

Result<int> exportBuildSheet(const plan::Build& build, const plan::BuildSheetOptions& options,
                             const QString& path, const SheetPageSetup& setup, ExistingTarget existing) {
    const auto format = sheetFormatOf(path);
    if (!format)
        return makeError(ErrorCode::InvalidInput, unknownSheetFormatMessage(path));
    if (*format == SheetFormat::Pdf)
        return writeBuildSheetPdf(plan::makeBuildSheet(build, options), path, setup, existing);
    std::string text;
    if (*format == SheetFormat::Csv) {
        // The PDF's cost is priced on the sheet's date; the CSV marks expired quotes on the same one.
        auto cost = options.cost;
        if (cost.today.empty())
            cost.today = options.date;
        text = plan::componentsCsv(build, cost);
    } else if (*format == SheetFormat::Markdown)
        text = plan::buildSheetMarkdown(plan::makeBuildSheet(build, options));
    else
        text = plan::buildSheetJson(plan::makeBuildSheet(build, options));
    if (auto written = writeTextFileAtomically(path.toStdString(), text, existing); !written)
        return written.error();
    return 0;
}

} // namespace torchrig::ui
