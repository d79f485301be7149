#include "hardware/memory_kit_spec.h"

#include "hardware/units.h"

namespace torchrig {

std::int64_t MemoryKitSpec::totalBytes() const {
    return static_cast<std::int64_t>(modules) * moduleGb * units::kGiB;
}

} // namespace torchrig
