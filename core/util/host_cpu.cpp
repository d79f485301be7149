#include "util/host_cpu.h"

#include <fstream>

namespace torchrig {

std::string hostCpuName() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("model name", 0) != 0)
            continue;
        const auto colon = line.find(':');
        const auto name = colon == std::string::npos ? colon : line.find_first_not_of(" \t", colon + 1);
        return name == std::string::npos ? std::string() : line.substr(name);
    }
    return {};
}

} // namespace torchrig
