#pragma once
// What a GPU reaches of its datasheet rates when PyTorch trains on it, by architecture. Fitted to
// published, measured training throughput (tests/accuracy/published_training_throughput.csv) by
// torchrig-fit-step-time, which prints the table achievable_rates.cpp holds; the GPUs kept out of
// the fit give each architecture's uncertainty. A validation run on the device replaces them.

#include <string>
#include <string_view>

namespace torchrig::estimate {

enum class GpuArchitecture {
    Unknown,
    Volta,
    Turing,
    AmpereGa100,
    AmpereGa10x,
    Ada,
    Hopper,
    Blackwell,      // sm_100: B200, GB200 (tcgen05 tensor cores)
    BlackwellGb20x, // sm_120: RTX 50 series, RTX PRO Blackwell (warp-level mma, as Ada)
    Cdna,
    Rdna
};

// NVIDIA's compute capability ("8.6") or AMD's target ("gfx90a"), as the catalog gives them.
GpuArchitecture architectureOf(std::string_view computeCapability);
std::string_view architectureName(GpuArchitecture architecture); // "Ampere (GA10x)"

// Fractions of the datasheet's rates that a training step's kernels reach on average: the matrix
// products and convolutions at the precision's tensor rate (TF32's for tf32, float32's without
// tensor cores), and the memory-bound ops at the memory bandwidth (what the L2 cache keeps is in it).
//
// Clocks as cards run them: a card fed fewer watts per datasheet FLOP than its architecture's
// reference card (the fitted card fed best) cannot hold its boost clock under matrix work, so its
// matrix rate is scaled by (TDP × the reference's FLOPs per watt / its own peak) ^ powerExponent
// where that is below 1. (The RTX 6000 Ada has 2.2 times the RTX 4090's fp16 tensor peak on two
// thirds of its power and trains slower; the A10 against the RTX 3090 likewise.)
struct AchievableFractions {
    double halfPrecisionMatrix = 0; // fp16 / bf16
    double tf32Matrix = 0;          // tf32 (fp32 on a GPU without TF32)
    double bandwidth = 0;
    double halfPrecisionFlopsPerWatt = 0, tf32FlopsPerWatt = 0; // the reference card's; 0: no cap
    double powerExponent = 0;
    // A card with a faster memory than the architecture's reference card reaches a smaller fraction
    // of it (a memory-bound kernel is held by latency as much as by the pins): the bandwidth fraction
    // is scaled by (reference bandwidth / the card's) ^ bandwidthExponent. Likewise for the matrix
    // peak: (reference peak / the card's) ^ peakExponent.
    double referenceBandwidth = 0, bandwidthExponent = 0;                           // bytes/s; 0: none
    double referenceHalfPrecisionPeak = 0, referenceTf32Peak = 0, peakExponent = 0; // FLOP/s; 0: none
    // A matrix product whose smallest dimension is d runs at d / (d + narrowDimension) of the
    // matrix rate (tensor-core tiles go unfilled, too few tiles to fill the SMs): the fractions
    // above are a large product's. 0: no such loss (the CPU).
    double narrowDimension = 0;
};

struct ArchitectureRates {
    AchievableFractions fractions;
    // How far a step time may be off on this architecture: the largest held-out error of the
    // published throughput on its GPUs (relative, ±), or the largest of all where none was held out.
    double uncertainty = 0;
    // false: no published figure of this architecture was fitted; its fractions are the median of
    // the fitted architectures'.
    bool fitted = false;
};

const ArchitectureRates& architectureRates(GpuArchitecture architecture);

// FlashAttention and PyTorch's fused scaled_dot_product_attention kernels reach this share of the
// card's reached matrix rate: they are not one large GEMM but tiles of q @ k^T, an online softmax
// and @ v per block of queries, and their backward (2.5 times the forward's FLOPs: it recomputes
// the scores) runs slower still. Fitted with kShardedDataParallelOverlap to the A100 80GB rows of
// published LLM training throughput (tests/accuracy/published_llm_training_throughput.csv,
// MosaicML's llm-foundry MPT runs from 512 to 65,536 tokens) over 0.3, 0.35, ..., 1 by
// torchrig-llm-accuracy, which prints the grid and the held-out H100 and A100 40GB rows apart; a
// test keeps this the fit's best.
constexpr double kFusedAttentionShare = 0.55;
// FlashAttention-2 (what PyTorch's SDPA runs on NVIDIA cards) uses no Hopper-only instructions
// (wgmma, TMA): its authors measured it at up to 73 % of the A100's peak (Dao 2023,
// arXiv:2307.08691) and 35 % of the H100's (Shah et al. 2024, FlashAttention-3, arXiv:2407.08608).
// Hopper's share of its matrix rate is the fitted share scaled by that ratio over the ratio of the
// two architectures' matrix fractions. Not fitted: the H100 rows stay held out.
constexpr double kFlashAttention2AmpereUtilization = 0.73, kFlashAttention2HopperUtilization = 0.35;
// A fused attention's backward FLOPs over its forward's: FlashAttention-2's backward runs five
// products of the forward's size (the scores again, then the gradients of v, of the probabilities,
// of q and of k) where its forward runs two.
constexpr double kFusedAttentionBackwardProducts = 2.5;
// The share of its reached matrix rate fused attention reaches on this architecture, from `share`
// (kFusedAttentionShare or a fit's candidate).
double fusedAttentionShare(GpuArchitecture architecture, double share);

} // namespace torchrig::estimate
