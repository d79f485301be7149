#include "test_support.h"

#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include <cstdio>
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

ReadOnlyFolder::ReadOnlyFolder(const fs::path& folder)
    : m_folder(folder) {
    if (geteuid() != 0) {
        for (const auto& entry : fs::directory_iterator(folder))
            fs::permissions(entry.path(),
                            fs::perms::owner_write | fs::perms::group_write | fs::perms::others_write,
                            fs::perm_options::remove);
        fs::permissions(folder, fs::perms::owner_write, fs::perm_options::remove);
        m_active = true;
        return;
    }
    if (unshare(CLONE_NEWNS) != 0 || mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
        mount(folder.c_str(), folder.c_str(), nullptr, MS_BIND, nullptr) != 0) {
        m_why = std::string("no mount namespace for root here: ") + std::strerror(errno);
        return;
    }
    m_mounted = true;
    if (mount(folder.c_str(), folder.c_str(), nullptr, MS_REMOUNT | MS_BIND | MS_RDONLY, nullptr) != 0) {
        m_why = std::string("the bind mount cannot be made read-only: ") + std::strerror(errno);
        return;
    }
    m_active = true;
}

ReadOnlyFolder::~ReadOnlyFolder() {
    if (m_mounted) {
        umount2(m_folder.c_str(), MNT_DETACH);
        return;
    }
    if (!m_active)
        return;
    fs::permissions(m_folder, fs::perms::owner_write, fs::perm_options::add);
    for (const auto& entry : fs::directory_iterator(m_folder))
        fs::permissions(entry.path(), fs::perms::owner_write, fs::perm_options::add);
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

std::string todayUtc() {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[11];
    std::strftime(text, sizeof text, "%Y-%m-%d", &utc);
    return text;
}

std::string shellOutput(const std::string& command) {
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe)
        throw std::runtime_error("cannot run the shell for: " + command);
    std::string output;
    char buffer[4096];
    while (auto n = std::fread(buffer, 1, sizeof buffer, pipe))
        output.append(buffer, n);
    pclose(pipe);
    return output;
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
        throw std::runtime_error(catalog.error().text());
    return std::move(*catalog);
}

plan::BuildPart buildPart(std::string id, PartCategory category,
                          std::map<std::string, plan::SpecValue, std::less<>> fields, int quantity) {
    plan::BuildPart p;
    p.partId = id;
    p.quantity = quantity;
    p.snapshot.name = std::move(id);
    p.snapshot.category = category;
    p.snapshot.fields = std::move(fields);
    return p;
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
