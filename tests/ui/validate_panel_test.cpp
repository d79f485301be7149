// "Validate on this machine" through the app's runner: a real training on the CPU, Cancel, the
// worker killed mid-run, a worker writing garbage, no worker at all, and out of memory — each
// checked by what the user sees.

#include "analysis/analysis_panel.h"
#include "analysis/qcustomplot_include.h"
#include "analysis/step_time_chart.h"
#include "document/build_document.h"
#include "plan/gpu_device_spec.h"
#include "plan/workload_on_build.h"
#include "sqlite_shared_store.h"
#include "test_support.h"
#include "ui_test_builds.h"
#include "validate/validate_panel.h"
#include "validate/validation_history_dialog.h"
#include "validate/validation_runner.h"
#include "validate_test_helpers.h"
#include "validation/run_comparison.h"
#include "validation/run_sizing.h"
#include "workload/workload_graph.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <csignal>
#include <cstdlib>

using namespace torchrig;
using test::findDevicesNow;
using test::zooWorkload;

namespace {

// A stand-in worker: lists one CPU when probed, and otherwise speaks `lines` and waits.
QString fakeWorker(test::TemporaryFolder& folder, const std::string& lines) {
    const auto path = folder.file("fake-worker.sh");
    test::writeFile(path,
                    "#!/bin/sh\n"
                    "if [ \"$1\" = --probe ]; then\n"
                    "  echo '{\"event\":\"devices\",\"devices\":[{\"kind\":\"cpu\",\"name\":\"Fake CPU\","
                    "\"total_memory_bytes\":8000000000,\"compute_capability\":\"\",\"threads\":2,"
                    "\"libtorch_version\":\"0\",\"cuda_version\":\"\"}]}'\n"
                    "  exit 0\n"
                    "fi\n"
                    "cat > /dev/null\n" +
                        lines + "sleep 30\n");
    QFile::setPermissions(QString::fromStdString(path.string()),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return QString::fromStdString(path.string());
}

} // namespace

TEST_CASE("A worker that writes garbage is stopped and the run is reported as untrusted",
          "[ui][validate][timed]") {
    test::TemporaryFolder folder;
    ui::BuildDocument document;
    document.setWorkload(zooWorkload("mlp", 8));
    ui::ValidatePanel panel(document);
    panel.runner()->setWorkerPath(fakeWorker(
        folder, "echo '{\"event\":\"progress\",\"phase\":\"warmup\",\"step\":1,\"elapsed_seconds\":0.1}'\n"
                "echo 'Segmentation fault (core dumped) {'\n"));
    findDevicesNow(panel);
    REQUIRE(panel.runButton()->isEnabled());
    QSignalSpy finished(&panel, &ui::ValidatePanel::runFinished);
    QElapsedTimer clock;
    clock.start();
    panel.run();
    CHECK(panel.cancelButton()->isEnabled());
    REQUIRE(finished.wait(10000));
    CHECK(clock.elapsed() < 5000); // not the fake's 30 s sleep
    CHECK(panel.statusLabel()->text().contains(QStringLiteral("not its protocol")));
    CHECK_FALSE(panel.comparison());
    CHECK(panel.resultTable()->rowCount() == 0);
    CHECK(panel.runButton()->isEnabled());

    // A result line missing its measurement is garbage too, not a measurement of zero.
    panel.runner()->setWorkerPath(
        fakeWorker(folder, "echo '{\"event\":\"result\",\"model\":\"mlp\",\"inputs\":{\"batch\":8}}'\n"));
    panel.run();
    REQUIRE(finished.wait(10000));
    CHECK(panel.statusLabel()->text().contains(QStringLiteral("not its protocol")));
}

TEST_CASE("A model too large for the device runs as a smaller batch, then with fewer layers, said so",
          "[ui][validate]") {
    test::TemporaryFolder folder;
    // A worker that lists one 8 GB GPU (nothing is run).
    const auto path = folder.file("small-gpu-worker.sh");
    test::writeFile(path,
                    "#!/bin/sh\n"
                    "echo '{\"event\":\"devices\",\"devices\":[{\"kind\":\"cuda:0\",\"name\":\"Small GPU\","
                    "\"total_memory_bytes\":8000000000,\"compute_capability\":\"8.6\",\"threads\":2,"
                    "\"libtorch_version\":\"0\",\"cuda_version\":\"12.1\"}]}'\n");
    QFile::setPermissions(QString::fromStdString(path.string()),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    ui::BuildDocument document;
    ui::ValidatePanel panel(document);
    panel.runner()->setWorkerPath(QString::fromStdString(path.string()));
    findDevicesNow(panel);
    const auto budget = 0.9 * 8e9;
    auto peakOf = [](const ValidationRequest& request) {
        auto graph = buildWorkloadGraph(request);
        REQUIRE(graph);
        auto setup = estimate::trainingSetupFor(request);
        setup.cuda = true;
        estimate::DeviceSpec gpu;
        gpu.cuda = true;
        gpu.usableBytes = 8'000'000'000;
        return double(estimate::estimateTraining(*graph, setup, gpu).devicePeakBytes);
    };

    SECTION("a smaller batch is enough for GPT-2") {
        ValidationRequest gpt2;
        gpt2.model = "gpt2";
        gpt2.inputs.batch = 64;
        gpt2.inputs.seqLen = 128;
        document.setWorkload(test::planned(gpt2));
        QString why;
        const auto request = panel.plannedRequest(&why);
        REQUIRE(request);
        CHECK(request->inputs.batch < 64);
        CHECK(request->inputs.layers == 0);
        CHECK(peakOf(*request) <= budget);
        CHECK(why.contains(QStringLiteral("Batch 64 would not fit Small GPU")));
    }
    SECTION("GPT-2 XL does not fit at batch 1: fewer of its 48 layers run, and the estimate is for them") {
        ValidationRequest xl;
        xl.model = "gpt2-xl";
        xl.inputs.batch = 4;
        xl.inputs.seqLen = 256;
        document.setWorkload(test::planned(xl));
        auto whole = xl;
        whole.inputs.batch = 1;
        CHECK(peakOf(whole) > budget);
        QString why;
        const auto request = panel.plannedRequest(&why);
        REQUIRE(request);
        CHECK(request->inputs.batch == 1);
        CHECK(request->inputs.layers >= 1);
        CHECK(request->inputs.layers < 48);
        CHECK(peakOf(*request) <= budget);
        auto twice = *request; // the halving stopped at the first count that fits
        twice.inputs.layers *= 2;
        CHECK(peakOf(twice) > budget);
        CHECK(why.contains(QStringLiteral("of its 48 layers run at batch 1")));
        // The request carries the layer count to the worker, and the estimate beside the run is
        // built from the same request.
        CHECK(parseValidationRequest(validationRequestToJson(*request))->inputs.layers ==
              request->inputs.layers);
        CHECK(buildWorkloadGraph(*request)->parameterCount() < buildWorkloadGraph(whole)->parameterCount());
    }
}

TEST_CASE("No worker to run says so and offers nothing to run", "[ui][validate]") {
    ui::BuildDocument document;
    document.setWorkload(zooWorkload("mlp", 8));
    ui::ValidatePanel panel(document);
    panel.runner()->setWorkerPath(QStringLiteral("/nonexistent/torchrig-validate"));
    findDevicesNow(panel);
    CHECK(
        panel.statusLabel()->text().contains(QStringLiteral("No worker at /nonexistent/torchrig-validate")));
    CHECK_FALSE(panel.runButton()->isEnabled());
    ui::ValidationRunner runner;
    runner.setWorkerPath(QStringLiteral("/nonexistent/torchrig-validate"));
    QSignalSpy finished(&runner, &ui::ValidationRunner::finished);
    runner.start(ValidationRequest{zooWorkload("mlp", 8).workload});
    REQUIRE(finished.size() == 1);
    CHECK(finished[0][0].value<ui::ValidationOutcome>().kind == ui::ValidationOutcome::Kind::WorkerMissing);
}

// Issue 35: the app keeps its own deadlines on a worker (shortened here by the environment).
TEST_CASE("The app's runner stops a silent worker, an endless line and an answer to another request",
          "[ui][validate][hostile][timed]") {
    test::TemporaryFolder folder;
    qputenv("TORCHRIG_WORKER_SILENCE_SECONDS", "1");
    auto outcomeOf = [&](const std::string& lines) {
        ui::ValidationRunner runner;
        runner.setWorkerPath(fakeWorker(folder, lines)); // it then sleeps 30 s
        QSignalSpy finished(&runner, &ui::ValidationRunner::finished);
        QElapsedTimer clock;
        clock.start();
        REQUIRE(runner.start(ValidationRequest{zooWorkload("mlp", 8).workload}));
        REQUIRE(finished.wait(15000));
        CHECK(clock.elapsed() < 10000);
        return finished[0][0].value<ui::ValidationOutcome>();
    };
    const auto silent = outcomeOf("");
    CHECK(silent.kind == ui::ValidationOutcome::Kind::TimedOut);
    CHECK(silent.message.startsWith(QStringLiteral("The worker wrote nothing for 1 s and was stopped")));
    const auto endless = outcomeOf("printf '{\"event\":\"progress\",\"phase\":\"'\n"
                                   "head -c 2000000 /dev/zero | tr '\\0' a\n");
    CHECK(endless.kind == ui::ValidationOutcome::Kind::Garbage);
    CHECK(endless.message.startsWith(QStringLiteral("The worker wrote a line longer than 1 MiB")));
    ValidationResult other;
    other.model = "mlp";
    other.inputs.batch = 999999;
    other.measured.stepSeconds = {0.02};
    other.measured.stepSecondsMedian = 0.02;
    other.measured.samplesPerSecond = 999999 / 0.02;
    other.device.kind = "cpu";
    const auto answer = outcomeOf("echo '" + resultLine(other) + "'\n");
    CHECK(answer.kind == ui::ValidationOutcome::Kind::Garbage);
    CHECK(answer.message.contains(QStringLiteral("it is for batch 999999, the request was for batch 8")));
    qunsetenv("TORCHRIG_WORKER_SILENCE_SECONDS");
}

#ifdef TORCHRIG_TEST_VALIDATE

TEST_CASE("A small model really trains through the app's runner, beside its estimate",
          "[ui][validate][slow]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    document.setWorkload(zooWorkload("mlp", 32));
    ui::ValidatePanel panel(document);
    panel.setCatalog(catalog.get());
    panel.runner()->setWorkerPath(QStringLiteral(TORCHRIG_TEST_VALIDATE));
    findDevicesNow(panel);
    REQUIRE(panel.runButton()->isEnabled());
    panel.stepsBox()->setValue(2);
    QSignalSpy progress(panel.runner(), &ui::ValidationRunner::progress);
    QSignalSpy finished(&panel, &ui::ValidatePanel::runFinished);
    panel.run();
    REQUIRE(finished.wait(120000));
    INFO(panel.statusLabel()->text().toStdString());
    CHECK(progress.size() >= 2);
    REQUIRE(panel.comparison());
    CHECK(panel.statusLabel()->text().startsWith(QStringLiteral("Measured on")));
    REQUIRE(panel.resultTable()->rowCount() >= 4);
    CHECK(panel.resultTable()->item(0, 0)->text() == QStringLiteral("Allocated peak, steady step"));
    CHECK(panel.resultTable()->item(0, 3)->text().endsWith(QStringLiteral("%")));
    // The table lists every compared figure (the page faults among them on the CPU); the chart
    // draws each error once, leaving out samples/s, the step time's mirrored.
    std::vector<std::string> keys;
    int withError = 0;
    for (const auto& f : panel.comparison()->figures) {
        keys.push_back(f.key);
        withError += f.relativeError && f.key != "samples_per_second" ? 1 : 0;
    }
    CHECK(std::count(keys.begin(), keys.end(), "fresh_page_bytes_per_step") == 1);
    CHECK(std::count(keys.begin(), keys.end(), "samples_per_second") == 1);
    CHECK(panel.resultTable()->rowCount() == static_cast<int>(keys.size()));
    REQUIRE(panel.errorChart()->plottableCount() == 1);
    CHECK(panel.errorChart()->plottable(0)->interface1D()->dataCount() == withError);
    // On the CPU every allocation is counted: the estimate of the steady step is within a few percent.
    const auto& allocated = panel.comparison()->figures.front();
    REQUIRE(allocated.relativeError);
    CHECK(std::abs(*allocated.relativeError) < 0.05);

    // The run is in the history; made the device's calibration, the next run's estimate uses it.
    REQUIRE(catalog->validationRuns().size() == 1);
    CHECK(catalog->validationRuns()[0].model == "mlp");
    REQUIRE(panel.calibrateButton()->isEnabled());
    REQUIRE(panel.calibrateWithLastRun());
    const auto device = catalog->validationRuns()[0].deviceName;
    REQUIRE(catalog->calibrationFor(device));
    CHECK(panel.resetCalibrationButton()->isEnabled());
    panel.run();
    REQUIRE(finished.wait(120000));
    REQUIRE(panel.comparison());
    CHECK(panel.comparison()->usedStoredCalibration);
    CHECK(panel.statusLabel()->text().contains(QStringLiteral("estimated calibrated")));
    REQUIRE(panel.resetCalibration());
    CHECK_FALSE(catalog->calibrationFor(device));
    CHECK_FALSE(panel.resetCalibrationButton()->isEnabled());

    ui::ValidationHistoryDialog history(catalog->validationRuns());
    REQUIRE(history.table()->rowCount() == 2);
    CHECK(history.table()->item(0, 1)->text() == QString::fromStdString(db::desktopMember()));
    CHECK(history.table()->item(0, 2)->text() == QString::fromStdString(db::thisMachine()));
    CHECK(history.table()->item(0, 5)->text() == QStringLiteral("mlp"));
    CHECK(history.table()->item(0, 8)->text().endsWith(QStringLiteral("%")));
    const auto exported = folder.file("history.json");
    REQUIRE(history.exportTo(QString::fromStdString(exported.string())));
    const auto json = nlohmann::json::parse(test::readFile(exported));
    REQUIRE(json.size() == 2);
    CHECK(json[0]["result"]["estimated"].contains("step_seconds"));
}

TEST_CASE("Cancel ends a run within a second, and a worker killed mid-run is reported",
          "[ui][validate][timed]") {
    ui::BuildDocument document;
    document.setWorkload(zooWorkload("resnet18", 4, 64));
    ui::ValidatePanel panel(document);
    panel.runner()->setWorkerPath(QStringLiteral(TORCHRIG_TEST_VALIDATE));
    findDevicesNow(panel);
    panel.stepsBox()->setValue(500);
    QSignalSpy progress(panel.runner(), &ui::ValidationRunner::progress);
    QSignalSpy finished(&panel, &ui::ValidatePanel::runFinished);
    panel.run();
    REQUIRE(progress.wait(60000)); // training has started
    panel.cancelButton()->click();
    // Cancel is a kill, not a wait for the 500 steps: the run ends long before its last step (a
    // bound on events, not on wall time, which a loaded 2-core machine stretches).
    REQUIRE(finished.wait(5000));
    REQUIRE_FALSE(progress.isEmpty());
    CHECK(progress.last().at(1).toInt() < 500);
    CHECK(panel.statusLabel()->text() == QStringLiteral("Cancelled; nothing was measured."));
    CHECK_FALSE(panel.comparison());

    panel.run();
    REQUIRE(progress.wait(60000));
    REQUIRE(panel.runner()->workerPid() > 0);
    ::kill(static_cast<pid_t>(panel.runner()->workerPid()), SIGKILL);
    REQUIRE(finished.wait(5000));
    CHECK(panel.statusLabel()->text().contains(QStringLiteral("stopped without a result")));
    CHECK(panel.statusLabel()->text().contains(QStringLiteral("killed or crashed")));
}

// Hidden (not run by default): the README's picture of the Validate tab after a real run.
// TORCHRIG_SCREENSHOT=docs/validate-panel.png build/dev/bin/torchrig_ui_tests "[.screenshot]"
TEST_CASE("Screenshot of the Validate tab after a run", "[.screenshot]") {
    const char* path = std::getenv("TORCHRIG_SCREENSHOT");
    REQUIRE(path);
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    document.addPart(test::catalogPart(*catalog, "gpu/rtx-4090", 2));
    document.setWorkload(zooWorkload("resnet18", 16));
    ui::AnalysisPanel panel(document);
    panel.setValidationStore(catalog.get());
    panel.validate()->runner()->setWorkerPath(QStringLiteral(TORCHRIG_TEST_VALIDATE));
    panel.resize(640, 560);
    panel.tabs()->setCurrentWidget(panel.validate());
    panel.show();
    findDevicesNow(*panel.validate());
    QSignalSpy finished(panel.validate(), &ui::ValidatePanel::runFinished);
    panel.validate()->run();
    REQUIRE(finished.wait(300000));
    REQUIRE(panel.validate()->comparison());
    QCoreApplication::processEvents();
    CHECK(panel.grab().save(QString::fromLocal8Bit(path)));
}

TEST_CASE("Out of memory is a result: does not fit at the batch", "[ui][validate]") {
    ui::ValidationRunner runner;
    runner.setWorkerPath(QStringLiteral(TORCHRIG_TEST_VALIDATE));
    ValidationRequest request{zooWorkload("resnet18", 8).workload};
    request.memoryLimitBytes = 100'000'000;
    request.steps = 1;
    QSignalSpy finished(&runner, &ui::ValidationRunner::finished);
    runner.start(request);
    REQUIRE(finished.wait(60000));
    const auto outcome = finished[0][0].value<ui::ValidationOutcome>();
    CHECK(outcome.kind == ui::ValidationOutcome::Kind::DoesNotFit);
    CHECK(outcome.message.contains(QStringLiteral("does not fit at batch 8")));
}

#endif

TEST_CASE("A calibration stored for a GPU like the build's is used by the build's analysis",
          "[ui][validate]") {
    test::TemporaryFolder folder;
    auto catalog = test::openCatalog(folder.file("user.sqlite"));
    ui::BuildDocument document;
    ui::AnalysisPanel panel(document);
    document.addPart(test::catalogPart(*catalog, "gpu/rtx-4090"));
    document.setWorkload(test::planned(test::bert(32)));
    panel.setValidationStore(catalog.get());
    CHECK_FALSE(panel.summary()->text().contains(QStringLiteral("calibrated")));

    // What a run on the user's own card measured (made-up rates), with its step-time ratio.
    ValidationResult run;
    run.model = "bert-base-uncased";
    run.inputs.batch = 32;
    run.device.kind = "cuda:0";
    run.device.name = "NVIDIA GeForce RTX 4090";
    run.device.totalMemoryBytes = 24LL << 30;
    run.measured.matmulFlopsPerSecondByDtype = {{"fp32", 50e12}, {"bf16", 150e12}};
    run.measured.matmulFlopsPerSecond = 50e12;
    run.measured.copyBytesPerSecond = 900e9;
    run.measured.contextBytes = 500LL << 20;
    run.measured.stepSecondsMedian = 0.2;
    run.measured.stepSeconds = {0.2};
    run.measured.samplesPerSecond = 160; // its batch of 32 in 0.2 s, as a measurement must say
    auto json = nlohmann::json::parse(resultLine(run));
    json["calibration"] = {{"step_time_ratio", 1.5}};
    REQUIRE(catalog->setCalibration(run.device.name, json.dump(), std::nullopt).ok());
    panel.setValidationStore(catalog.get()); // as after "Calibrate this device"
    CHECK(
        panel.summary()->text().contains(QStringLiteral("calibrated with a run on NVIDIA GeForce RTX 4090")));
    const auto gpus = plan::buildGpus(document.build());
    REQUIRE(gpus);
    auto calibration = estimate::readCalibration(json.dump());
    REQUIRE(calibration);
    const plan::WorkloadOnBuild calibrated(test::bert(32), *gpus, estimate::ParallelStrategy::Ddp,
                                           *calibration);
    const plan::WorkloadOnBuild datasheet(test::bert(32), *gpus, estimate::ParallelStrategy::Ddp);
    REQUIRE(calibrated.estimate()->time);
    CHECK(calibrated.estimate()->time->calibrated);
    CHECK(calibrated.estimate()->time->stepSeconds != Approx(datasheet.estimate()->time->stepSeconds));
    CHECK(panel.stepTimeChart()->samplesPerSecond() ==
          Approx(calibrated.estimate()->time->samplesPerSecond * gpus->gpus));
    CHECK(calibrated.estimate()->contextBytes == (500LL << 20)); // this machine's CUDA context
    // Another card's calibration is not this one's.
    CHECK_FALSE(panel.calibrationFor("GeForce RTX 3090"));
    REQUIRE(catalog->resetCalibration(run.device.name).ok());
    panel.setValidationStore(catalog.get());
    CHECK_FALSE(panel.summary()->text().contains(QStringLiteral("calibrated")));
}

TEST_CASE("A panel closed while the worker's probe still runs kills the probe and is not called back",
          "[ui][validate][timed]") {
    test::TemporaryFolder folder;
    const auto path = folder.file("slow-probe.sh");
    test::writeFile(path, "#!/bin/sh\nsleep 5\necho '{\"event\":\"devices\",\"devices\":[]}'\n");
    QFile::setPermissions(QString::fromStdString(path.string()),
                          QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    ui::BuildDocument document;
    document.setWorkload(zooWorkload("mlp", 8));
    QElapsedTimer clock;
    clock.start();
    {
        ui::ValidatePanel panel(document);
        panel.runner()->setWorkerPath(QString::fromStdString(path.string()));
        panel.findDevices();
        REQUIRE(panel.isFindingDevices());
    } // destroyed mid-probe: as the window closing right after the Validate tab was shown
    // Before the fix the dying probe's last signal called back into the destroyed panel (a crash).
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    CHECK(clock.elapsed() < 4000); // killed, not waited for
}

TEST_CASE("Validate of llama-2-7b on the CPU offers, before anything runs, a smaller run that fits the time "
          "limit, with the estimate's figures, and the seconds move while the model is built",
          "[ui][validate]") {
    test::TemporaryFolder folder;
    ui::BuildDocument document;
    // The defaults for a 24 GB card: bf16, LoRA rank 16 on q_proj and v_proj, batch 4 of 4,096 tokens.
    Workload llama;
    llama.model = "llama-2-7b";
    llama.precision = Precision::Bf16;
    llama.inputs.batch = 4;
    llama.inputs.seqLen = 4096;
    llama.lora.rank = 16;
    fillDefaultLoraTargets(llama);
    document.setWorkload(test::planned(llama));
    ui::ValidatePanel panel(document);
    // The stand-in lists a 2-thread CPU, says it is building the model, then beats its heart.
    panel.runner()->setWorkerPath(fakeWorker(
        folder, "echo '{\"event\":\"progress\",\"phase\":\"build\",\"step\":0,\"elapsed_seconds\":0.2}'\n"
                "echo '{\"event\":\"progress\",\"phase\":\"alive\",\"step\":0,\"elapsed_seconds\":10.0}'\n"));
    findDevicesNow(panel);
    CHECK_FALSE(panel.runner()->isRunning()); // what follows is said before any run

    QString why;
    const auto offered = panel.plannedRequest(&why);
    REQUIRE(offered);
    INFO(why.toStdString());
    CHECK(offered->inputs.layers >= 1);
    CHECK(offered->inputs.layers < 32);
    CHECK(why.contains(QStringLiteral("more than half the time limit of 5 min")));
    CHECK(why.contains(QStringLiteral("to create the model")));
    CHECK(why.contains(QStringLiteral("reference CPU's rates")));
    CHECK(panel.workloadLabel()->text().contains(QStringLiteral("of its 32 layers")));
    ValidationDevice cpu;
    cpu.kind = "cpu";
    cpu.name = "Fake CPU";
    cpu.threads = 2;
    const auto offeredTime = estimate::estimateRunDuration(*offered, cpu);
    REQUIRE(offeredTime);
    CHECK(offeredTime->totalSeconds <= 0.5 * 300);
    auto whole = *offered;
    whole.inputs.layers = 0;
    CHECK(estimate::estimateRunDuration(whole, cpu)->totalSeconds > 0.5 * 300);
    // A longer limit lets more of it run; the user may also run it as planned.
    panel.timeLimitBox()->setValue(3600);
    CHECK(panel.plannedRequest()->inputs.layers > offered->inputs.layers);
    panel.fitToMachineBox()->setChecked(false);
    CHECK(panel.plannedRequest()->inputs.layers == 0);
    CHECK(panel.plannedRequest()->inputs.batch == 4);
    panel.fitToMachineBox()->setChecked(true);
    panel.timeLimitBox()->setValue(300);

    // Run: the progress says the phase in words, and the heartbeat moves its seconds.
    QSignalSpy progress(panel.runner(), &ui::ValidationRunner::progress);
    panel.run();
    while (progress.size() < 2)
        REQUIRE(progress.wait(20000));
    CHECK(panel.progressBar()->format() == QStringLiteral("building the model — 10 s"));
    panel.cancelButton()->click();
}
