// Planning by goal and budget in the app: from the start page to three proposals for two
// workloads, the first opened as the build, and the proposals compared.

#include "compare/compare_dialog.h"
#include "document/build_document.h"
#include "main_window.h"
#include "planner/plan_dialog.h"
#include "start/start_page.h"
#include "test_support.h"
#include "workload/workload_editor.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

#include <catch2/catch.hpp>

using namespace torchrig;

namespace {

template <class T> T* child(QWidget* parent, const char* name) {
    auto* found = parent->findChild<T*>(QString::fromLatin1(name));
    REQUIRE(found);
    return found;
}

// The form's workload added as a user adds it: the model chosen (its defaults fill the form), then
// the LoRA rank (0: a full fine-tune), QLoRA, the batch, the sequence length or image size and the
// precision.
void addWorkload(ui::PlanDialog* dialog, const char* model, int loraRank, bool qlora, int batch, bool largest,
                 int size, const char* precision) {
    auto* models = child<QComboBox>(dialog, "planModel");
    const int index = models->findText(QString::fromLatin1(model));
    REQUIRE(index >= 0);
    models->setCurrentIndex(index);
    child<QSpinBox>(dialog, "planLoraRank")->setValue(loraRank);
    child<QCheckBox>(dialog, "planQlora")->setChecked(qlora);
    child<QSpinBox>(dialog, "planBatch")->setValue(batch);
    child<QCheckBox>(dialog, "planLargestBatch")->setChecked(largest);
    auto* seqLen = child<QSpinBox>(dialog, "planSeqLen");
    (seqLen->isEnabled() ? seqLen : child<QSpinBox>(dialog, "planImageSize"))->setValue(size);
    auto* precisions = child<QComboBox>(dialog, "planPrecision");
    precisions->setCurrentIndex(precisions->findText(QString::fromLatin1(precision)));
    child<QPushButton>(dialog, "planAdd")->click();
}

std::vector<std::string> partIds(const plan::Build& build) {
    std::vector<std::string> ids;
    for (const auto& part : build.parts)
        ids.push_back(part.partId + " x" + std::to_string(part.quantity));
    return ids;
}

} // namespace

TEST_CASE("Planning for Llama-2-7B LoRA and ResNet-50 under a budget, the first proposal opens as the build",
          "[ui][plan]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.show();
    REQUIRE(window.showsStartPage());
    child<QPushButton>(window.startPage(), "planForWorkload")->click();
    auto* dialog = window.planDialog();
    REQUIRE(dialog);
    CHECK(dialog->workloads().empty()); // nothing planned yet on the start page

    addWorkload(dialog, "llama-2-7b", 16, false, 1, true, 1024, "bf16");
    addWorkload(dialog, "resnet50", 0, false, 64, false, 224, "amp-bf16");
    REQUIRE(dialog->workloadTable()->rowCount() == 2);
    CHECK(dialog->workloads()[0].workload.lora.rank == 16);
    CHECK(dialog->workloads()[0].largestBatch);
    CHECK(dialog->workloads()[1].workload.inputs.batch == 64);
    dialog->budgetBox()->setValue(15000); // US dollars: the test's settings are the defaults

    QSignalSpy planned(dialog, &ui::PlanDialog::planned);
    dialog->planButton()->click();
    CHECK_FALSE(dialog->planButton()->isEnabled()); // off the UI thread, one search at a time
    REQUIRE(planned.wait(180'000));
    REQUIRE(dialog->result());
    const auto& proposals = dialog->result()->proposals;
    REQUIRE_FALSE(proposals.empty());
    CHECK(proposals.size() <= 3);
    // The proposals first, then what would change the answer (a larger budget, a faster build).
    const auto shown = dialog->shownProposals();
    CHECK(dialog->proposalTable()->rowCount() == static_cast<int>(shown.size()));
    for (std::size_t i = 0; i < proposals.size(); ++i)
        CHECK(shown[i].proposal == &proposals[i]);
    for (const auto& p : proposals) {
        INFO(p.build.title);
        REQUIRE(p.purchase);
        CHECK(*p.purchase <= 15000);
        REQUIRE(p.workloads.size() == 2);
        CHECK(p.build.workloads.size() == 2);
        CHECK(p.build.workloads[1].workload.inputs.batch == 64);
        CHECK(p.cloud);
    }
    CHECK(dialog->summaryLabel()->text().contains(QStringLiteral("GPU models")));

    // Compare: the existing comparison, one column a proposal.
    REQUIRE(dialog->compareButton()->isEnabled() == (shown.size() >= 2));
    if (shown.size() >= 2) {
        int columns = -1;
        QTimer::singleShot(0, [&] {
            if (auto* compare = qobject_cast<ui::CompareDialog*>(QApplication::activeModalWidget())) {
                columns = compare->table()->columnCount();
                compare->reject();
            }
        });
        dialog->compareButton()->click();
        CHECK(columns == static_cast<int>(std::min<std::size_t>(shown.size(), 4)));
    }

    // One click opens the first proposal as the build.
    const auto first = proposals.front().build;
    QPointer<ui::PlanDialog> watched(dialog);
    dialog->proposalTable()->selectRow(0);
    REQUIRE(dialog->openButton()->isEnabled());
    dialog->openButton()->click();
    QApplication::processEvents();
    CHECK_FALSE(window.showsStartPage());
    const auto& opened = window.document()->build();
    CHECK(partIds(opened) == partIds(first));
    CHECK(opened.workloads.size() == 2);
    CHECK(opened.title == first.title);
    // The planner closes: its window is gone.
    for (int i = 0; i < 50 && watched; ++i)
        QTest::qWait(20);
    CHECK_FALSE(watched);
    CHECK(window.planDialog() == nullptr);
}

TEST_CASE("The planner opens with the shown build's workloads, and a scenario fills the form", "[ui][plan]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.show();
    Q_EMIT window.startPage()->presetChosen(QStringLiteral("research-2x-rtx-4090"));
    REQUIRE_FALSE(window.showsStartPage());
    window.showPlanDialog();
    auto* dialog = window.planDialog();
    REQUIRE(dialog);
    CHECK(dialog->workloads().size() == window.document()->build().workloads.size());

    auto* scenarios = dialog->scenarioBox();
    const int research = scenarios->findData(QStringLiteral("research"));
    REQUIRE(research > 0);
    scenarios->setCurrentIndex(research);
    Q_EMIT scenarios->activated(research);
    REQUIRE(dialog->workloads().size() == 1);
    CHECK(dialog->workloads()[0].workload.model == "llama-2-7b");
    CHECK(dialog->workloads()[0].largestBatch);
    CHECK(dialog->summaryLabel()->text().contains(QStringLiteral("seeds/000")));
    // The test's totals are in US dollars and it gives no rate from yuan: the scenario's ¥100,000 at
    // the catalog's reference rates (ECB, 2024-06-28: 7.7748 yuan and 1.0705 dollars a euro).
    CHECK(dialog->budgetBox()->value() == Approx(100000 * 1.0705 / 7.7748).epsilon(1e-4));
    CHECK_FALSE(dialog->summaryLabel()->text().contains(QStringLiteral("no rate from CNY")));
    dialog->close();
}

TEST_CASE("The plan dialog and the workload editor put Qwen2.5's and Mistral's LoRA where build new puts it",
          "[ui][plan][lora]") {
    test::TemporaryFolder folder;
    ui::MainWindow window(test::openCatalog(folder.file("user.sqlite")));
    window.show();
    Q_EMIT window.startPage()->presetChosen(QStringLiteral("research-2x-rtx-4090"));
    REQUIRE_FALSE(window.showsStartPage());
    // PEFT's targets for these models' attention; `build new -m MODEL --lora-rank R` writes the same
    // (tests/cli/plan_cli_test.cpp), and experts or MLP layers are never adapted unasked.
    const std::vector<std::string> attention = {"q_proj", "v_proj"};
    auto* editor = window.workloadEditor();
    for (const char* model : {"qwen2.5-7b", "mistral-7b-v0.3"}) {
        INFO(model);
        editor->modelBox()->setCurrentIndex(editor->modelBox()->findData(QString::fromLatin1(model)));
        const auto& defaults = window.document()->build().workloads[0].workload;
        REQUIRE(defaults.model == model);
        CHECK(defaults.lora.rank > 0); // the defaults: 7B weights do not train in full on 24 GB cards
        CHECK(defaults.lora.targets == attention);
        editor->loraRankBox()->setValue(0);
        editor->loraRankBox()->setValue(8); // turned on by hand
        CHECK(window.document()->build().workloads[0].workload.lora.targets == attention);
    }
    window.showPlanDialog();
    auto* dialog = window.planDialog();
    REQUIRE(dialog);
    const auto already = dialog->workloads().size();
    addWorkload(dialog, "qwen2.5-7b", 16, false, 1, false, 1024, "bf16");
    addWorkload(dialog, "mistral-7b-v0.3", 16, true, 1, false, 1024, "bf16");
    REQUIRE(dialog->workloads().size() == already + 2);
    for (std::size_t i = already; i < already + 2; ++i) {
        const auto& lora = dialog->workloads()[i].workload.lora;
        CHECK(lora.rank == 16);
        CHECK(lora.targets == attention);
    }
    CHECK(dialog->workloads()[already + 1].workload.lora.quantizeBase4bit); // QLoRA
    dialog->close();
}
