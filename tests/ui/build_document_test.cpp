// The open build: undo and redo restore exact states, "modified" follows the undo stack, files
// round-trip, a broken file leaves the document as it was, and the parts model keeps Qt's rules.

#include "analysis/advice_panel.h"
#include "analysis/analysis_panel.h"
#include "analysis/batch_chart.h"
#include "analysis/catalog_chart.h"
#include "analysis/chart_export.h"
#include "analysis/chart_tooltips.h"
#include "analysis/memory_chart.h"
#include "analysis/qcustomplot_include.h"
#include "analysis/rent_chart.h"
#include "analysis/step_time_chart.h"
#include "analysis/timeline_chart.h"
#include "build/build_parts_model.h"
#include "catalog_browser.h"
#include "compare/compare_dialog.h"
#include "document/build_document.h"
#include "estimate/memory_estimate.h"
#include "io/build_file.h"
#include "main_window.h"
#include "part_snapshot.h"
#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"
#include "purchasing/purchasing_panel.h"
#include "settings/planning_settings.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "workload/workload_editor.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <filesystem>
#include <vector>

using namespace torchrig;
using test::bert;
using test::catalogPart;
using test::planned;

namespace {

std::string state(const ui::BuildDocument& document) {
    return writeBuildFile(document.build());
}

} // namespace

TEST_CASE("Undo and redo walk a build through its exact earlier states", "[ui][document]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    std::vector<std::string> states = {state(document)};
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090"));
    states.push_back(state(document));
    document.addPart(catalogPart(*catalog, "cpu/ryzen-9-7950x"));
    states.push_back(state(document));
    document.setPartQuantity(0, 2);
    document.setPartQuantity(0, 3); // one spin box's steps: one undo step
    states.push_back(state(document));
    document.setNodes(2);
    states.push_back(state(document));
    document.setTitle(QStringLiteral("Lab server"));
    states.push_back(state(document));
    document.setWorkload(planned(bert(32)));
    states.push_back(state(document));
    document.removePart(1);
    states.push_back(state(document));
    REQUIRE(document.undoStack()->count() == static_cast<int>(states.size()) - 1);
    CHECK(document.build().parts.size() == 1);
    CHECK(document.build().parts[0].quantity == 3);

    for (int i = static_cast<int>(states.size()) - 2; i >= 0; --i) {
        document.undoStack()->undo();
        CHECK(state(document) == states[static_cast<std::size_t>(i)]);
    }
    for (std::size_t i = 1; i < states.size(); ++i) {
        document.undoStack()->redo();
        CHECK(state(document) == states[i]);
    }
}

TEST_CASE("Modified follows the undo stack: save is clean, undo past it is modified again",
          "[ui][document]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    CHECK_FALSE(document.isModified());
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090"));
    CHECK(document.isModified());
    const auto path = QString::fromStdString(folder.file("a.torchrig").string());
    REQUIRE(document.saveAs(path));
    CHECK_FALSE(document.isModified());
    CHECK(document.displayName() == QStringLiteral("a.torchrig"));
    document.setNodes(4);
    CHECK(document.isModified());
    document.undoStack()->undo();
    CHECK_FALSE(document.isModified());
    document.undoStack()->undo();
    CHECK(document.isModified()); // before the saved state
    plan::Build preset;
    preset.parts.push_back(catalogPart(*catalog, "gpu/rtx-4090"));
    document.reset(preset);
    CHECK(document.isModified()); // a preset's parts are unsaved work
    CHECK(document.filePath().isEmpty());
    document.reset({});
    CHECK_FALSE(document.isModified()); // an empty build has nothing to lose
    CHECK(document.build().title == "Untitled build");
}

TEST_CASE("A title typed and deleted again, or a spin box stepped back, leaves the document unmodified",
          "[ui][document]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090"));
    REQUIRE(document.saveAs(QString::fromStdString(folder.file("a.torchrig").string())));
    const auto saved = document.build();
    const auto steps = document.undoStack()->count();
    // As the title field commits: "Untitled build" → "Untitled build 2" → back.
    document.setTitle(QStringLiteral("Untitled build 2"));
    CHECK(document.isModified());
    document.setTitle(QStringLiteral("Untitled build"));
    CHECK_FALSE(document.isModified());
    CHECK(document.undoStack()->count() == steps); // no step to undo that does nothing
    CHECK(document.build() == saved);
    document.setNodes(3);
    document.setNodes(2);
    CHECK(document.isModified());
    document.setNodes(1);
    CHECK_FALSE(document.isModified());
    // An edit that changes nothing is no edit either.
    document.edit(QStringLiteral("nothing"), [](plan::Build&) {});
    CHECK_FALSE(document.isModified());
    CHECK(document.undoStack()->count() == steps);
    // Merging stops at the saved state: undo still goes back to it.
    document.setTitle(QStringLiteral("Lab build"));
    REQUIRE(document.save());
    document.setTitle(QStringLiteral("Lab build 2"));
    document.undoStack()->undo();
    CHECK(document.build().title == "Lab build");
    CHECK_FALSE(document.isModified());
}

TEST_CASE("Each change says what it touched, and the notes, title and requester do not re-estimate",
          "[ui][document][analysis]") {
    test::TemporaryFolder folder;
    auto shown = test::presetWindow(folder, "research-2x-rtx-4090");
    auto& window = *shown;
    auto* document = window.document();
    auto* editor = window.workloadEditor();
    editor->modelBox()->setCurrentIndex(editor->modelBox()->findData(QStringLiteral("resnet50")));
    REQUIRE(document->build().workloads.size() == 1);
    std::vector<ui::BuildAspects> said;
    QObject::connect(document, &ui::BuildDocument::buildChanged,
                     [&](ui::BuildAspects changed) { said.push_back(changed); });
    const auto simulations = estimate::memorySimulationsRun();
    QTest::keyClicks(window.purchasing()->notesEdit(), QStringLiteral("Quote from the campus reseller"));
    QTest::keyClicks(window.purchasing()->requesterEdit(), QStringLiteral("Li Wei"));
    document->setTitle(QStringLiteral("Lab workstation"));
    CHECK(estimate::memorySimulationsRun() == simulations);
    REQUIRE_FALSE(said.empty());
    for (const auto& changed : said)
        CHECK_FALSE(changed.testAnyFlags(ui::kEstimateInputs));
    CHECK(said.front() == ui::BuildAspects(ui::BuildAspect::Notes));
    CHECK(said.back() == ui::BuildAspects(ui::BuildAspect::Title));
    // A change the estimates read re-estimates, and says so.
    said.clear();
    document->setNodes(2);
    CHECK(estimate::memorySimulationsRun() > simulations);
    REQUIRE(said.size() == 1);
    CHECK(said[0] == ui::BuildAspects(ui::BuildAspect::Nodes));
    auto planned = document->build().workloads[0];
    planned.workload.inputs.batch += 1;
    document->setWorkload(planned);
    CHECK(said.back() == ui::BuildAspects(ui::BuildAspect::Workloads));
}

TEST_CASE("Open, edit, save and reopen gives the same build", "[ui][document]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument first;
    first.addPart(catalogPart(*catalog, "gpu/rtx-4090", 2));
    first.setWorkload(planned(bert(16)));
    const auto path = QString::fromStdString(folder.file("lab.torchrig").string());
    REQUIRE(first.saveAs(path));

    ui::BuildDocument second;
    REQUIRE(second.open(path));
    CHECK(state(second) == state(first));
    second.addPart(catalogPart(*catalog, "psu/seasonic-prime-tx-1600"));
    second.setTitle(QStringLiteral("Edited"));
    REQUIRE(second.save());
    ui::BuildDocument third;
    REQUIRE(third.open(path));
    CHECK(state(third) == state(second));
    CHECK(third.build().title == "Edited");
    CHECK_FALSE(third.isModified());
}

TEST_CASE("A corrupt or foreign build file opens to a clear message and changes nothing", "[ui][document]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090"));
    const auto before = state(document);
    test::writeFile(folder.file("cut.torchrig"), writeBuildFile(document.build()).substr(0, 40));
    auto cut = document.open(QString::fromStdString(folder.file("cut.torchrig").string()));
    REQUIRE_FALSE(cut);
    CHECK(cut.error().text().find("cut.torchrig") != std::string::npos);
    test::writeFile(folder.file("other.torchrig"), R"({"format": "something-else"})");
    CHECK_FALSE(document.open(QString::fromStdString(folder.file("other.torchrig").string())));
    CHECK_FALSE(document.open(QString::fromStdString(folder.file("missing.torchrig").string())));
    CHECK(state(document) == before);
    CHECK(document.isModified()); // the unsaved work is still there
}

TEST_CASE("The build's parts model passes Qt's model tester through edits and undo", "[ui][document]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    ui::BuildPartsModel model(document);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090", 2));
    document.addPart(catalogPart(*catalog, "cpu/core-i9-13900k"));
    REQUIRE(model.rowCount() == 2);
    CHECK(model.index(0, ui::BuildPartsModel::PartColumn).data().toString() ==
          QStringLiteral("GeForce RTX 4090"));
    CHECK(model.index(0, ui::BuildPartsModel::SubtotalColumn).data(Qt::EditRole).toDouble() ==
          Approx(2 * document.build().parts[0].snapshot.price->amount));
    REQUIRE(model.setData(model.index(0, ui::BuildPartsModel::QuantityColumn), 3));
    CHECK(document.build().parts[0].quantity == 3);
    CHECK_FALSE(model.setData(model.index(0, ui::BuildPartsModel::QuantityColumn), 0)); // refused
    document.undoStack()->undo();
    CHECK(model.index(0, ui::BuildPartsModel::QuantityColumn).data().toInt() == 2);
    document.removePart(0);
    CHECK(model.rowCount() == 1);
}

TEST_CASE("The memory chart draws the estimator's numbers for the build's workload", "[ui][analysis]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    ui::AnalysisPanel panel(document);
    CHECK(panel.memoryChart()->segments().empty()); // no GPU yet
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090", 2));
    document.setWorkload(planned(bert(32)));
    const auto gpus = plan::buildGpus(document.build());
    REQUIRE(gpus);
    const plan::WorkloadOnBuild workload(bert(32), *gpus, estimate::ParallelStrategy::Ddp);
    REQUIRE(workload.estimate());
    const auto& e = *workload.estimate();
    const auto& segments = panel.memoryChart()->segments();
    REQUIRE(segments.size() == estimate::kMemoryCategoryCount + 2);
    constexpr double kGiB = double(1LL << 30);
    double sum = 0;
    for (std::size_t i = 0; i < estimate::kMemoryCategoryCount; ++i)
        CHECK(segments[i].amount == Approx(double(e.memory.breakdownAtPeak[i]) / kGiB));
    for (const auto& s : segments)
        sum += s.amount;
    CHECK(sum == Approx(double(e.devicePeakBytes) / kGiB)); // the stack's top is the device peak
    REQUIRE(panel.memoryChart()->capacity());
    CHECK(*panel.memoryChart()->capacity() == Approx(double(gpus->spec.usableBytes) / kGiB));
    // An edit redraws: a larger batch holds more activations.
    const double activations =
        segments[static_cast<std::size_t>(estimate::MemoryCategory::Activations)].amount;
    document.setWorkload(planned(bert(64)));
    CHECK(panel.memoryChart()
              ->segments()[static_cast<std::size_t>(estimate::MemoryCategory::Activations)]
              .amount > activations);
}

TEST_CASE("The main window adds the catalog's selected part, edits the workload and shows unsaved changes",
          "[ui][window]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    CHECK_FALSE(window.isWindowModified());
    window.catalogBrowser()->setCategory(PartCategory::Gpu);
    window.catalogBrowser()->setSearchText(QStringLiteral("RTX 4090"));
    window.catalogBrowser()->table()->selectRow(0);
    REQUIRE(window.catalogBrowser()->selectedPartId() == QStringLiteral("gpu/rtx-4090"));
    window.addSelectedPart();
    REQUIRE(window.document()->build().parts.size() == 1);
    CHECK(window.isWindowModified());
    CHECK(window.windowTitle().contains(QStringLiteral("Untitled")));

    auto* model = window.workloadEditor()->modelBox();
    model->setCurrentIndex(model->findData(QStringLiteral("resnet50")));
    REQUIRE(window.document()->build().workloads.size() == 1);
    CHECK(window.document()->build().workloads[0].workload.model == "resnet50");
    const auto batchBefore = window.document()->build().workloads[0].workload.inputs.batch;
    REQUIRE(batchBefore != 48);
    REQUIRE(batchBefore != 64);
    window.workloadEditor()->batchBox()->setValue(48);
    window.workloadEditor()->batchBox()->setValue(64);
    CHECK(window.document()->build().workloads[0].workload.inputs.batch == 64);
    window.document()->undoStack()->undo(); // the two batch steps were one edit: back to before both
    CHECK(window.document()->build().workloads[0].workload.inputs.batch == batchBefore);
    CHECK(window.analysis()->memoryChart()->segments().size() == estimate::kMemoryCategoryCount + 2);

    const auto saved = QString::fromStdString(folder.file("window.torchrig").string());
    REQUIRE(window.saveFile(saved));
    CHECK_FALSE(window.isWindowModified());
    CHECK(window.windowTitle().contains(QStringLiteral("window.torchrig")));
    CHECK(ui::MainWindow::recentFiles().front() == saved); // File > Open recent
}

TEST_CASE("The advice panel's Apply changes the workload as an undoable edit", "[ui][analysis]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    ui::AnalysisPanel panel(document);
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090"));
    auto fp32 = bert(32);
    fp32.precision = Precision::Fp32;
    document.setWorkload(planned(fp32));
    CHECK(panel.advice()->adviceCount() >= 1);
    REQUIRE(panel.advice()->apply(QStringLiteral("mixed-precision")));
    CHECK(document.build().workloads[0].workload.precision == Precision::AmpBf16);
    CHECK_FALSE(panel.advice()->apply(QStringLiteral("mixed-precision"))); // no longer offered
    document.undoStack()->undo();
    CHECK(document.build().workloads[0].workload.precision == Precision::Fp32);
}

TEST_CASE("The step-time and batch charts draw the estimator's numbers, and charts export",
          "[ui][analysis]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    ui::AnalysisPanel panel(document);
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090", 2));
    document.setWorkload(planned(bert(32)));
    const auto gpus = plan::buildGpus(document.build());
    const plan::WorkloadOnBuild workload(bert(32), *gpus, estimate::ParallelStrategy::Ddp);
    REQUIRE(workload.estimate());
    REQUIRE(workload.estimate()->time);
    const auto& t = *workload.estimate()->time;
    const auto& parts = panel.stepTimeChart()->parts();
    REQUIRE(parts.size() == 4);
    CHECK(parts[0].milliseconds == Approx(t.forwardSeconds * 1e3));
    CHECK(parts[1].milliseconds == Approx(t.backwardSeconds * 1e3));
    CHECK(parts[2].milliseconds == Approx(t.optimizerSeconds * 1e3));
    double sum = 0;
    for (const auto& p : parts)
        sum += p.milliseconds;
    CHECK(sum == Approx(t.stepSeconds * 1e3)); // the bars add up to the step
    REQUIRE(t.uncertainty > 0);                // and the whole step carries its band
    CHECK(panel.stepTimeChart()->stepBand().first == Approx(t.stepSeconds * 1e3 * (1 - t.uncertainty)));
    // Two GPUs: the band reaches further up by the scaling losses published multi-GPU runs show.
    REQUIRE(t.scalingUncertainty > 0);
    CHECK(panel.stepTimeChart()->stepBand().second ==
          Approx(t.stepSeconds * 1e3 * (1 + t.uncertainty + t.scalingUncertainty)));
    CHECK(panel.stepTimeChart()->samplesPerSecond() == Approx(t.samplesPerSecond * 2));

    panel.refreshBatchChart();
    const auto& curves = panel.batchChart()->curves();
    REQUIRE(curves.size() == 4); // an RTX 4090 runs fp32, amp-fp16, amp-bf16 and bf16
    bool found = false;
    for (const auto& c : curves)
        for (const auto& [batch, gib] : c.points)
            if (c.precision == Precision::AmpBf16 && batch == 32) {
                found = true;
                CHECK(gib == Approx(double(workload.estimate()->devicePeakBytes) / double(1LL << 30)));
            }
    CHECK(found);
    CHECK(panel.batchChart()->largestBatch() == workload.largestBatch());

    const auto png = QString::fromStdString(folder.file("memory.png").string());
    const auto pdf = QString::fromStdString(folder.file("memory.pdf").string());
    panel.resize(800, 600);
    // Issue 35: links planted at the names a writer might use for its temporary file are never
    // written through (the chart's PNG and PDF, and the build's Save).
    const auto victim = folder.file("victim.txt");
    test::writeFile(victim, "another user's file");
    std::vector<std::filesystem::path> links;
    for (const auto* name : {"memory.png", "memory.pdf", "saved.torchrig"})
        for (const auto* pattern : {"%1.partial", ".%1.partial", "%1.tmp", "%1~"}) {
            links.push_back(folder.file(QString::fromLatin1(pattern).arg(QLatin1String(name)).toStdString()));
            std::filesystem::create_symlink(victim, links.back());
        }
    REQUIRE(ui::exportPlot(*panel.memoryChart()->plot(), png));
    REQUIRE(ui::exportPlot(*panel.memoryChart()->plot(), pdf));
    REQUIRE(document.saveAs(QString::fromStdString(folder.file("saved.torchrig").string())).ok());
    CHECK(test::readFile(victim) == "another user's file");
    for (const auto& link : links)
        CHECK(std::filesystem::is_symlink(std::filesystem::symlink_status(link)));
    CHECK(test::readFile(folder.file("memory.png")).substr(1, 3) == "PNG");
    CHECK(test::readFile(folder.file("memory.pdf")).substr(0, 4) == "%PDF");
    CHECK_FALSE(
        ui::exportPlot(*panel.memoryChart()->plot(), QString::fromStdString(folder.file("m.bmpx").string())));

    // Tooltips name what is under the pointer, with the estimator's figure.
    auto& stepPlot = *panel.stepTimeChart()->plot();
    stepPlot.setViewport(QRect(0, 0, 800, 400)); // a hidden tab's plot gets no resize event
    stepPlot.replot();
    const QPoint forwardBar(static_cast<int>(stepPlot.xAxis->coordToPixel(parts[0].milliseconds / 2)),
                            static_cast<int>(stepPlot.yAxis->coordToPixel(1)));
    const auto forwardTip = ui::describeChartPoint(stepPlot, forwardBar);
    CHECK(forwardTip.contains(QStringLiteral("Forward")));
    CHECK(
        forwardTip.contains(QString::number(parts[0].milliseconds, 'f', parts[0].milliseconds < 10 ? 2 : 1)));
    CHECK(ui::describeChartPoint(stepPlot, QPoint(stepPlot.width() - 2, 2)).isEmpty()); // nothing there
    auto& memoryPlot = *panel.memoryChart()->plot();
    memoryPlot.setViewport(QRect(0, 0, 800, 400));
    memoryPlot.replot();
    const auto& segments = panel.memoryChart()->segments();
    const double activationsMid = [&] {
        double below = 0;
        for (std::size_t i = 0; i < static_cast<std::size_t>(estimate::MemoryCategory::Activations); ++i)
            below += segments[i].amount;
        return below + segments[static_cast<std::size_t>(estimate::MemoryCategory::Activations)].amount / 2;
    }();
    const QPoint activationsBar(static_cast<int>(memoryPlot.xAxis->coordToPixel(0.6)),
                                static_cast<int>(memoryPlot.yAxis->coordToPixel(activationsMid)));
    CHECK(ui::describeChartPoint(memoryPlot, activationsBar).startsWith(QStringLiteral("Activations: ")));
}

TEST_CASE("The timeline, buy-or-rent and catalog charts draw what the planner computes", "[ui][analysis]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    ui::AnalysisPanel panel(document);
    panel.setCatalog(db::catalogGpus(*catalog), db::cloudOffers(*catalog));
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090", 2));
    document.addPart(catalogPart(*catalog, "cpu/core-i9-13900k"));
    document.setWorkload(planned(bert(32)));
    const auto gpus = plan::buildGpus(document.build());
    const plan::WorkloadOnBuild workload(bert(32), *gpus, estimate::ParallelStrategy::Ddp);
    const auto& memory = workload.estimate()->memory;
    CHECK(panel.timelineChart()->points() == static_cast<int>(memory.timeline.size()));
    CHECK(panel.timelineChart()->peak() == Approx(double(memory.allocatedPeakBytes) / double(1LL << 30)));

    panel.refreshRentChart();
    const auto& lines = panel.rentChart()->lines();
    REQUIRE(lines.size() >= 2);
    CHECK(lines[0].name.startsWith(QStringLiteral("buy")));
    // The two cards' and the CPU's prices, as the catalog has them (street before launch price).
    const auto unitPrice = [&](const char* id) {
        return db::partSnapshot(*catalog->find(id)).price->amount;
    };
    CHECK(lines[0].atStart == Approx(unitPrice("gpu/rtx-4090") * 2 + unitPrice("cpu/core-i9-13900k")));
    for (std::size_t i = 1; i < lines.size(); ++i) {
        CHECK(lines[i].atStart == 0);
    }

    panel.refreshCatalogChart();
    const auto& points = panel.catalogChart()->points();
    CHECK(static_cast<int>(points.size()) + panel.catalogChart()->unplotted() ==
          catalog->count(PartCategory::Gpu));
    bool rtx4090 = false;
    for (const auto& p : points)
        if (p.name == QStringLiteral("GeForce RTX 4090")) {
            rtx4090 = true;
            CHECK(p.fits);
            CHECK(p.memory == Approx(24));
        }
    CHECK(rtx4090);
    CHECK(panel.catalogChart()->emptyBecause().isEmpty());

    // A workload that cannot be built leaves the chart empty with the reason, not blank.
    auto unbuildable = bert(32);
    unbuildable.inputs.layers = 0;
    unbuildable.model = "gpt2";
    unbuildable.inputs.seqLen = 4096; // past GPT-2's 1,024 positions
    ui::CatalogChart chart;
    chart.setCatalog(db::catalogGpus(*catalog));
    chart.setWorkload(unbuildable);
    CHECK(chart.points().empty());
    CHECK(chart.emptyBecause().startsWith(QStringLiteral("The workload cannot be built: ")));
    chart.setWorkload(bert(32));
    CHECK_FALSE(chart.points().empty());
    CHECK(chart.emptyBecause().isEmpty());
}

TEST_CASE("Planning settings round-trip and price the buy-or-rent chart in the user's currency",
          "[ui][settings]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::PlanningSettings settings;
    settings.currency = QStringLiteral("CNY");
    settings.usdRate = 7.1;
    settings.ratesDate = QStringLiteral("2026-11-30");
    settings.pricePerKwh = 0.6;
    settings.hoursPerDay = 10;
    settings.lifetimeMonths = 24;
    settings.save();
    const auto loaded = ui::PlanningSettings::load();
    CHECK(loaded.currency == QStringLiteral("CNY"));
    CHECK(loaded.usdRate == Approx(7.1));
    CHECK(loaded.lifetimeMonths == Approx(24));

    ui::BuildDocument document;
    ui::AnalysisPanel panel(document);
    panel.setCatalog(db::catalogGpus(*catalog), db::cloudOffers(*catalog));
    panel.setPlanningSettings(loaded);
    document.addPart(catalogPart(*catalog, "gpu/rtx-4090"));
    document.setWorkload(planned(bert(32)));
    panel.refreshRentChart();
    const auto& lines = panel.rentChart()->lines();
    REQUIRE_FALSE(lines.empty());
    const double card = db::partSnapshot(*catalog->find("gpu/rtx-4090")).price->amount; // USD
    CHECK(lines[0].atStart == Approx(card * 7.1)); // the card's price in CNY
    // 450 W + 75 W, 10 h a day, 30 days, 0.6 CNY a kWh, over 24 months.
    CHECK(lines[0].atEnd - lines[0].atStart == Approx(0.525 * 10 * 30 * 0.6 * 24));
    // Tax and shipping are part of what owning costs at the start.
    auto taxed = loaded;
    taxed.taxPercent = 13;
    taxed.shipping = 200;
    taxed.save();
    CHECK(ui::PlanningSettings::load().taxPercent == Approx(13));
    CHECK(ui::PlanningSettings::load().shipping == Approx(200));
    panel.setPlanningSettings(taxed);
    panel.refreshRentChart();
    REQUIRE_FALSE(panel.rentChart()->lines().empty());
    CHECK(panel.rentChart()->lines()[0].atStart == Approx(card * 7.1 * 1.13 + 200));
    loaded.save();
    panel.setPlanningSettings(loaded);

    // Memory in GB (10^9 bytes) instead of GiB: the same bytes, relabelled and rescaled.
    const auto gibSegments = panel.memoryChart()->segments();
    auto inGb = loaded;
    inGb.memoryUnit = ui::MemoryUnit::GB;
    inGb.theme = QStringLiteral("dark");
    inGb.save();
    CHECK(ui::PlanningSettings::load().memoryUnit == ui::MemoryUnit::GB);
    CHECK(ui::PlanningSettings::load().theme == QStringLiteral("dark"));
    panel.setPlanningSettings(inGb);
    const auto& gbSegments = panel.memoryChart()->segments();
    REQUIRE(gbSegments.size() == gibSegments.size());
    for (std::size_t i = 0; i < gbSegments.size(); ++i)
        CHECK(gbSegments[i].amount == Approx(gibSegments[i].amount * double(1LL << 30) / 1e9));
    CHECK(panel.memoryChart()->plot()->yAxis->label().contains(QStringLiteral("GB")));
    loaded.save(); // back to GiB for the other tests
    panel.setPlanningSettings(loaded);
    CHECK(panel.memoryChart()->segments()[0].amount == Approx(gibSegments[0].amount));
}

TEST_CASE("Compare puts builds side by side with the planner's figures", "[ui][compare]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument one, two;
    one.addPart(catalogPart(*catalog, "gpu/rtx-3060-12gb"));
    one.setWorkload(planned(bert(32)));
    two.addPart(catalogPart(*catalog, "gpu/rtx-4090", 2));
    two.addPart(catalogPart(*catalog, "cpu/core-i9-13900k"));
    two.setWorkload(planned(bert(32)));
    ui::CompareDialog dialog({one.build(), two.build()},
                             {QStringLiteral("entry"), QStringLiteral("research")});
    REQUIRE(dialog.table()->columnCount() == 2);
    const auto& s = dialog.summaries();
    CHECK(s[1].gpuCount == 2);
    const auto unitPrice = [&](const char* id) {
        return db::partSnapshot(*catalog->find(id)).price->amount;
    };
    CHECK(s[1].partsByCurrency.at("USD") ==
          Approx(unitPrice("gpu/rtx-4090") * 2 + unitPrice("cpu/core-i9-13900k")));
    CHECK(s[1].samplesPerSecond > s[0].samplesPerSecond);
    const auto gpus = plan::buildGpus(two.build());
    const plan::WorkloadOnBuild workload(bert(32), *gpus, estimate::ParallelStrategy::Ddp);
    CHECK(s[1].samplesPerSecond == Approx(workload.estimate()->time->samplesPerSecond * 2));
    CHECK(dialog.table()->item(2, 1)->text() == QStringLiteral("2 x GeForce RTX 4090"));
}
