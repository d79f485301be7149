// Prints TorchRig's step time for language-model training against published, measured tokens/s
// (published_llm_training_throughput.csv): each row's estimate, its ratio to the published figure
// and its share error within its group, then the fitted and held-out rows apart, by sequence length.
// Asserts nothing.
//
//   torchrig-llm-accuracy [CATALOG.sqlite]
#include "published_llm.h"
#include "published_throughput.h"

#include "paths.h"

#include <cstdio>
#include <stdexcept>

using namespace torchrig;

int main(int argc, char** argv) {
    try {
        const auto catalog = accuracy::catalogFromArguments(argc, argv);
        const accuracy::PublishedLlm published(*catalog, accuracy::loadAllPublishedLlm());
        std::printf("%-9s %-8s %22s %22s\n", "attention", "overlap", "fitted |ratio-1|",
                    "held-out |ratio-1|");
        const auto fit = accuracy::fitLlm(published);
        for (const auto& c : fit.candidates)
            std::printf("%-9.2f %-8.2f %10.3f med %6.3f max %10.3f med %6.3f max\n", c.attentionShare,
                        c.overlap, c.fittedMedian, c.fittedWorst, c.heldOutMedian, c.heldOutWorst);
        std::printf("best fit: attention share %.2f, overlap %.2f; the estimator uses %.2f and %.2f\n\n",
                    fit.best.attentionShare, fit.best.overlap, estimate::kFusedAttentionShare,
                    estimate::kShardedDataParallelOverlap);
        const auto results = published.evaluate();
        std::printf("%-30s %-18s %-8s %6s %5s %4s %4s  %10s %10s %6s %7s\n", "GPU", "model", "precision",
                    "seq", "micro", "acc", "ckpt", "published", "estimated", "ratio", "share");
        for (const auto& r : results) {
            const auto& c = r.published;
            std::printf(
                "%-30s %-18s %-8s %6lld %5lld %4d %4s  %10.0f %10.0f %6.2f %+6.1f%%%s\n", c.sourceGpu.c_str(),
                c.model.c_str(), std::string(precisionId(c.workload.precision)).c_str(),
                static_cast<long long>(c.seqLen()), static_cast<long long>(c.workload.inputs.batch),
                c.workload.gradientAccumulation,
                c.workload.checkpointing == Checkpointing::Blocks ? "yes" : "no", c.tokensPerSecondPerGpu,
                r.estimated, r.ratio(), 100 * r.shareError, c.heldOut ? "  (held out)" : "");
        }
        struct Range {
            const char* name;
            std::int64_t shortest, longest;
        };
        const Range ranges[] = {{"all", 0, std::int64_t{1} << 40},
                                {"512-8k", 0, 8192},
                                {"16k-64k", 16384, 65536},
                                {"16k", 16384, 16384},
                                {"32k", 32768, 32768},
                                {"64k", 65536, 65536}};
        // The float8 rows apart: no parameter was fitted to them.
        const auto fp8 = accuracy::summarizeLlm(results, true, 0, std::int64_t{1} << 40, {}, true);
        std::printf(
            "fp8 (llm-foundry's Transformer Engine runs on the H100), held out: %d rows, estimated/published "
            "tokens/s median %.2f (%.2f-%.2f)\n",
            fp8.cases, fp8.medianRatio, fp8.lowestRatio, fp8.highestRatio);
        for (const char* source :
             {"published_llm_training_throughput.csv", "published_llm_finetune_throughput.csv"}) {
            std::printf("%s\n", source);
            for (bool heldOut : {false, true})
                for (const auto& range : ranges) {
                    const auto s = accuracy::summarizeLlm(results, heldOut, range.shortest, range.longest,
                                                          source, false);
                    if (s.cases == 0)
                        continue;
                    std::printf("  %-8s %-6s %3d rows: share error median %4.1f %%, worst %4.1f %%; "
                                "estimated/published tokens/s median %.2f (%.2f-%.2f)\n",
                                heldOut ? "held out" : "fitted", range.name, s.cases, 100 * s.medianShare,
                                100 * s.worstShare, s.medianRatio, s.lowestRatio, s.highestRatio);
                }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return 1;
    }
    return 0;
}
