// libFuzzer target: a .torchrig build file as a colleague might send it. Whatever the bytes, the
// reader answers with a build or a refusal; a build it accepts is checked, costed and written, and
// what it writes reads back to the same file.

#include "io/build_file.h"
#include "plan/build_cost.h"
#include "plan/build_power.h"
#include "plan/compatibility.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto build = torchrig::readBuildFile(text, "fuzz.torchrig");
    if (!build)
        return 0;
    (void)torchrig::plan::checkBuild(*build);
    (void)torchrig::plan::costBuild(*build, {});
    (void)torchrig::plan::nodeLoad(*build);
    const auto written = torchrig::writeBuildFile(*build);
    auto again = torchrig::readBuildFile(written, "written.torchrig");
    if (!again || torchrig::writeBuildFile(*again) != written)
        std::abort(); // the writer wrote what its own reader refuses or reads differently
    return 0;
}
