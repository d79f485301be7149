#pragma once
// What the worker measures of a device and a step, in the shapes the estimator predicts and a
// calibrated estimate uses: the kernels' rates, a step's phases and the fresh pages they fault in.

#include <cstdint>

namespace torchrig {

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

} // namespace torchrig
