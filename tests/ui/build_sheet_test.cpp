// The build sheet from the app: the File menu's export and print actions, and the sheet the
// window's build and catalog make, with the validation runs kept in the user database.

#include "build/build_editor.h"
#include "document/build_document.h"
#include "document/build_sheet_export.h"
#include "main_window.h"
#include "plan/build_cost.h"
#include "plan/build_presets.h"
#include "plan/sheet_money.h"
#include "settings/planning_settings.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "util/printed.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
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
                                    "relative_error": {"step_seconds": -0.17, "allocated_peak_bytes": -0.002}})",
        "", // the machine, the recorder and the run's own id: filled in
        "",
        ""};
    REQUIRE(catalog->addValidationRun(run).ok());
    // A run of a model the build plans: listed, and said to be a proxy (a CPU, not the build's GPU).
    run.model = "bert-base-uncased";
    run.requestJson = R"({"model": "bert-base-uncased"})";
    REQUIRE(catalog->addValidationRun(run).ok());
    auto* store = catalog.get();
    ui::MainWindow window(std::move(catalog));
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    REQUIRE(preset);
    plan::Build build;
    build.title = preset->title.text();
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
    // A long name wraps in its cell, and pdftotext drops the hyphen it broke at: compared without.
    const auto unbroken = [](std::string line) {
        line.erase(std::remove_if(line.begin(), line.end(),
                                  [](unsigned char c) { return std::isspace(c) != 0 || c == '-'; }),
                   line.end());
        return line;
    };
    for (const auto& part : build.parts)
        CHECK(unbroken(text).find(unbroken(part.snapshot.name)) != std::string::npos);
    CHECK(text.find("bert-base-uncased") != std::string::npos);
    CHECK(text.find("Validation runs") != std::string::npos);
    CHECK(text.find("Step time may be off by") != std::string::npos); // the time model's held-out error
    CHECK(
        text.find("Z · AMD EPYC (cpu) · LibTorch 1.13.0 · bert-base-uncased, step 0.2756 s (estimate -17 %), "
                  "allocated peak estimate -0.2 %") != std::string::npos);
    CHECK(text.find("(a proxy: not one of this build's GPUs)") != std::string::npos);
    CHECK(text.find("resnet18") == std::string::npos); // a run of a model this build does not plan
    CHECK(options.catalogVersion.find(" parts") != std::string::npos);

    // The Preferences' currency, tax and shipping reach the sheet the app writes.
    ui::PlanningSettings settings;
    settings.currency = QStringLiteral("CNY");
    settings.usdRate = 7.1;
    settings.otherRates = QStringLiteral("EUR=7.7, CHF=8.0"); // the catalog's shop prices in euros and francs
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
    CHECK(sheet.find("**Tax (13 %): ") != std::string::npos);
    CHECK(sheet.find("**Shipping: ¥200.00**") != std::string::npos);
    CHECK(sheet.find("| Amount incl. tax (CNY) |") != std::string::npos); // the amounts converted
    CHECK(sheet.find("**Exchange rate: 1 USD = 7.1000 CNY (2026-11-30)**") != std::string::npos);
    // The main window's total is the sheet's: with the same tax and shipping.
    window.buildEditor()->setCostOptions(settings.costOptions());
    const auto cost = plan::costBuild(window.document()->build(), settings.costOptions());
    REQUIRE(cost.total);
    const auto total = QString::fromStdString(plan::sheetMoney(*cost.total, "CNY"));
    INFO(window.buildEditor()->costLabel()->text().toStdString());
    CHECK(window.buildEditor()->costLabel()->text().contains(
        QStringLiteral("total %1</b> with 13 % tax and ¥200.00 shipping").arg(total)));
    CHECK(sheet.find("**Total incl. tax: " + plan::sheetMoney(*cost.total, "CNY") + "**") !=
          std::string::npos);
    // The defaults again, for the tests after this one.
    ui::PlanningSettings{}.save();

    // A name without a format is refused with what to do, and nothing is written.
    auto wrong = ui::exportBuildSheet(window.document()->build(), options,
                                      QString::fromStdString(folder.file("sheet.txt").string()));
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().text().find("name the output file") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(folder.file("sheet.txt")));
}

TEST_CASE("The research preset's sheet with a LoRA workload has one-currency totals, the lines to be "
          "quoted, the LoRA setup and the budget code, in English and Chinese",
          "[ui][sheet]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    auto* store = catalog.get();
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    REQUIRE(preset);
    plan::Build build;
    build.title = preset->title.text();
    build.source = preset->source;
    for (const auto& p : preset->parts)
        build.parts.push_back(test::catalogPart(*store, p.partId, p.quantity));
    REQUIRE(build.parts[2].partId == "memory/kingston-fury-beast-64gb-ddr5-5600");
    build.parts[2].snapshot.price.reset(); // as if no shop had priced the kit: a line to be quoted
    Workload lora;
    lora.model = "llama-2-7b";
    lora.inputs.batch = 1;
    lora.inputs.seqLen = 1024;
    lora.precision = Precision::Bf16;
    lora.checkpointing = Checkpointing::Blocks;
    lora.lora.rank = 16;
    lora.lora.alpha = 32;
    lora.lora.targets = {"q_proj", "v_proj"};
    build.workloads.push_back(test::planned(lora));
    build.purchasing.requester = "Li Wei";
    build.purchasing.group = "NLP lab";
    build.purchasing.budgetCode = "CS-2026-117";
    // A vendor's quote for the motherboard replaces its catalog price.
    build.purchasing.quotes.push_back({"Jingdong",
                                       3999,
                                       "CNY",
                                       "2026-11-28",
                                       "JD-5521",
                                       "motherboard/asus-proart-z790-creator-wifi",
                                       "2026-12-28",
                                       {},
                                       {}});

    plan::CostOptions cost;
    cost.currency = "CNY";
    cost.rates["USD"] = 7.1;
    cost.rates["EUR"] = 7.7; // the catalog's shop prices seen in euros
    cost.ratesDate = "2026-11-30";
    const auto priced = plan::costBuild(build, cost);
    REQUIRE(priced.knownTotal);
    REQUIRE(priced.toBeQuotedLines > 0);
    int quotedLines = 0;
    for (const auto& line : priced.lines)
        quotedLines += line.quoted ? 1 : 0;
    CHECK(quotedLines == 1);

    for (const auto language : {plan::SheetLanguage::English, plan::SheetLanguage::Chinese}) {
        const bool chinese = language == plan::SheetLanguage::Chinese;
        auto options = ui::sheetOptionsFor(build, store, language);
        options.cost = cost;
        const auto pdf = folder.file(chinese ? "zh.pdf" : "en.pdf").string();
        REQUIRE(ui::exportBuildSheet(build, options, QString::fromStdString(pdf)).ok());
        const auto text = pdfText(pdf);
        INFO(text);
        const auto total = std::string(chinese ? "已定价项目合计: " : "Total of the priced lines: ") +
                           plan::sheetMoney(*priced.knownTotal, "CNY") +
                           printed(" + %d ", priced.toBeQuotedLines) +
                           (chinese                       ? "项待询价"
                            : priced.toBeQuotedLines == 1 ? "line to be quoted"
                                                          : "lines to be quoted");
        CHECK(text.find(total) != std::string::npos);
        CHECK(text.find(chinese ? "待询价" : "to be quoted") != std::string::npos);
        // One currency: every amount converted, USD named only by the rate.
        CHECK(text.find(" USD") == text.rfind("1 USD = 7.1000 CNY") + 1);
        CHECK(text.find(chinese ? "汇率: 1 USD = 7.1000 CNY（2026-11-30）"
                                : "Exchange rate: 1 USD = 7.1000 CNY (2026-11-30)") != std::string::npos);
        CHECK(text.find(chinese ? "LoRA 秩 16 (alpha 32) 作用于 q_proj, v_proj"
                                : "LoRA rank 16 (alpha 32) on q_proj, v_proj") != std::string::npos);
        CHECK(text.find(chinese ? "激活检查点" : "Activation checkpointing") != std::string::npos);
        CHECK(text.find(chinese ? "每个块" : "every block") != std::string::npos);
        CHECK(text.find("CS-2026-117") != std::string::npos);
        // The checker's findings and what it does not check, in the sheet's language (pdftotext
        // breaks a table cell's lines where it likes: compared without white space).
        auto squeezed = text;
        squeezed.erase(std::remove_if(squeezed.begin(), squeezed.end(),
                                      [](unsigned char c) { return std::isspace(c) != 0; }),
                       squeezed.end());
        CHECK(squeezed.find(chinese ? "需要40条PCIe通道" : "want40PCIelanes") != std::string::npos);
        CHECK(squeezed.find(chinese ? "机箱的风扇布局与风道" : "chassis'sfanlayoutandairflow") !=
              std::string::npos);
        if (chinese)
            CHECK(squeezed.find("PCIelanes") == std::string::npos);
        CHECK(text.find("Jingdong JD-5521") != std::string::npos); // the quote, marked as one
        CHECK(text.find("《深度解析：本地部署PyTorch的硬件配置与优化指南》") != std::string::npos);
        // The article by its title and section; our file for it is no business of a purchasing office.
        CHECK(text.find("seeds/000_bc17f2316f896fdf.txt") == std::string::npos);
        CHECK(text.find(".txt") == std::string::npos);
    }
}
