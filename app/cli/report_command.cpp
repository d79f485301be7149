#include "report_command.h"

#include "build_file_loading.h"
#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "document/build_sheet_export.h"
#include "exit_codes.h"
#include "plan/build_sheet.h"

#include <QApplication>

#include <fmt/format.h>

#include <iostream>
#include <optional>

namespace torchrig::cli {

ReportCommand::ReportCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command =
        parent.add_subcommand("report", "Write a build's sheet for a purchasing discussion: PDF, Markdown, "
                                        "the components' CSV, or JSON");
    m_command->add_option("file", m_file, "A .torchrig build file")->required();
    m_command->add_option("-o,--output", m_output, "The file to write: .pdf, .md, .csv or .json")->required();
    m_command->add_flag("--force", m_force, "Replace the output file if it exists");
    m_command->add_option("--lang", m_language, "The sheet's language: en or zh_CN")
        ->check(CLI::IsMember({"en", "zh_CN", "zh-CN", "zh"}));
    m_command->add_option("--page-size", m_pageSize, "PDF pages: a4 or letter")
        ->check(CLI::IsMember({"a4", "letter"}));
    m_command->add_option("--date", m_date, "The date on the sheet, YYYY-MM-DD (default: today)");
    m_command->add_option(
        "--circuit", m_circuit,
        "The wall circuit the load is checked against, AMPSxVOLTS (default 15x120; 10x220 in China)");
    m_command->add_option("--institution", m_institution, "The lab's institution, printed above the title");
    m_command
        ->add_option("--required-field", m_requiredFields,
                     "A field the purchasing office requires (printed with the build's answer or a line); "
                     "repeat")
        ->expected(1, -1);
    m_costFlags.addTo(*m_command);
}

int ReportCommand::run(int argc, char** argv) {
    auto build = loadBuildFile(m_file);
    if (!build)
        return fail(build.error());
    if (auto status = m_costFlags.resolve(); !status)
        return usage(status.error().text());
    const auto output = QString::fromStdString(m_output);
    const auto format = ui::sheetFormatOf(output);
    if (!format)
        return usage(ui::unknownSheetFormatMessage(output));
    auto catalog = openCatalogForReading(m_options);
    auto options = ui::sheetOptionsFor(*build, catalog ? catalog->get() : nullptr,
                                       *plan::sheetLanguageFromString(m_language));
    if (!m_date.empty())
        options.date = m_date;
    options.cost = withCatalogRates(m_costFlags.options, catalog ? catalog->get() : nullptr);
    auto circuit = parseWallCircuit(m_circuit);
    if (!circuit)
        return usage(circuit.error().text());
    options.circuit = *circuit;
    options.institution = m_institution;
    options.requiredFields = m_requiredFields;
    // The PDF is drawn by Qt (QCustomPlot is a widget): on the offscreen platform, no display needed.
    std::optional<QApplication> application;
    if (*format == ui::SheetFormat::Pdf) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
            qputenv("QT_QPA_PLATFORM", "offscreen");
        application.emplace(argc, argv);
    }
    ui::SheetPageSetup setup;
    setup.size = m_pageSize == "letter" ? QPageSize::Letter : QPageSize::A4;
    auto pages = ui::exportBuildSheet(*build, options, output, setup, existingTargetFor(m_force));
    if (!pages)
        return failWrite(pages.error());
    if (*pages > 0)
        std::cout << fmt::format("wrote {} ({} pages)\n", m_output, *pages);
    else
        std::cout << fmt::format("wrote {}\n", m_output);
    return kExitOk;
}

} // namespace torchrig::cli
