#pragma once

#include <optional>
#include <string>

namespace torchrig {

enum class StorageKind { Nvme, SataSsd, Hdd };

struct StorageSpec {
    std::string id;
    std::string name;
    std::string vendor;
    StorageKind kind = StorageKind::Nvme;
    std::string interface;  // "PCIe 4.0 x4", "SATA 6 Gb/s"
    std::string formFactor; // "M.2 2280", "2.5-inch", "3.5-inch"
    double capacityBytes = 0;
    std::optional<double> sequentialRead;  // bytes/s
    std::optional<double> sequentialWrite; // bytes/s
    std::optional<int> enduranceTbw;
};

} // namespace torchrig
