#include "estimate/achievable_rates.h"

#include <charconv>

namespace torchrig::estimate {

GpuArchitecture architectureOf(std::string_view cc) {
    if (cc.rfind("gfx9", 0) == 0)
        return GpuArchitecture::Cdna;
    if (cc.rfind("gfx1", 0) == 0)
        return GpuArchitecture::Rdna;
    const auto dot = cc.find('.');
    int major = 0, minor = 0;
    if (dot == std::string_view::npos ||
        std::from_chars(cc.data(), cc.data() + dot, major).ec != std::errc{} ||
        std::from_chars(cc.data() + dot + 1, cc.data() + cc.size(), minor).ec != std::errc{})
        return GpuArchitecture::Unknown;
    switch (major) {
    case 7: return minor == 0 ? GpuArchitecture::Volta : GpuArchitecture::Turing;
    case 8:
        return minor == 0   ? GpuArchitecture::AmpereGa100
               : minor == 9 ? GpuArchitecture::Ada
                            : GpuArchitecture::AmpereGa10x;
    case 9: return GpuArchitecture::Hopper;
    case 10: return GpuArchitecture::Blackwell;
    case 12: return GpuArchitecture::BlackwellGb20x;
    default: return GpuArchitecture::Unknown;
    }
}

std::string_view architectureName(GpuArchitecture architecture) {
    switch (architecture) {
    case GpuArchitecture::Volta: return "Volta";
    case GpuArchitecture::Turing: return "Turing";
    case GpuArchitecture::AmpereGa100: return "Ampere (GA100)";
    case GpuArchitecture::AmpereGa10x: return "Ampere (GA10x)";
    case GpuArchitecture::Ada: return "Ada Lovelace";
    case GpuArchitecture::Hopper: return "Hopper";
    case GpuArchitecture::Blackwell: return "Blackwell (GB100)";
    case GpuArchitecture::BlackwellGb20x: return "Blackwell (GB20x)";
    case GpuArchitecture::Cdna: return "AMD CDNA";
    case GpuArchitecture::Rdna: return "AMD RDNA";
    case GpuArchitecture::Unknown: break;
    }
    return "unknown architecture";
}

// Printed by torchrig-fit-step-time (tests/accuracy/fit_step_time.cpp) from the rows of
// tests/accuracy/published_training_throughput.csv marked "fit": Lambda's published PyTorch training
// throughput (NVIDIA's DeepLearningExamples ResNet-50 and BERT-base SQuAD, amp-fp16 and TF32) on
// the V100 SXM2 16GB, RTX 3090, A10, A100 40GB PCIe, A100 80GB SXM4, RTX 4090 and H100 SXM5. Each
// architecture's reference card is its fitted card with the highest peak and the fewest FLOPs per
// watt; the exponents and the narrow dimension are one for all, the set that fitted best (the fit
// found no gain in the narrow-dimension loss or the bandwidth exponent on these two workloads:
// 0). The uncertainty is the largest error, estimated over published samples/s, of that
// architecture's held-out GPUs in the same round (the A100 80GB PCIe, RTX A6000, RTX 6000 Ada and
// H100 PCIe), else the largest of all of them; the architectures never fitted also take at least
// the largest share error of their held-out GPUs (the RTX 2080 Ti, Turing).
const ArchitectureRates& architectureRates(GpuArchitecture architecture) {
    // {half-precision, tf32 matrix, bandwidth fractions; half-precision, tf32 FLOP/s per W, power
    // exponent; reference bandwidth, exponent; reference half-precision, tf32 peaks, exponent}, uncertainty
    static const ArchitectureRates volta{
        {0.605, 0.863, 0.580, 4.167e+11, 5.233e+10, 0.25, 9e+11, 0.00, 1.25e+14, 1.57e+13, 0.50, 0},
        0.22,
        true};
    static const ArchitectureRates ga100{
        {0.625, 0.847, 0.515, 7.8e+11, 3.9e+11, 0.25, 2.039e+12, 0.00, 3.12e+14, 1.56e+14, 0.50, 0},
        0.22,
        true};
    static const ArchitectureRates ga10x{
        {0.628, 0.692, 0.632, 2.029e+11, 1.017e+11, 0.25, 9.36e+11, 0.00, 1.25e+14, 6.25e+13, 0.50, 0},
        0.16,
        true};
    static const ArchitectureRates ada{
        {0.936, 0.852, 0.711, 3.671e+11, 1.836e+11, 0.25, 1.008e+12, 0.00, 1.652e+14, 8.26e+13, 0.50, 0},
        0.16,
        true};
    static const ArchitectureRates hopper{
        {0.514, 0.691, 0.472, 1.413e+12, 7.067e+11, 0.25, 3.35e+12, 0.00, 9.894e+14, 4.947e+14, 0.50, 0},
        0.19,
        true};
    // The RTX 50 series and RTX PRO Blackwell (sm_120) run their tensor cores as Ada does (warp-level
    // mma, GDDR memory, the same reference scaling by peak and power), not as the B200: Ada's fitted
    // fractions, never fitted to a Blackwell card. Held against the one published figure found
    // (the 2025 round of published_training_throughput.csv: RTX 5090 ResNet-50), and its uncertainty
    // is the unfitted architectures' until a Blackwell card is fitted.
    static const ArchitectureRates blackwellGb20x{ada.fractions, 0.22, false};
    // No published figure of these was fitted: the median of the fitted architectures' fractions,
    // without a reference card to scale by.
    static const ArchitectureRates others{{0.625, 0.847, 0.580}, 0.22, false};
    switch (architecture) {
    case GpuArchitecture::Volta: return volta;
    case GpuArchitecture::AmpereGa100: return ga100;
    case GpuArchitecture::AmpereGa10x: return ga10x;
    case GpuArchitecture::Ada: return ada;
    case GpuArchitecture::BlackwellGb20x: return blackwellGb20x;
    case GpuArchitecture::Hopper: return hopper;
    default: return others;
    }
}

double fusedAttentionShare(GpuArchitecture architecture, double share) {
    if (architecture != GpuArchitecture::Hopper)
        return share;
    const double matrix = architectureRates(GpuArchitecture::Hopper).fractions.halfPrecisionMatrix /
                          architectureRates(GpuArchitecture::AmpereGa100).fractions.halfPrecisionMatrix;
    return share * kFlashAttention2HopperUtilization / kFlashAttention2AmpereUtilization / matrix;
}

} // namespace torchrig::estimate
