#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace torchrig {

struct MemoryKitSpec {
    std::string id;
    std::string name;
    std::string vendor;
    std::string memoryType; // "DDR4", "DDR5"
    std::string moduleForm; // "UDIMM", "RDIMM", "SODIMM"
    int modules = 0;
    int moduleGb = 0;
    int speedMts = 0;
    std::optional<int> casLatency;
    bool ecc = false;
    std::int64_t totalBytes() const;
};

} // namespace torchrig
