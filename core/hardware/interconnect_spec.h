#pragma once

#include <optional>
#include <string>

namespace torchrig {

enum class InterconnectKind { NvlinkBridge, Infiniband, Ethernet };

struct InterconnectSpec {
    std::string id;
    std::string name;
    std::string vendor;
    InterconnectKind kind = InterconnectKind::Ethernet;
    std::string standard;         // "HDR", "NDR", "NVLink 3"
    double linkBitsPerSecond = 0; // per port and direction
    int ports = 1;
    std::optional<double> pcieGen;
    std::optional<int> pcieLanes;
    std::string forGpus;            // bridges: the GPUs it joins
    std::optional<int> slotSpacing; // bridges: slot pitches between the two cards
};

} // namespace torchrig
