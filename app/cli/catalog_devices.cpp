#include "catalog_devices.h"

#include "paths.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace torchrig::cli {

namespace {
double number(const db::PartRecord& part, std::string_view column) {
    const auto& value = part.field(column);
    if (const auto* i = std::get_if<std::int64_t>(&value))
        return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    return 0;
}
} // namespace

estimate::DeviceSpec gpuSpec(const db::PartRecord& part) {
    estimate::DeviceSpec d;
    d.id = part.id;
    d.name = part.name;
    d.cuda = true;
    if (auto usable = number(part, "vram_usable_mib"); usable > 0) {
        d.usableBytes = static_cast<std::int64_t>(usable) << 20;
    } else if (auto gb = number(part, "vram_gb"); gb > 0) {
        d.usableBytes = static_cast<std::int64_t>(gb * double(1LL << 30)); // NVIDIA's "24 GB" is GiB
        d.usableIsMarketing = true;
    }
    d.fp32Flops = number(part, "fp32_tflops") * 1e12;
    d.tf32Flops = number(part, "tf32_tflops") * 1e12;
    d.fp16Flops = number(part, "fp16_tflops") * 1e12;
    d.bf16Flops = number(part, "bf16_tflops") * 1e12;
    d.bandwidthBytesPerSecond = number(part, "memory_bandwidth_gbs") * 1e9;
    if (auto gen = number(part, "pcie_gen"); gen > 0) // ~0.985 GB/s a lane each way for gen 3, doubling since
        d.hostLinkBytesPerSecond =
            0.985e9 * std::pow(2.0, gen - 3) * std::max(1.0, number(part, "pcie_lanes"));
    // NVIDIA and AMD give the link's rate both ways together; a ring all-reduce uses each way.
    const auto& link = part.field("gpu_link");
    const auto* linkKind = std::get_if<std::string>(&link);
    if (linkKind && (*linkKind == "sxm" || *linkKind == "oam") && number(part, "gpu_link_gbs") > 0) {
        d.interconnectBytesPerSecond = number(part, "gpu_link_gbs") / 2 * 1e9;
    } else {
        d.interconnectBytesPerSecond = d.hostLinkBytesPerSecond;
    }
    return d;
}

db::CatalogOpenOptions catalogOpenOptions(const GlobalOptions& options) {
    db::CatalogOpenOptions open;
    open.bundledPath = options.catalogPath.empty() ? db::defaultBundledCatalogPath()
                                                   : std::filesystem::path(options.catalogPath);
    if (!options.noUserDb)
        open.userPath = options.userDbPath.empty() ? db::defaultUserDatabasePath()
                                                   : std::filesystem::path(options.userDbPath);
    open.userReadOnly = options.readOnly;
    return open;
}

Result<std::unique_ptr<db::Catalog>> openCatalogForReading(const GlobalOptions& options) {
    auto open = catalogOpenOptions(options);
    open.userReadOnly = true;
    return db::Catalog::open(open);
}

} // namespace torchrig::cli
