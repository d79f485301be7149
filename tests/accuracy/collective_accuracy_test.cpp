#include "published_bus_bandwidth.h"
#include "published_multi_gpu.h"
#include "test_support.h"

#include <catch2/catch.hpp>

using namespace torchrig;

TEST_CASE("The collective model's bus fractions are the fit of the published nccl-tests rows",
          "[accuracy][collectives]") {
    const auto rows = accuracy::loadPublishedBusBandwidth(accuracy::publishedBusBandwidthPath());
    const auto fitted = accuracy::fitBusFractions(rows);
    // Every class the estimator derates is fitted to at least one published row.
    for (auto link :
         {estimate::LinkClass::Nvlink, estimate::LinkClass::NvlinkBridge, estimate::LinkClass::PciePeerToPeer,
          estimate::LinkClass::PcieThroughHost, estimate::LinkClass::Network}) {
        INFO(estimate::linkClassId(link));
        REQUIRE(fitted.count(link) == 1);
        CHECK(estimate::collectiveRates(link).busFraction == Approx(fitted.at(link)).margin(0.0005));
    }
}

TEST_CASE("The multi-GPU overlap is the fit's, and a multi-GPU step carries the held-out runs' worst loss",
          "[accuracy][collectives]") {
    auto catalog = test::openCatalog(test::TemporaryFolder().file("user.sqlite"), true);
    const auto cases = accuracy::loadPublishedMultiGpu(accuracy::publishedMultiGpuPath());
    CHECK(estimate::kDataParallelOverlap == accuracy::fitOverlap(*catalog, cases).best);
    const auto results = accuracy::evaluateMultiGpu(*catalog, cases);
    REQUIRE(results.size() >= 70);
    const double worst = accuracy::worstHeldOutSlowdown(results);
    CHECK(worst > 0.1); // the published runs do lose more than the model: else the band is moot
    CHECK(estimate::kMultiGpuScalingUncertainty == Approx(worst).margin(0.005));
}
