#pragma once
// The optimizers and the gradient scaler the worker trains with, written as PyTorch's Python code
// runs them. Included by training_run.cpp alone: a header rather than a translation unit of its
// own, as each file with LibTorch's headers costs ~20 s to compile (CMakeLists.txt).

#include "run_device.h"
#include "training_run.h"
#include "validation/validation_protocol.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace torchrig::validate {

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

} // namespace torchrig::validate
