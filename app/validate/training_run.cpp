#include "training_run.h"

#include "cuda_device.h"
#include "estimate/memory_estimate.h"
#include "graph_network.h"
#include "tracking_cpu_allocator.h"
#include "util/host_cpu.h"
#include "util/host_memory.h"

#include <ATen/autocast_mode.h>
#include <torch/cuda.h>
#include <torch/torch.h>
#include <torch/version.h>

#include <algorithm>
#include <chrono>
#include <cmath>
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

#define TORCHRIG_TORCH_AT_LEAST(major, minor)                                                                \
    (TORCH_VERSION_MAJOR > (major) || (TORCH_VERSION_MAJOR == (major) && TORCH_VERSION_MINOR >= (minor)))

// Where a run trains: the CPU, or one CUDA device of a CUDA build of LibTorch.
struct RunDevice {
    bool cuda = false;
    int index = 0;

    at::Device device() const {
        return cuda ? at::Device(at::kCUDA, static_cast<c10::DeviceIndex>(index)) : at::Device(at::kCPU);
    }
    void synchronize() const {
        if (cuda)
            cuda::synchronize(index);
    }
};

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

// PyTorch 2.x's optimizers, implemented as its Python code runs them (torch/optim/adam.py,
// sgd.py): the single-tensor loop and the multi-tensor "foreach" form, whose temporaries span
// all parameters at once.
class Optimizer {
public:
    Optimizer(const ValidationRequest& request, const RunDevice& device, std::vector<at::Tensor>& params)
        : m_kind(request.optimizer)
        , m_foreach(request.optimizerImpl == OptimizerImpl::Foreach ||
                    (request.optimizerImpl == OptimizerImpl::Default && device.cuda))
        , m_fused(request.optimizerImpl == OptimizerImpl::Fused)
        , m_device(device.device())
        , m_params(params) {}

    // The gradients that step() would read, for a GradScaler to unscale.
    std::vector<at::Tensor> gradients() const {
        std::vector<at::Tensor> grads;
        for (const auto& p : m_params) {
            if (p.grad().defined())
                grads.push_back(p.grad());
        }
        return grads;
    }

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
        else if (m_kind == OptimizerKind::Lion)
            lion(params, grads);
        else if (m_kind == OptimizerKind::Adafactor)
            adafactor(params, grads);
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
        // torch.optim defaults; AdamW's weight decay is 0.01, Adam's none.
        constexpr double lr = 1e-3, beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
        const double weightDecay = m_kind == OptimizerKind::AdamW ? 0.01 : 0.0;
        if (m_first.empty()) { // state is created at the first step, as PyTorch does lazily
            for (auto& p : params) {
                m_first.push_back(at::zeros_like(p, at::MemoryFormat::Preserve));
                m_second.push_back(at::zeros_like(p, at::MemoryFormat::Preserve));
                // A float32 scalar tensor per parameter: on the CPU, or beside it for fused.
                m_steps.push_back(at::zeros(
                    {},
                    at::TensorOptions().dtype(at::kFloat).device(m_fused ? m_device : at::Device(at::kCPU))));
            }
        }
        if (m_fused) {
            fusedAdam(params, grads, lr, beta1, beta2, eps, weightDecay);
            return;
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

    // lion-pytorch's Lion, its PyTorch update function: decoupled decay, the sign of an
    // interpolation of momentum and gradient, then the momentum's own update.
    void lion(std::vector<at::Tensor>& params, std::vector<at::Tensor>& grads) {
        constexpr double lr = 1e-4, beta1 = 0.9, beta2 = 0.99, weightDecay = 0.0;
        if (m_first.empty())
            for (auto& p : params)
                m_first.push_back(at::zeros_like(p, at::MemoryFormat::Preserve));
        for (std::size_t i = 0; i < params.size(); ++i) {
            params[i].mul_(1 - lr * weightDecay);
            auto update = m_first[i].clone().mul_(beta1).add(grads[i], 1 - beta1).sign_();
            params[i].add_(update, -lr);
            m_first[i].mul_(beta2).add_(grads[i], 1 - beta2);
        }
    }

    // torch.optim.Adafactor (PyTorch 2.5) with its defaults, single-tensor: no first moment; a
    // matrix keeps a row and a column factor of the second moment, a vector the whole of it.
    void adafactor(std::vector<at::Tensor>& params, std::vector<at::Tensor>& grads) {
        constexpr double lr = 1e-2, beta2Decay = -0.8, d = 1.0, weightDecay = 0.0;
        const double eps1 = 1e-30, eps2 = 1e-3; // eps=(None, 1e-3): None is the dtype's tiny
        if (m_steps.empty()) {
            for (auto& p : params) {
                m_steps.push_back(at::zeros({}, at::TensorOptions().dtype(at::kFloat)));
                if (p.dim() > 1) {
                    auto rowShape = p.sizes().vec(), columnShape = p.sizes().vec();
                    rowShape.back() = 1;
                    columnShape[columnShape.size() - 2] = 1;
                    m_first.push_back(at::zeros(rowShape, p.options()));
                    m_second.push_back(at::zeros(columnShape, p.options()));
                } else {
                    m_first.push_back(at::Tensor());
                    m_second.push_back(at::zeros_like(p, at::MemoryFormat::Preserve));
                }
            }
        }
        // PyTorch's loop variables outlive an iteration: the previous parameter's estimate is
        // freed only when the next one is assigned.
        at::Tensor estimate;
        for (std::size_t i = 0; i < params.size(); ++i) {
            auto& p = params[i];
            const auto& g = grads[i];
            m_steps[i].add_(1);
            const double step = m_steps[i].item<double>();
            const double oneMinusBeta2 = std::pow(step, beta2Decay);
            const double rho = std::min(lr, 1 / std::sqrt(step));
            const double alpha =
                std::max(eps2, p.norm(2).item<double>() / std::sqrt(double(p.numel()))) * rho;
            if (weightDecay != 0)
                p.mul_(1 - lr * weightDecay);
            if (g.dim() > 1) {
                auto rowMean = at::norm(g, 2, {-1}, true).square_().div_(g.size(-1));
                m_first[i].lerp_(rowMean, oneMinusBeta2);
                auto columnMean = at::norm(g, 2, {-2}, true).square_().div_(g.size(-2));
                m_second[i].lerp_(columnMean, oneMinusBeta2);
                estimate = at::matmul(m_first[i], m_second[i]);
                estimate.div_(m_first[i].mean(-2, true).clamp_(eps1));
            } else {
                auto squared = g * g;
                m_second[i].lerp_(squared, oneMinusBeta2);
                estimate = m_second[i].clone();
            }
            auto update = estimate.clamp_(eps1 * eps1).rsqrt_();
            update.mul_(g);
            const double denominator =
                std::max(1.0, update.norm(2).item<double>() / (std::sqrt(double(update.numel())) * d));
            p.add_(update, -alpha / denominator);
        }
    }

    // torch.optim.Adam/AdamW(fused=True): the step counters are advanced with one foreach add,
    // then one kernel updates every parameter.
    void fusedAdam(std::vector<at::Tensor>& params, std::vector<at::Tensor>& grads, double lr, double beta1,
                   double beta2, double eps, double weightDecay) {
#if TORCHRIG_TORCH_AT_LEAST(2, 1)
        at::_foreach_add_(m_steps, 1);
        if (m_kind == OptimizerKind::AdamW)
            at::_fused_adamw_(params, grads, m_first, m_second, {}, m_steps, lr, beta1, beta2, weightDecay,
                              eps, false, false);
        else
            at::_fused_adam_(params, grads, m_first, m_second, {}, m_steps, lr, beta1, beta2, weightDecay,
                             eps, false, false);
#else
        (void)params, (void)grads, (void)lr, (void)beta1, (void)beta2, (void)eps, (void)weightDecay;
        throw WorkerError(ValidationErrorKind::Unsupported, "the fused optimizers need LibTorch 2.1");
#endif
    }

    OptimizerKind m_kind;
    bool m_foreach;
    bool m_fused;
    at::Device m_device;
    std::vector<at::Tensor>& m_params;
    std::vector<at::Tensor> m_first;  // momentum buffers / exp_avg
    std::vector<at::Tensor> m_second; // exp_avg_sq
    std::vector<at::Tensor> m_steps;
    int m_step = 0;
};

// torch.amp.GradScaler with its defaults, for amp-fp16: the loss is scaled before backward; step()
// unscales the gradients in place, skips the optimizer when one is not finite, and updates the
// scale.
class GradScaler {
public:
    explicit GradScaler(const RunDevice& device)
        : m_scale(at::full({}, 65536.0, at::TensorOptions().dtype(at::kFloat).device(device.device())))
        , m_growthTracker(at::zeros({}, at::TensorOptions().dtype(at::kInt).device(device.device()))) {}

    at::Tensor scale(const at::Tensor& loss) const { return loss * m_scale; }

    void step(Optimizer& optimizer) {
        at::NoGradGuard noGrad;
        auto inverse = m_scale.to(at::kDouble).reciprocal().to(at::kFloat);
        auto foundInf = at::zeros({}, m_scale.options());
        auto grads = optimizer.gradients();
        at::_amp_foreach_non_finite_check_and_unscale_(grads, foundInf, inverse);
        if (foundInf.item<float>() == 0)
            optimizer.step();
        at::_amp_update_scale_(m_scale, m_growthTracker, foundInf, 2.0, 0.5, 2000);
    }

private:
    at::Tensor m_scale;
    at::Tensor m_growthTracker;
};

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

// The kernel classes the roofline tells apart (io/validation_protocol.h: KernelRates), each timed
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
        return std::pair(seconds, std::max(both - seconds, 1e-9));
    };
    auto& k = m.kernels;
    {
        const std::int64_t rows = device.cuda ? 8192 : 512, features = device.cuda ? 4096 : 1024;
        auto x = at::randn({rows, features}, options).requires_grad_(true);
        auto w = at::randn({features, features}, options).requires_grad_(true);
        const double flops = 2.0 * static_cast<double>(rows * features * features);
        auto [forward, backward] = timed([&] { return at::linear(x, w); });
        k.linearFlopsPerSecond = flops / forward;
        k.linearBackwardFlopsPerSecond = 2 * flops / backward;
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
        backwardRate = 2 * flops / backward;
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

ValidationMeasurement runTraining(const ModelGraph& graph, const ValidationRequest& request,
                                  const ProgressFn& progress) {
    // NVML's view of the GPUs must be taken before anything creates a CUDA context.
    if (request.device != "cpu" && cuda::built())
        cuda::recordMemoryBeforeContext();
    const RunDevice device = resolveDevice(request.device);
    checkSupported(request, device);

    at::set_num_threads(request.threads > 0
                            ? request.threads
                            : static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    auto start = Clock::now();
    ValidationMeasurement m;
    std::vector<double> forwardTimes, backwardTimes, optimizerTimes;
    std::vector<double> forwardFaults, backwardFaults, optimizerFaults;
    if (device.cuda) {
        m.contextBytes = cuda::createContext(device.index);
        cuda::releaseCachedMemory(); // a previous --max-batch attempt's blocks are not this run's
        // PyTorch's defaults: float32 matmuls in full precision unless tf32 is asked for; cuDNN's
        // convolutions may use TF32 either way.
        at::globalContext().setAllowTF32CuBLAS(request.precision == Precision::Tf32);
    }
    AutocastState autocast;
    autocast.enabled = request.precision == Precision::AmpBf16 || request.precision == Precision::AmpFp16;
    autocast.device = device.cuda ? at::kCUDA : at::kCPU;
    autocast.dtype = request.precision == Precision::AmpFp16 ? at::kHalf : at::kBFloat16;
    try {
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
        const int total = request.warmupSteps + request.steps;
        for (int step = 1; step <= total; ++step) {
            if (secondsSince(start) > request.timeLimitSeconds)
                throw WorkerError(ValidationErrorKind::Internal,
                                  "the time limit of " + std::to_string(request.timeLimitSeconds) +
                                      " s ran out after " + std::to_string(step - 1) + " steps");
            bool measured = step > request.warmupSteps;
            if (device.cuda)
                cuda::resetPeaks(device.index);
            else
                TrackingCpuAllocator::resetPeak();
            auto stepStart = Clock::now();
            auto phaseStart = stepStart;
            double forwardSeconds = 0, backwardSeconds = 0;
            std::int64_t forwardFaultCount = 0, backwardFaultCount = 0;
            auto faultsAt = minorFaults();
            for (auto& p : network.parameters())
                p.mutable_grad().reset(); // zero_grad(set_to_none=True), PyTorch 2.x's default
            at::Tensor loss;
            if (request.inference) { // generate()'s prefill: the head runs for the last token only
                c10::InferenceMode inferenceMode;
                AutocastScope autocastScope(autocast);
                loss = network.forward(estimate::headOpIndex(graph));
                device.synchronize();
                phaseStart = Clock::now();
                forwardSeconds = std::chrono::duration<double>(phaseStart - stepStart).count();
            }
            for (int micro = 0; micro < (request.inference ? 0 : request.gradientAccumulation); ++micro) {
                AutocastScope autocastScope(autocast);
                loss = network.forward(); // the previous micro-batch's loss goes as this one is assigned
                autocastScope.exit();
                device.synchronize();
                const auto backwardStart = Clock::now();
                forwardSeconds += std::chrono::duration<double>(backwardStart - phaseStart).count();
                forwardFaultCount += minorFaults() - faultsAt;
                faultsAt = minorFaults();
                if (scaler)
                    scaler->scale(loss).backward();
                else
                    loss.backward();
                device.synchronize();
                phaseStart = Clock::now();
                backwardSeconds += std::chrono::duration<double>(phaseStart - backwardStart).count();
                backwardFaultCount += minorFaults() - faultsAt;
                faultsAt = minorFaults();
            }
            // The loss stays alive through the optimizer's step, as a Python loop's variable does.
            if (!request.inference) {
                if (scaler)
                    scaler->step(optimizer);
                else
                    optimizer.step();
            }
            device.synchronize();
            const double optimizerSeconds = secondsSince(phaseStart);
            const auto optimizerFaultCount = minorFaults() - faultsAt;
            auto seconds = secondsSince(stepStart);
            m.loss = loss.defined() ? loss.item<double>() : std::numeric_limits<double>::quiet_NaN();
            loss.reset();
            std::int64_t peak = 0;
            if (device.cuda) {
                auto peaks = cuda::peaks(device.index);
                peak = peaks.allocated;
                if (measured) {
                    m.reservedPeakBytes = std::max(m.reservedPeakBytes.value_or(0), peaks.reserved);
                    m.deviceUsedBytes =
                        std::max(m.deviceUsedBytes.value_or(0), cuda::deviceUsedBytes(device.index));
                }
            } else {
                peak = TrackingCpuAllocator::peakBytes();
            }
            if (step == 1)
                m.firstStepAllocatedPeakBytes = peak;
            if (measured) {
                m.allocatedPeakBytes = std::max(m.allocatedPeakBytes, peak);
                m.stepSeconds.push_back(seconds);
                forwardTimes.push_back(forwardSeconds);
                backwardTimes.push_back(backwardSeconds);
                optimizerTimes.push_back(optimizerSeconds);
                forwardFaults.push_back(static_cast<double>(forwardFaultCount));
                backwardFaults.push_back(static_cast<double>(backwardFaultCount));
                optimizerFaults.push_back(static_cast<double>(optimizerFaultCount));
            }
            progress(measured ? "measure" : "warmup", step, secondsSince(start));
        }
        if (request.steps > 0 && m.allocatedPeakBytes == 0)
            m.allocatedPeakBytes = m.firstStepAllocatedPeakBytes;
    } catch (const GraphError& e) {
        throw WorkerError(ValidationErrorKind::InvalidRequest, e.what());
    } catch (const c10::Error& e) {
        if (isOutOfMemory(e)) {
            if (device.cuda) {
                // LibTorch's message names the request, the capacity and what was in use.
                std::string what = e.what_without_backtrace();
                throw WorkerError(ValidationErrorKind::OutOfMemory,
                                  "does not fit at batch " + std::to_string(request.inputs.batch) + " on " +
                                      request.device + ": " + what.substr(0, what.find('\n')));
            }
            throw WorkerError(ValidationErrorKind::OutOfMemory,
                              "does not fit at batch " + std::to_string(request.inputs.batch) +
                                  ": an allocation of " +
                                  std::to_string(TrackingCpuAllocator::refusedRequest()) +
                                  " bytes would pass the limit of " +
                                  std::to_string(TrackingCpuAllocator::limit()) + " bytes");
        }
        throw WorkerError(ValidationErrorKind::Internal,
                          std::string("LibTorch failed: ") + e.what_without_backtrace());
    }
    m.stepSecondsMedian = median(m.stepSeconds);
    m.phases = {median(forwardTimes), median(backwardTimes), median(optimizerTimes)};
    if (!device.cuda && !forwardFaults.empty()) {
        const double page = static_cast<double>(sysconf(_SC_PAGESIZE));
        m.freshPageBytes = PhaseBytes{static_cast<std::int64_t>(median(forwardFaults) * page),
                                      static_cast<std::int64_t>(median(backwardFaults) * page),
                                      static_cast<std::int64_t>(median(optimizerFaults) * page)};
    }
    m.samplesPerSecond =
        m.stepSecondsMedian > 0 ? static_cast<double>(request.inputs.batch) / m.stepSecondsMedian : 0;
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
