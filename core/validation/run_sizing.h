#pragma once
// A validation run sized to a device of this machine before it starts: the memory it would take,
// and how long it would take — the worker
// creating and initialising the model's parameters, then its warm-up and measured steps at the
// device's rates — a stored calibration's (an earlier run on it), else, for a CPU, the rates of the
// reference machine below. The Validate panel sizes a run down by both rather than let a 7B model
// build for minutes and die on its time limit.
//
// Reference machine (measured 2026-12-07 with Debian's LibTorch 1.13, `torchrig-cli validate -m
// llama-2-7b --layers 1|2|4 -b 1 --seq-len 512 --precision bf16 --lora-rank 16 --device cpu`):
// an AMD EPYC with 2 threads. Creating the parameters took 20.7 ns each plus 1.5 s (464.8 M
// parameters: 11.1 s, 1,072.7 M: 23.7 s, on one thread whatever the threads given); its large
// matmuls ran at 103 GFLOP/s per thread in fp32 and 205 in bf16, and copies at 30 GB/s. Few desktop
// CPUs are faster per thread, so a run judged too long by these rates is too long on them too.

#include "estimate/estimate.h"
#include "util/message.h"
#include "util/result.h"
#include "validation/validation_protocol.h"

#include <cstdint>
#include <optional>

namespace torchrig::estimate {

struct RunDuration {
    double setupSeconds = 0;     // the parameters created and initialised, the device's rates probed
    double stepSeconds = 0;      // one training step
    double totalSeconds = 0;     // setup, then the warm-up and measured steps
    bool referenceRates = false; // no calibration of the device: the reference CPU's rates
};

// None: a GPU without a calibration (no rates to time it by), or a workload that cannot be built.
std::optional<RunDuration> estimateRunDuration(const ValidationRequest& request,
                                               const ValidationDevice& device,
                                               const Calibration* stored = nullptr);

// The estimate's device peak for `request` on the device.
Result<std::int64_t> runPeakBytes(const ValidationRequest& request, const ValidationDevice& device);

// A run that fits: a zoo model's batch halved until the estimate fits `budgetBytes`, then a
// transformer's blocks halved, down to one; then, when the run would take more than half its time
// limit (the estimate before a run is rough, and a run cut off measures nothing), its blocks halved
// again, then its batch. A model file's sizes are its own and are kept.
struct RunSizing {
    ValidationRequest request; // what runs
    std::int64_t budgetBytes = 0;
    std::optional<std::int64_t> peakBytes;          // the estimate's, for `request`
    bool batchForMemory = false;                    // the batch was halved to fit the memory
    bool layersForMemory = false;                   // and then the blocks
    bool stillTooLarge = false;                     // even one block at batch 1 may not fit
    std::int64_t memoryBatch = 0, memoryLayers = 0; // the run the memory allows (layers 0: all)
    std::optional<RunDuration> plannedDuration;     // the run as asked (after the memory's sizing)
    std::optional<RunDuration> duration;            // the run that runs
    bool forTime = false;                           // blocks or batch halved to finish in time
    bool stillTooLong = false;                      // even the smallest run may take more than half the limit
    std::optional<Message> cannotEstimate;          // the estimate refused the workload: not sized blindly
};
RunSizing sizeRun(const ValidationRequest& asked, const ValidationDevice& device, std::int64_t budgetBytes,
                  const Calibration* stored = nullptr);

} // namespace torchrig::estimate
