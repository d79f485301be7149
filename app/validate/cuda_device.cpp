#include "cuda_device.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <cuda_runtime_api.h>
#include <torch/version.h>

#include <dlfcn.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace torchrig::validate::cuda {

namespace {

void check(cudaError_t status, const char* call) {
    if (status != cudaSuccess)
        throw std::runtime_error(std::string(call) + " failed: " + cudaGetErrorString(status));
}

std::string versionText(int version) { // CUDA's 12040 is "12.4"
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

// NVML, loaded at run time: the driver installs it beside itself, and a worker that cannot load
// it still measures everything but the context's size and the driver's version. Declared here
// from nvml.h's stable ABI (the _v2 entry points), so that building needs no NVML headers.
class Nvml {
public:
    using Device = void*;

    static Nvml& instance() {
        static Nvml nvml;
        return nvml;
    }
    bool loaded() const { return m_loaded; }

    std::optional<std::int64_t> usedBytes(Device device) const {
        Memory memory{};
        if (!m_loaded || m_memoryInfo(device, &memory) != 0)
            return std::nullopt;
        return static_cast<std::int64_t>(memory.used);
    }
    std::vector<Device> devices() const {
        std::vector<Device> result;
        unsigned count = 0;
        if (!m_loaded || m_count(&count) != 0)
            return result;
        for (unsigned i = 0; i < count; ++i) {
            Device device = nullptr;
            if (m_byIndex(i, &device) == 0)
                result.push_back(device);
        }
        return result;
    }
    Device byPciBusId(const std::string& busId) const {
        Device device = nullptr;
        return m_loaded && m_byPciBusId(busId.c_str(), &device) == 0 ? device : nullptr;
    }
    std::string driverVersion() const {
        char text[96] = {};
        return m_loaded && m_driverVersion(text, sizeof text) == 0 ? std::string(text) : std::string();
    }

private:
    struct Memory {
        unsigned long long total, free, used;
    };

    template <class Fn> bool load(Fn& fn, const char* name) {
        fn = reinterpret_cast<Fn>(dlsym(m_library, name));
        return fn != nullptr;
    }

    Nvml() {
        m_library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!m_library)
            return;
        int (*init)() = nullptr;
        m_loaded = load(init, "nvmlInit_v2") && load(m_count, "nvmlDeviceGetCount_v2") &&
                   load(m_byIndex, "nvmlDeviceGetHandleByIndex_v2") &&
                   load(m_byPciBusId, "nvmlDeviceGetHandleByPciBusId_v2") &&
                   load(m_memoryInfo, "nvmlDeviceGetMemoryInfo") &&
                   load(m_driverVersion, "nvmlSystemGetDriverVersion") && init() == 0;
    }

    void* m_library = nullptr;
    bool m_loaded = false;
    int (*m_count)(unsigned*) = nullptr;
    int (*m_byIndex)(unsigned, Device*) = nullptr;
    int (*m_byPciBusId)(const char*, Device*) = nullptr;
    int (*m_memoryInfo)(Device, Memory*) = nullptr;
    int (*m_driverVersion)(char*, unsigned) = nullptr;
};

bool g_recorded = false;
std::vector<std::pair<Nvml::Device, std::int64_t>> g_usedBeforeContext;
bool g_contextCreated = false;
std::optional<std::int64_t> g_contextBytes;

std::string pciBusId(int device) {
    char busId[64] = {};
    check(cudaDeviceGetPCIBusId(busId, sizeof busId, device), "cudaDeviceGetPCIBusId");
    return busId;
}

c10::DeviceIndex index(int device) {
    return static_cast<c10::DeviceIndex>(device);
}

} // namespace

bool built() {
    return true;
}

void recordMemoryBeforeContext() {
    if (g_recorded)
        return;
    g_recorded = true;
    const auto& nvml = Nvml::instance();
    for (auto device : nvml.devices()) {
        if (auto used = nvml.usedBytes(device))
            g_usedBeforeContext.emplace_back(device, *used);
    }
}

std::optional<std::int64_t> createContext(int device) {
    if (g_contextCreated)
        return g_contextBytes;
    g_contextCreated = true;
    // The primary context, which PyTorch's first CUDA call would create (and then share).
    check(cudaSetDevice(device), "cudaSetDevice");
    check(cudaFree(nullptr), "cudaFree");
    const auto& nvml = Nvml::instance();
    auto handle = nvml.byPciBusId(pciBusId(device));
    for (const auto& [before, used] : g_usedBeforeContext) {
        if (before != handle)
            continue;
        if (auto now = nvml.usedBytes(handle))
            g_contextBytes = *now - used;
    }
    return g_contextBytes;
}

void resetPeaks(int device) {
    c10::cuda::CUDACachingAllocator::resetPeakStats(index(device));
}

AllocatorPeaks peaks(int device) {
    auto stats = c10::cuda::CUDACachingAllocator::getDeviceStats(index(device));
    // Entry 0 of each statistic is the aggregate over the small- and large-block pools.
    return {stats.allocated_bytes[0].peak, stats.reserved_bytes[0].peak};
}

std::int64_t deviceUsedBytes(int device) {
    check(cudaSetDevice(device), "cudaSetDevice");
    std::size_t freeBytes = 0, totalBytes = 0;
    check(cudaMemGetInfo(&freeBytes, &totalBytes), "cudaMemGetInfo");
    return static_cast<std::int64_t>(totalBytes - freeBytes);
}

void synchronize(int device) {
    check(cudaSetDevice(device), "cudaSetDevice");
    check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
}

void releaseCachedMemory() {
    c10::cuda::CUDACachingAllocator::emptyCache();
}

ValidationDevice describe(int device) {
    cudaDeviceProp properties{};
    check(cudaGetDeviceProperties(&properties, device), "cudaGetDeviceProperties");
    int runtimeVersion = 0, driverApiVersion = 0;
    check(cudaRuntimeGetVersion(&runtimeVersion), "cudaRuntimeGetVersion");
    check(cudaDriverGetVersion(&driverApiVersion), "cudaDriverGetVersion");
    ValidationDevice d;
    d.kind = "cuda:" + std::to_string(device);
    d.name = properties.name;
    d.totalMemoryBytes = static_cast<std::int64_t>(properties.totalGlobalMem);
    d.computeCapability = std::to_string(properties.major) + "." + std::to_string(properties.minor);
    d.multiprocessors = properties.multiProcessorCount;
    d.libtorchVersion = TORCH_VERSION;
    d.cudaVersion = versionText(runtimeVersion);
    auto driver = Nvml::instance().driverVersion();
    d.driverVersion =
        (driver.empty() ? std::string("unknown") : driver) + " (CUDA " + versionText(driverApiVersion) + ")";
    return d;
}

} // namespace torchrig::validate::cuda
