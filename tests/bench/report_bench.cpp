// How long a build sheet takes to write: the sheet assembled from a build file (checks, costs,
// the workloads' estimates, the advisor) and laid out as a PDF, in the same process, several times.
// Prints numbers and the file's size; asserts nothing. Runs offscreen unless QT_QPA_PLATFORM says
// otherwise.
//
//   torchrig-bench-report BUILD.torchrig [--lang zh_CN] [RUNS]   (make one with torchrig-cli build new)

#include "document/build_sheet_pdf.h"
#include "io/build_file.h"
#include "plan/build_sheet.h"
#include "torchrig_version.h"
#include "util/text_file.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace torchrig;

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: torchrig-bench-report BUILD.torchrig [--lang zh_CN] [RUNS]\n");
        return 2;
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication application(argc, argv);
    plan::BuildSheetOptions options;
    int runs = 10;
    for (int i = 2; i < argc; ++i) {
        const std::string argument = argv[i];
        if (argument == "--lang" && i + 1 < argc)
            options.language =
                plan::sheetLanguageFromString(argv[++i]).value_or(plan::SheetLanguage::English);
        else
            runs = std::max(1, std::atoi(argv[i]));
    }
    auto text = readTextFile(argv[1]);
    if (!text) {
        std::fprintf(stderr, "%s\n", text.error().text().c_str());
        return 1;
    }
    auto build = readBuildFile(*text, argv[1]);
    if (!build) {
        std::fprintf(stderr, "%s\n", build.error().text().c_str());
        return 1;
    }
    options.date = "2026-12-01";
    options.appVersion = TORCHRIG_VERSION;
    options.catalogVersion = "bench";
    const auto path = QDir::temp().filePath(QStringLiteral("torchrig-bench-report.pdf"));
    std::vector<double> assemble, write;
    int pages = 0;
    for (int run = 0; run < runs; ++run) {
        QElapsedTimer timer;
        timer.start();
        const auto sheet = plan::makeBuildSheet(*build, options);
        assemble.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        timer.restart();
        auto written = ui::writeBuildSheetPdf(sheet, path, {});
        write.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
        if (!written) {
            std::fprintf(stderr, "%s\n", written.error().text().c_str());
            return 1;
        }
        pages = *written;
    }
    auto median = [](std::vector<double> values) {
        std::sort(values.begin(), values.end());
        return values[values.size() / 2];
    };
    std::printf("%s: %d pages, %lld bytes\n", argv[1], pages, static_cast<long long>(QFileInfo(path).size()));
    std::printf("assemble the sheet: first %.1f ms, median %.1f ms over %d runs\n", assemble.front(),
                median(assemble), runs);
    std::printf("lay out and write the PDF: first %.1f ms, median %.1f ms, slowest %.1f ms\n", write.front(),
                median(write), *std::max_element(write.begin(), write.end()));
    QFile::remove(path);
    return 0;
}
