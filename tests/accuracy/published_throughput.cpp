#include "published_throughput.h"

#include "csv_table.h"
#include "part_snapshot.h"
#include "paths.h"
#include "plan/gpu_device_spec.h"
#include "util/text_file.h"
#include "workload/model_zoo.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace torchrig::accuracy {

namespace {} // namespace

double median(std::vector<double> values) {
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const auto n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

Spread spreadOf(const std::vector<double>& values) {
    if (values.empty())
        return {};
    const auto [lowest, highest] = std::minmax_element(values.begin(), values.end());
    return {median(values), *lowest, *highest};
}

namespace {

double geometricMean(const std::vector<double>& values) {
    double logSum = 0;
    for (double v : values)
        logSum += std::log(v);
    return std::exp(logSum / static_cast<double>(values.size()));
}

// The setup NVIDIA's implementations train with: ResNet-50 with SGD and momentum, BERT with a fused
// Adam (apex's FusedAdam); 224² images, sequences of 384.
struct Workload {
    const char* zooId;
    ModelInputs inputs;
    OptimizerKind optimizer;
    OptimizerImpl optimizerImpl;
};

Workload workloadOf(const PublishedCase& c) {
    if (c.workload == "resnet50")
        return {"resnet50", {c.batch, 224, 0, 0}, OptimizerKind::SgdMomentum, OptimizerImpl::Default};
    if (c.workload == "bert-base")
        return {"bert-base-uncased", {c.batch, 224, 384, 0}, OptimizerKind::AdamW, OptimizerImpl::Fused};
    if (c.workload == "bert-large")
        return {"bert-large-uncased", {c.batch, 224, 384, 0}, OptimizerKind::AdamW, OptimizerImpl::Fused};
    throw std::runtime_error("published throughput: unknown workload " + c.workload);
}

} // namespace

std::filesystem::path publishedThroughputPath() {
    return std::filesystem::path(__FILE__).parent_path() / "published_training_throughput.csv";
}

NotedCsv readNotedCsv(const std::filesystem::path& path) {
    auto text = readTextFile(path);
    if (!text)
        throw std::runtime_error(text.error().text());
    // The file's notes are '#' lines; the CSV reader gets the rest, and each of its rows is named
    // by its line in the file.
    std::string csv;
    NotedCsv noted;
    noted.path = path;
    std::istringstream lines(*text);
    std::string line;
    for (int number = 1; std::getline(lines, line); ++number)
        if (!line.empty() && line[0] != '#') {
            csv += line + "\n";
            noted.fileLines.push_back(number);
        }
    auto table = db::parseCsv(csv, path.string());
    if (!table)
        throw std::runtime_error(table.error().text());
    noted.table = std::move(*table);
    return noted;
}

std::size_t NotedCsv::column(std::string_view name) const {
    const auto at = std::find(table.header.begin(), table.header.end(), name);
    if (at == table.header.end())
        throw std::runtime_error(path.string() + ": no column " + std::string(name));
    return static_cast<std::size_t>(at - table.header.begin());
}

int NotedCsv::fileLine(std::size_t row) const {
    return fileLines.at(static_cast<std::size_t>(table.rowNumbers.at(row)) - 1); // the header is row 1
}

std::string NotedCsv::where(std::size_t row) const {
    return path.string() + ":" + std::to_string(fileLine(row));
}

const std::string& NotedCsv::cell(std::size_t row, std::string_view name) const {
    return table.rows.at(row).at(column(name));
}

std::vector<PublishedCase> loadPublishedThroughput(const std::filesystem::path& path) {
    const auto noted = readNotedCsv(path);
    const auto* table = &noted.table;
    auto column = [&](std::string_view name) {
        return noted.column(name);
    };
    const auto gpuColumn = column("gpu"), sourceColumn = column("lambda_name"), roundColumn = column("round"),
               workloadColumn = column("workload"), precisionColumn = column("precision"),
               batchColumn = column("batch"), rateColumn = column("samples_per_second"),
               splitColumn = column("split");
    std::vector<PublishedCase> cases;
    for (std::size_t i = 0; i < table->rows.size(); ++i) {
        const auto& f = table->rows[i];
        auto fail = [&](const std::string& why) {
            throw std::runtime_error(fmt::format("{}:{}: {}", path.string(), noted.fileLine(i), why));
        };
        PublishedCase c;
        c.gpu = f[gpuColumn];
        c.source = f[sourceColumn];
        c.round = f[roundColumn];
        c.workload = f[workloadColumn];
        auto precision = precisionFromString(f[precisionColumn]);
        if (!precision)
            fail("unknown precision " + f[precisionColumn]);
        c.precision = *precision;
        try {
            c.batch = std::stoll(f[batchColumn]);
            c.samplesPerSecond = std::stod(f[rateColumn]);
        } catch (const std::logic_error&) {
            fail("batch and samples/s must be numbers, not " + f[batchColumn] + " and " + f[rateColumn]);
        }
        if (f[splitColumn] != "fit" && f[splitColumn] != "held-out")
            fail("split is fit or held-out, not " + f[splitColumn]);
        c.heldOut = f[splitColumn] == "held-out";
        if (c.batch <= 0 || c.samplesPerSecond <= 0)
            fail("batch and samples/s must be positive");
        cases.push_back(std::move(c));
    }
    return cases;
}

std::map<std::string, estimate::DeviceSpec> catalogDevices(const db::Catalog& catalog,
                                                           const std::vector<PublishedCase>& cases) {
    std::map<std::string, estimate::DeviceSpec> devices;
    for (const auto& c : cases) {
        if (devices.count(c.gpu))
            continue;
        auto part = catalog.find(c.gpu);
        if (!part)
            throw std::runtime_error("published throughput: " + c.gpu + " is not in the catalog");
        devices[c.gpu] = plan::gpuDeviceSpec(part->id, db::partSnapshot(*part));
    }
    return devices;
}

std::unique_ptr<db::Catalog> catalogFromArguments(int argc, char** argv) {
    db::CatalogOpenOptions open;
    open.bundledPath = argc > 1 ? std::filesystem::path(argv[1]) : db::defaultBundledCatalogPath();
    auto catalog = db::Catalog::open(open);
    if (!catalog)
        throw std::runtime_error(catalog.error().text());
    return std::move(*catalog);
}

PublishedThroughput publishedThroughputOnCatalog(int argc, char** argv) {
    const auto catalog = catalogFromArguments(argc, argv);
    auto cases = loadPublishedThroughput(publishedThroughputPath());
    auto devices = catalogDevices(*catalog, cases);
    return PublishedThroughput(std::move(cases), std::move(devices));
}

PreparedCase prepareCase(const PublishedCase& c, int gpus) {
    const auto w = workloadOf(c);
    PreparedCase p;
    p.graph = findZooModel(w.zooId)->build(w.inputs);
    p.setup.precision = c.precision;
    p.setup.optimizer = w.optimizer;
    p.setup.optimizerImpl = w.optimizerImpl;
    p.setup.cuda = true;
    p.setup.parallel.gpus = gpus;
    p.setup.parallel.strategy = estimate::ParallelStrategy::Ddp;
    // NVIDIA's BERT computes attention as matmul, softmax and dropout, not one fused kernel.
    if (c.workload == "bert-base" || c.workload == "bert-large")
        p.setup.attention = estimate::AttentionKernel::Math;
    p.memory = estimate::estimateMemory(p.graph, p.setup);
    return p;
}

PublishedThroughput::PublishedThroughput(std::vector<PublishedCase> cases,
                                         std::map<std::string, estimate::DeviceSpec> devices)
    : m_cases(std::move(cases))
    , m_devices(std::move(devices)) {
    std::map<std::string, std::shared_ptr<const PreparedCase>> byKey;
    for (const auto& c : m_cases) {
        const auto key = fmt::format("{}/{}/{}", c.workload, c.batch, precisionId(c.precision));
        auto& prepared = byKey[key];
        if (!prepared)
            prepared = std::make_shared<PreparedCase>(prepareCase(c, 1));
        m_prepared.push_back(prepared);
    }
}

double PublishedThroughput::estimatedSamplesPerSecond(std::size_t caseIndex) const {
    const auto& p = *m_prepared.at(caseIndex);
    auto e = estimate::estimateTraining(p.graph, p.setup, m_devices.at(m_cases[caseIndex].gpu), p.memory);
    return e.time ? e.time->samplesPerSecond : 0;
}

std::vector<CaseResult> PublishedThroughput::evaluate() const {
    std::vector<CaseResult> results;
    for (std::size_t i = 0; i < m_cases.size(); ++i) {
        CaseResult r;
        r.published = m_cases[i];
        r.estimated = estimatedSamplesPerSecond(i);
        r.bandwidth = m_devices.at(m_cases[i].gpu).bandwidthBytesPerSecond;
        results.push_back(r);
    }
    // Shares within each round, workload and precision, over every GPU measured in it.
    std::map<std::string, std::vector<std::size_t>> groups;
    for (std::size_t i = 0; i < results.size(); ++i)
        groups[results[i].published.round + "/" + results[i].published.workload + "/" +
               std::string(precisionId(results[i].published.precision))]
            .push_back(i);
    for (const auto& [key, members] : groups) {
        std::vector<double> estimated, guessed, published;
        for (auto i : members) {
            estimated.push_back(std::max(results[i].estimated, 1e-9));
            guessed.push_back(results[i].bandwidth);
            published.push_back(results[i].published.samplesPerSecond);
        }
        const double e = geometricMean(estimated), g = geometricMean(guessed), m = geometricMean(published);
        for (auto i : members) {
            const double publishedShare = results[i].published.samplesPerSecond / m;
            results[i].shareError = std::max(results[i].estimated, 1e-9) / e / publishedShare - 1;
            results[i].guessShareError = results[i].bandwidth / g / publishedShare - 1;
        }
    }
    return results;
}

ErrorSummary summarize(const std::vector<CaseResult>& results, bool heldOut, const std::string& round) {
    std::vector<double> share, guess, ratio;
    for (const auto& r : results) {
        if (r.published.heldOut != heldOut || (!round.empty() && r.published.round != round))
            continue;
        share.push_back(std::abs(r.shareError));
        guess.push_back(std::abs(r.guessShareError));
        ratio.push_back(r.estimated / r.published.samplesPerSecond);
    }
    ErrorSummary s;
    s.cases = static_cast<int>(share.size());
    const auto shares = spreadOf(share), guesses = spreadOf(guess), ratios = spreadOf(ratio);
    s.medianShare = shares.median;
    s.worstShare = shares.highest;
    s.medianGuessShare = guesses.median;
    s.worstGuessShare = guesses.highest;
    s.medianRatio = ratios.median;
    s.lowestRatio = ratios.lowest;
    s.highestRatio = ratios.highest;
    return s;
}

std::string report(const std::vector<CaseResult>& results) {
    std::string out =
        fmt::format("{:<28} {:<5} {:<10} {:<9} {:>5} {:>10} {:>10} {:>6} {:>8} {:>9}\n", "GPU", "round",
                    "workload", "precision", "batch", "published", "estimated", "ratio", "share", "bw guess");
    std::vector<std::string> rounds;
    for (const auto& r : results)
        if (std::find(rounds.begin(), rounds.end(), r.published.round) == rounds.end())
            rounds.push_back(r.published.round);
    for (bool heldOut : {false, true}) {
        out += heldOut ? "-- held out (not fitted to) --\n" : "-- fitted --\n";
        for (const auto& round : rounds)
            for (const auto& r : results) {
                if (r.published.heldOut != heldOut || r.published.round != round)
                    continue;
                const auto& c = r.published;
                out += fmt::format(
                    "{:<28} {:<5} {:<10} {:<9} {:>5} {:>10.0f} {:>10.0f} {:>6.2f} {:>+7.1f}% {:>+8.1f}%\n",
                    c.source, c.round, c.workload, precisionId(c.precision), c.batch, c.samplesPerSecond,
                    r.estimated, r.estimated / c.samplesPerSecond, 100 * r.shareError,
                    100 * r.guessShareError);
            }
    }
    auto line = [&](const char* what, const ErrorSummary& s) {
        out +=
            fmt::format("{:<19} {:>2} cases: share error median {:4.1f} %, worst {:4.1f} % (bandwidth guess: "
                        "median {:4.1f} %, worst {:5.1f} %); estimated/published samples/s median {:.2f} "
                        "({:.2f}-{:.2f})\n",
                        what, s.cases, 100 * s.medianShare, 100 * s.worstShare, 100 * s.medianGuessShare,
                        100 * s.worstGuessShare, s.medianRatio, s.lowestRatio, s.highestRatio);
    };
    line("fitted", summarize(results, false));
    line("held out, all", summarize(results, true));
    for (const auto& round : rounds)
        if (summarize(results, true, round).cases > 0)
            line(("held out, " + round).c_str(), summarize(results, true, round));
    return out;
}

} // namespace torchrig::accuracy
