#include "dataset_flags.h"

#include "finite_numbers.h"

#include <algorithm>

namespace torchrig::cli {

void DatasetFlags::addTo(CLI::App& command) {
    const auto added = command.get_options().size();
    auto* samples = command.add_option("--dataset-samples", dataset.samples, "Samples in the training set")
                        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 50));
    command.add_option("--sample-bytes", dataset.sampleBytes, "One sample as stored (a 224² JPEG: ~150000)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
    command.add_flag("--cache-dataset", dataset.cacheInRam, "Keep the whole dataset in host RAM");
    command.add_option("--loader-workers", dataset.loaderWorkers, "DataLoader workers per GPU (default 4)")
        ->check(CLI::Range(0, 1024));
    command.add_option("--kept-checkpoints", dataset.keptCheckpoints, "Checkpoints kept on disk (default 1)")
        ->check(CLI::Range(0, 100000));
    command
        .add_option("--decode-per-worker", dataset.decodeSamplesPerSecondPerWorker,
                    "Samples one loader worker (CPU core) decodes and augments a second")
        ->check(numberIn(0.001, kMaxSamplesPerSecond, "samples a second"));
    command.add_option("--storage-read-mbs", storageReadMbs, "What the dataset's storage reads, MB/s")
        ->check(numberIn(0.001, kMaxMegabytesPerSecond, "MB/s"));
    command.add_option("--epochs", dataset.epochs, "Epochs to run (with --dataset-samples): the run's time")
        ->needs(samples)
        ->check(numberIn(0.001, kMaxEpochs, "epochs"));
    command.add_option("--tokens", dataset.tokens, "Tokens to train on (language models): the run's time")
        ->check(numberIn(1, kMaxTokens, "tokens"));
    const auto all = command.get_options();
    m_options.assign(all.begin() + static_cast<std::ptrdiff_t>(added), all.end());
}

bool DatasetFlags::given() const {
    return std::any_of(m_options.begin(), m_options.end(),
                       [](const CLI::Option* o) { return o->count() > 0; });
}

estimate::DatasetSpec DatasetFlags::spec() const {
    auto spec = dataset;
    spec.storageReadBytesPerSecond = storageReadMbs * 1e6;
    return spec;
}

} // namespace torchrig::cli
