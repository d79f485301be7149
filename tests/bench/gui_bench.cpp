// How the desktop app feels: cold start to the first painted window with a build open, an edit
// to redrawn charts, and resident memory once the whole catalog is loaded. Prints numbers;
// asserts nothing. Runs offscreen unless QT_QPA_PLATFORM says otherwise.
//
//   torchrig-bench-gui [BUILD.torchrig]   (default: the research preset with BERT-base, made here)

#include "catalog.h"
#include "document/build_document.h"
#include "io/build_file.h"
#include "main_window.h"
#include "part_snapshot.h"
#include "paths.h"
#include "plan/build_presets.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using namespace torchrig;

namespace {

long residentKiB() {
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stol(line.substr(6));
    return -1;
}

} // namespace

int main(int argc, char** argv) {
    QElapsedTimer sinceStart;
    sinceStart.start();
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const long before = residentKiB();

    db::CatalogOpenOptions options;
    options.bundledPath = db::defaultBundledCatalogPath();
    auto catalog = db::Catalog::open(options);
    if (!catalog) {
        std::fprintf(stderr, "torchrig-bench-gui: %s\n", catalog.error().text().c_str());
        return 1;
    }
    // The research preset with BERT-base, as the README's screenshots show it.
    plan::Build build;
    const auto* preset = plan::findBuildPreset("research-2x-rtx-4090");
    build.title = preset->title.text();
    for (const auto& p : preset->parts)
        build.parts.push_back(
            {p.partId, p.quantity, p.note.text(), db::partSnapshot(*(*catalog)->find(p.partId))});
    Workload bert;
    bert.model = "bert-base-uncased";
    bert.inputs.batch = 32;
    bert.inputs.seqLen = 128;
    bert.precision = Precision::AmpBf16;
    build.workloads.push_back({bert, estimate::ParallelStrategy::Ddp, {}});
    const auto path = QDir::temp().filePath(QStringLiteral("torchrig-bench-gui.torchrig"));
    {
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        file.write(QByteArray::fromStdString(writeBuildFile(build)));
    }

    ui::MainWindow window(std::move(*catalog));
    const long withCatalog = residentKiB();
    window.openFile(argc > 1 ? QString::fromLocal8Bit(argv[1]) : path);
    window.show();
    const bool exposed = QTest::qWaitForWindowExposed(&window);
    QCoreApplication::processEvents(); // the queued replots
    const double coldMs = static_cast<double>(sinceStart.nsecsElapsed()) / 1e6;
    std::printf("cold start to the first painted window, %s open: %.0f ms%s\n",
                argc > 1 ? argv[1] : "the research preset with BERT-base", coldMs,
                exposed ? "" : " (the window was never exposed)");
    std::printf(
        "resident memory: %.1f MiB after the catalog's window (%.1f MiB before the catalog), %.1f MiB "
        "with the build open\n",
        withCatalog / 1024.0, before / 1024.0, residentKiB() / 1024.0);

    // An edit (the batch up and down again) to redrawn charts: the document's change, every view's
    // refresh (parts, findings, advice, the memory and step-time charts) and the repaint.
    std::vector<double> editMs;
    auto* document = window.document();
    for (int i = 0; i < 60; ++i) {
        auto workload = document->build().workloads.front();
        workload.workload.inputs.batch = i % 2 == 0 ? 48 : 32;
        QElapsedTimer edit;
        edit.start();
        document->setWorkload(workload);
        window.repaint();
        QCoreApplication::processEvents();
        editMs.push_back(static_cast<double>(edit.nsecsElapsed()) / 1e6);
    }
    std::sort(editMs.begin(), editMs.end());
    std::printf(
        "an edit to redrawn charts: median %.1f ms, 90th percentile %.1f ms, slowest %.1f ms (%zu edits)\n",
        editMs[editMs.size() / 2], editMs[editMs.size() * 9 / 10], editMs.back(), editMs.size());
    QFile::remove(path);
    document->undoStack()->clear();
    return 0;
}
