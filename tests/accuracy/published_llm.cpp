#include "published_llm.h"

#include "part_snapshot.h"
#include "plan/gpu_device_spec.h"
#include "published_throughput.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>

namespace torchrig::accuracy {

std::filesystem::path publishedLlmPath() {
    return std::filesystem::path(__FILE__).parent_path() / "published_llm_training_throughput.csv";
}

std::filesystem::path publishedFinetunesPath() {
    return std::filesystem::path(__FILE__).parent_path() / "published_llm_finetune_throughput.csv";
}

namespace {

std::int64_t positive(const NotedCsv& noted, std::size_t row, const char* column) {
    try {
        const auto value = std::stoll(noted.cell(row, column));
        if (value > 0)
            return value;
    } catch (const std::logic_error&) { // stoll: not a number
    }
    throw std::runtime_error(noted.where(row) + ": " + column + " is not a whole number above 0");
}

double positiveNumber(const NotedCsv& noted, std::size_t row, const char* column) {
    try {
        const auto value = std::stod(noted.cell(row, column));
        if (value > 0)
            return value;
    } catch (const std::logic_error&) { // stod: not a number
    }
    throw std::runtime_error(noted.where(row) + ": " + column + " is not a number above 0");
}

// The columns both files share: the GPU, the split, checkpointing.
LlmCase commonColumns(const NotedCsv& noted, std::size_t row) {
    LlmCase c;
    c.source = noted.path.filename().string();
    c.where = noted.where(row);
    c.gpu = noted.cell(row, "gpu");
    c.sourceGpu = noted.cell(row, "source_gpu");
    const auto& checkpointing = noted.cell(row, "checkpointing");
    if (checkpointing != "blocks" && checkpointing != "none")
        throw std::runtime_error(c.where + ": checkpointing is blocks or none, not " + checkpointing);
    c.workload.checkpointing = checkpointing == "blocks" ? Checkpointing::Blocks : Checkpointing::None;
    const auto& split = noted.cell(row, "split");
    if (split != "fit" && split != "held-out")
        throw std::runtime_error(c.where + ": split is fit or held-out, not " + split);
    c.heldOut = split == "held-out";
    return c;
}

} // namespace

std::vector<LlmCase> loadPublishedLlm(const std::filesystem::path& path) {
    const auto noted = readNotedCsv(path);
    std::vector<LlmCase> cases;
    for (std::size_t i = 0; i < noted.table.rows.size(); ++i) {
        auto c = commonColumns(noted, i);
        c.model = noted.cell(i, "model");
        const auto width = positive(noted, i, "d_model"), heads = positive(noted, i, "heads");
        if (width % heads != 0)
            throw std::runtime_error(c.where + ": the heads do not divide d_model");
        c.workload.inputs.seqLen = positive(noted, i, "seq_len");
        c.workload.inputs.batch = positive(noted, i, "micro_batch");
        c.gpus = static_cast<int>(positive(noted, i, "gpus"));
        c.workload.gradientAccumulation = static_cast<int>(positive(noted, i, "grad_accum"));
        c.tokensPerSecondPerGpu = positiveNumber(noted, i, "tokens_per_second_per_gpu");
        // MPT as transformers' GPT-2 of its sizes: learned positions of the run's length, one
        // nn.GELU, no dropout (see the file's notes).
        c.workload.hfModelName = c.model;
        c.workload.hfConfigJson = fmt::format(
            R"({{"model_type": "gpt2", "vocab_size": 50368, "n_positions": {}, "n_embd": {}, "n_layer": {}, )"
            R"("n_head": {}, "activation_function": "gelu", "resid_pdrop": 0, "embd_pdrop": 0, "attn_pdrop": 0}})",
            c.workload.inputs.seqLen, width, positive(noted, i, "layers"), heads);
        const auto& precision = noted.cell(i, "precision_as_published");
        c.workload.precision = precision.starts_with("amp_fp8") ? Precision::Fp8 : Precision::AmpBf16;
        cases.push_back(std::move(c));
    }
    return cases;
}

std::vector<LlmCase> loadPublishedFinetunes(const std::filesystem::path& path) {
    const auto noted = readNotedCsv(path);
    std::vector<LlmCase> cases;
    for (std::size_t i = 0; i < noted.table.rows.size(); ++i) {
        auto c = commonColumns(noted, i);
        c.workload.model = noted.cell(i, "model");
        const auto precision = precisionFromString(noted.cell(i, "precision"));
        if (!precision)
            throw std::runtime_error(c.where + ": no precision " + noted.cell(i, "precision"));
        c.workload.precision = *precision;
        c.workload.inputs.batch = positive(noted, i, "batch");
        c.workload.inputs.seqLen = positive(noted, i, "seq_len");
        c.workload.lora.rank = static_cast<int>(positive(noted, i, "lora_rank"));
        std::istringstream targets(noted.cell(i, "lora_targets"));
        for (std::string target; targets >> target;)
            c.workload.lora.targets.push_back(target);
        c.model = c.workload.model + " LoRA " + std::to_string(c.workload.lora.rank);
        const double seconds = positiveNumber(noted, i, "seconds"), steps = positiveNumber(noted, i, "steps");
        c.tokensPerSecondPerGpu =
            static_cast<double>(c.workload.inputs.batch * c.workload.inputs.seqLen) * steps / seconds;
        cases.push_back(std::move(c));
    }
    return cases;
}

std::vector<LlmCase> loadAllPublishedLlm() {
    auto cases = loadPublishedLlm(publishedLlmPath());
    auto finetunes = loadPublishedFinetunes(publishedFinetunesPath());
    cases.insert(cases.end(), finetunes.begin(), finetunes.end());
    return cases;
}

struct PublishedLlm::Prepared {
    ModelGraph graph;
    estimate::TrainingSetup setup;
    estimate::MemoryEstimate memory;
};

namespace {

std::shared_ptr<const PublishedLlm::Prepared> prepare(const LlmCase& c) {
    auto graph = buildWorkloadGraph(c.workload);
    if (!graph)
        throw std::runtime_error(c.where + ": " + graph.error().text());
    auto setup = estimate::trainingSetupFor(c.workload);
    setup.cuda = true;
    setup.attention = estimate::AttentionKernel::Fused; // FlashAttention; transformers' SDPA on CUDA
    setup.parallel.gpus = c.gpus;
    setup.parallel.strategy = c.gpus > 1 ? estimate::ParallelStrategy::Fsdp : estimate::ParallelStrategy::Ddp;
    auto memory = estimate::estimateMemory(*graph, setup);
    return std::make_shared<const PublishedLlm::Prepared>(
        PublishedLlm::Prepared{std::move(*graph), setup, std::move(memory)});
}

double geometricMeanOf(const std::vector<double>& values) {
    double logs = 0;
    for (double v : values)
        logs += std::log(v);
    return std::exp(logs / static_cast<double>(values.size()));
}

} // namespace

PublishedLlm::PublishedLlm(const db::Catalog& catalog, std::vector<LlmCase> cases)
    : m_cases(std::move(cases)) {
    for (const auto& c : m_cases) {
        m_prepared.push_back(prepare(c));
        if (m_devices.contains(c.gpu))
            continue;
        const auto part = catalog.find(c.gpu);
        if (!part)
            throw std::runtime_error(c.where + ": the catalog has no " + c.gpu);
        m_devices.emplace(c.gpu, plan::gpuDeviceSpec(part->id, db::partSnapshot(*part)));
    }
}

std::vector<LlmResult> PublishedLlm::evaluate(std::optional<double> attentionShare,
                                              std::optional<double> overlap) const {
    std::vector<LlmResult> results;
    for (std::size_t i = 0; i < m_cases.size(); ++i) {
        const auto& c = m_cases[i];
        auto device = m_devices.at(c.gpu);
        device.fusedAttentionShare = attentionShare;
        device.communicationOverlap = overlap;
        const auto& p = *m_prepared[i];
        const auto e = estimate::estimateTraining(p.graph, p.setup, device, p.memory);
        if (!e.time)
            throw std::runtime_error(c.where + ": no time estimate on " + c.gpu);
        results.push_back({c, e.time->samplesPerSecond * static_cast<double>(c.seqLen()), 0});
    }
    // A group: one model at one sequence length; a GPU with two rows in it (two batch sizes)
    // counts with its faster one.
    std::map<std::tuple<std::string, std::string, std::int64_t, Precision>,
             std::map<std::string, std::size_t>>
        groups;
    for (std::size_t i = 0; i < results.size(); ++i) {
        auto& fastest =
            groups[{m_cases[i].source, m_cases[i].model, m_cases[i].seqLen(), m_cases[i].workload.precision}]
                .try_emplace(m_cases[i].gpu, i)
                .first->second;
        if (m_cases[i].tokensPerSecondPerGpu > m_cases[fastest].tokensPerSecondPerGpu)
            fastest = i;
    }
    for (const auto& [key, byGpu] : groups) {
        if (byGpu.size() < 2)
            continue;
        std::vector<double> estimated, published;
        for (const auto& [gpu, i] : byGpu) {
            estimated.push_back(results[i].estimated);
            published.push_back(results[i].published.tokensPerSecondPerGpu);
        }
        const double e = geometricMeanOf(estimated), p = geometricMeanOf(published);
        for (const auto& [gpu, i] : byGpu)
            results[i].shareError =
                (results[i].estimated / e) / (results[i].published.tokensPerSecondPerGpu / p) - 1;
    }
    return results;
}

LlmSummary summarizeLlm(const std::vector<LlmResult>& results, bool heldOut, std::int64_t shortest,
                        std::int64_t longest, const std::string& source, std::optional<bool> float8) {
    std::vector<double> share, ratio;
    for (const auto& r : results) {
        if (r.published.heldOut != heldOut || r.published.seqLen() < shortest ||
            r.published.seqLen() > longest || (!source.empty() && r.published.source != source) ||
            (float8 && (r.published.workload.precision == Precision::Fp8) != *float8))
            continue;
        ratio.push_back(r.ratio());
        if (r.shareError != 0)
            share.push_back(std::abs(r.shareError));
    }
    LlmSummary s;
    s.cases = static_cast<int>(ratio.size());
    const auto shares = spreadOf(share), ratios = spreadOf(ratio);
    s.medianShare = shares.median;
    s.worstShare = shares.highest;
    s.medianRatio = ratios.median;
    s.lowestRatio = ratios.lowest;
    s.highestRatio = ratios.highest;
    return s;
}

LlmFit fitLlm(const PublishedLlm& published) {
    LlmFit fit;
    fit.best.fittedMedian = std::numeric_limits<double>::infinity();
    for (int step = 0; step <= 14; ++step)
        for (double overlap : {0.0, 0.25, 0.5, 0.75, 1.0}) {
            LlmFitCandidate c;
            c.attentionShare = 0.3 + 0.05 * step;
            c.overlap = overlap;
            std::vector<double> fitted, heldOut;
            for (const auto& r : published.evaluate(c.attentionShare, c.overlap))
                (r.published.heldOut ? heldOut : fitted).push_back(std::abs(r.ratio() - 1));
            c.fittedMedian = median(fitted);
            c.fittedWorst = fitted.empty() ? 0 : *std::max_element(fitted.begin(), fitted.end());
            c.heldOutMedian = median(heldOut);
            c.heldOutWorst = heldOut.empty() ? 0 : *std::max_element(heldOut.begin(), heldOut.end());
            fit.candidates.push_back(c);
            if (c.fittedMedian < fit.best.fittedMedian)
                fit.best = c;
        }
    return fit;
}

} // namespace torchrig::accuracy
