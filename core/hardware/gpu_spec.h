#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace torchrig {

enum class GpuFormFactor { Pcie, Sxm, Oam };
// How a GPU talks to its peers besides PCIe.
enum class GpuLinkKind { None, Bridge, Sxm, Oam };
// Which accumulate precision the FP16/BF16 tensor rate assumes. GeForce cards run FP32 accumulate
// (what PyTorch AMP uses) at half the FP16-accumulate rate, so the catalog states which it quotes.
enum class TensorAccumulate { Fp32, Fp16 };

// A GPU as the planner sees it. Rates in FLOP/s, bandwidths in bytes/s, memory in bytes.
struct GpuSpec {
    std::string id;
    std::string name;
    std::string vendor;
    std::string architecture;
    std::string computeCapability;               // "8.9" for NVIDIA, "gfx1100" for AMD
    double vramMarketingGb = 0;                  // the figure on the box
    std::int64_t vramNominalBytes = 0;           // marketing GB read as GiB, as GPU memory is sized
    std::optional<std::int64_t> vramUsableBytes; // what the driver reports as total, where known
    std::string memoryType;
    double memoryBandwidth = 0;
    std::optional<double> fp32Flops;
    std::optional<double> tf32TensorFlops;
    std::optional<double> fp16TensorFlops;
    std::optional<double> bf16TensorFlops;
    std::optional<double> fp8TensorFlops;
    TensorAccumulate tensorAccumulate = TensorAccumulate::Fp32;
    double tdpWatts = 0;
    GpuFormFactor formFactor = GpuFormFactor::Pcie;
    double pcieGen = 0;
    int pcieLanes = 0;
    GpuLinkKind link = GpuLinkKind::None;
    std::optional<double> linkBandwidth; // bytes/s per GPU, both directions together
    std::optional<double> slotWidth;     // expansion slots a PCIe card covers
    std::optional<int> lengthMm;
    std::string powerConnectors;
    std::optional<int> launchYear;
};

} // namespace torchrig
