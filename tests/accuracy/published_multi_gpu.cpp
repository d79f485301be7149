#include "published_multi_gpu.h"

#include "part_snapshot.h"
#include "plan/gpu_device_spec.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace torchrig::accuracy {

std::filesystem::path publishedMultiGpuPath() {
    return std::filesystem::path(__FILE__).parent_path() / "published_multi_gpu_throughput.csv";
}

std::vector<MultiGpuCase> loadPublishedMultiGpu(const std::filesystem::path& path) {
    const auto noted = readNotedCsv(path);
    std::vector<MultiGpuCase> cases;
    for (std::size_t i = 0; i < noted.table.rows.size(); ++i) {
        const auto where = noted.where(i);
        auto cell = [&](const char* name) {
            return noted.cell(i, name);
        };
        MultiGpuCase c;
        c.published.gpu = cell("gpu");
        c.published.source = cell("lambda_name");
        c.published.workload = cell("workload");
        const auto precision = precisionFromString(cell("precision"));
        if (!precision)
            throw std::runtime_error(where + ": no precision " + cell("precision"));
        c.published.precision = *precision;
        try {
            c.published.batch = std::stoll(cell("batch_per_gpu"));
            c.gpus = std::stoi(cell("gpus"));
            c.samplesPerSecond = std::stod(cell("samples_per_second"));
            c.singleGpuSamplesPerSecond = std::stod(cell("single_gpu_samples_per_second"));
        } catch (const std::logic_error& e) { // stoi/stod: not a number
            throw std::runtime_error(where + ": " + e.what());
        }
        if (c.gpus < 2 || c.samplesPerSecond <= 0 || c.singleGpuSamplesPerSecond <= 0)
            throw std::runtime_error(where + ": needs 2 or more GPUs and throughputs above 0");
        c.published.heldOut = cell("split") == "held-out";
        c.link = cell("link");
        cases.push_back(std::move(c));
    }
    return cases;
}

std::vector<MultiGpuResult> evaluateMultiGpu(const db::Catalog& catalog,
                                             const std::vector<MultiGpuCase>& cases,
                                             std::optional<double> overlap) {
    std::vector<MultiGpuResult> results;
    for (const auto& c : cases) {
        const auto part = catalog.find(c.published.gpu);
        if (!part)
            throw std::runtime_error("the catalog has no " + c.published.gpu);
        auto device = plan::gpuDeviceSpec(part->id, db::partSnapshot(*part));
        device.communicationOverlap = overlap;
        const auto one = prepareCase(c.published, 1);
        const auto many = prepareCase(c.published, c.gpus);
        const auto alone = estimate::estimateTraining(one.graph, one.setup, device, one.memory);
        const auto together = estimate::estimateTraining(many.graph, many.setup, device, many.memory);
        if (!alone.time || !together.time)
            throw std::runtime_error("no time estimate for " + c.published.source);
        MultiGpuResult r;
        r.published = c;
        r.measuredEfficiency = c.samplesPerSecond / (c.gpus * c.singleGpuSamplesPerSecond);
        r.estimatedEfficiency = together.time->samplesPerSecond / alone.time->samplesPerSecond;
        results.push_back(std::move(r));
    }
    return results;
}

double worstHeldOutSlowdown(const std::vector<MultiGpuResult>& results) {
    double worst = 0;
    for (const auto& r : results)
        if (r.published.published.heldOut)
            worst = std::max(worst, r.slowdown());
    return worst;
}

OverlapFit fitOverlap(const db::Catalog& catalog, const std::vector<MultiGpuCase>& cases) {
    OverlapFit fit;
    for (double overlap : {0.0, 0.25, 0.5, 0.75, 1.0}) {
        std::vector<double> fitted, heldOut;
        for (const auto& r : evaluateMultiGpu(catalog, cases, overlap))
            (r.published.published.heldOut ? heldOut : fitted)
                .push_back(std::abs(r.estimatedEfficiency - r.measuredEfficiency));
        OverlapCandidate c;
        c.overlap = overlap;
        c.fittedMedian = median(fitted);
        c.fittedWorst = fitted.empty() ? 0 : *std::max_element(fitted.begin(), fitted.end());
        c.heldOutMedian = median(heldOut);
        c.heldOutWorst = heldOut.empty() ? 0 : *std::max_element(heldOut.begin(), heldOut.end());
        fit.candidates.push_back(c);
    }
    const auto best =
        std::min_element(fit.candidates.begin(), fit.candidates.end(), [](const auto& a, const auto& b) {
            return std::pair(a.fittedMedian, a.fittedWorst) < std::pair(b.fittedMedian, b.fittedWorst);
        });
    fit.best = best->overlap;
    return fit;
}

} // namespace torchrig::accuracy
