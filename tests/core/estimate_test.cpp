// The estimator's parts that need no measurement to check: the caching-allocator model's rules and
// the simulation's bookkeeping on a model small enough to count by hand.

#include "estimate/caching_allocator.h"
#include "estimate/memory_estimate.h"
#include "test_support.h"
#include "workload/model_graph_json.h"

#include <catch2/catch.hpp>

using namespace torchrig;
using namespace torchrig::estimate;

TEST_CASE("The caching-allocator model reserves segments as PyTorch's allocator does", "[core][estimate]") {
    CachingAllocatorModel allocator;
    allocator.allocate(1, 100); // 512 bytes from a new 2 MiB small-pool segment
    allocator.allocate(2, 1000);
    CHECK(allocator.reservedBytes() == (2 << 20));
    allocator.allocate(3, 3 << 20); // 1-10 MiB: a 20 MiB segment
    CHECK(allocator.reservedBytes() == (2 << 20) + (20 << 20));
    allocator.allocate(4, 5 << 20); // fits in the rest of that segment
    CHECK(allocator.reservedBytes() == (2 << 20) + (20 << 20));
    allocator.allocate(5, (12 << 20) + 1); // large: its own segment, rounded up to 2 MiB
    CHECK(allocator.reservedBytes() == (2 << 20) + (20 << 20) + (14 << 20));
    allocator.free(5);
    allocator.allocate(6, 13 << 20); // the cached 14 MiB block is reused, nothing new reserved
    CHECK(allocator.reservedBytes() == (2 << 20) + (20 << 20) + (14 << 20));
    CHECK(allocator.reservedPeakBytes() == allocator.reservedBytes());
}

TEST_CASE("A linear layer's step is simulated byte for byte", "[core][estimate]") {
    auto graph = readModelGraphJson(test::readFile(TORCHRIG_TEST_SOURCES "/validate/linear_4096.json"),
                                    "linear_4096.json");
    REQUIRE(graph.ok());
    constexpr std::int64_t weight = 4096LL * 4096 * 4, bias = 4096 * 4, activation = 64LL * 4096 * 4;
    constexpr std::int64_t resident = weight + bias + activation + 64 * 8;
    TrainingSetup setup;
    setup.optimizer = OptimizerKind::Sgd;
    auto sgd = estimateMemory(*graph, setup);
    // The same figure torchrig-validate measures (tests/validate): gradients of weight and bias,
    // the logits' gradient and two float32 scalars, at the loss's backward.
    CHECK(sgd.allocatedPeakBytes == resident + weight + bias + activation + 8);
    setup.optimizer = OptimizerKind::Adam;
    auto adam = estimateMemory(*graph, setup);
    CHECK(adam.allocatedPeakBytes == resident + 3 * (weight + bias) + 8 + 2 * weight + 12 + 4);
    CHECK(adam.optimizerStateBytes == 2 * (weight + bias) + 8);
    CHECK(adam.breakdownAtPeak[static_cast<std::size_t>(MemoryCategory::OptimizerState)] ==
          2 * (weight + bias) + 8);
    CHECK(adam.firstStepAllocatedPeakBytes == adam.allocatedPeakBytes);
    setup.cuda = true; // every allocation rounds up to 512 bytes; cuBLAS's workspaces join
    auto cuda = estimateMemory(*graph, setup);
    CHECK(cuda.allocatedPeakBytes > adam.allocatedPeakBytes);
    REQUIRE(cuda.reservedPeakBytes);
    CHECK(*cuda.reservedPeakBytes >= cuda.allocatedPeakBytes);
}
