#pragma once
// The collective model's bus bandwidth held against published nccl-tests figures
// (published_nccl_bus_bandwidth.csv): the fit of each link class's fraction of its datasheet rate
// (the median of its fitted rows), and each row's error at the fractions TorchRig uses.
// Used by torchrig-collective-accuracy and by the test that keeps the code's fractions the fit's.

#include "estimate/collectives.h"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace torchrig::accuracy {

struct PublishedBusBandwidth {
    std::string system;
    std::string gpuModel;
    int gpus = 0;
    int nodes = 1;
    estimate::LinkClass link = estimate::LinkClass::Unknown;
    double datasheetBytesPerSecond = 0; // each way
    double busBytesPerSecond = 0;       // nccl-tests' busbw
    bool heldOut = false;
    std::string source;
};

// Throws std::runtime_error naming the line when the file is not as expected.
std::vector<PublishedBusBandwidth> loadPublishedBusBandwidth(const std::filesystem::path& path);
std::filesystem::path publishedBusBandwidthPath(); // the file beside this one, in the source tree

// Each link class's fraction: the median of busbw / datasheet over its fitted rows.
std::map<estimate::LinkClass, double> fitBusFractions(const std::vector<PublishedBusBandwidth>& rows);

// TorchRig's bus bandwidth for the row (its class's fraction of the row's datasheet rate) over the
// published one, minus 1.
double busBandwidthError(const PublishedBusBandwidth& row);

} // namespace torchrig::accuracy
