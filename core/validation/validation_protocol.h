#pragma once
// What the planner and torchrig-validate say to each other: one JSON request in (a workload and
// the run's settings), JSON lines out (progress events, then one result or one error). Both sides
// use these types, so the protocol cannot drift between them.

#include "estimate/device_measurements.h"
#include "util/result.h"
#include "workload/workload.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchrig {

// A run of the worker: the workload to train and the run's own settings.
struct ValidationRequest : Workload {
    int warmupSteps = 1;
    int steps = 3;
    std::string device = "cpu"; // "cpu" or "cuda:N"
    std::uint64_t seed = 0;
    double timeLimitSeconds = 600;
    int threads = 0;    // CPU threads; 0: one per core
    bool force = false; // run on the CPU even when it may need more RAM than is free
    // CPU only: refuse allocations past this many live bytes (0: the RAM available at start), so
    // that "does not fit" is a result rather than the kernel's OOM killer.
    std::int64_t memoryLimitBytes = 0;
    // Data parallel over this many processes (ranks), as PyTorch's DistributedDataParallel runs it:
    // each rank trains the batch above (the batch is per rank) and all-reduces the gradients. 1:
    // one process, no data parallel.
    int ranks = 1;

    bool operator==(const ValidationRequest&) const = default;
};

// Strict: unknown keys, wrong types and out-of-range values are errors naming the key.
Result<ValidationRequest> parseValidationRequest(std::string_view json);
std::string validationRequestToJson(const ValidationRequest& request);
// A workload's keys of the request alone, as a build file keeps a workload (io/build_file.h): the
// run's settings are the worker's, not the build's. parseValidationRequest reads it back.
std::string workloadToJson(const Workload& workload);

// One size of the all-reduce probe, as nccl-tests reports it: algorithm bandwidth is the bytes over
// the time; bus bandwidth scales it by 2 (ranks - 1) / ranks, what each link carried in a ring, so that
// it compares with the link's rate whatever the number of ranks.
struct AllReduceSample {
    std::int64_t bytes = 0;
    double seconds = 0; // the median of a few all-reduces of that size
    double algorithmBytesPerSecond() const { return seconds > 0 ? static_cast<double>(bytes) / seconds : 0; }
    double busBytesPerSecond(int ranks) const {
        return ranks > 0 ? algorithmBytesPerSecond() * 2.0 * (ranks - 1) / ranks : 0;
    }
    bool operator==(const AllReduceSample&) const = default;
};

// What data parallel measured on one rank: c10d's Reducer's gradient buckets, and the timings its
// Logger keeps (the figures Python's DistributedDataParallel logs), averaged over the steps.
struct DataParallelMeasurement {
    int rank = 0;
    int ranks = 1;
    std::string backend;                     // c10d's process group: "gloo" (CPU), "nccl" (CUDA)
    std::int64_t allReducedBytesPerStep = 0; // the gradient buckets' bytes, all-reduced once a step
    int buckets = 0;
    // From the first bucket's all-reduce starting to the last one's ending, and how much of that
    // backward's own compute ran beside (what the all-reduce cost the step is the difference).
    double communicationSeconds = 0;
    double overlappedSeconds = 0;
    // The process group's all-reduce alone, 1 MiB upward by fourfold steps, after the training.
    std::vector<AllReduceSample> allReduceProbe;

    bool operator==(const DataParallelMeasurement&) const = default;
};

// What one run measured. Byte counts are exact on the CPU (a tracking allocator) and the caching
// allocator's statistics on CUDA.
struct ValidationMeasurement {
    std::int64_t parameterCount = 0;
    std::int64_t allocatedPeakBytes = 0;          // steady-state step
    std::int64_t firstStepAllocatedPeakBytes = 0; // optimizer state is created in step 1
    std::optional<std::int64_t> reservedPeakBytes;
    std::optional<std::int64_t> deviceUsedBytes;
    std::optional<std::int64_t> contextBytes;
    double loss = 0;                 // the last step's, to see that training trains (and not NaN)
    std::vector<double> stepSeconds; // measured steps, in order
    double stepSecondsMedian = 0;
    double samplesPerSecond = 0;
    double matmulFlopsPerSecond = 0; // float32 on the device
    // The same square matmul in each of the device's dtypes ("fp32", "tf32", "fp16", "bf16").
    std::vector<std::pair<std::string, double>> matmulFlopsPerSecondByDtype;
    double copyBytesPerSecond = 0; // read + write
    KernelRates kernels;
    PhaseSeconds phases;
    std::optional<PhaseBytes> freshPageBytes;            // CPU runs only
    std::optional<DataParallelMeasurement> dataParallel; // a rank of a data-parallel run
};

struct ValidationDevice {
    std::string kind; // "cpu" or "cuda:N"
    std::string name;
    std::int64_t totalMemoryBytes = 0;
    std::string computeCapability;
    int threads = 0;         // CPU threads the run used
    int multiprocessors = 0; // CUDA: streaming multiprocessors
    std::string libtorchVersion;
    std::string cudaVersion;   // the CUDA runtime LibTorch runs on
    std::string driverVersion; // the NVIDIA driver's, and the CUDA version it supports
};

struct ValidationResult {
    std::string model;
    ModelInputs inputs;
    std::optional<std::int64_t> maxBatch; // --max-batch: the largest batch that fits (inputs.batch is it)
    ValidationMeasurement measured;       // a data-parallel run's: rank 0's
    ValidationDevice device;
    // A data-parallel run supervised here (torchrig-validate --ranks): every rank's measurement,
    // by rank. Empty for one process, and for a rank that joined a rendezvous.
    std::vector<ValidationMeasurement> ranks;
};

enum class ValidationErrorKind { InvalidRequest, Unsupported, OutOfMemory, Internal };
std::string_view validationErrorKindId(ValidationErrorKind kind);

// The largest batch a --max-batch search tries: the batch it reports is 1 to this.
constexpr std::int64_t kMaxBatchSearchUpTo = std::int64_t{1} << 20;
// The most ranks a data-parallel run may have.
constexpr int kMaxRanks = 64;
// The phase of the progress line the worker writes every few seconds while it runs, so that a
// worker that writes nothing for long is known to hang (validation/worker_ending.h); not shown to people.
constexpr std::string_view kHeartbeatPhase = "alive";

// One line of the worker's output.
std::string progressLine(std::string_view phase, int step, double elapsedSeconds);
std::string resultLine(const ValidationResult& result);
std::string errorLine(ValidationErrorKind kind, std::string_view message);
// The --probe answer: the devices the worker sees ("id" is "cpu" or "cuda:N").
std::string devicesLine(const std::vector<ValidationDevice>& devices);
Result<std::vector<ValidationDevice>> parseDevicesLine(std::string_view line);

// What the planner reads back from one line. Every figure is held to what a measurement can be
// (times above 0 and finite, samples per second that agree with the batch and the step time, byte
// counts below 2^50, bounded counts and text): a line that breaks one is not the protocol.
struct WorkerLine {
    enum class Type { Progress, Result, Error } type = Type::Progress;
    std::string phase;
    int step = 0;
    double elapsedSeconds = 0;
    ValidationResult result;
    ValidationErrorKind errorKind = ValidationErrorKind::Internal;
    std::string message;
};
// Where a line comes from decides how a refusal reads: a worker's is quoted (it is evidence of what
// ran); a run stored as a calibration is named by its field only (the user gave that file).
enum class WorkerLineSource { Worker, StoredRun };
Result<WorkerLine> parseWorkerLine(std::string_view line, WorkerLineSource source = WorkerLineSource::Worker);

} // namespace torchrig
