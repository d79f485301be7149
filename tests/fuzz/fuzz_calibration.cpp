// libFuzzer target: a calibration file (the output of `torchrig-cli validate --compare --json`).

#include "validation/run_comparison.h"

#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    (void)torchrig::estimate::readCalibration(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
