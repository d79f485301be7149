// libFuzzer target: a model graph file (resources/models/README.md). Whatever the bytes, the reader
// answers with a graph or a refusal; a graph it accepts is estimated, and what the writer makes of
// it reads back to the same file.

#include "estimate/memory_estimate.h"
#include "workload/model_graph.h"
#include "workload/model_graph_json.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto graph = torchrig::readModelGraphJson(text, "fuzz.json");
    if (!graph)
        return 0;
    try {
        (void)torchrig::estimate::estimateMemory(*graph, {});
    } catch (const torchrig::GraphError&) {
        // a refusal with its reason: what the estimator says of a graph it cannot plan
    }
    const auto written = torchrig::writeModelGraphJson(*graph);
    auto again = torchrig::readModelGraphJson(written, "written.json");
    if (!again || torchrig::writeModelGraphJson(*again) != written)
        std::abort();
    return 0;
}
