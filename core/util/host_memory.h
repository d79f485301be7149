#pragma once

#include <cstdint>
#include <string_view>

namespace torchrig {

// A /proc/meminfo figure in bytes ("MemTotal", "MemAvailable"); 0 when the system does not say.
std::int64_t hostMemoryBytes(std::string_view field);

} // namespace torchrig
