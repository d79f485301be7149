#include "category_schema.h"

#include <cassert>

namespace torchrig::db {

namespace {

// clang-format off
constexpr std::string_view kGpu_tensor_accumulate_choices[] = {"fp32", "fp16"};
constexpr std::string_view kGpu_form_factor_choices[] = {"pcie", "sxm", "oam"};
constexpr std::string_view kGpu_gpu_link_choices[] = {"none", "bridge", "sxm", "oam"};
constexpr std::string_view kGpu_cooler_style_choices[] = {"blower", "open_air", "passive"};
constexpr FieldSpec kGpuFields[] = {
    {"architecture", FieldType::Text, "Architecture", "", true, {}, kNoMin, kNoMax},
    {"compute_capability", FieldType::Text, "Compute capability", "", false, {}, kNoMin, kNoMax},
    {"vram_gb", FieldType::Real, "VRAM (marketing)", "GB", true, {}, 0.5, 4096.0},
    {"vram_usable_mib", FieldType::Integer, "VRAM reported by the driver", "MiB", false, {}, 256.0, 4194304.0},
    {"memory_type", FieldType::Text, "Memory type", "", false, {}, kNoMin, kNoMax},
    {"memory_bandwidth_gbs", FieldType::Real, "Memory bandwidth", "GB/s", true, {}, 1.0, 100000.0},
    {"fp32_tflops", FieldType::Real, "FP32", "TFLOPS", false, {}, 0.0, 100000.0},
    {"tf32_tflops", FieldType::Real, "TF32 tensor, dense", "TFLOPS", false, {}, 0.0, 100000.0},
    {"fp16_tflops", FieldType::Real, "FP16 tensor, dense", "TFLOPS", false, {}, 0.0, 100000.0},
    {"bf16_tflops", FieldType::Real, "BF16 tensor, dense", "TFLOPS", false, {}, 0.0, 100000.0},
    {"fp8_tflops", FieldType::Real, "FP8 tensor, dense", "TFLOPS", false, {}, 0.0, 100000.0},
    {"tensor_accumulate", FieldType::Choice, "Tensor rates quoted for accumulate in", "", false, kGpu_tensor_accumulate_choices, kNoMin, kNoMax},
    {"tdp_w", FieldType::Real, "Board power", "W", true, {}, 1.0, 5000.0},
    {"form_factor", FieldType::Choice, "Form factor", "", true, kGpu_form_factor_choices, kNoMin, kNoMax},
    {"pcie_gen", FieldType::Real, "PCIe generation", "", false, {}, 1.0, 7.0},
    {"pcie_lanes", FieldType::Integer, "PCIe lanes", "", false, {}, 1.0, 32.0},
    {"gpu_link", FieldType::Choice, "GPU-to-GPU link", "", true, kGpu_gpu_link_choices, kNoMin, kNoMax},
    {"gpu_link_gbs", FieldType::Real, "GPU link bandwidth", "GB/s", false, {}, 0.0, 100000.0},
    {"slot_width", FieldType::Real, "Slot width", "slots", false, {}, 1.0, 5.0},
    {"length_mm", FieldType::Integer, "Length", "mm", false, {}, 50.0, 500.0},
    {"power_connectors", FieldType::Text, "Power connectors", "", false, {}, kNoMin, kNoMax},
    {"launch_year", FieldType::Integer, "Launch year", "", false, {}, 1990.0, 2100.0},
    {"cooler_style", FieldType::Choice, "Cooler", "", false, kGpu_cooler_style_choices, kNoMin, kNoMax},
};
constexpr FieldSpec kCpuFields[] = {
    {"cores", FieldType::Integer, "Cores", "", true, {}, 1.0, 1024.0},
    {"threads", FieldType::Integer, "Threads", "", true, {}, 1.0, 2048.0},
    {"base_ghz", FieldType::Real, "Base clock", "GHz", false, {}, 0.1, 10.0},
    {"boost_ghz", FieldType::Real, "Boost clock", "GHz", false, {}, 0.1, 10.0},
    {"socket", FieldType::Text, "Socket", "", true, {}, kNoMin, kNoMax},
    {"tdp_w", FieldType::Real, "TDP", "W", true, {}, 1.0, 1000.0},
    {"pcie_lanes", FieldType::Integer, "PCIe lanes from the CPU", "", false, {}, 0.0, 256.0},
    {"pcie_gen", FieldType::Real, "PCIe generation", "", false, {}, 1.0, 7.0},
    {"memory_type", FieldType::Text, "Memory type", "", true, {}, kNoMin, kNoMax},
    {"memory_speed_mts", FieldType::Integer, "Memory speed", "MT/s", false, {}, 800.0, 20000.0},
    {"memory_channels", FieldType::Integer, "Memory channels", "", true, {}, 1.0, 24.0},
    {"ecc", FieldType::Boolean, "ECC memory", "", false, {}, kNoMin, kNoMax},
    {"launch_date", FieldType::Text, "Launch date", "", false, {}, kNoMin, kNoMax},
};
constexpr std::string_view kMemoryKit_memory_type_choices[] = {"DDR4", "DDR5"};
constexpr std::string_view kMemoryKit_module_form_choices[] = {"UDIMM", "RDIMM", "SODIMM"};
constexpr FieldSpec kMemoryKitFields[] = {
    {"memory_type", FieldType::Choice, "Memory type", "", true, kMemoryKit_memory_type_choices, kNoMin, kNoMax},
    {"module_form", FieldType::Choice, "Module", "", true, kMemoryKit_module_form_choices, kNoMin, kNoMax},
    {"modules", FieldType::Integer, "Modules", "", true, {}, 1.0, 32.0},
    {"module_gb", FieldType::Integer, "Module size", "GB", true, {}, 1.0, 1024.0},
    {"speed_mts", FieldType::Integer, "Speed", "MT/s", true, {}, 800.0, 20000.0},
    {"cas_latency", FieldType::Integer, "CAS latency", "cycles", false, {}, 1.0, 100.0},
    {"ecc", FieldType::Boolean, "ECC", "", false, {}, kNoMin, kNoMax},
};
constexpr std::string_view kStorage_kind_choices[] = {"nvme", "sata_ssd", "hdd"};
constexpr FieldSpec kStorageFields[] = {
    {"kind", FieldType::Choice, "Kind", "", true, kStorage_kind_choices, kNoMin, kNoMax},
    {"interface", FieldType::Text, "Interface", "", false, {}, kNoMin, kNoMax},
    {"form_factor", FieldType::Text, "Form factor", "", false, {}, kNoMin, kNoMax},
    {"capacity_gb", FieldType::Real, "Capacity", "GB", true, {}, 1.0, 1000000.0},
    {"seq_read_mbs", FieldType::Integer, "Sequential read", "MB/s", false, {}, 1.0, 100000.0},
    {"seq_write_mbs", FieldType::Integer, "Sequential write", "MB/s", false, {}, 1.0, 100000.0},
    {"endurance_tbw", FieldType::Integer, "Endurance", "TBW", false, {}, 1.0, 1000000.0},
};
constexpr FieldSpec kMotherboardFields[] = {
    {"socket", FieldType::Text, "Socket", "", true, {}, kNoMin, kNoMax},
    {"chipset", FieldType::Text, "Chipset", "", false, {}, kNoMin, kNoMax},
    {"form_factor", FieldType::Text, "Form factor", "", true, {}, kNoMin, kNoMax},
    {"memory_type", FieldType::Text, "Memory type", "", true, {}, kNoMin, kNoMax},
    {"memory_slots", FieldType::Integer, "Memory slots", "", true, {}, 1.0, 48.0},
    {"memory_max_gb", FieldType::Integer, "Maximum memory", "GB", false, {}, 1.0, 65536.0},
    {"ecc", FieldType::Boolean, "ECC support", "", false, {}, kNoMin, kNoMax},
    {"pcie_slots", FieldType::Text, "PCIe slots (gen x lanes @ position)", "", true, {}, kNoMin, kNoMax},
    {"m2_slots", FieldType::Integer, "M.2 slots", "", false, {}, 0.0, 16.0},
    {"cpu_sockets", FieldType::Integer, "CPU sockets", "", false, {}, 1.0, 8.0},
    {"slot_sharing", FieldType::Text, "Lanes shared between slots (positions: lanes)", "", false, {}, kNoMin, kNoMax},
};
constexpr FieldSpec kPsuFields[] = {
    {"wattage_w", FieldType::Integer, "Rated output", "W", true, {}, 100.0, 10000.0},
    {"efficiency", FieldType::Text, "Efficiency", "", false, {}, kNoMin, kNoMax},
    {"form_factor", FieldType::Text, "Form factor", "", false, {}, kNoMin, kNoMax},
    {"atx_version", FieldType::Text, "ATX version", "", false, {}, kNoMin, kNoMax},
    {"pcie_8pin", FieldType::Integer, "PCIe 8-pin connectors", "", false, {}, 0.0, 16.0},
    {"pcie_16pin", FieldType::Integer, "12VHPWR / 12V-2x6 connectors", "", false, {}, 0.0, 8.0},
    {"redundancy", FieldType::Text, "Redundancy", "", false, {}, kNoMin, kNoMax},
};
constexpr FieldSpec kChassisFields[] = {
    {"kind", FieldType::Text, "Kind", "", true, {}, kNoMin, kNoMax},
    {"motherboard_support", FieldType::Text, "Boards", "", true, {}, kNoMin, kNoMax},
    {"expansion_slots", FieldType::Integer, "Expansion slots", "", true, {}, 1.0, 20.0},
    {"max_gpu_length_mm", FieldType::Integer, "Longest GPU", "mm", false, {}, 100.0, 600.0},
    {"bays_35", FieldType::Integer, "3.5-inch bays", "", false, {}, 0.0, 100.0},
    {"bays_25", FieldType::Integer, "2.5-inch bays", "", false, {}, 0.0, 100.0},
    {"max_cooler_height_mm", FieldType::Integer, "Tallest CPU cooler", "mm", false, {}, 20.0, 300.0},
};
constexpr std::string_view kInterconnect_kind_choices[] = {"nvlink_bridge", "infiniband", "ethernet"};
constexpr FieldSpec kInterconnectFields[] = {
    {"kind", FieldType::Choice, "Kind", "", true, kInterconnect_kind_choices, kNoMin, kNoMax},
    {"standard", FieldType::Text, "Standard", "", false, {}, kNoMin, kNoMax},
    {"link_gbits", FieldType::Real, "Link rate per port", "Gb/s", true, {}, 0.1, 100000.0},
    {"ports", FieldType::Integer, "Ports", "", false, {}, 1.0, 64.0},
    {"pcie_gen", FieldType::Real, "PCIe generation", "", false, {}, 1.0, 7.0},
    {"pcie_lanes", FieldType::Integer, "PCIe lanes", "", false, {}, 1.0, 32.0},
    {"for_gpus", FieldType::Text, "Joins", "", false, {}, kNoMin, kNoMax},
    {"slot_spacing", FieldType::Integer, "Slot spacing", "slots", false, {}, 1.0, 8.0},
};
constexpr FieldSpec kCloudInstanceFields[] = {
    {"provider", FieldType::Text, "Provider", "", true, {}, kNoMin, kNoMax},
    {"instance_type", FieldType::Text, "Instance type", "", true, {}, kNoMin, kNoMax},
    {"region", FieldType::Text, "Region", "", false, {}, kNoMin, kNoMax},
    {"gpu_part_id", FieldType::Text, "Catalog GPU", "", false, {}, kNoMin, kNoMax},
    {"gpu_name", FieldType::Text, "GPU", "", true, {}, kNoMin, kNoMax},
    {"gpu_count", FieldType::Integer, "GPUs", "", true, {}, 1.0, 64.0},
    {"gpu_memory_gb", FieldType::Real, "Memory per GPU", "GB", false, {}, 1.0, 4096.0},
    {"vcpus", FieldType::Integer, "vCPUs", "", false, {}, 1.0, 4096.0},
    {"ram_gib", FieldType::Real, "RAM", "GiB", false, {}, 1.0, 100000.0},
    {"gpu_interconnect", FieldType::Text, "GPU interconnect", "", false, {}, kNoMin, kNoMax},
};
constexpr std::string_view kCooler_kind_choices[] = {"air", "aio", "server_heatsink"};
constexpr FieldSpec kCoolerFields[] = {
    {"kind", FieldType::Choice, "Kind", "", true, kCooler_kind_choices, kNoMin, kNoMax},
    {"sockets", FieldType::Text, "Sockets", "", true, {}, kNoMin, kNoMax},
    {"height_mm", FieldType::Integer, "Height", "mm", false, {}, 10.0, 300.0},
    {"radiator_mm", FieldType::Integer, "Radiator", "mm", false, {}, 60.0, 600.0},
};
constexpr std::string_view kServer_gpu_form_factor_choices[] = {"pcie", "sxm", "oam"};
constexpr FieldSpec kServerFields[] = {
    {"rack_units", FieldType::Integer, "Height", "U", false, {}, 1.0, 48.0},
    {"gpu_form_factor", FieldType::Choice, "GPUs it holds", "", true, kServer_gpu_form_factor_choices, kNoMin, kNoMax},
    {"gpu_slots", FieldType::Integer, "GPU places", "", true, {}, 1.0, 64.0},
    {"gpu_part_id", FieldType::Text, "GPUs included (catalog GPU)", "", false, {}, kNoMin, kNoMax},
    {"gpu_count", FieldType::Integer, "GPUs included", "", false, {}, 1.0, 64.0},
    {"gpu_interconnect", FieldType::Text, "GPU interconnect", "", false, {}, kNoMin, kNoMax},
    {"socket", FieldType::Text, "CPU socket", "", false, {}, kNoMin, kNoMax},
    {"cpu_sockets", FieldType::Integer, "CPU sockets", "", false, {}, 1.0, 8.0},
    {"cpu_included", FieldType::Text, "CPUs included", "", false, {}, kNoMin, kNoMax},
    {"memory_type", FieldType::Text, "Memory type", "", false, {}, kNoMin, kNoMax},
    {"memory_slots", FieldType::Integer, "Memory slots", "", false, {}, 1.0, 128.0},
    {"memory_max_gb", FieldType::Integer, "Maximum memory", "GB", false, {}, 1.0, 1048576.0},
    {"pcie_expansion", FieldType::Text, "PCIe expansion", "", false, {}, kNoMin, kNoMax},
    {"drive_bays", FieldType::Text, "Drive bays", "", false, {}, kNoMin, kNoMax},
    {"psu_count", FieldType::Integer, "Power supplies", "", false, {}, 1.0, 16.0},
    {"psu_w", FieldType::Integer, "Each supply", "W", false, {}, 100.0, 20000.0},
    {"psu_redundancy", FieldType::Text, "Supply redundancy", "", false, {}, kNoMin, kNoMax},
    {"max_power_w", FieldType::Integer, "Maximum system power", "W", false, {}, 100.0, 100000.0},
    {"network", FieldType::Text, "Network included", "", false, {}, kNoMin, kNoMax},
};
// clang-format on

constexpr CategorySchema kSchemas[] = {
    {PartCategory::Gpu, "gpu", kGpuFields},
    {PartCategory::Cpu, "cpu", kCpuFields},
    {PartCategory::MemoryKit, "memory", kMemoryKitFields},
    {PartCategory::Storage, "storage", kStorageFields},
    {PartCategory::Motherboard, "motherboard", kMotherboardFields},
    {PartCategory::Psu, "psu", kPsuFields},
    {PartCategory::Chassis, "chassis", kChassisFields},
    {PartCategory::Interconnect, "interconnect", kInterconnectFields},
    {PartCategory::CloudInstance, "cloud", kCloudInstanceFields},
    {PartCategory::Cooler, "cooler", kCoolerFields},
    {PartCategory::Server, "server", kServerFields},
};

} // namespace

const CategorySchema& categorySchema(PartCategory category) {
    for (const auto& schema : kSchemas) {
        if (schema.category == category)
            return schema;
    }
    assert(false && "every category has a schema");
    return kSchemas[0];
}

std::span<const std::string_view> keyFields(PartCategory category) {
    static constexpr std::string_view kGpu[] = {"vram_gb", "memory_bandwidth_gbs", "fp16_tflops", "tdp_w"};
    static constexpr std::string_view kCpu[] = {"cores", "threads", "boost_ghz", "socket", "tdp_w"};
    static constexpr std::string_view kMemory[] = {"memory_type", "modules", "module_gb", "speed_mts"};
    static constexpr std::string_view kStorage[] = {"kind", "capacity_gb", "seq_read_mbs"};
    static constexpr std::string_view kMotherboard[] = {"socket", "form_factor", "memory_type", "pcie_slots"};
    static constexpr std::string_view kPsu[] = {"wattage_w", "efficiency", "pcie_16pin"};
    static constexpr std::string_view kChassis[] = {"kind", "expansion_slots", "max_gpu_length_mm"};
    static constexpr std::string_view kInterconnect[] = {"kind", "link_gbits", "ports"};
    static constexpr std::string_view kCloud[] = {"gpu_count", "gpu_name", "vcpus", "ram_gib"};
    static constexpr std::string_view kCooler[] = {"kind", "sockets", "height_mm"};
    static constexpr std::string_view kServer[] = {"gpu_form_factor", "gpu_slots", "gpu_count",
                                                   "max_power_w"};
    switch (category) {
    case PartCategory::Gpu: return kGpu;
    case PartCategory::Cpu: return kCpu;
    case PartCategory::MemoryKit: return kMemory;
    case PartCategory::Storage: return kStorage;
    case PartCategory::Motherboard: return kMotherboard;
    case PartCategory::Psu: return kPsu;
    case PartCategory::Chassis: return kChassis;
    case PartCategory::Interconnect: return kInterconnect;
    case PartCategory::CloudInstance: return kCloud;
    case PartCategory::Cooler: return kCooler;
    case PartCategory::Server: return kServer;
    }
    return {};
}

const FieldSpec* findField(PartCategory category, std::string_view column) {
    for (const auto& field : categorySchema(category).fields) {
        if (field.column == column)
            return &field;
    }
    return nullptr;
}

} // namespace torchrig::db
