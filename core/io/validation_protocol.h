#pragma once
// What the planner and torchrig-validate say to each other: one JSON request in, JSON lines out
// (progress events, then one result or one error). Both sides use these types, so the protocol
// cannot drift between them.

#include "util/result.h"
#include "workload/families/model_inputs.h"
#include "workload/lora.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace torchrig {

enum class Precision { Fp32, Tf32, AmpFp16, AmpBf16, Bf16 };
// Beside torch.optim's: Adafactor (torch.optim.Adafactor, PyTorch >= 2.5), bitsandbytes' 8-bit Adam
// (AdamW8bit; estimated only) and Lion (lion-pytorch).
enum class OptimizerKind { Sgd, SgdMomentum, Adam, AdamW, Adafactor, Adam8bit, Lion };
// PyTorch's three optimizer implementations; Default is what PyTorch 2.x picks for the device
// (foreach on CUDA, single-tensor on the CPU).
enum class OptimizerImpl { Default, SingleTensor, Foreach, Fused };
enum class Checkpointing { None, Blocks };

std::string_view precisionId(Precision precision);
std::string_view optimizerId(OptimizerKind optimizer);
std::string_view optimizerImplId(OptimizerImpl impl);
std::optional<Precision> precisionFromString(std::string_view text);
std::optional<OptimizerKind> optimizerFromString(std::string_view text);
std::optional<OptimizerImpl> optimizerImplFromString(std::string_view text);
std::optional<Checkpointing> checkpointingFromString(std::string_view text);

struct ValidationRequest {
    std::string model;          // a zoo id, or empty when modelGraphJson or hfConfigJson is given
    std::string modelGraphJson; // a model file's text (resources/models/README.md)
    // A Hugging Face config.json's text (workload/families/hf_config.h), built at the request's
    // batch and sequence like a zoo model, and the name it was imported under.
    std::string hfConfigJson;
    std::string hfModelName;
    ModelInputs inputs;
    Precision precision = Precision::Fp32;
    OptimizerKind optimizer = OptimizerKind::AdamW;
    OptimizerImpl optimizerImpl = OptimizerImpl::Default;
    Checkpointing checkpointing = Checkpointing::None;
    int gradientAccumulation = 1; // micro-batches of `batch` per optimizer step
    LoraConfig lora;              // rank 0: the whole model trains
    // Generation's prefill: a forward under torch.inference_mode() up to the output head (which
    // generate() runs for the last token only); no backward, no optimizer.
    bool inference = false;
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

    bool operator==(const ValidationRequest&) const = default;
};

// Strict: unknown keys, wrong types and out-of-range values are errors naming the key.
Result<ValidationRequest> parseValidationRequest(std::string_view json);
std::string validationRequestToJson(const ValidationRequest& request);

// How fast the kinds of work the step-time roofline tells apart run on the device, measured by
// the worker beside each run with shapes of its own (0: not measured, as by an older worker).
// Estimates on a calibrated device use them in place of the large matmul's rate for everything.
struct KernelRates {
    double eagerOpSeconds = 0; // one tiny op with autograd, forward or backward: the dispatch floor
    // float32 linear of a transformer's shape: forward, and its two backward products together
    double linearFlopsPerSecond = 0, linearBackwardFlopsPerSecond = 0;
    // float32 3×3 convolution, dense and depthwise (groups = channels): forward, and backward
    double convolutionFlopsPerSecond = 0, convolutionBackwardFlopsPerSecond = 0;
    double depthwiseFlopsPerSecond = 0, depthwiseBackwardFlopsPerSecond = 0;
    double dropoutElementsPerSecond = 0; // training dropout's forward: drawing the mask
    // CPU: writing memory the allocator has just taken from the kernel (a large tensor's first
    // touch faults in each page), the extra time per byte over writing memory already mapped
    double firstTouchBytesPerSecond = 0;
    bool any() const {
        return eagerOpSeconds > 0 || linearFlopsPerSecond > 0 || firstTouchBytesPerSecond > 0;
    }
};

// One measured step split where the worker synchronises the device: the forward passes, the
// backward passes and the optimizer's step (medians over the measured steps; 0: not measured).
struct PhaseSeconds {
    double forward = 0, backward = 0, optimizer = 0;
    bool known() const { return forward > 0 || backward > 0 || optimizer > 0; }
};

// CPU: the bytes of fresh pages a measured step faulted in (minor faults × the page size, medians
// over the measured steps), by phase as PhaseSeconds splits it. glibc's malloc returns memory to
// the kernel and takes it back, and every page taken back costs a fault on first write.
struct PhaseBytes {
    std::int64_t forward = 0, backward = 0, optimizer = 0;
    std::int64_t total() const { return forward + backward + optimizer; }
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
    std::optional<PhaseBytes> freshPageBytes; // CPU runs only
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
    ValidationMeasurement measured;
    ValidationDevice device;
};

enum class ValidationErrorKind { InvalidRequest, Unsupported, OutOfMemory, Internal };
std::string_view validationErrorKindId(ValidationErrorKind kind);

// The largest batch a --max-batch search tries: the batch it reports is 1 to this.
constexpr std::int64_t kMaxBatchSearchUpTo = std::int64_t{1} << 20;
// The phase of the progress line the worker writes every few seconds while it runs, so that a
// worker that writes nothing for long is known to hang (io/worker_ending.h); not shown to people.
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
