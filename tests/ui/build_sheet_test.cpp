// The build sheet from the app: the File menu's export and print actions, and the sheet the
// window's build and catalog make, with the validation runs kept in the user database.

#include "document/build_document.h"
#include "document/build_sheet_export.h"
#include "main_window.h"
#include "plan/build_presets.h"
#include "settings/planning_settings.h"
#include "test_support.h"
#include "ui_test_builds.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>

#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>

using namespace torchrig;

namespace {

std::string pdfText(const std::string& pdf) {
    std::string out;
    if (FILE* pipe = popen(("pdftotext '" + pdf + "' -").c_str(), "r")) {
        char buffer[4096];
        std::size_t n = 0;
        while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0)
            out.append(buffer, n);
        pclose(pipe);
    }
    // Wrapped lines joined: one space wherever the text had any.
    std::string joined;
    for (char c : out) {
        const bool space = c == ' ' || c == '\n' || c == '\f';
        if (!space || (!joined.empty() && joined.back() != ' '))
            joined += space ? ' ' : c;
    }
    return joined;
}

QAction* fileAction(ui::MainWindow& window, const QString& text) {
    for (auto* menu : window.menuBar()->findChildren<QMenu*>())
        for (auto* action : menu->actions())
            if (action->text() == text)
                return action;
    return nullptr;
}

} // namespace

TEST_CASE("The File menu exports and prints the build sheet, which lists the stored validation runs",
          "[ui][sheet]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    db::ValidationRunRecord run{
        0,
        "", // the database stamps it
        "AMD EPYC",
        "cpu",
        "1.13.0",
        "resnet18",
        R"({"model": "resnet18"})",
        R"({"event": "result", "model": "resnet18", "measured": {"step_seconds": 0.2756},
                                    "relative_error": {"step_seconds": -0.17, "allocated_peak_bytes": -0.002}})"};
    REQUIRE(catalog->addValidationRun(run).ok());
    auto* store = catalog.get();
    ui::MainWindow window(std::move(catalog));
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    REQUIRE(preset);
    plan::Build build;
    build.title = preset->title;
    for (const auto& p : preset->parts)
        build.parts.push_back(test::catalogPart(*store, p.partId, p.quantity));
    build.workloads.push_back(test::planned(test::bert(32)));
    window.document()->reset(build);

    auto* exportAction = fileAction(window, QStringLiteral("Export build s&heet…"));
    auto* printAction = fileAction(window, QStringLiteral("&Print build sheet…"));
    REQUIRE(exportAction);
    REQUIRE(printAction);
    CHECK(printAction->shortcut() == QKeySequence(QKeySequence::Print));

    // What the export action writes for the window's build (the dialog only picks the path).
    auto options = ui::sheetOptionsFor(window.document()->build(), store, plan::SheetLanguage::English);
    const auto pdf = folder.file("sheet.pdf").string();
    auto pages = ui::exportBuildSheet(window.document()->build(), options, QString::fromStdString(pdf));
    REQUIRE(pages.ok());
    CHECK(*pages >= 2);
    const auto text = pdfText(pdf);
    for (const auto& part : build.parts)
        CHECK(text.find(part.snapshot.name) != std::string::npos);
    CHECK(text.find("bert-base-uncased") != std::string::npos);
    CHECK(text.find("Validation runs") != std::string::npos);
    CHECK(text.find("Step time may be off by") != std::string::npos); // the time model's held-out error
    CHECK(text.find(
              "Z · AMD EPYC (cpu) · LibTorch 1.13.0 · resnet18, step 0.2756 s (estimate -17 %), allocated "
              "peak estimate -0.2 %") != std::string::npos);
    CHECK(options.catalogVersion.find(" parts") != std::string::npos);

    // The Preferences' currency, tax and shipping reach the sheet the app writes.
    ui::PlanningSettings settings;
    settings.currency = QStringLiteral("CNY");
    settings.usdRate = 7.1;
    settings.ratesDate = QStringLiteral("2026-11-30");
    settings.taxPercent = 13;
    settings.shipping = 200;
    settings.save();
    const auto markdown = folder.file("sheet.md");
    REQUIRE(ui::exportBuildSheet(window.document()->build(),
                                 window.sheetOptions(plan::SheetLanguage::English),
                                 QString::fromStdString(markdown.string()))
                .ok());
    const auto sheet = test::readFile(markdown);
    CHECK(sheet.find("**Tax: 13 %**") != std::string::npos);
    CHECK(sheet.find("**Shipping: 200.00 CNY**") != std::string::npos);
    CHECK(sheet.find(" CNY |") != std::string::npos); // the subtotals converted
    // The defaults again, for the tests after this one.
    ui::PlanningSettings{}.save();

    // A name without a format is refused with what to do, and nothing is written.
    auto wrong = ui::exportBuildSheet(window.document()->build(), options,
                                      QString::fromStdString(folder.file("sheet.txt").string()));
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().message.find("name the output file") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(folder.file("sheet.txt")));
}
