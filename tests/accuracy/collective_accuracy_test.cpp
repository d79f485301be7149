#include "published_bus_bandwidth.h"

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
