#include "training_run.h"

#include "cuda_device.h"
#include "data_parallel.h"
#include "estimate/memory_estimate.h"
#include "graph_network.h"
#include "run_device.h"
#include "torch_optimizers.h"
#include "tracking_cpu_allocator.h"
#include "util/host_cpu.h"
#include "util/host_memory.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h> // the run's threads
#include <ATen/autocast_mode.h>
#include <torch/cuda.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <thread>

#ifdef __linux__
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace torchrig::validate {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// The process's minor page faults so far (all threads): each is a page the kernel mapped in on
// first touch.
std::int64_t minorFaults() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_minflt;
}

bool isOutOfMemory(const c10::Error& e) {
    std::string what = e.what();
    return what.find("can't allocate memory") != std::string::npos ||
           what.find("out of memory") != std::string::npos;
}

RunDevice resolveDevice(const std::string& id) {
    if (id == "cpu")
        return {};
    const int index = std::stoi(id.substr(5)); // "cuda:N", checked by the request's parser
    if (!cuda::built())
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "this torchrig-validate is built against LibTorch " TORCH_VERSION
                          " without CUDA, so it measures on the CPU only; to measure on " +
                              id +
                              ", build it against a CUDA build of LibTorch (tests/gpu/run-zoo-on-cuda "
                              "shows how, with Python PyTorch's)");
    if (!torch::cuda::is_available())
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "LibTorch sees no CUDA device on this machine: check that the NVIDIA driver is "
                          "loaded (nvidia-smi) and that CUDA_VISIBLE_DEVICES does not hide the GPUs");
    const auto count = static_cast<int>(torch::cuda::device_count());
    if (index >= count)
        throw WorkerError(ValidationErrorKind::InvalidRequest,
                          id + " does not exist: LibTorch sees " + std::to_string(count) +
                              " CUDA device(s), cuda:0 to cuda:" + std::to_string(count - 1));
    return {true, index};
}

// What the request's settings need from this build and device; anything missing is refused
// before a tensor exists, with what to ask for instead.
void checkSupported(const ValidationRequest& request, const RunDevice& device) {
    if (request.optimizer == OptimizerKind::Adam8bit)
        throw WorkerError(
            ValidationErrorKind::Unsupported,
            "the adam8bit optimizer is estimated but not measured (LibTorch has no bitsandbytes "
            "kernels): this worker trains with sgd, sgd-momentum, adam, adamw, adafactor and lion");
    if ((request.optimizer == OptimizerKind::Adafactor || request.optimizer == OptimizerKind::Lion) &&
        request.optimizerImpl == OptimizerImpl::Foreach)
        throw WorkerError(
            ValidationErrorKind::Unsupported,
            std::string(optimizerId(request.optimizer)) +
                " is measured in its single-tensor form only; leave --optimizer-impl at default");
    if (request.inference && (request.checkpointing != Checkpointing::None ||
                              request.gradientAccumulation > 1 || request.precision == Precision::AmpFp16))
        throw WorkerError(ValidationErrorKind::InvalidRequest,
                          "an inference run is one forward pass: checkpointing, gradient accumulation and "
                          "amp-fp16's GradScaler are training settings; leave them out");
    refuseUnmeasuredDataParallel(request, device.cuda);
    if (request.precision == Precision::Fp8)
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "fp8 training is estimated but not measured (this worker has no torchao float8 "
                          "layers): measure amp-bf16 on the same model instead");
    if (request.lora.quantizeBase4bit)
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "QLoRA's 4-bit base is estimated but not measured (LibTorch has no bitsandbytes "
                          "kernels); measure LoRA on the unquantized model instead");
    if (request.precision == Precision::AmpFp16 && !device.cuda)
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "precision amp-fp16 is measured on CUDA devices only (autocast to float16 with "
                          "a GradScaler); on the CPU use fp32, tf32 (fp32 on the CPU), amp-bf16 or bf16");
    if (request.optimizerImpl == OptimizerImpl::Fused) {
        const bool isAdam =
            request.optimizer == OptimizerKind::Adam || request.optimizer == OptimizerKind::AdamW;
        const bool built = device.cuda ? TORCHRIG_TORCH_AT_LEAST(2, 1) : TORCHRIG_TORCH_AT_LEAST(2, 4);
        if (!isAdam || !built)
            throw WorkerError(ValidationErrorKind::Unsupported,
                              std::string("the fused ") + std::string(optimizerId(request.optimizer)) +
                                  " is not measured by this worker on " + (device.cuda ? "CUDA" : "the CPU") +
                                  " with LibTorch " TORCH_VERSION
                                  " (fused Adam and AdamW need LibTorch 2.1 on CUDA, 2.4 on the CPU); "
                                  "use the single-tensor or foreach implementation");
    }
}

std::string printedSeconds(double seconds) {
    char text[32];
    std::snprintf(text, sizeof text, "%g s", seconds);
    return text;
}

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    auto n = values.size();
    return n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

// Seconds of the median of five runs of fn after one warm-up, the device synchronised around each.
template <class Fn> double medianSeconds(const RunDevice& device, Fn&& fn) {
    fn();
    device.synchronize();
    std::vector<double> times;
    for (int i = 0; i < 5; ++i) {
        auto start = Clock::now();
        fn();
        device.synchronize();
        times.push_back(secondsSince(start));
    }
    return median(times);
}

// What the kernel takes to fault in fresh anonymous pages, per byte written: glibc serves large
// allocations and a heap it has trimmed with such pages (estimate/glibc_heap_model.h). Timed on pages mapped
// here, as malloc's own reuse of freed memory depends on what ran before. 0: not measured.
double firstTouchBytesPerSecond() {
#ifdef __linux__
    constexpr std::size_t bytes = 64u << 20; // a few tenths of a second in all
    std::vector<double> fresh, rewrite;
    for (int i = 0; i < 3; ++i) {
        void* pages = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (pages == MAP_FAILED)
            return 0;
        {
            // Written by a LibTorch kernel, on as many threads as the run's ops use.
            auto tensor =
                at::from_blob(pages, {static_cast<std::int64_t>(bytes / sizeof(float))}, at::kFloat);
            auto start = Clock::now();
            tensor.fill_(1);
            fresh.push_back(secondsSince(start));
            start = Clock::now();
            tensor.fill_(2);
            rewrite.push_back(secondsSince(start));
        }
        munmap(pages, bytes);
    }
    const double extra = median(fresh) - median(rewrite);
    return extra > 0 ? static_cast<double>(bytes) / extra : 0;
#else
    return 0;
#endif
}

// The kernel classes the roofline tells apart (validation/validation_protocol.h: KernelRates), each timed
// forward and forward + backward with a contiguous gradient, as a model's backward receives one.
// CPU shapes take milliseconds; CUDA's are larger so that a kernel outlasts its launch.
void measureKernels(ValidationMeasurement& m, const RunDevice& device) {
    at::AutoGradMode gradMode(true);
    const auto options = at::TensorOptions().device(device.device());
    // Forward seconds and the backward's alone.
    auto timed = [&](auto&& forward) {
        auto gradient = at::randn_like(forward());
        const double seconds = medianSeconds(device, [&] {
            at::NoGradGuard noGrad;
            forward();
        });
        const double both = medianSeconds(device, [&] { forward().backward(gradient); });
        // On a loaded machine (another run beside this one) the forward's median can pass the
        // forward + backward's: the backward was not measured (0), rather than taken as 1e-9 s,
        // whose rate of ~1e18 no measurement has and the protocol refuses.
        return std::pair(seconds, std::max(both - seconds, 0.0));
    };
    auto rate = [](double flops, double seconds) {
        return seconds > 0 ? flops / seconds : 0.0;
    };
    auto& k = m.kernels;
    {
        const std::int64_t rows = device.cuda ? 8192 : 512, features = device.cuda ? 4096 : 1024;
        auto x = at::randn({rows, features}, options).requires_grad_(true);
        auto w = at::randn({features, features}, options).requires_grad_(true);
        const double flops = 2.0 * static_cast<double>(rows * features * features);
        auto [forward, backward] = timed([&] { return at::linear(x, w); });
        k.linearFlopsPerSecond = flops / forward;
        k.linearBackwardFlopsPerSecond = rate(2 * flops, backward);
    }
    auto convolution = [&](std::int64_t channels, std::int64_t groups, double& forwardRate,
                           double& backwardRate) {
        const std::int64_t batch = device.cuda ? 64 : 8, side = device.cuda ? 56 : 28;
        auto x = at::randn({batch, channels, side, side}, options).requires_grad_(true);
        auto w = at::randn({channels, channels / groups, 3, 3}, options).requires_grad_(true);
        const double flops =
            2.0 * static_cast<double>(batch * channels * side * side * (channels / groups) * 9);
        auto [forward, backward] = timed([&] { return at::conv2d(x, w, {}, 1, 1, 1, groups); });
        forwardRate = flops / forward;
        backwardRate = rate(2 * flops, backward);
    };
    convolution(64, 1, k.convolutionFlopsPerSecond, k.convolutionBackwardFlopsPerSecond);
    convolution(144, 144, k.depthwiseFlopsPerSecond, k.depthwiseBackwardFlopsPerSecond);
    {
        const std::int64_t rows = device.cuda ? 8192 : 256, features = device.cuda ? 4096 : 3072;
        auto x = at::randn({rows, features}, options).requires_grad_(true);
        const double seconds = medianSeconds(device, [&] { at::dropout(x, 0.1, true); });
        k.dropoutElementsPerSecond = static_cast<double>(rows * features) / seconds;
    }
    {
        // A chain of tiny ops: each costs its dispatch and autograd's bookkeeping, nothing else.
        constexpr int links = 100; // an add and a relu each: 200 ops forward, 200 backward
        auto x = at::randn({16}, options).requires_grad_(true);
        const double seconds = medianSeconds(device, [&] {
            auto y = x;
            for (int i = 0; i < links; ++i)
                y = at::relu(y + 1);
            y.backward(at::ones_like(y));
        });
        k.eagerOpSeconds = seconds / (4.0 * links);
    }
    if (!device.cuda)
        k.firstTouchBytesPerSecond = firstTouchBytesPerSecond();
}

// The device's own rates: a square matmul per dtype and a copy, sized so that each takes a few
// milliseconds on a GPU and well under a second on a CPU.
void measureDevice(ValidationMeasurement& m, const RunDevice& device) {
    at::NoGradGuard noGrad;
    auto matmulRate = [&](std::int64_t n, at::ScalarType type) {
        auto options = at::TensorOptions().dtype(type).device(device.device());
        auto a = at::randn({n, n}, options);
        auto b = at::randn({n, n}, options);
        return 2.0 * static_cast<double>(n * n * n) / medianSeconds(device, [&] { at::matmul(a, b); });
    };
    if (device.cuda) {
        constexpr std::int64_t n = 8192;
        auto& context = at::globalContext();
        const bool tf32 = context.allowTF32CuBLAS();
        context.setAllowTF32CuBLAS(false);
        m.matmulFlopsPerSecondByDtype.emplace_back("fp32", matmulRate(n, at::kFloat));
        context.setAllowTF32CuBLAS(true);
        m.matmulFlopsPerSecondByDtype.emplace_back("tf32", matmulRate(n, at::kFloat));
        context.setAllowTF32CuBLAS(tf32);
        m.matmulFlopsPerSecondByDtype.emplace_back("fp16", matmulRate(n, at::kHalf));
        m.matmulFlopsPerSecondByDtype.emplace_back("bf16", matmulRate(n, at::kBFloat16));
    } else {
        m.matmulFlopsPerSecondByDtype.emplace_back("fp32", matmulRate(1024, at::kFloat));
        m.matmulFlopsPerSecondByDtype.emplace_back("bf16", matmulRate(512, at::kBFloat16));
    }
    m.matmulFlopsPerSecond = m.matmulFlopsPerSecondByDtype.front().second;
    const std::int64_t elements = device.cuda ? 256 * 1024 * 1024 : 16 * 1024 * 1024; // 1 GiB, 64 MiB
    auto source = at::randn({elements}, at::TensorOptions().device(device.device()));
    auto target = at::empty_like(source);
    // read + write
    m.copyBytesPerSecond =
        2.0 * static_cast<double>(source.nbytes()) / medianSeconds(device, [&] { target.copy_(source); });
    measureKernels(m, device);
}

} // namespace

void prepareLibTorch() {
    TrackingCpuAllocator::install();
}

std::vector<ValidationDevice> probeDevices() {
    ValidationRequest cpu;
    std::vector<ValidationDevice> devices = {describeDevice(cpu)};
    devices.front().threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!cuda::built() || !torch::cuda::is_available())
        return devices;
    // device_count() is size_t in LibTorch 1.13 and a small signed type in 2.x.
    const auto cudaDevices = static_cast<int>(torch::cuda::device_count());
    for (int i = 0; i < cudaDevices; ++i)
        devices.push_back(cuda::describe(i));
    return devices;
}

std::int64_t countNetworkParameters(const ModelGraph& graph) {
    GraphNetwork network(graph, at::Device(at::kMeta), 0);
    return network.parameterCount();
}

std::string trainOnceOnCpu(const ModelGraph& graph) {
    try {
        GraphNetwork network(graph, at::Device(at::kCPU), 0);
        network.forward().backward();
        return {};
    } catch (const std::exception& e) {
        return e.what();
    }
}

ValidationDevice describeDevice(const ValidationRequest& request) {
    if (request.device != "cpu") {
        auto device = cuda::describe(resolveDevice(request.device).index);
        device.threads = at::get_num_threads();
        return device;
    }
    ValidationDevice device;
    device.kind = "cpu";
    device.threads = at::get_num_threads();
    device.libtorchVersion = TORCH_VERSION;
    device.name = hostCpuName();
    device.totalMemoryBytes = hostMemoryBytes("MemTotal");
    return device;
}

namespace {

// Checked before each step and each micro-batch: a step of 65,536 micro-batches is hours.
void checkTimeLimit(const ValidationRequest& request, Clock::time_point start, int step, int micro) {
    if (secondsSince(start) <= request.timeLimitSeconds)
        return;
    throw WorkerError(ValidationErrorKind::Internal,
                      "the time limit of " + printedSeconds(request.timeLimitSeconds) + " ran out after " +
                          std::to_string(step - 1) + " steps" +
                          (micro > 0
                               ? " and " + std::to_string(micro) + " of step " + std::to_string(step) +
                                     "'s " + std::to_string(request.gradientAccumulation) + " micro-batches"
                               : std::string()) +
                          "; measure fewer steps or micro-batches, or give a longer time limit");
}

AutocastState autocastFor(const ValidationRequest& request, const RunDevice& device) {
    AutocastState autocast;
    autocast.enabled = request.precision == Precision::AmpBf16 || request.precision == Precision::AmpFp16;
    autocast.device = device.cuda ? at::kCUDA : at::kCPU;
    autocast.dtype = request.precision == Precision::AmpFp16 ? at::kHalf : at::kBFloat16;
    return autocast;
}

// What one run trains with, built once; each step uses it.
struct Trainer {
    const ModelGraph& graph;
    const ValidationRequest& request;
    const RunDevice& device;
    const AutocastState& autocast;
    GraphNetwork& network;
    Optimizer& optimizer;
    std::optional<GradScaler>& scaler;
    DataParallel* dataParallel; // a rank of a data-parallel run; null: one process
    Clock::time_point start;
};

// One step's phases: seconds and the minor page faults each took.
struct StepPhases {
    double forwardSeconds = 0, backwardSeconds = 0, optimizerSeconds = 0, seconds = 0;
    std::int64_t forwardFaults = 0, backwardFaults = 0, optimizerFaults = 0;
    double loss = std::numeric_limits<double>::quiet_NaN();
};

// One optimizer step over its micro-batches (or one inference prefill), timed phase by phase.
StepPhases trainStep(const Trainer& t, int step) {
    const auto& request = t.request;
    StepPhases phases;
    auto stepStart = Clock::now();
    auto phaseStart = stepStart;
    auto faultsAt = minorFaults();
    for (auto& p : t.network.parameters())
        p.mutable_grad().reset(); // zero_grad(set_to_none=True), PyTorch 2.x's default
    at::Tensor loss;
    if (request.inference) { // generate()'s prefill: the head runs for the last token only
        c10::InferenceMode inferenceMode;
        AutocastScope autocastScope(t.autocast);
        loss = t.network.forward(estimate::headOpIndex(t.graph));
        t.device.synchronize();
        phaseStart = Clock::now();
        phases.forwardSeconds = std::chrono::duration<double>(phaseStart - stepStart).count();
    }
    for (int micro = 0; micro < (request.inference ? 0 : request.gradientAccumulation); ++micro) {
        if (micro > 0)
            checkTimeLimit(request, t.start, step, micro);
        if (t.dataParallel)
            t.dataParallel->beforeForward();
        AutocastScope autocastScope(t.autocast);
        loss = t.network.forward(); // the previous micro-batch's loss goes as this one is assigned
        autocastScope.exit();
        if (t.dataParallel)
            t.dataParallel->beforeBackward();
        t.device.synchronize();
        const auto backwardStart = Clock::now();
        phases.forwardSeconds += std::chrono::duration<double>(backwardStart - phaseStart).count();
        phases.forwardFaults += minorFaults() - faultsAt;
        faultsAt = minorFaults();
        if (t.scaler)
            t.scaler->scale(loss).backward();
        else
            loss.backward();
        t.device.synchronize();
        phaseStart = Clock::now();
        phases.backwardSeconds += std::chrono::duration<double>(phaseStart - backwardStart).count();
        phases.backwardFaults += minorFaults() - faultsAt;
        faultsAt = minorFaults();
    }
    // The loss stays alive through the optimizer's step, as a Python loop's variable does.
    if (!request.inference) {
        if (t.scaler)
            t.scaler->step(t.optimizer);
        else
            t.optimizer.step();
    }
    t.device.synchronize();
    phases.optimizerSeconds = secondsSince(phaseStart);
    phases.optimizerFaults = minorFaults() - faultsAt;
    phases.seconds = secondsSince(stepStart);
    if (loss.defined())
        phases.loss = loss.item<double>();
    return phases; // the loss goes here, before the step's peaks are read
}

// Each measured step's phases, kept for their medians.
struct PhaseSamples {
    std::vector<double> forwardTimes, backwardTimes, optimizerTimes;
    std::vector<double> forwardFaults, backwardFaults, optimizerFaults;

    void add(const StepPhases& p) {
        forwardTimes.push_back(p.forwardSeconds);
        backwardTimes.push_back(p.backwardSeconds);
        optimizerTimes.push_back(p.optimizerSeconds);
        forwardFaults.push_back(static_cast<double>(p.forwardFaults));
        backwardFaults.push_back(static_cast<double>(p.backwardFaults));
        optimizerFaults.push_back(static_cast<double>(p.optimizerFaults));
    }
};

// The step's allocated peak; for a measured CUDA step also the reserved peak and the driver's count.
std::int64_t readPeaks(ValidationMeasurement& m, const RunDevice& device, bool measured) {
    if (!device.cuda)
        return TrackingCpuAllocator::peakBytes();
    auto peaks = cuda::peaks(device.index);
    if (measured) {
        m.reservedPeakBytes = std::max(m.reservedPeakBytes.value_or(0), peaks.reserved);
        m.deviceUsedBytes = std::max(m.deviceUsedBytes.value_or(0), cuda::deviceUsedBytes(device.index));
    }
    return peaks.allocated;
}

void trainSteps(const ModelGraph& graph, const ValidationRequest& request, const RunDevice& device,
                const ProgressFn& progress, Clock::time_point start, const Rendezvous* rendezvous,
                ValidationMeasurement& m, PhaseSamples& samples) {
    const auto autocast = autocastFor(request, device);
    progress("build", 0, secondsSince(start));
    std::optional<at::ScalarType> floatingType;
    if (request.precision == Precision::Bf16)
        floatingType = at::kBFloat16; // model.to(torch.bfloat16), and the batch with it
    GraphNetwork network(graph, device.device(), request.seed, floatingType);
    if (request.checkpointing == Checkpointing::Blocks)
        network.enableCheckpointing(autocast);
    m.parameterCount = network.parameterCount();
    Optimizer optimizer(request, device, network.parameters());
    std::optional<GradScaler> scaler;
    if (request.precision == Precision::AmpFp16)
        scaler.emplace(device);
    std::optional<DataParallel> dataParallel;
    if (rendezvous) {
        progress("rendezvous", 0, secondsSince(start));
        dataParallel.emplace(*rendezvous,
                             workloadToJson(request) + std::to_string(request.warmupSteps) + "+" +
                                 std::to_string(request.steps),
                             network.parameters(), network.buffers());
    }
    const Trainer trainer{graph,   request,   device, autocast,
                          network, optimizer, scaler, dataParallel ? &*dataParallel : nullptr,
                          start};
    const int total = request.warmupSteps + request.steps;
    for (int step = 1; step <= total; ++step) {
        checkTimeLimit(request, start, step, 0);
        const bool measured = step > request.warmupSteps;
        if (dataParallel && step == request.warmupSteps + 1)
            dataParallel->startMeasuring();
        if (device.cuda)
            cuda::resetPeaks(device.index);
        else
            TrackingCpuAllocator::resetPeak();
        const auto phases = trainStep(trainer, step);
        m.loss = phases.loss;
        const std::int64_t peak = readPeaks(m, device, measured);
        if (step == 1)
            m.firstStepAllocatedPeakBytes = peak;
        if (measured) {
            m.allocatedPeakBytes = std::max(m.allocatedPeakBytes, peak);
            m.stepSeconds.push_back(phases.seconds);
            samples.add(phases);
        }
        progress(measured ? "measure" : "warmup", step, secondsSince(start));
    }
    if (request.steps > 0 && m.allocatedPeakBytes == 0)
        m.allocatedPeakBytes = m.firstStepAllocatedPeakBytes;
    if (dataParallel)
        m.dataParallel = dataParallel->measurement();
}

// What LibTorch's out-of-memory error says, as the worker's answer.
WorkerError outOfMemoryError(const c10::Error& e, const ValidationRequest& request, const RunDevice& device) {
    const auto atBatch = "does not fit at batch " + std::to_string(request.inputs.batch);
    std::string what = e.what_without_backtrace();
    // LibTorch's message names the request, the capacity and what was in use.
    if (device.cuda)
        return WorkerError(ValidationErrorKind::OutOfMemory,
                           atBatch + " on " + request.device + ": " + what.substr(0, what.find('\n')));
    // The sizes only when the tracking allocator's limit refused it; else the system did
    // (no limit, or malloc failed under it), and LibTorch's words say what was asked for.
    const auto refused = TrackingCpuAllocator::refusedRequest();
    const auto limit = TrackingCpuAllocator::limit();
    if (refused > 0 && limit > 0)
        return WorkerError(ValidationErrorKind::OutOfMemory,
                           atBatch + ": an allocation of " + std::to_string(refused) +
                               " bytes would pass the limit of " + std::to_string(limit) + " bytes");
    return WorkerError(ValidationErrorKind::OutOfMemory,
                       atBatch + ": the system refused LibTorch memory (" +
                           what.substr(0, std::min<std::size_t>(what.find('\n'), 300)) + ")");
}

void summarise(ValidationMeasurement& m, const PhaseSamples& samples, const ValidationRequest& request,
               const RunDevice& device) {
    m.stepSecondsMedian = median(m.stepSeconds);
    m.phases = {median(samples.forwardTimes), median(samples.backwardTimes), median(samples.optimizerTimes)};
    if (!device.cuda && !samples.forwardFaults.empty()) {
        const double page = static_cast<double>(sysconf(_SC_PAGESIZE));
        m.freshPageBytes = PhaseBytes{static_cast<std::int64_t>(median(samples.forwardFaults) * page),
                                      static_cast<std::int64_t>(median(samples.backwardFaults) * page),
                                      static_cast<std::int64_t>(median(samples.optimizerFaults) * page)};
    }
    m.samplesPerSecond =
        m.stepSecondsMedian > 0 ? static_cast<double>(request.inputs.batch) / m.stepSecondsMedian : 0;
}

} // namespace

ValidationMeasurement runTraining(const ModelGraph& graph, const ValidationRequest& request,
                                  const ProgressFn& progress, const Rendezvous* rendezvous) {
    // NVML's view of the GPUs must be taken before anything creates a CUDA context.
    if (request.device != "cpu" && cuda::built())
        cuda::recordMemoryBeforeContext();
    const RunDevice device = resolveDevice(request.device);
    checkSupported(request, device);

    at::set_num_threads(request.threads > 0
                            ? request.threads
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    auto start = Clock::now();
    TrackingCpuAllocator::forgetRefusal();
    ValidationMeasurement m;
    if (device.cuda) {
        m.contextBytes = cuda::createContext(device.index);
        cuda::releaseCachedMemory(); // a previous --max-batch attempt's blocks are not this run's
        // PyTorch's defaults: float32 matmuls in full precision unless tf32 is asked for; cuDNN's
        // convolutions may use TF32 either way.
        at::globalContext().setAllowTF32CuBLAS(request.precision == Precision::Tf32);
    }
    PhaseSamples samples;
    try {
        trainSteps(graph, request, device, progress, start, rendezvous, m, samples);
    } catch (const GraphError& e) {
        throw WorkerError(ValidationErrorKind::InvalidRequest, e.what());
    } catch (const c10::Error& e) {
        if (isOutOfMemory(e))
            throw outOfMemoryError(e, request, device);
        throw WorkerError(ValidationErrorKind::Internal,
                          std::string("LibTorch failed: ") + e.what_without_backtrace());
    }
    summarise(m, samples, request, device);
    // The device's rates are the machine's, not the workload's: measured outside its memory limit.
    auto limit = TrackingCpuAllocator::limit();
    TrackingCpuAllocator::setLimit(0);
    measureDevice(m, device);
    TrackingCpuAllocator::setLimit(limit);
    if (device.cuda)
        cuda::releaseCachedMemory();
    return m;
}

} // namespace torchrig::validate
