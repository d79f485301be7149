#pragma once

#include <string>

namespace torchrig {

// This machine's processor as /proc/cpuinfo names it ("AMD EPYC 7B13"); empty when it does not.
// The validation worker reports a CPU run's device by this name, and calibrations are kept by it.
std::string hostCpuName();

} // namespace torchrig
