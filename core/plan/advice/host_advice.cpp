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
             TORCHRIG_MESSAGE("advice", "%1 data-loader workers per GPU and the training processes want %2 "
                                        "threads per node; the CPU has %3")
                 .arg(std::to_string(workers))
                 .arg(format("%.0f", wanted))
                 .arg(format("%.0f", c.host.cpuThreads)),
             std::string(kArticle001) + " 4.2 误区二：忽视CPU性能",
             TORCHRIG_MESSAGE("advice", "a multi-core CPU (>= 8 cores, 1.1) and num_workers=8"),
             {},
             WorkloadChange{std::string(workload_field::kLoaderWorkers), std::to_string(fitting), {}},
             std::nullopt,
             TORCHRIG_MESSAGE("advice", "a CPU with more cores")});
    } else if (c.host.cpuCores > 0 && c.host.cpuCores < 8) {
        out.push_back(
            {std::string(advice::kLoaderWorkers),
             TORCHRIG_MESSAGE(
                 "advice",
                 "the CPU has %1 cores; the article asks >= 8 so that data loading keeps the GPU busy")
                 .arg(format("%.0f", c.host.cpuCores)),
             std::string(kArticle001) + " 1.1 CPU与GPU的协同设计",
             TORCHRIG_MESSAGE("advice", ">= 8 cores with hyper-threading for concurrent data loading"),
             {},
             std::nullopt,
             std::nullopt,
             TORCHRIG_MESSAGE("advice", "a CPU with 8 or more cores if data loading shows in the step")});
    }
}

// The article's NVMe >= 3000 MB/s, and what the workload's pace reads.
void adviseNvmeSpeed(const AdviceContext& c, std::vector<Advice>& out) {
    const auto& host = c.host;
    if (host.fastestReadMbs > 0 && host.fastestReadMbs < 3000)
        out.push_back(
            {std::string(advice::kNvmeSpeed),
             TORCHRIG_MESSAGE("advice", "the fastest drive reads %1 MB/s, under the article's 3000 MB/s")
                 .arg(format("%.0f", host.fastestReadMbs)),
             std::string(kArticle000) + " 一.4 SSD选型 · seeds/001 4.3",
             TORCHRIG_MESSAGE("advice", "an NVMe SSD of >= 3000 MB/s, such as a Samsung 980 Pro or WD SN850"),
             {},
             std::nullopt,
             std::nullopt,
             TORCHRIG_MESSAGE("advice", "an NVMe SSD for the dataset")});
    if (c.hostNeeds && c.hostNeeds->readBytesPerSecond > 0 && host.fastestReadMbs > 0 &&
        c.hostNeeds->readBytesPerSecond > host.fastestReadMbs * 1e6)
        out.push_back(
            {std::string(advice::kNvmeSpeed),
             TORCHRIG_MESSAGE("advice", "the estimated pace reads %1 MB/s of samples; %2 reads %3 MB/s")
                 .arg(format("%.0f", c.hostNeeds->readBytesPerSecond / 1e6))
                 .arg(host.fastestDrive)
                 .arg(format("%.0f", host.fastestReadMbs)),
             std::string(kArticle000) + " 一.4 SSD选型",
             TORCHRIG_MESSAGE("advice", "an NVMe SSD of >= 3000 MB/s"),
             {},
             WorkloadChange{std::string(workload_field::kCacheDataset), "true", {}},
             std::nullopt,
             TORCHRIG_MESSAGE("advice", "a faster drive, or the dataset in RAM")});
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
             TORCHRIG_MESSAGE("advice",
                              "the dataset (%1 GB) fits in the build's %2 GB of RAM beside the run: "
                              "keep it in memory and read the drive once")
                 .arg(format("%.1f", static_cast<double>(dataset.samples * dataset.sampleBytes) / 1e9))
                 .arg(format("%.0f", perNodeRam / 1e9)),
             std::string(kArticle001) + " 1.2 系统内存",
             TORCHRIG_MESSAGE(
                 "advice", "100,000 images of 224x224 RGB (about 150 KB each) need about 15 GB uncompressed"),
             {},
             WorkloadChange{std::string(workload_field::kCacheDataset), "true", {}},
             std::nullopt,
             {}});
    else if (!overRam && perNodeRam < 32e9)
        out.push_back(
            {std::string(advice::kHostRam),
             TORCHRIG_MESSAGE("advice", "the build has %1 GB of RAM; the article asks >= 32 GB for models of "
                                        "BERT's size")
                 .arg(format("%.0f", perNodeRam / 1e9)),
             std::string(kArticle001) + " 1.2 系统内存 · seeds/000 一.3",
             TORCHRIG_MESSAGE("advice", "16 GB for small models (ResNet-18), >= 32 GB for BERT-class ones"),
             {},
             std::nullopt,
             std::nullopt,
             TORCHRIG_MESSAGE("advice", "32 GB or more")});
}

} // namespace torchrig::plan::advising
