#include "training_run.h"

#include "graph_network.h"
#include "host_memory.h"
#include "tracking_cpu_allocator.h"

#include <ATen/autocast_mode.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <thread>

namespace torchrig::validate {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

bool isOutOfMemory(const c10::Error& e) {
    std::string what = e.what();
    return what.find("can't allocate memory") != std::string::npos ||
           what.find("out of memory") != std::string::npos;
}

// PyTorch 2.x's optimizers, implemented as its Python code runs them (torch/optim/adam.py,
// sgd.py): the single-tensor loop and the multi-tensor "foreach" form, whose temporaries span
// all parameters at once.
class Optimizer {
public:
    Optimizer(const ValidationRequest& request, std::vector<at::Tensor>& params)
        : m_kind(request.optimizer)
        , m_foreach(request.optimizerImpl == OptimizerImpl::Foreach)
        , m_params(params) {}

    void step() {
        at::NoGradGuard noGrad;
        std::vector<at::Tensor> params, grads;
        for (auto& p : m_params) {
            if (p.grad().defined()) {
                params.push_back(p);
                grads.push_back(p.grad());
            }
        }
        if (m_kind == OptimizerKind::Sgd || m_kind == OptimizerKind::SgdMomentum)
            sgd(params, grads);
        else
            adam(params, grads);
    }

private:
    void sgd(std::vector<at::Tensor>& params, std::vector<at::Tensor>& grads) {
        constexpr double lr = 0.01, momentum = 0.9;
        if (m_kind == OptimizerKind::Sgd) {
            if (m_foreach)
                at::_foreach_add_(params, grads, -lr);
            else
                for (std::size_t i = 0; i < params.size(); ++i)
                    params[i].add_(grads[i], -lr);
            return;
        }
        if (m_first.empty()) { // momentum buffers start as clones of the first gradients
            for (auto& g : grads)
                m_first.push_back(g.clone());
        } else if (m_foreach) {
            at::_foreach_mul_(m_first, momentum);
            at::_foreach_add_(m_first, grads, 1.0);
        } else {
            for (std::size_t i = 0; i < grads.size(); ++i)
                m_first[i].mul_(momentum).add_(grads[i], 1.0);
        }
        if (m_foreach)
            at::_foreach_add_(params, m_first, -lr);
        else
            for (std::size_t i = 0; i < params.size(); ++i)
                params[i].add_(m_first[i], -lr);
    }

    void adam(std::vector<at::Tensor>& params, std::vector<at::Tensor>& grads) {
        constexpr double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
        const double weightDecay = m_kind == OptimizerKind::AdamW ? 0.01 : 0.0;
        if (m_first.empty()) { // state is created at the first step, as PyTorch does lazily
            for (auto& p : params) {
                m_first.push_back(at::zeros_like(p, at::MemoryFormat::Preserve));
                m_second.push_back(at::zeros_like(p, at::MemoryFormat::Preserve));
                m_steps.push_back(at::zeros({}, at::kFloat)); // a float32 scalar tensor per parameter
            }
        }
        for (auto& s : m_steps)
            s.add_(1);
        ++m_step;
        const double correction1 = 1 - std::pow(beta1, m_step);
        const double correction2Sqrt = std::sqrt(1 - std::pow(beta2, m_step));
        const double stepSize = lr / correction1;
        if (m_foreach) {
            if (weightDecay != 0)
                at::_foreach_mul_(params, 1 - lr * weightDecay);
            at::_foreach_mul_(m_first, beta1); // lerp_(grad, 1 - beta1); 1.13 has no _foreach_lerp_
            at::_foreach_add_(m_first, grads, 1 - beta1);
            at::_foreach_mul_(m_second, beta2);
            at::_foreach_addcmul_(m_second, grads, grads, 1 - beta2);
            auto denominators = at::_foreach_sqrt(m_second);
            at::_foreach_div_(denominators, correction2Sqrt);
            at::_foreach_add_(denominators, eps);
            at::_foreach_addcdiv_(params, m_first, denominators, -stepSize);
            return;
        }
        for (std::size_t i = 0; i < params.size(); ++i) {
            if (weightDecay != 0)
                params[i].mul_(1 - lr * weightDecay);
            m_first[i].lerp_(grads[i], 1 - beta1);
            m_second[i].mul_(beta2).addcmul_(grads[i], grads[i], 1 - beta2);
            auto denominator = (m_second[i].sqrt() / correction2Sqrt).add_(eps);
            params[i].addcdiv_(m_first[i], denominator, -stepSize);
        }
    }

    OptimizerKind m_kind;
    bool m_foreach;
    std::vector<at::Tensor>& m_params;
    std::vector<at::Tensor> m_first;  // momentum buffers / exp_avg
    std::vector<at::Tensor> m_second; // exp_avg_sq
    std::vector<at::Tensor> m_steps;
    int m_step = 0;
};

// torch.autocast("cpu", dtype=torch.bfloat16) around the forward and the loss, as a training loop
// writes it: on entry autocast is enabled; on exit disabled, and its cache of low-precision weight
// copies cleared when the outermost scope ends.
class CpuAutocastScope {
public:
    explicit CpuAutocastScope(bool enabled)
        : m_enabled(enabled) {
        if (!m_enabled)
            return;
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
        at::autocast::set_autocast_dtype(at::kCPU, at::kBFloat16);
        at::autocast::set_autocast_enabled(at::kCPU, true);
#else
        at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
        at::autocast::set_cpu_enabled(true);
#endif
        at::autocast::increment_nesting();
    }
    ~CpuAutocastScope() {
        exit();
    }
    void exit() {
        if (!m_enabled)
            return;
        m_enabled = false;
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
        at::autocast::set_autocast_enabled(at::kCPU, false);
#else
        at::autocast::set_cpu_enabled(false);
#endif
        if (at::autocast::decrement_nesting() == 0)
            at::autocast::clear_cache();
    }
    CpuAutocastScope(const CpuAutocastScope&) = delete;
    CpuAutocastScope& operator=(const CpuAutocastScope&) = delete;

private:
    bool m_enabled;
};

double median(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    auto n = values.size();
    return n == 0 ? 0 : n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

void measureDevice(ValidationMeasurement& m) {
    at::NoGradGuard noGrad;
    constexpr std::int64_t n = 1024;
    auto a = at::randn({n, n});
    auto b = at::randn({n, n});
    at::matmul(a, b); // warm-up
    std::vector<double> times;
    for (int i = 0; i < 5; ++i) {
        auto start = Clock::now();
        auto c = at::matmul(a, b);
        times.push_back(secondsSince(start));
    }
    m.matmulFlopsPerSecond = 2.0 * n * n * n / median(times);
    auto source = at::randn({16 * 1024 * 1024}); // 64 MiB
    auto target = at::empty_like(source);
    target.copy_(source);
    times.clear();
    for (int i = 0; i < 5; ++i) {
        auto start = Clock::now();
        target.copy_(source);
        times.push_back(secondsSince(start));
    }
    m.copyBytesPerSecond = 2.0 * static_cast<double>(source.nbytes()) / median(times); // read + write
}

} // namespace

void prepareLibTorch() {
    TrackingCpuAllocator::install();
}

std::vector<ValidationDevice> probeDevices() {
    std::vector<ValidationDevice> devices = {describeDevice(ValidationRequest{})};
    devices.front().threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    // device_count() is size_t in LibTorch 1.13 and a small signed type in 2.x.
    const auto cudaDevices = static_cast<std::size_t>(torch::cuda::device_count());
    for (std::size_t i = 0; i < cudaDevices; ++i) {
        ValidationDevice cuda;
        cuda.kind = "cuda:" + std::to_string(i);
        cuda.libtorchVersion = TORCH_VERSION;
        devices.push_back(cuda);
    }
    return devices;
}

std::int64_t countNetworkParameters(const ModelGraph& graph) {
    GraphNetwork network(graph, at::Device(at::kMeta), 0);
    return network.parameterCount();
}

ValidationDevice describeDevice(const ValidationRequest& request) {
    ValidationDevice device;
    device.kind = "cpu";
    device.threads = at::get_num_threads();
    device.libtorchVersion = TORCH_VERSION;
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("model name", 0) == 0) {
            device.name = line.substr(line.find(':') + 2);
            break;
        }
    }
    device.totalMemoryBytes = hostMemoryBytes("MemTotal");
    (void)request;
    return device;
}

ValidationMeasurement runTraining(const ModelGraph& graph, const ValidationRequest& request,
                                  const ProgressFn& progress) {
    if (request.device != "cpu")
        throw WorkerError(
            ValidationErrorKind::Unsupported,
            "this worker measures on the CPU only so far; CUDA runs need a CUDA build of LibTorch and "
            "the CUDA measurement, which are not written yet");
    if (request.precision == Precision::AmpFp16 || request.precision == Precision::Bf16)
        throw WorkerError(
            ValidationErrorKind::Unsupported,
            std::string("precision ") + std::string(precisionId(request.precision)) +
                " is not measured on the CPU: LibTorch's CPU autocast supports bfloat16 only, and pure "
                "bf16 is not written yet; use fp32, tf32 (fp32 on the CPU) or amp-bf16");
    if (request.checkpointing != Checkpointing::None)
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "activation checkpointing is not measured by this worker yet");
    if (request.optimizerImpl == OptimizerImpl::Fused)
        throw WorkerError(ValidationErrorKind::Unsupported,
                          "the fused optimizers are not measured by this worker yet");

    at::set_num_threads(request.threads > 0
                            ? request.threads
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    auto start = Clock::now();
    ValidationMeasurement m;
    try {
        progress("build", 0, secondsSince(start));
        GraphNetwork network(graph, at::Device(at::kCPU), request.seed);
        m.parameterCount = network.parameterCount();
        Optimizer optimizer(request, network.parameters());
        const int total = request.warmupSteps + request.steps;
        for (int step = 1; step <= total; ++step) {
            if (secondsSince(start) > request.timeLimitSeconds)
                throw WorkerError(ValidationErrorKind::Internal,
                                  "the time limit of " + std::to_string(request.timeLimitSeconds) +
                                      " s ran out after " + std::to_string(step - 1) + " steps");
            bool measured = step > request.warmupSteps;
            TrackingCpuAllocator::resetPeak();
            auto stepStart = Clock::now();
            for (auto& p : network.parameters())
                p.mutable_grad().reset(); // zero_grad(set_to_none=True), PyTorch 2.x's default
            CpuAutocastScope autocast(request.precision == Precision::AmpBf16);
            auto loss = network.forward();
            autocast.exit();
            loss.backward();
            loss.reset();
            optimizer.step();
            auto seconds = secondsSince(stepStart);
            auto peak = TrackingCpuAllocator::peakBytes();
            if (step == 1)
                m.firstStepAllocatedPeakBytes = peak;
            if (measured) {
                m.allocatedPeakBytes = std::max(m.allocatedPeakBytes, peak);
                m.stepSeconds.push_back(seconds);
            }
            progress(measured ? "measure" : "warmup", step, secondsSince(start));
        }
        if (request.steps > 0 && m.allocatedPeakBytes == 0)
            m.allocatedPeakBytes = m.firstStepAllocatedPeakBytes;
    } catch (const c10::Error& e) {
        if (isOutOfMemory(e))
            throw WorkerError(ValidationErrorKind::OutOfMemory,
                              "does not fit at batch " + std::to_string(request.inputs.batch) +
                                  ": an allocation of " +
                                  std::to_string(TrackingCpuAllocator::refusedRequest()) +
                                  " bytes would pass the limit of " +
                                  std::to_string(TrackingCpuAllocator::limit()) + " bytes");
        throw WorkerError(ValidationErrorKind::Internal,
                          std::string("LibTorch failed: ") + e.what_without_backtrace());
    }
    m.stepSecondsMedian = median(m.stepSeconds);
    m.samplesPerSecond =
        m.stepSecondsMedian > 0 ? static_cast<double>(request.inputs.batch) / m.stepSecondsMedian : 0;
    // The device's rates are the machine's, not the workload's: measured outside its memory limit.
    auto limit = TrackingCpuAllocator::limit();
    TrackingCpuAllocator::setLimit(0);
    measureDevice(m);
    TrackingCpuAllocator::setLimit(limit);
    return m;
}

} // namespace torchrig::validate
