// Advice on the host around the GPUs: the CPU against the data loaders, the drives against the
// pace the workload reads, and the RAM against what the run and the dataset need.

#include "plan/advice/advice_context.h"

#include <algorithm>

namespace torchrig::plan::advising {

// Workers against the CPU's threads.
void adviseLoaderWorkers(const AdviceContext& c, std::vector<Advice>& out) {
    if (!c.gpus || c.host.cpuThreads <= 0)
        return;
    const int workers = c.input.dataset.loaderWorkers;
    const double gpusPerNode = static_cast<double>(c.gpus->gpus) / std::max(1, c.build.nodes);
    const double wanted = gpusPerNode * (workers + 1.0); // + each GPU's training process
    if (wanted > c.host.cpuThreads) {
        const int fitting = std::max(1, static_cast<int>(c.host.cpuThreads / gpusPerNode) - 1);
        out.push_back(
            {std::string(advice::kLoaderWorkers),
             format("%.0f data-loader workers per GPU and the training processes want %.0f threads per "
                    "node; the CPU has %.0f",
                    workers, wanted, c.host.cpuThreads),
             std::string(kArticle001) + " 4.2 误区二：忽视CPU性能",
             "a multi-core CPU (>= 8 cores, 1.1) and num_workers=8", "",
             WorkloadChange{std::string(workload_field::kLoaderWorkers), std::to_string(fitting), {}},
             std::nullopt, "a CPU with more cores"});
    } else if (c.host.cpuCores > 0 && c.host.cpuCores < 8) {
        out.push_back(
            {std::string(advice::kLoaderWorkers),
             format("the CPU has %.0f cores; the article asks >= 8 so that data loading keeps the GPU busy",
                    c.host.cpuCores),
             std::string(kArticle001) + " 1.1 CPU与GPU的协同设计",
             ">= 8 cores with hyper-threading for concurrent data loading", "", std::nullopt, std::nullopt,
             "a CPU with 8 or more cores if data loading shows in the step"});
    }
}

// The article's NVMe >= 3000 MB/s, and what the workload's pace reads.
void adviseNvmeSpeed(const AdviceContext& c, std::vector<Advice>& out) {
    const auto& host = c.host;
    if (host.fastestReadMbs > 0 && host.fastestReadMbs < 3000)
        out.push_back(
            {std::string(advice::kNvmeSpeed),
             format("the fastest drive reads %.0f MB/s, under the article's 3000 MB/s", host.fastestReadMbs),
             std::string(kArticle000) + " 一.4 SSD选型 (and seeds/001 4.3)",
             "an NVMe SSD of >= 3000 MB/s, such as a Samsung 980 Pro or WD SN850", "", std::nullopt,
             std::nullopt, "an NVMe SSD for the dataset"});
    if (c.hostNeeds && c.hostNeeds->readBytesPerSecond > 0 && host.fastestReadMbs > 0 &&
        c.hostNeeds->readBytesPerSecond > host.fastestReadMbs * 1e6)
        out.push_back({std::string(advice::kNvmeSpeed),
                       format("the estimated pace reads %.0f MB/s of samples; ",
                              c.hostNeeds->readBytesPerSecond / 1e6) +
                           host.fastestDrive + format(" reads %.0f MB/s", host.fastestReadMbs),
                       std::string(kArticle000) + " 一.4 SSD选型", "an NVMe SSD of >= 3000 MB/s", "",
                       WorkloadChange{std::string(workload_field::kCacheDataset), "true", {}}, std::nullopt,
                       "a faster drive, or the dataset in RAM"});
}

// The article's >= 32 GB, the estimate's needs and the dataset cache. Needing more than the build
// has is a problem `build check` reports (host-ram-needs).
void adviseHostRam(const AdviceContext& c, std::vector<Advice>& out) {
    const double perNodeRam = c.host.ramBytes;
    if (perNodeRam <= 0)
        return;
    const auto& dataset = c.input.dataset;
    const bool overRam = c.hostNeeds && c.hostNeeds->ramBytes > perNodeRam;
    if (!overRam && c.hostNeeds && !dataset.cacheInRam && dataset.samples > 0 && dataset.sampleBytes > 0 &&
        c.hostNeeds->ramBytes + dataset.samples * dataset.sampleBytes < 0.8 * perNodeRam)
        out.push_back(
            {std::string(advice::kHostRam),
             format("the dataset (%.1f GB) fits in the build's %.0f GB of RAM beside the run: keep it in "
                    "memory and read the drive once",
                    static_cast<double>(dataset.samples * dataset.sampleBytes) / 1e9, perNodeRam / 1e9),
             std::string(kArticle001) + " 1.2 系统内存",
             "100,000 images of 224x224 RGB (about 150 KB each) need about 15 GB uncompressed", "",
             WorkloadChange{std::string(workload_field::kCacheDataset), "true", {}}, std::nullopt, ""});
    else if (!overRam && perNodeRam < 32e9)
        out.push_back(
            {std::string(advice::kHostRam),
             format("the build has %.0f GB of RAM; the article asks >= 32 GB for models of BERT's size",
                    perNodeRam / 1e9),
             std::string(kArticle001) + " 1.2 系统内存 (and seeds/000 一.3)",
             "16 GB for small models (ResNet-18), >= 32 GB for BERT-class ones", "", std::nullopt,
             std::nullopt, "32 GB or more"});
}

} // namespace torchrig::plan::advising
