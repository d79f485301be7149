#pragma once
// The step-time model held against published, measured training throughput on many GPUs
// (published_training_throughput.csv): each GPU's share of its group's throughput, the absolute
// samples/s, and the same shares for the one-line guess "speed is proportional to memory bandwidth",
// for the rows the model was fitted to and for the held-out rows apart. Used by the accuracy test
// and by the fit (torchrig-fit-step-time).

#include "catalog.h"
#include "csv_table.h"
#include "estimate/estimate.h"
#include "estimate/memory_estimate.h"
#include "workload/model_graph.h"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace torchrig::accuracy {

struct PublishedCase {
    std::string gpu;      // catalog id
    std::string source;   // the GPU as the publisher named it
    std::string round;    // the publisher's round of measurements: shares are within one
    std::string workload; // resnet50 (224², images/s) or bert-base (sequence 384, sequences/s)
    Precision precision = Precision::AmpFp16;
    std::int64_t batch = 0;
    double samplesPerSecond = 0;
    bool heldOut = false;
};

// A CSV file whose '#' lines are notes (the sources): its rows, each row's line in the file, and a
// column's index by name. Throws std::runtime_error naming the file when it cannot be read.
struct NotedCsv {
    std::filesystem::path path;
    db::CsvTable table;
    std::vector<int> fileLines; // of the header and each data row
    std::size_t column(std::string_view name) const;
    int fileLine(std::size_t row) const;      // the file's line of data row `row`
    std::string where(std::size_t row) const; // "FILE:LINE" of data row `row`, for messages
    // Data row `row`'s cell in the named column.
    const std::string& cell(std::size_t row, std::string_view name) const;
};
NotedCsv readNotedCsv(const std::filesystem::path& path);

// Throws std::runtime_error naming the line when the file is not as expected.
std::vector<PublishedCase> loadPublishedThroughput(const std::filesystem::path& path);
std::filesystem::path publishedThroughputPath(); // the file beside this one, in the source tree

struct CaseResult {
    PublishedCase published;
    double estimated = 0;       // samples/s
    double bandwidth = 0;       // the GPU's datasheet bandwidth, bytes/s
    double shareError = 0;      // (estimated share / published share) - 1, shares over the group
    double guessShareError = 0; // the same for bandwidth as the estimate
};

// A case's model, its setup as the publisher's implementation trains it (data parallel over `gpus`)
// and the memory the estimate starts from.
struct PreparedCase {
    ModelGraph graph;
    estimate::TrainingSetup setup;
    estimate::MemoryEstimate memory;
};
PreparedCase prepareCase(const PublishedCase& c, int gpus);

// Builds each workload once per batch and simulates its memory once per precision; `devices`
// holds the catalog's spec for every GPU in the cases. A group is one workload and precision over
// every GPU that published it; shares are over the geometric mean of the group.
class PublishedThroughput {
public:
    PublishedThroughput(std::vector<PublishedCase> cases,
                        std::map<std::string, estimate::DeviceSpec> devices);
    const std::vector<PublishedCase>& cases() const { return m_cases; }
    std::map<std::string, estimate::DeviceSpec>& devices() { return m_devices; }
    std::vector<CaseResult> evaluate() const;
    double
    estimatedSamplesPerSecond(std::size_t caseIndex) const; // one case, with the devices as they are now

private:
    std::vector<PublishedCase> m_cases;
    std::map<std::string, estimate::DeviceSpec> m_devices;
    std::vector<std::shared_ptr<const PreparedCase>> m_prepared;
};

// The catalog's spec for each GPU the cases name; throws when one is missing.
std::map<std::string, estimate::DeviceSpec> catalogDevices(const db::Catalog& catalog,
                                                           const std::vector<PublishedCase>& cases);

// The catalog file a report program's first argument names, else the installed one. Throws
// std::runtime_error saying what could not be read.
std::unique_ptr<db::Catalog> catalogFromArguments(int argc, char** argv);

// The published cases on the catalog file given, else the installed one: what the report and the
// fit programs start from. Throws std::runtime_error saying what could not be read.
PublishedThroughput publishedThroughputOnCatalog(int argc, char** argv);

struct ErrorSummary {
    int cases = 0;
    double medianShare = 0, worstShare = 0;                    // |share error|
    double medianGuessShare = 0, worstGuessShare = 0;          // the bandwidth guess's
    double medianRatio = 0, lowestRatio = 0, highestRatio = 0; // estimated / published samples/s
};
// The rows of one split, and of one round when `round` is not empty.
ErrorSummary summarize(const std::vector<CaseResult>& results, bool heldOut, const std::string& round = {});

double median(std::vector<double> values); // 0 for none

// A list of errors or ratios in three numbers (all 0 for none).
struct Spread {
    double median = 0, lowest = 0, highest = 0;
};
Spread spreadOf(const std::vector<double>& values);

// The table and both summaries, as the test and the fit print them.
std::string report(const std::vector<CaseResult>& results);

} // namespace torchrig::accuracy
