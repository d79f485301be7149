#include "hardware/part_category.h"

#include "util/message.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace torchrig {

std::string_view categoryId(PartCategory category) {
    switch (category) {
    case PartCategory::Gpu: return "gpu";
    case PartCategory::Cpu: return "cpu";
    case PartCategory::MemoryKit: return "memory";
    case PartCategory::Storage: return "storage";
    case PartCategory::Motherboard: return "motherboard";
    case PartCategory::Psu: return "psu";
    case PartCategory::Chassis: return "chassis";
    case PartCategory::Interconnect: return "interconnect";
    case PartCategory::CloudInstance: return "cloud";
    case PartCategory::Cooler: return "cooler";
    case PartCategory::Server: return "server";
    }
    return "gpu";
}

std::string_view categoryLabel(PartCategory category) {
    switch (category) {
    case PartCategory::Gpu: return TORCHRIG_TEXT_NOOP("catalog", "GPU");
    case PartCategory::Cpu: return TORCHRIG_TEXT_NOOP("catalog", "CPU");
    case PartCategory::MemoryKit: return TORCHRIG_TEXT_NOOP("catalog", "Memory kit");
    case PartCategory::Storage: return TORCHRIG_TEXT_NOOP("catalog", "Storage");
    case PartCategory::Motherboard: return TORCHRIG_TEXT_NOOP("catalog", "Motherboard");
    case PartCategory::Psu: return TORCHRIG_TEXT_NOOP("catalog", "Power supply");
    case PartCategory::Chassis: return TORCHRIG_TEXT_NOOP("catalog", "Chassis");
    case PartCategory::Interconnect: return TORCHRIG_TEXT_NOOP("catalog", "Interconnect");
    case PartCategory::CloudInstance: return TORCHRIG_TEXT_NOOP("catalog", "Cloud instance");
    case PartCategory::Cooler: return TORCHRIG_TEXT_NOOP("catalog", "CPU cooler");
    case PartCategory::Server: return TORCHRIG_TEXT_NOOP("catalog", "GPU server");
    }
    return "GPU";
}

std::optional<PartCategory> categoryFromString(std::string_view text) {
    std::string key(text);
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    for (auto category : kAllPartCategories) {
        if (key == categoryId(category))
            return category;
    }
    struct Synonym {
        std::string_view word;
        PartCategory category;
    };
    static constexpr Synonym synonyms[] = {
        {"gpus", PartCategory::Gpu},
        {"cpus", PartCategory::Cpu},
        {"ram", PartCategory::MemoryKit},
        {"memory-kit", PartCategory::MemoryKit},
        {"disk", PartCategory::Storage},
        {"ssd", PartCategory::Storage},
        {"board", PartCategory::Motherboard},
        {"mainboard", PartCategory::Motherboard},
        {"power-supply", PartCategory::Psu},
        {"case", PartCategory::Chassis},
        {"network", PartCategory::Interconnect},
        {"nic", PartCategory::Interconnect},
        {"instance", PartCategory::CloudInstance},
        {"cloud-instance", PartCategory::CloudInstance},
        {"coolers", PartCategory::Cooler},
        {"cpu-cooler", PartCategory::Cooler},
        {"heatsink", PartCategory::Cooler},
        {"servers", PartCategory::Server},
        {"gpu-server", PartCategory::Server},
        {"system", PartCategory::Server},
    };
    for (const auto& synonym : synonyms) {
        if (key == synonym.word)
            return synonym.category;
    }
    return std::nullopt;
}

} // namespace torchrig
