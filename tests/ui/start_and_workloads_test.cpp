// A newcomer's way in and a lab's plan: the start page that makes a preset's build, the defaults a
// model brings to a build, and several workloads kept in one build, saved, reopened and validated
// one at a time without touching the others.

#include "analysis/analysis_panel.h"
#include "document/build_document.h"
#include "help/glossary.h"
#include "io/build_file.h"
#include "main_window.h"
#include "plan/build_presets.h"
#include "start/start_page.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "validate/validate_panel.h"
#include "validate/validation_runner.h"
#include "workload/model_zoo.h"
#include "workload/workload_editor.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

int presetRow(QListWidget* list, const QString& id) {
    for (int row = 0; row < list->count(); ++row)
        if (list->item(row)->data(Qt::UserRole).toString() == id)
            return row;
    return -1;
}

void chooseModel(ui::WorkloadEditor* editor, const char* model) {
    const int index = editor->modelBox()->findData(QString::fromLatin1(model));
    REQUIRE(index > 0);
    editor->modelBox()->setCurrentIndex(index);
}

} // namespace

TEST_CASE("The app starts on the start page, and choosing a preset there by keyboard makes its build",
          "[ui][start]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.show();
    REQUIRE(window.showsStartPage());
    // The status bar names the user's database, never where it lies on the disk.
    const auto status = window.statusBar()->currentMessage();
    CHECK(status.endsWith(QStringLiteral("your parts: user.sqlite")));
    CHECK_FALSE(status.contains(QString::fromStdString(folder.path().string())));
    auto* list = window.startPage()->presetList();
    REQUIRE(list->count() == static_cast<int>(plan::buildPresets().size()));
    const int row = presetRow(list, QStringLiteral("research-2x-rtx-4090"));
    REQUIRE(row >= 0);
    // Each row names its article by title and its budget band.
    CHECK(list->item(row)->text().contains(
        QStringLiteral("《深度解析：本地部署PyTorch的硬件配置与优化指南》")));
    CHECK(list->item(row)->text().contains(QStringLiteral("budget:")));
    list->setFocus();
    list->setCurrentRow(row);
    QTest::keyClick(list, Qt::Key_Return);

    CHECK_FALSE(window.showsStartPage());
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    const auto& build = window.document()->build();
    CHECK(build.presetId == preset->id);
    CHECK(build.title == preset->title.text());
    CHECK(build.source == preset->source);
    REQUIRE(build.parts.size() == preset->parts.size());
    for (std::size_t i = 0; i < build.parts.size(); ++i) {
        CHECK(build.parts[i].partId == preset->parts[i].partId);
        CHECK(build.parts[i].quantity == preset->parts[i].quantity);
        CHECK(build.parts[i].snapshot.price.has_value() == build.parts[i].snapshot.price.has_value());
    }
    CHECK(window.document()->isModified()); // unsaved work from here on

    // File ▸ New… comes back to the start page (nothing to save: the test discards by saving first).
    REQUIRE(window.saveFile(QString::fromStdString(folder.file("research.torchrig").string())));
    window.showStartPage();
    CHECK(window.showsStartPage());
    auto* recent = window.startPage()->recentList();
    REQUIRE(recent->count() >= 1);
    CHECK(recent->item(0)->text() == QStringLiteral("research.torchrig"));
}

TEST_CASE("A new build over a shown build with parts starts empty, its parts list read only as it is",
          "[ui][start]") {
    test::TemporaryFolder folder;
    auto window = test::presetWindow(folder, "research-2x-rtx-4090");
    window->resize(1280, 720);
    window->show();
    REQUIRE(window->saveFile(QString::fromStdString(folder.file("research.torchrig").string())));
    // The checks hear of the new, empty build before the parts list does: the list's old rows must
    // not be read from it (this crashed).
    QAction* newBuild = nullptr;
    for (auto* menu : window->findChildren<QMenu*>())
        for (auto* action : menu->actions())
            if (action->text() == QStringLiteral("&New build…"))
                newBuild = action;
    REQUIRE(newBuild);
    newBuild->trigger();
    CHECK(window->document()->build().parts.empty());
    CHECK(window->showsStartPage());
}

TEST_CASE("Choosing a model brings the defaults a user would run on the build: LoRA where the full "
          "fine-tune cannot fit, the model's own sizes, the GPU's native precision",
          "[ui][workload]") {
    test::TemporaryFolder folder;
    auto shown = test::presetWindow(folder, "research-rtx-4090-7950x");
    auto& window = *shown;
    auto* editor = window.workloadEditor();

    chooseModel(editor, "llama-2-7b");
    const auto* llama = window.document()->currentWorkload();
    REQUIRE(llama);
    CHECK(llama->workload.precision == Precision::Bf16);
    CHECK(llama->workload.lora.rank == 16);
    CHECK(llama->workload.lora.targets == std::vector<std::string>{"q_proj", "v_proj"});
    CHECK(llama->workload.inputs.seqLen == findZooModel("llama-2-7b")->defaults.seqLen);
    INFO(editor->defaultsNote()->text().toStdString());
    CHECK(editor->defaultsNote()->isVisibleTo(editor));
    CHECK(editor->defaultsNote()->text().startsWith(
        QStringLiteral("Defaults for fine-tuning llama-2-7b: bf16, LoRA rank 16 on q_proj, v_proj (the full "
                       "fine-tune needs")));
    CHECK(editor->defaultsNote()->text().endsWith(QStringLiteral("Change them freely.")));

    chooseModel(editor, "resnet50");
    const auto* resnet = window.document()->currentWorkload();
    REQUIRE(resnet);
    CHECK(resnet->workload.precision == Precision::AmpBf16); // the RTX 4090 has bf16 tensor rates
    CHECK(resnet->workload.lora.rank == 0);
    CHECK(resnet->workload.inputs.imageSize == 224);
    CHECK(resnet->workload.inputs.batch == 32);

    // A Turing card has fp16 tensor rates but no bf16: its mixed precision is fp16.
    plan::Build turing;
    turing.parts.push_back(
        test::catalogPart(*test::openCatalog(folder.file("u2.sqlite")), "gpu/rtx-2080-ti"));
    window.document()->reset(turing);
    chooseModel(editor, "resnet18");
    CHECK(window.document()->currentWorkload()->workload.precision == Precision::AmpFp16);
}

TEST_CASE("A build keeps two workloads: saved, reopened, and one validated without touching the other",
          "[ui][workload][validate][slow]") {
    test::TemporaryFolder folder;
    auto shown = test::presetWindow(folder, "research-2x-rtx-4090");
    auto& window = *shown;
    auto* editor = window.workloadEditor();
    chooseModel(editor, "llama-2-7b");
    REQUIRE(window.document()->build().workloads.size() == 1);
    // A language model's rate in tokens, its samples beside.
    CHECK(window.analysis()->summary()->text().contains(QStringLiteral(" tokens/s (")));
    CHECK_FALSE(editor->workloadChoice()->isEnabled()); // one workload: nothing to choose

    editor->addWorkloadButton()->click();
    REQUIRE(window.document()->build().workloads.size() == 2);
    CHECK(window.document()->currentWorkloadIndex() == 1);
    chooseModel(editor, "mlp");
    editor->precisionBox()->setCurrentIndex(
        editor->precisionBox()->findData(static_cast<int>(Precision::Fp32)));
    editor->batchBox()->setValue(16);
    CHECK(editor->workloadChoice()->isEnabled());
    REQUIRE(editor->workloadChoice()->count() == 2);
    CHECK(editor->workloadChoice()->itemText(0).startsWith(QStringLiteral("1 · llama-2-7b · LoRA r16")));
    CHECK(editor->workloadChoice()->itemText(1).startsWith(QStringLiteral("2 · mlp")));
    // Editing the second left the first as it was.
    CHECK(window.document()->build().workloads[0].workload.model == "llama-2-7b");
    CHECK(window.document()->build().workloads[0].workload.lora.rank == 16);

    const auto path = QString::fromStdString(folder.file("two.torchrig").string());
    REQUIRE(window.saveFile(path));
    const auto saved = writeBuildFile(window.document()->build());

    ui::MainWindow reopened(test::openCatalog(folder.file("user2.sqlite")));
    REQUIRE(reopened.openFile(path));
    REQUIRE(reopened.document()->build().workloads.size() == 2);
    CHECK(writeBuildFile(reopened.document()->build()) == saved);
    CHECK(reopened.document()->currentWorkloadIndex() == 0);
    reopened.document()->setCurrentWorkloadIndex(1);
    CHECK(reopened.workloadEditor()->modelBox()->currentData().toString() == QStringLiteral("mlp"));

#ifdef TORCHRIG_TEST_VALIDATE
    auto* panel = reopened.analysis()->validate();
    panel->runner()->setWorkerPath(QStringLiteral(TORCHRIG_TEST_VALIDATE));
    QSignalSpy found(panel, &ui::ValidatePanel::devicesFound);
    panel->findDevices();
    REQUIRE(found.wait(20000));
    REQUIRE(panel->runButton()->isEnabled());
    panel->stepsBox()->setValue(2);
    QSignalSpy finished(panel, &ui::ValidatePanel::runFinished);
    panel->run();
    REQUIRE(finished.wait(120000));
    INFO(panel->statusLabel()->text().toStdString());
    REQUIRE(panel->comparison());
    CHECK(panel->statusLabel()->text().startsWith(QStringLiteral("Measured on")));
#endif
    // The run measured the chosen workload and changed no workload of the build.
    CHECK(writeBuildFile(reopened.document()->build()) == saved);
    CHECK_FALSE(reopened.document()->isModified());
}

TEST_CASE("An estimator refusal reads as the CLI says it, and a control that cannot apply is off with "
          "the reason",
          "[ui][workload]") {
    test::TemporaryFolder folder;
    Workload vgg;
    vgg.model = "vgg16";
    vgg.inputs.batch = 8;
    vgg.checkpointing = Checkpointing::Blocks; // as an older file or the CLI may have it
    auto shown = test::presetWindow(folder, "research-rtx-4090-7950x",
                                    [&](plan::Build& b) { b.workloads = {test::planned(vgg)}; });
    auto& window = *shown;
    const auto summary = window.analysis()->summary()->text();
    INFO(summary.toStdString());
    CHECK(summary.contains(QStringLiteral("marks no blocks, so there is nothing to checkpoint")));
    auto* box = window.workloadEditor()->checkpointingBox();
    CHECK(box->isEnabled()); // still on: the user must be able to turn it off
    box->setChecked(false);
    CHECK(window.document()->currentWorkload()->workload.checkpointing == Checkpointing::None);
    CHECK_FALSE(box->isEnabled());
    CHECK(box->toolTip().contains(QStringLiteral("marks no blocks")));
    CHECK_FALSE(window.analysis()->summary()->text().contains(QStringLiteral("cannot be estimated")));
}

TEST_CASE("Help ▸ Glossary explains the words the app uses, and the same words are tooltips where they "
          "appear",
          "[ui][glossary]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    QAction* glossary = nullptr;
    for (auto* menu : window.menuBar()->findChildren<QMenu*>())
        for (auto* action : menu->actions())
            if (action->text() == QStringLiteral("&Glossary"))
                glossary = action;
    REQUIRE(glossary);
    CHECK(glossary->shortcut() == QKeySequence(QKeySequence::HelpContents));
    ui::GlossaryDialog dialog;
    const auto text = dialog.findChild<QTextBrowser*>()->toPlainText();
    for (const char* term :
         {"MFU", "Allocated", "Reserved", "Device memory", "Temporaries", "Workspace", "Allocator cache",
          "Fresh pages (page faults)", "Step-time ratio", "DDP", "ZeRO-1, -2, -3", "FSDP"})
        CHECK(text.contains(QString::fromUtf8(term)));

    auto* tabs = window.analysis()->tabs();
    CHECK(tabs->tabToolTip(0).contains(QStringLiteral("torch.cuda.max_memory_reserved()")));
    CHECK(tabs->tabToolTip(3).startsWith(QStringLiteral("MFU: ")));
    CHECK(tabs->tabToolTip(7).contains(QStringLiteral("Step-time ratio: ")));
    CHECK(window.workloadEditor()->strategyBox()->toolTip().contains(QStringLiteral("ZeRO-1, -2, -3: ")));
}
