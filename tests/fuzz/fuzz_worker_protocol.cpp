// libFuzzer target: the worker's protocol both ways. A request line as torchrig-validate reads it
// (a request it accepts is written again and read back alike), and a line of the worker's output as
// the CLI and the app read it, alone and as a run's output held to a request.

#include "validation/validation_protocol.h"
#include "validation/worker_ending.h"

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
    // As the CLI and the app read a run's output: held to a request, with a small line cap.
    torchrig::ValidationRequest request;
    request.model = "mlp";
    request.inputs.batch = 8;
    for (bool maxBatch : {false, true}) {
        torchrig::WorkerOutputReader output({}, torchrig::expectationOf(request, maxBatch), 4096);
        output.feed(text);
        output.endOfOutput();
        if (output.decision() && output.decision()->kind == torchrig::WorkerEnding::Kind::Measured &&
            output.decision()->result.measured.stepSecondsMedian <= 0)
            std::abort(); // a measurement without a time was taken on trust
    }
    return 0;
}
