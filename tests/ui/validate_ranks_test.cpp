// The Validate tab on a build of several GPUs: the ranks of a data-parallel run (CPU ranks over
// Gloo here), each beside the per-GPU estimate, and Cancel stopping every one of them.

#include "test_support.h"
#include "ui_test_builds.h"
#include "validate/validate_panel.h"
#include "validate/validation_runner.h"
#include "validate_test_helpers.h"

#include <QElapsedTimer>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <memory>
#include <sstream>
#include <tuple>

using namespace torchrig;

namespace {

// A build of two RTX 4090s training ResNet-18 at batch 2, 64×64, in a Validate tab over a fresh
// catalog and the real worker, its devices found.
class TwoGpuPanel {
public:
    TwoGpuPanel()
        : m_catalog(test::openCatalog(m_folder.file("user.sqlite"))) {
        m_build.parts.push_back(test::catalogPart(*m_catalog, "gpu/rtx-4090", 2));
        m_build.workloads.push_back(test::zooWorkload("resnet18", 2, 64));
        m_document.reset(m_build);
        m_panel = std::make_unique<ui::ValidatePanel>(m_document);
        m_panel->setCatalog(m_catalog.get());
        m_panel->runner()->setWorkerPath(QStringLiteral(TORCHRIG_TEST_VALIDATE));
        test::findDevicesNow(*m_panel);
    }
    std::tuple<plan::Build&, ui::BuildDocument&, ui::ValidatePanel&> parts() {
        return {m_build, m_document, *m_panel};
    }

private:
    test::TemporaryFolder m_folder;
    std::unique_ptr<db::Catalog> m_catalog;
    plan::Build m_build;
    ui::BuildDocument m_document;
    std::unique_ptr<ui::ValidatePanel> m_panel;
};

// The processes a process started.
std::vector<std::string> childrenOf(qint64 pid) {
    std::vector<std::string> running;
    const auto tasks = std::filesystem::path("/proc") / std::to_string(pid) / "task";
    std::error_code error;
    for (const auto& task : std::filesystem::directory_iterator(tasks, error)) {
        std::istringstream children(test::readFile(task.path() / "children"));
        for (std::string child; children >> child;)
            running.push_back(child);
    }
    return running;
}

// Whether a process still runs: gone, or a zombie (dead; its parent gone, PID 1 may never reap
// it), it does not.
bool stillRuns(const std::string& pid) {
    std::error_code error;
    const auto status = std::filesystem::path("/proc") / pid / "status";
    if (!std::filesystem::exists(status, error))
        return false;
    std::istringstream lines(test::readFile(status));
    for (std::string line; std::getline(lines, line);)
        if (line.rfind("State:", 0) == 0) {
            const auto state = line.find_first_not_of(" \t", 6);
            return state != std::string::npos && std::string("RSD").find(line[state]) != std::string::npos;
        }
    return false;
}

} // namespace

TEST_CASE("A two-GPU build validates as two CPU ranks, data parallel, each rank beside the per-GPU estimate",
          "[ui][validate][slow]") {
    TwoGpuPanel fixture;
    auto [build, document, panel] = fixture.parts();
    CHECK(panel.ranksBox()->value() == 2); // the build's GPUs
    INFO(panel.workloadLabel()->text().toStdString());
    CHECK(panel.workloadLabel()->text().contains(
        QStringLiteral("on 2 CPU ranks (data parallel over Gloo, sharing this machine's cores)")));
    panel.stepsBox()->setValue(1);
    QSignalSpy finished(&panel, &ui::ValidatePanel::runFinished);
    panel.run();
    REQUIRE(finished.wait(120000));
    INFO(panel.statusLabel()->text().toStdString());
    REQUIRE(panel.comparison());
    QStringList rows;
    for (int row = 0; row < panel.resultTable()->rowCount(); ++row)
        rows << panel.resultTable()->item(row, 0)->text() + QStringLiteral(" | ") +
                    panel.resultTable()->item(row, 3)->text();
    INFO(rows.join(QStringLiteral("\n")).toStdString());
    // Each rank holds what the estimate for 2 GPUs of DDP says (the buckets a second copy of the
    // gradients), within the accuracy suite's 1 % on the CPU.
    for (const auto* rank : {"Rank 0 of 2: allocated peak | ", "Rank 1 of 2: allocated peak | "}) {
        const auto row = rows.filter(QString::fromUtf8(rank));
        REQUIRE(row.size() == 1);
        const auto error = row.front().mid(static_cast<int>(std::strlen(rank))).chopped(2).toDouble();
        CHECK(std::abs(error) <= 1.0);
    }
    CHECK(rows.filter(QStringLiteral("Rank 1 of 2: all-reduced a step")).size() == 1);
    CHECK(rows.filter(QStringLiteral("All-reduce bus bandwidth")).size() == 1);

    // Set by hand, the ranks stay when the build's GPUs change.
    panel.ranksBox()->setValue(1);
    build.parts.front().quantity = 4;
    document.reset(build);
    CHECK(panel.ranksBox()->value() == 1);
}

TEST_CASE("Cancel stops every rank of a data-parallel run", "[ui][validate][timed]") {
    TwoGpuPanel fixture;
    auto [build, document, panel] = fixture.parts();
    REQUIRE(panel.ranksBox()->value() == 2);
    panel.stepsBox()->setValue(500);
    QSignalSpy progress(panel.runner(), &ui::ValidationRunner::progress);
    QSignalSpy finished(&panel, &ui::ValidatePanel::runFinished);
    panel.run();
    // Rank 0's steps are the run's progress: both ranks are training.
    while (progress.isEmpty() || progress.last().at(0).toString() != QStringLiteral("measure"))
        REQUIRE(progress.wait(60000));
    const auto ranks = childrenOf(panel.runner()->workerPid());
    REQUIRE(ranks.size() == 2);
    panel.cancelButton()->click();
    REQUIRE(finished.wait(5000));
    CHECK(panel.statusLabel()->text() == QStringLiteral("Cancelled; nothing was measured."));
    QElapsedTimer waited;
    waited.start();
    while (std::any_of(ranks.begin(), ranks.end(), stillRuns) && waited.elapsed() < 5000)
        QTest::qWait(50);
    for (const auto& rank : ranks)
        CHECK_FALSE(stillRuns(rank));
}
