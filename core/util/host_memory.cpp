#include "util/host_memory.h"

#include <fstream>
#include <string>

namespace torchrig {

std::int64_t hostMemoryBytes(std::string_view field) {
    std::ifstream meminfo("/proc/meminfo");
    for (std::string key; meminfo >> key;) {
        std::int64_t kib = 0;
        meminfo >> kib;
        if (key.size() == field.size() + 1 && key.compare(0, field.size(), field) == 0 && key.back() == ':')
            return kib * 1024;
        meminfo.ignore(64, '\n');
    }
    return 0;
}

} // namespace torchrig
