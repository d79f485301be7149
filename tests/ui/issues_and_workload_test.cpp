// The Issues dock (findings select their parts; an offered fix is one undoable edit), a part
// dragged from the catalog onto the build, and the workload editor's strategy, LoRA, data and
// model-file fields, each checked through what the user sees.

#include "analysis/analysis_panel.h"
#include "analysis/memory_chart.h"
#include "build/build_checks.h"
#include "build/build_editor.h"
#include "build/issues_panel.h"
#include "catalog_browser.h"
#include "document/build_document.h"
#include "io/build_file.h"
#include "main_window.h"
#include "plan/build_presets.h"
#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"
#include "planner/plan_dialog.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "workload/workload_editor.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QDropEvent>
#include <QItemSelectionModel>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMimeData>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <fstream>
#include <map>

using namespace torchrig;

namespace {

plan::Build researchPreset(db::Catalog& catalog) {
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    REQUIRE(preset);
    plan::Build build;
    build.title = preset->title.text();
    for (const auto& p : preset->parts)
        build.parts.push_back(test::catalogPart(catalog, p.partId, p.quantity));
    return build;
}

int rowOf(const QListWidget& list, const QString& text) {
    for (int r = 0; r < list.count(); ++r)
        if (list.item(r)->text().contains(text))
            return r;
    return -1;
}

bool hasRule(const ui::BuildChecks& checks, const std::string& rule) {
    const auto& f = checks.findings();
    return std::any_of(f.begin(), f.end(), [&](const plan::Finding& x) { return x.rule == rule; });
}

double stackedGib(const ui::MemoryChart& chart) {
    double sum = 0;
    for (const auto& s : chart.segments())
        sum += s.amount;
    return sum;
}

} // namespace

TEST_CASE("The Issues dock selects a finding's parts and applies its fix as one undoable edit",
          "[ui][issues]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    auto catalog = test::openCatalog(folder.file("user2.sqlite"));
    auto build = researchPreset(*catalog);
    auto psu = std::find_if(build.parts.begin(), build.parts.end(), [](const plan::BuildPart& p) {
        return p.snapshot.category == PartCategory::Psu;
    });
    REQUIRE(psu != build.parts.end());
    *psu = test::catalogPart(*catalog, "psu/corsair-rm650x"); // 650 W for two RTX 4090s
    window.document()->reset(build);
    const auto before = writeBuildFile(window.document()->build());

    auto* list = window.issues()->findingsList();
    const int row = rowOf(*list, QStringLiteral("Corsair RM650x"));
    REQUIRE(row >= 0);
    list->setCurrentRow(row);
    // The finding's parts are selected in the build's table.
    const auto selected = window.buildEditor()->partsView()->selectionModel()->selectedRows();
    REQUIRE_FALSE(selected.isEmpty());
    CHECK(selected.front().data().toString().contains(QStringLiteral("RM650x")));
    // Its fixes: catalog supplies the checker agrees carry the load.
    const auto fixes = window.issues()->offeredFixes();
    REQUIRE_FALSE(fixes.empty());
    CHECK(fixes.front().label.text().find("Replace Corsair RM650x with") == 0);
    REQUIRE(window.issues()->applyFix(0));
    const auto& fixed = window.document()->build();
    CHECK(std::none_of(fixed.parts.begin(), fixed.parts.end(),
                       [](const plan::BuildPart& p) { return p.partId == "psu/corsair-rm650x"; }));
    const auto checks = plan::checkBuild(fixed);
    CHECK(std::none_of(checks.begin(), checks.end(),
                       [](const plan::Finding& f) { return f.rule == "psu-capacity"; }));
    CHECK(window.document()->undoStack()->undoText().startsWith(QStringLiteral("Fix: Replace")));
    window.document()->undoStack()->undo();
    CHECK(writeBuildFile(window.document()->build()) == before);
    CHECK_FALSE(window.issues()->applyFix(99));
}

TEST_CASE("A part dragged from the catalog and dropped on the build's parts is added", "[ui][issues]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.catalogBrowser()->setCategory(PartCategory::Gpu);
    window.catalogBrowser()->setSearchText(QStringLiteral("RTX 4090"));
    auto* table = window.catalogBrowser()->table();
    std::unique_ptr<QMimeData> mime(table->model()->mimeData({table->model()->index(0, 0)}));
    REQUIRE(mime);
    auto* target = window.buildEditor()->partsView()->viewport();
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &enter);
    CHECK(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(target, &drop);
    CHECK(drop.isAccepted());
    REQUIRE(window.document()->build().parts.size() == 1);
    CHECK(window.document()->build().parts[0].partId == "gpu/rtx-4090");
    // Something else dropped (text from another program) is refused.
    QMimeData text;
    text.setText(QStringLiteral("gpu/rtx-4090"));
    QDragEnterEvent foreign(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    foreign.ignore();
    QCoreApplication::sendEvent(target, &foreign);
    CHECK_FALSE(foreign.isAccepted());
    CHECK_FALSE(window.addCatalogPart(QStringLiteral("gpu/no-such-card")));
    CHECK(window.document()->build().parts.size() == 1);
    // The catalog pack the figures come from, always in the status bar.
    const auto* pack = window.findChild<QLabel*>(QStringLiteral("catalogPack"));
    REQUIRE(pack);
    CHECK(pack->text() == QStringLiteral("Catalog 2026.12 of 2026-12-02"));
    // A server that ships its GPUs brings them, bought with it, and one undo takes both away.
    REQUIRE(window.addCatalogPart(QStringLiteral("server/nvidia-dgx-h100")));
    const auto& parts = window.document()->build().parts;
    REQUIRE(parts.size() == 3);
    CHECK(parts[2].partId == "gpu/h100-sxm5-80gb");
    CHECK(parts[2].quantity == 8);
    window.document()->undoStack()->undo();
    CHECK(window.document()->build().parts.size() == 1);
}

TEST_CASE("The workload editor's strategy, LoRA and data fields are undoable edits the analysis uses",
          "[ui][workload]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    auto catalog = test::openCatalog(folder.file("user2.sqlite"));
    window.document()->reset(researchPreset(*catalog));
    auto* editor = window.workloadEditor();
    editor->modelBox()->setCurrentIndex(editor->modelBox()->findData(QStringLiteral("gpt2-medium")));
    REQUIRE(window.document()->build().workloads.size() == 1);
    CHECK(window.document()->build().workloads[0].workload.optimizer == OptimizerKind::AdamW);
    editor->batchBox()->setValue(4);
    // The memory chart shows the estimate for the strategy chosen: ZeRO-3 over the build's two
    // cards shards weights, gradients and optimizer state.
    const auto devicePeakGib = [&](const plan::BuildWorkload& w) {
        const auto gpus = plan::buildGpus(window.document()->build());
        REQUIRE(gpus);
        const plan::WorkloadOnBuild onBuild(w.workload, *gpus, w.strategy);
        REQUIRE(onBuild.estimate());
        return double(onBuild.estimate()->devicePeakBytes) / double(1LL << 30);
    };
    const auto ddp = window.document()->build().workloads[0];
    CHECK(stackedGib(*window.analysis()->memoryChart()) == Approx(devicePeakGib(ddp)));
    editor->strategyBox()->setCurrentIndex(
        editor->strategyBox()->findData(static_cast<int>(estimate::ParallelStrategy::Zero3)));
    const auto zero3 = window.document()->build().workloads[0];
    CHECK(zero3.strategy == estimate::ParallelStrategy::Zero3);
    CHECK(devicePeakGib(zero3) < devicePeakGib(ddp));
    CHECK(stackedGib(*window.analysis()->memoryChart()) == Approx(devicePeakGib(zero3)));
    window.document()->undoStack()->undo();
    CHECK(window.document()->build().workloads[0].strategy == estimate::ParallelStrategy::Ddp);
    CHECK(stackedGib(*window.analysis()->memoryChart()) == Approx(devicePeakGib(ddp)));

    editor->loraRankBox()->setValue(16);
    const auto lora = window.document()->build().workloads[0];
    CHECK(lora.workload.lora.rank == 16);
    CHECK(devicePeakGib(lora) < devicePeakGib(ddp)); // no gradients or optimizer state for the base
    CHECK(stackedGib(*window.analysis()->memoryChart()) == Approx(devicePeakGib(lora)));

    // A dataset cached in RAM that the build's memory cannot hold is an issue.
    auto* checks = window.findChild<ui::BuildChecks*>();
    REQUIRE(checks);
    CHECK_FALSE(hasRule(*checks, "host-ram-needs"));
    editor->datasetSamplesBox()->setValue(10'000'000);
    editor->epochsBox()->setValue(3);
    CHECK(window.document()->build().workloads[0].dataset.samples == 10'000'000);
    CHECK(window.document()->build().workloads[0].dataset.epochs == 3);
    auto planned = window.document()->build().workloads[0];
    planned.dataset.sampleBytes = 150'000; // 1.5 TB
    planned.dataset.cacheInRam = true;
    window.document()->setWorkload(planned);
    CHECK(hasRule(*checks, "host-ram-needs"));
    CHECK(rowOf(*window.issues()->findingsList(), QStringLiteral("RAM")) >= 0);
}

TEST_CASE("A model file becomes the workload, and a file that is not one is refused with a message",
          "[ui][workload]") {
    test::TemporaryFolder folder;
    ui::BuildDocument document;
    ui::WorkloadEditor editor(document);
    QSignalSpy rejected(&editor, &ui::WorkloadEditor::modelFileRejected);
    const auto model = QStringLiteral(TORCHRIG_TEST_SOURCE_DIR "/resources/models/example-small-cnn.json");
    REQUIRE(editor.loadModelFile(model));
    REQUIRE(document.build().workloads.size() == 1);
    CHECK(document.build().workloads[0].workload.model.empty());
    CHECK_FALSE(document.build().workloads[0].workload.modelGraphJson.empty());
    CHECK(editor.modelBox()->currentText().startsWith(QStringLiteral("Model file:")));
    CHECK_FALSE(editor.batchBox()->isEnabled()); // the file's batch is its own
    CHECK(rejected.isEmpty());

    const auto before = writeBuildFile(document.build());
    const auto broken = folder.file("broken.json");
    std::ofstream(broken) << R"({"format": "torchrig-model", "format_version": 1, "name": "x", "tensors": [)";
    CHECK_FALSE(editor.loadModelFile(QString::fromStdString(broken.string())));
    CHECK_FALSE(editor.loadModelFile(QString::fromStdString(folder.file("missing.json").string())));
    REQUIRE(rejected.size() == 2);
    CHECK(rejected[0][0].toString().contains(QStringLiteral("broken.json")));
    CHECK(writeBuildFile(document.build()) == before);
    // Back to a zoo model: the file is no longer the workload.
    editor.modelBox()->setCurrentIndex(editor.modelBox()->findData(QStringLiteral("resnet50")));
    CHECK(document.build().workloads[0].workload.model == "resnet50");
    CHECK(document.build().workloads[0].workload.modelGraphJson.empty());
}

TEST_CASE("The main window's mnemonics are each used once, and its fields have accessible names",
          "[ui][keyboard]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    std::map<QChar, QStringList> byLetter;
    auto note = [&](const QString& text) {
        const auto at = text.indexOf(QRegularExpression(QStringLiteral("&[^&]")));
        if (at >= 0)
            byLetter[text.at(at + 1).toLower()] << text;
    };
    // The menu bar's titles and every label and button in the window share Alt+letter.
    for (auto* action : window.menuBar()->actions())
        note(action->text());
    for (auto* label : window.findChildren<QLabel*>())
        if (label->buddy())
            note(label->text());
    for (auto* button : window.findChildren<QAbstractButton*>())
        note(button->text());
    for (const auto& [letter, texts] : byLetter) {
        INFO(texts.join(QStringLiteral(" | ")).toStdString());
        CHECK(texts.size() == 1);
    }
    CHECK(byLetter.size() >= 15);
    for (auto* field : window.findChildren<QAbstractSpinBox*>()) {
        INFO(field->objectName().toStdString());
        CHECK_FALSE(field->accessibleName().isEmpty());
    }
    for (auto* field : window.findChildren<QComboBox*>())
        if (field->isVisibleTo(&window))
            CHECK_FALSE(field->accessibleName().isEmpty());

    // The planner's window, on its own: its letters, and a name for each field.
    window.showPlanDialog();
    auto* planner = window.planDialog();
    REQUIRE(planner);
    byLetter.clear();
    for (auto* label : planner->findChildren<QLabel*>())
        if (label->buddy()) {
            note(label->text());
            CHECK(label->buddy()->focusPolicy() != Qt::NoFocus);
        }
    for (auto* button : planner->findChildren<QAbstractButton*>())
        note(button->text());
    for (const auto& [letter, texts] : byLetter) {
        INFO(texts.join(QStringLiteral(" | ")).toStdString());
        CHECK(texts.size() == 1);
    }
    CHECK(byLetter.size() >= 15);
    for (auto* field : planner->findChildren<QAbstractSpinBox*>())
        CHECK_FALSE(field->accessibleName().isEmpty());
    for (auto* field : planner->findChildren<QComboBox*>())
        CHECK_FALSE(field->accessibleName().isEmpty());
    planner->close();
}
