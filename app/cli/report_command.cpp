#include "report_command.h"

#include "build_file_loading.h"
#include "catalog_devices.h"
#include "document/build_sheet_pdf.h"
#include "exit_codes.h"
#include "plan/build_sheet.h"
#include "util/text_file.h"

#include <QApplication>
#include <QDate>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <iostream>

namespace torchrig::cli {

namespace {

enum class ReportFormat { Pdf, Markdown, Csv, Json };

std::optional<ReportFormat> formatOf(const std::string& path) {
    const auto extension = std::filesystem::path(path).extension().string();
    if (extension == ".pdf")
        return ReportFormat::Pdf;
    if (extension == ".md")
        return ReportFormat::Markdown;
    if (extension == ".csv")
        return ReportFormat::Csv;
    if (extension == ".json")
        return ReportFormat::Json;
    return std::nullopt;
}

// The catalog's name on the sheet: how many parts, and the newest price date among the build's.
std::string catalogVersion(const plan::Build& build, const GlobalOptions& options) {
    std::string newest;
    for (const auto& part : build.parts)
        if (part.snapshot.price && part.snapshot.price->date > newest)
            newest = part.snapshot.price->date;
    std::string parts;
    if (auto catalog = openCatalogForReading(options))
        parts = fmt::format("{} parts", (*catalog)->count());
    return parts + (newest.empty() ? "" : (parts.empty() ? "" : ", ") + std::string("prices to ") + newest);
}

std::vector<std::string> validationLines(const GlobalOptions& options) {
    std::vector<std::string> lines;
    auto catalog = openCatalogForReading(options);
    if (!catalog)
        return lines;
    for (const auto& run : (*catalog)->validationRuns()) {
        const auto result = nlohmann::json::parse(run.resultJson, nullptr, false);
        std::string figures;
        if (result.is_object() && result.contains("measured"))
            figures = fmt::format(", step {:.4f} s", result["measured"].value("step_seconds", 0.0));
        if (result.is_object() && result.contains("relative_error") && result["relative_error"].is_object()) {
            const auto& error = result["relative_error"];
            if (error.contains("step_seconds") && error["step_seconds"].is_number())
                figures += fmt::format(" (estimate {:+.0f} %)", error["step_seconds"].get<double>() * 100);
            if (error.contains("allocated_peak_bytes") && error["allocated_peak_bytes"].is_number())
                figures += fmt::format(", allocated peak estimate {:+.1f} %",
                                       error["allocated_peak_bytes"].get<double>() * 100);
        }
        lines.push_back(fmt::format("{} · {} ({}) · LibTorch {} · {}{}", run.measuredAt, run.deviceName,
                                    run.deviceKind, run.libtorchVersion, run.model, figures));
    }
    return lines;
}

} // namespace

ReportCommand::ReportCommand(CLI::App& parent, const GlobalOptions& options)
    : m_options(options) {
    m_command =
        parent.add_subcommand("report", "Write a build's sheet for a purchasing discussion: PDF, Markdown, "
                                        "the components' CSV, or JSON");
    m_command->add_option("file", m_file, "A .torchrig build file")->required();
    m_command->add_option("-o,--output", m_output, "The file to write: .pdf, .md, .csv or .json")->required();
    m_command->add_option("--lang", m_language, "The sheet's language: en or zh_CN")
        ->check(CLI::IsMember({"en", "zh_CN", "zh-CN", "zh"}));
    m_command->add_option("--page-size", m_pageSize, "PDF pages: a4 or letter")
        ->check(CLI::IsMember({"a4", "letter"}));
    m_command->add_option("--date", m_date, "The date on the sheet, YYYY-MM-DD (default: today)");
    m_costFlags.addTo(*m_command);
}

int ReportCommand::run(int argc, char** argv) {
    const auto format = formatOf(m_output);
    if (!format) {
        std::cerr << "error: " << m_output
                  << " ends in neither .pdf, .md, .csv nor .json; name the output file "
                  << "with the format you want\n";
        return kExitUsage;
    }
    auto build = loadBuildFile(m_file);
    if (!build) {
        std::cerr << "error: " << build.error().message << "\n";
        return exitCodeFor(build.error().code);
    }
    if (auto status = m_costFlags.resolve(); !status) {
        std::cerr << "error: " << status.error().message << "\n";
        return kExitUsage;
    }
    if (*format == ReportFormat::Csv) {
        auto written = writeTextFileAtomically(m_output, plan::componentsCsv(*build, m_costFlags.options));
        if (!written) {
            std::cerr << "error: " << written.error().message << "\n";
            return exitCodeFor(written.error().code);
        }
        return kExitOk;
    }
    plan::BuildSheetOptions options;
    options.language = *plan::sheetLanguageFromString(m_language);
    options.date = m_date.empty() ? QDate::currentDate().toString(Qt::ISODate).toStdString() : m_date;
    options.appVersion = TORCHRIG_VERSION;
    options.catalogVersion = catalogVersion(*build, m_options);
    options.cost = m_costFlags.options;
    options.validationRuns = validationLines(m_options);
    const auto sheet = plan::makeBuildSheet(*build, options);
    if (*format != ReportFormat::Pdf) {
        auto written = writeTextFileAtomically(m_output, *format == ReportFormat::Markdown
                                                             ? plan::buildSheetMarkdown(sheet)
                                                             : plan::buildSheetJson(sheet));
        if (!written) {
            std::cerr << "error: " << written.error().message << "\n";
            return exitCodeFor(written.error().code);
        }
        return kExitOk;
    }
    // No window is shown: the offscreen platform needs no display.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    ui::SheetPageSetup setup;
    setup.size = m_pageSize == "letter" ? QPageSize::Letter : QPageSize::A4;
    auto pages = ui::writeBuildSheetPdf(sheet, QString::fromStdString(m_output), setup);
    if (!pages) {
        std::cerr << "error: " << pages.error().message << "\n";
        return exitCodeFor(pages.error().code);
    }
    std::cout << fmt::format("wrote {} ({} pages)\n", m_output, *pages);
    return kExitOk;
}

} // namespace torchrig::cli
