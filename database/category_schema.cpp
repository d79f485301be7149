#include "category_schema.h"

#include "util/message.h"

#include <cassert>

namespace torchrig::db {

namespace {

// clang-format off
constexpr std::string_view kGpu_tensor_accumulate_choices[] = {"fp32", "fp16"};
constexpr std::string_view kGpu_form_factor_choices[] = {"pcie", "sxm", "oam"};
constexpr std::string_view kGpu_gpu_link_choices[] = {"none", "bridge", "sxm", "oam"};
constexpr std::string_view kGpu_cooler_style_choices[] = {"blower", "open_air", "passive"};
// How PyTorch reaches the device: CUDA; ROCm/HIP (AMD, and Hygon's DTK); Huawei Ascend's torch_npu;
// Cambricon's torch_mlu; Moore Threads' torch_musa; Kunlunxin's XPU plugin; MetaX's MACA.
constexpr std::string_view kGpu_pytorch_backend_choices[] = {"cuda", "rocm", "torch_npu", "torch_mlu",
                                                             "torch_musa", "xpu", "maca"};
constexpr FieldSpec kGpuFields[] = {
    {"architecture", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Architecture"), "", true, {}, kNoMin, kNoMax},
    {"compute_capability", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Compute capability"), "", false, {}, kNoMin, kNoMax},
    {"vram_gb", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "VRAM (marketing)"), "GB", true, {}, 0.5, 4096.0},
    {"vram_usable_mib", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "VRAM reported by the driver"), "MiB", false, {}, 256.0, 4194304.0},
    {"memory_type", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "VRAM type"), "", false, {}, kNoMin, kNoMax},
    {"memory_bandwidth_gbs", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Memory bandwidth"), "GB/s", true, {}, 1.0, 100000.0},
    {"fp32_tflops", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "FP32"), "TFLOPS", false, {}, 0.0, 100000.0},
    {"tf32_tflops", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "TF32 tensor, dense"), "TFLOPS", false, {}, 0.0, 100000.0},
    {"fp16_tflops", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "FP16 tensor, dense"), "TFLOPS", false, {}, 0.0, 100000.0},
    {"bf16_tflops", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "BF16 tensor, dense"), "TFLOPS", false, {}, 0.0, 100000.0},
    {"fp8_tflops", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "FP8 tensor, dense"), "TFLOPS", false, {}, 0.0, 100000.0},
    {"tensor_accumulate", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Tensor rates quoted for accumulate in"), "", false, kGpu_tensor_accumulate_choices, kNoMin, kNoMax},
    {"tdp_w", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Board power"), "W", true, {}, 1.0, 5000.0},
    {"form_factor", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Form factor"), "", true, kGpu_form_factor_choices, kNoMin, kNoMax},
    {"pcie_gen", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "PCIe generation"), "", false, {}, 1.0, 7.0},
    {"pcie_lanes", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "PCIe lanes"), "", false, {}, 1.0, 32.0},
    {"gpu_link", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "GPU-to-GPU link"), "", true, kGpu_gpu_link_choices, kNoMin, kNoMax},
    {"gpu_link_gbs", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "GPU link bandwidth"), "GB/s", false, {}, 0.0, 100000.0},
    {"slot_width", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Slot width"), "slots", false, {}, 1.0, 5.0},
    {"length_mm", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Length"), "mm", false, {}, 50.0, 500.0},
    {"power_connectors", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Power connectors"), "", false, {}, kNoMin, kNoMax},
    {"launch_year", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Launch year"), "", false, {}, 1990.0, 2100.0},
    {"cooler_style", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Cooler"), "", false, kGpu_cooler_style_choices, kNoMin, kNoMax},
    {"pytorch_backend", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "PyTorch backend"), "", false, kGpu_pytorch_backend_choices, kNoMin, kNoMax},
};
constexpr FieldSpec kCpuFields[] = {
    {"cores", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Cores"), "", true, {}, 1.0, 1024.0},
    {"threads", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Threads"), "", true, {}, 1.0, 2048.0},
    {"base_ghz", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Base clock"), "GHz", false, {}, 0.1, 10.0},
    {"boost_ghz", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Boost clock"), "GHz", false, {}, 0.1, 10.0},
    {"socket", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Socket"), "", true, {}, kNoMin, kNoMax},
    {"tdp_w", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "TDP"), "W", true, {}, 1.0, 1000.0},
    {"pcie_lanes", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "PCIe lanes from the CPU"), "", false, {}, 0.0, 256.0},
    {"pcie_gen", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "PCIe generation"), "", false, {}, 1.0, 7.0},
    {"memory_type", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Memory type"), "", true, {}, kNoMin, kNoMax},
    {"memory_speed_mts", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Memory speed"), "MT/s", false, {}, 800.0, 20000.0},
    {"memory_channels", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Memory channels"), "", true, {}, 1.0, 24.0},
    {"ecc", FieldType::Boolean, TORCHRIG_TEXT_NOOP("catalog", "ECC memory"), "", false, {}, kNoMin, kNoMax},
    {"launch_date", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Launch date"), "", false, {}, kNoMin, kNoMax},
};
constexpr std::string_view kMemoryKit_memory_type_choices[] = {"DDR4", "DDR5"};
constexpr std::string_view kMemoryKit_module_form_choices[] = {"UDIMM", "RDIMM", "SODIMM"};
constexpr FieldSpec kMemoryKitFields[] = {
    {"memory_type", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Memory type"), "", true, kMemoryKit_memory_type_choices, kNoMin, kNoMax},
    {"module_form", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Module"), "", true, kMemoryKit_module_form_choices, kNoMin, kNoMax},
    {"modules", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Modules"), "", true, {}, 1.0, 32.0},
    {"module_gb", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Module size"), "GB", true, {}, 1.0, 1024.0},
    {"speed_mts", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Speed"), "MT/s", true, {}, 800.0, 20000.0},
    {"cas_latency", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "CAS latency"), "cycles", false, {}, 1.0, 100.0},
    {"ecc", FieldType::Boolean, TORCHRIG_TEXT_NOOP("catalog", "ECC"), "", false, {}, kNoMin, kNoMax},
};
constexpr std::string_view kStorage_kind_choices[] = {"nvme", "sata_ssd", "hdd"};
constexpr FieldSpec kStorageFields[] = {
    {"kind", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Kind"), "", true, kStorage_kind_choices, kNoMin, kNoMax},
    {"interface", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Interface"), "", false, {}, kNoMin, kNoMax},
    {"form_factor", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Form factor"), "", false, {}, kNoMin, kNoMax},
    {"capacity_gb", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Capacity"), "GB", true, {}, 1.0, 1000000.0},
    {"seq_read_mbs", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Sequential read"), "MB/s", false, {}, 1.0, 100000.0},
    {"seq_write_mbs", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Sequential write"), "MB/s", false, {}, 1.0, 100000.0},
    {"endurance_tbw", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Endurance"), "TBW", false, {}, 1.0, 1000000.0},
};
constexpr FieldSpec kMotherboardFields[] = {
    {"socket", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Socket"), "", true, {}, kNoMin, kNoMax},
    {"chipset", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Chipset"), "", false, {}, kNoMin, kNoMax},
    {"form_factor", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Form factor"), "", true, {}, kNoMin, kNoMax},
    {"memory_type", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Memory type"), "", true, {}, kNoMin, kNoMax},
    {"memory_slots", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Memory slots"), "", true, {}, 1.0, 48.0},
    {"memory_max_gb", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Maximum memory"), "GB", false, {}, 1.0, 65536.0},
    {"ecc", FieldType::Boolean, TORCHRIG_TEXT_NOOP("catalog", "ECC support"), "", false, {}, kNoMin, kNoMax},
    {"pcie_slots", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "PCIe slots (gen x lanes @ position, c: wired from the chipset)"), "", true, {}, kNoMin, kNoMax},
    {"m2_slots", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "M.2 slots"), "", false, {}, 0.0, 16.0},
    {"cpu_sockets", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "CPU sockets"), "", false, {}, 1.0, 8.0},
    {"slot_sharing", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Lanes shared between slots (positions: lanes)"), "", false, {}, kNoMin, kNoMax},
    {"eps_8pin", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "8-pin CPU (EPS) power inputs"), "", false, {}, 0.0, 8.0},
};
constexpr FieldSpec kPsuFields[] = {
    {"wattage_w", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Rated output"), "W", true, {}, 100.0, 10000.0},
    {"efficiency", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Efficiency"), "", false, {}, kNoMin, kNoMax},
    {"form_factor", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Form factor"), "", false, {}, kNoMin, kNoMax},
    {"atx_version", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "ATX version"), "", false, {}, kNoMin, kNoMax},
    {"pcie_8pin", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "PCIe 8-pin connectors"), "", false, {}, 0.0, 16.0},
    {"pcie_16pin", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "12VHPWR / 12V-2x6 connectors"), "", false, {}, 0.0, 8.0},
    {"redundancy", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Redundancy"), "", false, {}, kNoMin, kNoMax},
    {"eps_8pin", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "8-pin CPU (EPS) connectors"), "", false, {}, 0.0, 16.0},
};
constexpr FieldSpec kChassisFields[] = {
    {"kind", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Kind"), "", true, {}, kNoMin, kNoMax},
    {"motherboard_support", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Boards"), "", true, {}, kNoMin, kNoMax},
    {"expansion_slots", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Expansion slots"), "", true, {}, 1.0, 20.0},
    {"max_gpu_length_mm", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Longest GPU"), "mm", false, {}, 100.0, 600.0},
    {"bays_35", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "3.5-inch bays"), "", false, {}, 0.0, 100.0},
    {"bays_25", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "2.5-inch bays"), "", false, {}, 0.0, 100.0},
    {"max_cooler_height_mm", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Tallest CPU cooler"), "mm", false, {}, 20.0, 300.0},
};
constexpr std::string_view kInterconnect_kind_choices[] = {"nvlink_bridge", "infiniband", "ethernet"};
constexpr FieldSpec kInterconnectFields[] = {
    {"kind", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Kind"), "", true, kInterconnect_kind_choices, kNoMin, kNoMax},
    {"standard", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Standard"), "", false, {}, kNoMin, kNoMax},
    {"link_gbits", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Link rate per port"), "Gb/s", true, {}, 0.1, 100000.0},
    {"ports", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Ports"), "", false, {}, 1.0, 64.0},
    {"pcie_gen", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "PCIe generation"), "", false, {}, 1.0, 7.0},
    {"pcie_lanes", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "PCIe lanes"), "", false, {}, 1.0, 32.0},
    {"for_gpus", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Joins"), "", false, {}, kNoMin, kNoMax},
    {"slot_spacing", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Slot spacing"), "slots", false, {}, 1.0, 8.0},
};
constexpr FieldSpec kCloudInstanceFields[] = {
    {"provider", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Provider"), "", true, {}, kNoMin, kNoMax},
    {"instance_type", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Instance type"), "", true, {}, kNoMin, kNoMax},
    {"region", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Region"), "", false, {}, kNoMin, kNoMax},
    {"gpu_part_id", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Catalog GPU"), "", false, {}, kNoMin, kNoMax},
    {"gpu_name", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "GPU"), "", true, {}, kNoMin, kNoMax},
    {"gpu_count", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "GPUs"), "", true, {}, 1.0, 64.0},
    {"gpu_memory_gb", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "Memory per GPU"), "GB", false, {}, 1.0, 4096.0},
    {"vcpus", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "vCPUs"), "", false, {}, 1.0, 4096.0},
    {"ram_gib", FieldType::Real, TORCHRIG_TEXT_NOOP("catalog", "RAM"), "GiB", false, {}, 1.0, 100000.0},
    {"gpu_interconnect", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "GPU interconnect"), "", false, {}, kNoMin, kNoMax},
};
constexpr std::string_view kCooler_kind_choices[] = {"air", "aio", "server_heatsink"};
constexpr FieldSpec kCoolerFields[] = {
    {"kind", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "Kind"), "", true, kCooler_kind_choices, kNoMin, kNoMax},
    {"sockets", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Sockets"), "", true, {}, kNoMin, kNoMax},
    {"height_mm", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Height"), "mm", false, {}, 10.0, 300.0},
    {"radiator_mm", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Radiator"), "mm", false, {}, 60.0, 600.0},
};
constexpr std::string_view kServer_gpu_form_factor_choices[] = {"pcie", "sxm", "oam"};
constexpr FieldSpec kServerFields[] = {
    {"rack_units", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Height"), "U", false, {}, 1.0, 48.0},
    {"gpu_form_factor", FieldType::Choice, TORCHRIG_TEXT_NOOP("catalog", "GPUs it holds"), "", true, kServer_gpu_form_factor_choices, kNoMin, kNoMax},
    {"gpu_slots", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "GPU places"), "", true, {}, 1.0, 64.0},
    {"gpu_part_id", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "GPUs included (catalog GPU)"), "", false, {}, kNoMin, kNoMax},
    {"gpu_count", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "GPUs included"), "", false, {}, 1.0, 64.0},
    {"gpu_interconnect", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "GPU interconnect"), "", false, {}, kNoMin, kNoMax},
    {"socket", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "CPU socket"), "", false, {}, kNoMin, kNoMax},
    {"cpu_sockets", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "CPU sockets"), "", false, {}, 1.0, 8.0},
    {"cpu_included", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "CPUs included"), "", false, {}, kNoMin, kNoMax},
    {"memory_type", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Memory type"), "", false, {}, kNoMin, kNoMax},
    {"memory_slots", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Memory slots"), "", false, {}, 1.0, 128.0},
    {"memory_max_gb", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Maximum memory"), "GB", false, {}, 1.0, 1048576.0},
    {"pcie_expansion", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "PCIe expansion"), "", false, {}, kNoMin, kNoMax},
    {"drive_bays", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Drive bays"), "", false, {}, kNoMin, kNoMax},
    {"psu_count", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Power supplies"), "", false, {}, 1.0, 16.0},
    {"psu_w", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Each supply"), "W", false, {}, 100.0, 20000.0},
    {"psu_redundancy", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Supply redundancy"), "", false, {}, kNoMin, kNoMax},
    {"max_power_w", FieldType::Integer, TORCHRIG_TEXT_NOOP("catalog", "Maximum system power"), "W", false, {}, 100.0, 100000.0},
    {"network", FieldType::Text, TORCHRIG_TEXT_NOOP("catalog", "Network included"), "", false, {}, kNoMin, kNoMax},
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
