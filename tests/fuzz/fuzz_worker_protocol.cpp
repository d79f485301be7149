// libFuzzer target: the worker's protocol both ways. A request line as torchrig-validate reads it
// (a request it accepts is written again and read back alike), and a line of the worker's output as
// the CLI and the app read it.

#include "io/validation_protocol.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto request = torchrig::parseValidationRequest(text)) {
        const auto written = torchrig::validationRequestToJson(*request);
        auto again = torchrig::parseValidationRequest(written);
        if (!again || torchrig::validationRequestToJson(*again) != written)
            std::abort();
    }
    (void)torchrig::parseWorkerLine(text);
    (void)torchrig::parseDevicesLine(text);
    return 0;
}
