#include "plan/part_specification.h"

#include "util/printed.h"

#include <cmath>
#include <vector>

namespace torchrig::plan {

namespace {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& item : items)
        if (!item.empty())
            out += (out.empty() ? "" : ", ") + item;
    return out;
}

// "4.0 x16" for a PCIe link, or "" without a generation.
std::string pcieLink(const PartSnapshot& part) {
    const auto gen = part.number("pcie_gen");
    if (!gen)
        return {};
    const auto lanes = part.number("pcie_lanes");
    return printed("PCIe %.1f", *gen) + (lanes ? printed(" x%.0f", *lanes) : std::string());
}

std::string withUnit(std::optional<double> value, const char* pattern) {
    return value && *value > 0 ? printed(pattern, *value) : std::string();
}

std::string gpuSpecification(const PartSnapshot& part) {
    auto memory = withUnit(part.number("vram_gb"), "%g GB");
    if (!memory.empty() && !part.text("memory_type").empty())
        memory += " " + part.text("memory_type");
    const auto form = part.text("form_factor");
    return joined({memory, form == "pcie"  ? pcieLink(part)
                           : form == "sxm" ? "SXM"
                           : form == "oam" ? "OAM"
                                           : ""});
}

std::string memorySpecification(const PartSnapshot& part) {
    const auto modules = part.number("modules"), size = part.number("module_gb");
    std::string kit = modules && size ? printed("%.0f × %.0f GB", *modules, *size) : "";
    auto type = part.text("memory_type");
    if (const auto speed = part.number("speed_mts"); speed && !type.empty())
        type += printed("-%.0f", *speed);
    return joined({kit, type, part.text("module_form"), part.number("ecc").value_or(0) > 0 ? "ECC" : ""});
}

std::string storageSpecification(const PartSnapshot& part) {
    const auto capacity = part.number("capacity_gb");
    std::string size;
    if (capacity)
        size = *capacity >= 1000 ? printed("%g TB", std::round(*capacity / 100) / 10)
                                 : printed("%g GB", *capacity);
    const auto kind = part.text("kind");
    const std::string kindText = kind == "nvme"       ? "NVMe SSD"
                                 : kind == "sata_ssd" ? "SATA SSD"
                                 : kind == "hdd"      ? "HDD"
                                                      : kind;
    return joined({size + (size.empty() || kindText.empty() ? "" : " ") + kindText, part.text("interface")});
}

} // namespace

std::string partSpecification(const PartSnapshot& part) {
    switch (part.category) {
    case PartCategory::Gpu: return gpuSpecification(part);
    case PartCategory::Cpu: {
        const auto cores = part.number("cores"), threads = part.number("threads");
        return joined(
            {cores && threads ? printed("%.0fC/%.0fT", *cores, *threads) : "", part.text("socket")});
    }
    case PartCategory::MemoryKit: return memorySpecification(part);
    case PartCategory::Storage: return storageSpecification(part);
    case PartCategory::Motherboard:
        return joined({part.text("socket"), part.text("chipset"), part.text("form_factor")});
    case PartCategory::Psu:
        return joined({withUnit(part.number("wattage_w"), "%.0f W"), part.text("efficiency")});
    case PartCategory::Chassis:
        return joined({part.text("kind"), withUnit(part.number("max_gpu_length_mm"), "GPU ≤ %.0f mm")});
    case PartCategory::Interconnect: {
        auto rate = withUnit(part.number("link_gbits"), "%g Gb/s");
        if (const auto ports = part.number("ports"); ports && *ports > 1 && !rate.empty())
            rate = printed("%.0f × ", *ports) + rate;
        return joined({part.text("standard"), rate});
    }
    case PartCategory::Cooler:
        return joined({part.text("kind"), withUnit(part.number("height_mm"), "%.0f mm")});
    case PartCategory::Server: {
        const auto count = part.number("gpu_count");
        return joined(
            {withUnit(part.number("rack_units"), "%.0fU"),
             count ? printed("%.0f × GPU", *count) : withUnit(part.number("gpu_slots"), "%.0f GPU places"),
             part.text("gpu_interconnect")});
    }
    case PartCategory::CloudInstance: {
        const auto count = part.number("gpu_count");
        return joined({count ? printed("%.0f × ", *count) + part.text("gpu_name") : part.text("gpu_name"),
                       withUnit(part.number("vcpus"), "%.0f vCPU"),
                       withUnit(part.number("ram_gib"), "%g GiB")});
    }
    }
    return {};
}

std::string_view unitOfMeasure(PartCategory category) {
    switch (category) {
    case PartCategory::Gpu: return "card";
    case PartCategory::Cpu: return "chip";
    case PartCategory::MemoryKit: return "kit";
    case PartCategory::Storage: return "drive";
    case PartCategory::Motherboard: return "board";
    case PartCategory::Psu: return "supply";
    case PartCategory::Chassis: return "case";
    case PartCategory::Interconnect: return "adapter";
    case PartCategory::CloudInstance: return "instance";
    case PartCategory::Cooler: return "cooler";
    case PartCategory::Server: return "server";
    }
    return "piece";
}

} // namespace torchrig::plan
