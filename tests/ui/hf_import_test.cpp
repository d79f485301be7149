// File ▸ Import model…: a Hugging Face config becomes the workload's model, shown like a zoo
// model with its batch and sequence editable, saved in the build and read back; a config that is
// not one is refused with its reason and the build keeps its model.

#include "analysis/analysis_panel.h"
#include "document/build_document.h"
#include "io/build_file.h"
#include "main_window.h"
#include "plan/build_sheet.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "workload/workload_editor.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

using namespace torchrig;

TEST_CASE("An imported Hugging Face model is the workload's model, with batch and sequence editable",
          "[ui][hf]") {
    test::TemporaryFolder folder;
    auto window = test::presetWindow(folder, "research-2x-rtx-4090");
    auto* editor = window->workloadEditor();
    const auto modelFolder = folder.path() / "Qwen2-tiny";
    std::filesystem::create_directories(modelFolder);
    std::filesystem::copy_file(TORCHRIG_TEST_SUPPORT "/hf/tiny-qwen2.json", modelFolder / "config.json");

    REQUIRE(editor->importHfModel(QString::fromStdString((modelFolder / "config.json").string())));
    const auto* workload = window->document()->currentWorkload();
    REQUIRE(workload);
    CHECK(workload->workload.hfModelName == "Qwen2-tiny");
    CHECK(workload->workload.model.empty());
    CHECK(editor->modelBox()->currentText() == QStringLiteral("Hugging Face: Qwen2-tiny"));
    CHECK(editor->modelBox()->toolTip() == editor->modelBox()->currentText());
    CHECK(editor->batchBox()->isEnabled());
    CHECK(editor->seqLenBox()->isEnabled());
    CHECK(editor->seqLenBox()->value() == 1024); // the config's max_position_embeddings, under 4096
    CHECK(window->analysis()->summary()->text().startsWith(QStringLiteral("Qwen2-tiny on ")));

    editor->seqLenBox()->setValue(256);
    editor->batchBox()->setValue(3);
    workload = window->document()->currentWorkload();
    CHECK(workload->workload.inputs.seqLen == 256);
    CHECK(workload->workload.inputs.batch == 3);

    const auto path = QString::fromStdString(folder.file("imported.torchrig").string());
    REQUIRE(window->document()->saveAs(path));
    ui::BuildDocument reopened;
    REQUIRE(reopened.open(path));
    REQUIRE(reopened.currentWorkload());
    CHECK(reopened.currentWorkload()->workload.hfConfigJson == workload->workload.hfConfigJson);
    CHECK(reopened.currentWorkload()->workload.inputs.seqLen == 256);
    CHECK(writeBuildFile(reopened.build()) == writeBuildFile(window->document()->build()));
}

TEST_CASE("A config that is not a model TorchRig builds is refused and the workload keeps its model",
          "[ui][hf]") {
    test::TemporaryFolder folder;
    ui::BuildDocument document;
    plan::Build build;
    build.workloads.push_back(test::planned(test::bert(8)));
    document.reset(build);
    ui::WorkloadEditor editor(document); // alone: the main window would show the message in a dialog
    const auto before = writeBuildFile(document.build());
    std::ofstream(folder.file("config.json")) << R"({"model_type": "mamba", "hidden_size": 768})";
    QSignalSpy refused(&editor, &ui::WorkloadEditor::modelFileRejected);
    CHECK_FALSE(editor.importHfModel(QString::fromStdString(folder.file("config.json").string())));
    REQUIRE(refused.count() == 1);
    CHECK(
        refused.first().first().toString().contains(QStringLiteral("model_type \"mamba\" is not a family")));
    CHECK(writeBuildFile(document.build()) == before);
}

TEST_CASE("The zoo's Hugging Face models get LoRA on the attention their layers name", "[ui][hf]") {
    test::TemporaryFolder folder;
    auto window = test::presetWindow(folder, "research-2x-rtx-4090");
    auto* editor = window->workloadEditor();
    auto targetsFor = [&](const char* model) {
        const int index = editor->modelBox()->findData(QString::fromLatin1(model));
        REQUIRE(index > 0);
        editor->modelBox()->setCurrentIndex(index);
        const auto* workload = window->document()->currentWorkload();
        REQUIRE(workload);
        REQUIRE(workload->workload.model == model);
        CHECK(workload->workload.lora.rank == 16); // a full fine-tune fits no 24 GiB card
        return workload->workload.lora.targets;
    };
    CHECK(targetsFor("llama-3.1-8b") == std::vector<std::string>{"q_proj", "v_proj"});
    CHECK(targetsFor("phi-3-mini-4k") == std::vector<std::string>{"qkv_proj"});
    CHECK(targetsFor("deepseek-v2-lite") == std::vector<std::string>{"q_proj", "kv_b_proj"});
}

TEST_CASE("A build sheet names an imported model and gives its sequence, not an image size", "[ui][hf]") {
    test::TemporaryFolder folder;
    auto window = test::presetWindow(folder, "research-2x-rtx-4090");
    const auto modelFolder = folder.path() / "Mixtral-tiny";
    std::filesystem::create_directories(modelFolder);
    std::filesystem::copy_file(TORCHRIG_TEST_SUPPORT "/hf/tiny-mixtral.json", modelFolder / "config.json");
    REQUIRE(window->workloadEditor()->importHfModel(
        QString::fromStdString(modelFolder.string() + "/config.json")));
    const auto markdown = plan::buildSheetMarkdown(plan::makeBuildSheet(window->document()->build(), {}));
    CHECK(markdown.find("Mixtral-tiny") != std::string::npos);
    CHECK(markdown.find("Sequence length") != std::string::npos);
    CHECK(markdown.find("Image size") == std::string::npos);
}
