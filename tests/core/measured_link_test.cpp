// A data-parallel validation run's all-reduce probe as a calibration (issue 40): its bus bandwidth
// replaces the link's datasheet rate in multi-GPU estimates on the device, and the estimate says so.

#include "estimate/estimate.h"
#include "estimate/memory_estimate.h"
#include "util/message.h"
#include "validation/run_comparison.h"
#include "workload/workload_graph.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace torchrig;

namespace {

// Two CPU ranks' run as the worker reports it: rank 0's figures with its probe.
ValidationResult twoRankRun() {
    ValidationResult run;
    run.model = "resnet18";
    run.inputs.batch = 2;
    run.inputs.imageSize = 64;
    run.device.kind = "cpu";
    run.device.name = "AMD EPYC";
    run.device.totalMemoryBytes = 24LL << 30;
    run.measured.matmulFlopsPerSecond = 100e9;
    run.measured.matmulFlopsPerSecondByDtype = {{"fp32", 100e9}};
    run.measured.copyBytesPerSecond = 12e9;
    run.measured.stepSecondsMedian = 0.17;
    run.measured.stepSeconds = {0.17};
    run.measured.samplesPerSecond = 2 / 0.17;
    run.measured.dataParallel =
        DataParallelMeasurement{0, 2, "gloo", 46758048, 3, 0.1, 0.07, {{1 << 20, 0.004}, {256 << 20, 0.25}}};
    return run;
}

bool says(const estimate::Estimate& e, const std::string& words) {
    return std::any_of(e.warnings.begin(), e.warnings.end(),
                       [&](const Message& m) { return m.text().find(words) != std::string::npos; });
}

} // namespace

TEST_CASE("A data-parallel run's all-reduce bus bandwidth replaces the link's rate in multi-GPU estimates",
          "[core][estimate][calibration]") {
    const auto run = twoRankRun();
    const auto calibration = estimate::calibrationFromRun(run);
    // The probe's largest size: 256 MiB in 0.25 s, busbw = algbw × 2 (2 - 1) / 2 at two ranks.
    CHECK(calibration.allReduceBusBytesPerSecond == Approx(double(256 << 20) / 0.25));
    CHECK(calibration.allReduceRanks == 2);
    REQUIRE(estimate::checkCalibration(calibration));

    ValidationRequest request;
    request.model = "resnet18";
    request.inputs = run.inputs;
    request.optimizer = OptimizerKind::Sgd;
    auto graph = buildWorkloadGraph(request);
    REQUIRE(graph);
    auto setup = estimate::trainingSetupFor(request);
    setup.parallel = {estimate::ParallelStrategy::Ddp, 4, false};
    const auto device = estimate::deviceSpecOfRun(run.device);

    const auto measured = estimate::estimateTraining(*graph, setup, device, &calibration);
    REQUIRE(measured.time);
    // Four ranks' all-reduce of ResNet-18's float32 gradients: 2 (4 - 1) / 4 of them over the bus.
    CHECK(measured.time->communicationSeconds ==
          Approx(46758048.0 * 1.5 / calibration.allReduceBusBytesPerSecond).epsilon(0.01));
    CHECK(says(measured, "communication at 1.07 GB/s, the bus bandwidth a validation run's all-reduce "
                         "reached on AMD EPYC among 2 ranks, in place of the link's datasheet rate"));

    CHECK(says(measured, "ddp over 4 GPUs is modelled per GPU from PyTorch's and DeepSpeed's defaults; only "
                         "its exchange's rate was measured here"));

    auto withoutProbe = run;
    withoutProbe.measured.dataParallel.reset();
    const auto unprobed = estimate::calibrationFromRun(withoutProbe);
    CHECK(unprobed.allReduceBusBytesPerSecond == 0);
    const auto unknown = estimate::estimateTraining(*graph, setup, device, &unprobed);
    CHECK(says(unknown, "no GPU-to-GPU bandwidth is known for"));

    auto impossible = calibration;
    impossible.allReduceBusBytesPerSecond = 1e30;
    CHECK(estimate::checkCalibration(impossible).error().text().find("all_reduce_probe") !=
          std::string::npos);
}
