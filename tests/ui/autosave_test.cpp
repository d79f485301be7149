// Unsaved work survives the process being killed: a child process edits a build, its autosave
// runs, and it is killed with SIGKILL; the autosave is then offered and recovered exactly.

#include "document/autosave.h"
#include "document/build_document.h"
#include "io/build_file.h"
#include "test_support.h"

#include <QFile>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <random>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace torchrig;

namespace {

// The same edits in the child and, to compare, in the parent.
void edit(ui::BuildDocument& document) {
    plan::BuildPart gpu;
    gpu.partId = "gpu/rtx-4090";
    gpu.quantity = 2;
    gpu.snapshot.name = "GeForce RTX 4090";
    gpu.snapshot.fields["vram_gb"] = 24.0;
    document.addPart(gpu);
    document.setNodes(3);
    document.setTitle(QStringLiteral("Killed before saving"));
}

// A child process that opens `original` with an autosave beside it and does `work` there; the
// parent gets its pid (the child never returns: it is killed, or exits 3 if it cannot open).
template <class Work> pid_t forkEditor(const QString& original, const QString& autosaveFolder, Work work) {
    const pid_t child = fork();
    if (child != 0)
        return child;
    ui::BuildDocument document;
    if (!document.open(original))
        _exit(3);
    ui::Autosave autosave(document, autosaveFolder);
    work(document, autosave);
    _exit(4);
}

} // namespace

TEST_CASE("Autosaved work is recovered after the process is killed", "[ui][autosave]") {
    test::TemporaryFolder folder;
    const auto autosaveFolder = QString::fromStdString(folder.file("autosave").string());
    const auto original = QString::fromStdString(folder.file("lab.torchrig").string());
    {
        ui::BuildDocument saved;
        REQUIRE(saved.saveAs(original)); // the file the child had open
    }
    const pid_t child =
        forkEditor(original, autosaveFolder, [](ui::BuildDocument& document, ui::Autosave& autosave) {
            edit(document);
            autosave.flush(); // what the one-second timer does
            ::raise(SIGKILL);
        });
    REQUIRE(child >= 0);
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);

    auto found = ui::Autosave::findRecoverable(autosaveFolder);
    REQUIRE(found.size() == 1);
    CHECK(found[0].originalPath == original);
    ui::BuildDocument recovered;
    REQUIRE(ui::Autosave::recover(found[0], recovered));
    ui::BuildDocument expected;
    REQUIRE(expected.open(original));
    edit(expected);
    CHECK(writeBuildFile(recovered.build()) == writeBuildFile(expected.build()));
    CHECK(recovered.filePath() == original);                      // saving goes where the work belongs
    CHECK(recovered.isModified());                                // and it is not saved yet
    CHECK(ui::Autosave::findRecoverable(autosaveFolder).empty()); // offered once
}

TEST_CASE("A running TorchRig's autosave is not offered, and saving removes it", "[ui][autosave]") {
    test::TemporaryFolder folder;
    const auto autosaveFolder = QString::fromStdString(folder.file("autosave").string());
    ui::BuildDocument document;
    ui::Autosave autosave(document, autosaveFolder);
    edit(document);
    autosave.flush();
    REQUIRE(QFile::exists(autosave.filePath()));
    CHECK(ui::Autosave::findRecoverable(autosaveFolder).empty()); // this process still runs
    REQUIRE(document.saveAs(QString::fromStdString(folder.file("saved.torchrig").string())));
    CHECK_FALSE(QFile::exists(autosave.filePath()));
    document.setNodes(5);
    autosave.flush();
    CHECK(QFile::exists(autosave.filePath()));
    document.undoStack()->undo(); // back to the saved state: nothing to keep
    CHECK_FALSE(QFile::exists(autosave.filePath()));
}

TEST_CASE("Saves and autosaves killed at random moments leave whole files, and the edits recover",
          "[ui][autosave][kill]") {
    test::TemporaryFolder folder;
    const auto autosaveFolder = QString::fromStdString(folder.file("autosave").string());
    const auto original = QString::fromStdString(folder.file("lab.torchrig").string());
    {
        ui::BuildDocument first;
        first.setTitle(QStringLiteral("edit 0"));
        REQUIRE(first.saveAs(original));
    }
    // The kill lands after a random number of the child's steps (each autosave and save reports
    // itself through a pipe) and a random moment into the next: by steps, not by the clock alone, so
    // a slow disk (CI's fsync takes milliseconds) cannot leave every kill before the first autosave.
    std::mt19937 random(29);
    std::uniform_int_distribution<int> stepsBeforeKill(0, 7);
    std::uniform_int_distribution<int> moment(0, 1500); // µs into the step after them
    int recovered = 0;
    for (int i = 0; i < 1000; ++i) {
        int progress[2];
        REQUIRE(::pipe(progress) == 0);
        const int reportFd = progress[1];
        const pid_t child = forkEditor(original, autosaveFolder,
                                       [reportFd](ui::BuildDocument& document, ui::Autosave& autosave) {
                                           const char step = 's';
                                           for (int k = 1;; ++k) {
                                               document.setTitle(QStringLiteral("edit %1").arg(k));
                                               autosave.flush();
                                               if (::write(reportFd, &step, 1) != 1)
                                                   _exit(5);
                                               if (k % 3 == 0) {
                                                   if (!document.save())
                                                       _exit(4);
                                                   if (::write(reportFd, &step, 1) != 1)
                                                       _exit(5);
                                               }
                                           }
                                       });
        ::close(progress[1]);
        REQUIRE(child >= 0);
        char step = 0;
        for (int s = stepsBeforeKill(random); s > 0 && ::read(progress[0], &step, 1) == 1; --s) {
        }
        std::this_thread::sleep_for(std::chrono::microseconds(moment(random)));
        ::kill(child, SIGKILL);
        ::close(progress[0]);
        int status = 0;
        REQUIRE(waitpid(child, &status, 0) == child);
        INFO("kill " << i);
        REQUIRE(WIFSIGNALED(status)); // not an exit: the child never failed to open or save
        // The saved file is whole: the last save or the one before, never a cut one.
        QFile saved(original);
        REQUIRE(saved.open(QIODevice::ReadOnly));
        auto build = readBuildFile(saved.readAll().toStdString(), "lab.torchrig");
        REQUIRE(build.ok());
        REQUIRE(build->title.rfind("edit ", 0) == 0);
        // An autosave left behind is whole too, and recovers the edits made after the last save.
        for (const auto& found : ui::Autosave::findRecoverable(autosaveFolder)) {
            ui::BuildDocument document;
            REQUIRE(ui::Autosave::recover(found, document));
            CHECK(document.build().title.rfind("edit ", 0) == 0);
            ++recovered;
        }
    }
    std::printf(
        "app: 1000 kills during edits, autosaves and saves; %d autosaves recovered, every file whole\n",
        recovered);
    CHECK(recovered > 0);
}
