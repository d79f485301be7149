#include "test_support.h"

#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace torchrig::test {

namespace fs = std::filesystem;

TemporaryFolder::TemporaryFolder() {
    std::random_device random;
    m_path =
        fs::temp_directory_path() / ("torchrig-test-" + std::to_string(random()) + std::to_string(random()));
    fs::create_directories(m_path);
}

TemporaryFolder::~TemporaryFolder() {
    std::error_code ec;
    fs::permissions(m_path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(m_path, ec);
}

fs::path bundledCatalogPath() {
    return TORCHRIG_TEST_BUNDLED_CATALOG;
}
fs::path seedFolder() {
    return TORCHRIG_TEST_SEED_DIR;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    return buffer.str();
}

void writeFile(const fs::path& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

std::unique_ptr<db::Catalog> openCatalog(const fs::path& userPath, bool readOnly) {
    db::CatalogOpenOptions options;
    options.bundledPath = bundledCatalogPath();
    options.userPath = userPath;
    options.userReadOnly = readOnly;
    options.busyTimeout = std::chrono::milliseconds(50);
    auto catalog = db::Catalog::open(options);
    if (!catalog)
        throw std::runtime_error(catalog.error().message);
    return std::move(*catalog);
}

db::PartRecord sampleGpu(const std::string& id, const std::string& name) {
    db::PartRecord part;
    part.id = id;
    part.category = PartCategory::Gpu;
    part.name = name;
    part.vendor = "Test Vendor";
    part.provenance = {"test datasheet", "2026-11-30", Confidence::High};
    part.fields = {{"architecture", std::string("Test")}, {"vram_gb", 16.0},
                   {"memory_bandwidth_gbs", 512.0},       {"tdp_w", 200.0},
                   {"form_factor", std::string("pcie")},  {"gpu_link", std::string("none")}};
    return part;
}

estimate::DeviceSpec madeUpGpu() {
    estimate::DeviceSpec gpu;
    gpu.id = "gpu/test";
    gpu.name = "test GPU";
    gpu.cuda = true;
    gpu.usableBytes = 80LL << 30;
    gpu.fp32Flops = gpu.tf32Flops = 100e12;
    gpu.bf16Flops = gpu.fp16Flops = 400e12;
    gpu.bandwidthBytesPerSecond = 2e12;
    return gpu;
}

} // namespace torchrig::test
