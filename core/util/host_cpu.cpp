#include "util/host_cpu.h"

#include <fstream>

namespace torchrig {

std::string hostCpuName() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    for (std::string line; std::getline(cpuinfo, line);) {
        if (line.rfind("model name", 0) == 0) {
            const auto name = line.find_first_not_of(" \t", line.find(':') + 1);
            return line.find(':') == std::string::npos || name == std::string::npos ? std::string()
                                                                                    : line.substr(name);
        }
    }
    return {};
}

} // namespace torchrig
