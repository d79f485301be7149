// Buying against renting: the same work priced on the build and on cloud instances, the break-even,
// the purchase as a lower bound when parts are unpriced, and the options it cannot estimate.

#include "plan/gpu_device_spec.h"
#include "plan/rent_vs_buy.h"
#include "workload/model_zoo.h"

#include <catch2/catch.hpp>

using namespace torchrig;
using namespace torchrig::plan;

namespace {

std::map<std::string, SpecValue, std::less<>> gpuFields(double vramGb, double tflops) {
    return {{"vram_gb", vramGb},         {"fp32_tflops", tflops},          {"tf32_tflops", 4 * tflops},
            {"fp16_tflops", 8 * tflops}, {"bf16_tflops", 8 * tflops},      {"memory_bandwidth_gbs", 1000.0},
            {"pcie_gen", 4.0},           {"pcie_lanes", std::int64_t{16}}, {"tdp_w", 400.0}};
}

BuildPart gpuPart(double vramGb, double tflops, std::optional<double> price) {
    BuildPart p;
    p.partId = "gpu/test";
    p.snapshot.name = "Test GPU";
    p.snapshot.category = PartCategory::Gpu;
    p.snapshot.fields = gpuFields(vramGb, tflops);
    if (price)
        p.snapshot.price = Price{*price, "USD", "2026-11", "a quote", PriceKind::Street};
    return p;
}

CloudOffer offerOf(const BuildPart& gpu, double hourly, int count = 1) {
    CloudOffer o;
    o.id = "cloud/test";
    o.name = "Test instance";
    o.gpuName = gpu.snapshot.name;
    o.gpuCount = count;
    o.gpu = gpuDeviceSpec(gpu.partId, gpu.snapshot);
    o.hourly = Price{hourly, "USD", "2026-11", "a price list", PriceKind::OnDemandHourly};
    return o;
}

ModelGraph resnet18(std::int64_t batch) {
    const auto* zoo = findZooModel("resnet18");
    REQUIRE(zoo);
    auto inputs = zoo->defaults;
    inputs.batch = batch;
    return zoo->build(inputs);
}

estimate::TrainingSetup cudaSetup() {
    estimate::TrainingSetup setup;
    setup.cuda = true;
    setup.precision = Precision::AmpBf16;
    return setup;
}

} // namespace

TEST_CASE("Renting the build's own GPU costs its hours at the hourly price, and buying pays off after "
          "purchase / (rent - energy) months",
          "[core][build][rent]") {
    Build build;
    build.parts = {gpuPart(80, 50, 10000)};
    CostOptions options;
    options.hoursPerDay = 10;
    options.pricePerKwh = 0.5;
    UsagePlan usage;
    usage.lifetimeMonths = 40;
    usage.runSamples = 1e6;
    const auto graph = resnet18(64);
    const auto r =
        compareRentVsBuy(build, graph, cudaSetup(), {offerOf(build.parts[0], 2.0)}, usage, options);
    REQUIRE(r.purchase);
    CHECK(*r.purchase == Approx(10000));
    CHECK_FALSE(r.purchaseIsLowerBound);
    CHECK(r.currency == "USD");
    // 400 W + the 75 W platform, 300 h a month, at 0.5 a kWh.
    CHECK(r.energyCostPerMonth == Approx(0.475 * 300 * 0.5));
    REQUIRE(r.build.fits.value_or(false));
    REQUIRE(r.build.samplesPerSecond > 0);
    REQUIRE(r.build.costPerMonth);
    CHECK(*r.build.costPerMonth == Approx(10000.0 / 40 + r.energyCostPerMonth));
    REQUIRE(r.build.runHours);
    CHECK(*r.build.runHours == Approx(1e6 / r.build.samplesPerSecond / 3600));
    REQUIRE(r.build.runEnergyKwh);
    CHECK(*r.build.runEnergyKwh == Approx(*r.build.runHours * 0.475));

    REQUIRE(r.cloud.size() == 1);
    const auto& cloud = r.cloud[0];
    CHECK(cloud.samplesPerSecond == Approx(r.build.samplesPerSecond)); // the same GPU
    CHECK(cloud.hoursPerMonth == Approx(300));
    REQUIRE(cloud.costPerMonth);
    CHECK(*cloud.costPerMonth == Approx(600));
    REQUIRE(cloud.runCost);
    CHECK(*cloud.runCost == Approx(*r.build.runHours * 2.0));
    REQUIRE(cloud.breakEvenMonths);
    CHECK(*cloud.breakEvenMonths == Approx(10000 / (600 - r.energyCostPerMonth)));
}

TEST_CASE("Rent vs buy says what it cannot compare", "[core][build][rent]") {
    Build build;
    build.parts = {gpuPart(80, 50, 10000)};
    BuildPart board;
    board.partId = "motherboard/unpriced";
    board.snapshot.category = PartCategory::Motherboard;
    build.parts.push_back(board);
    const auto graph = resnet18(64);
    CostOptions options;
    options.pricePerKwh = 0.1;

    SECTION("an unpriced part makes the purchase and the break-even lower bounds") {
        const auto r =
            compareRentVsBuy(build, graph, cudaSetup(), {offerOf(build.parts[0], 2.0)}, {}, options);
        CHECK(r.purchaseIsLowerBound);
        REQUIRE(r.purchase);
        CHECK(*r.purchase == Approx(10000));
        REQUIRE(r.cloud.size() == 1);
        CHECK(r.cloud[0].breakEvenMonths);
    }
    SECTION("a rented instance in the build is not part of the purchase") {
        BuildPart instance;
        instance.partId = "cloud/x";
        instance.snapshot.category = PartCategory::CloudInstance;
        instance.snapshot.price = Price{20, "USD", "2026-03", "a price list", PriceKind::OnDemandHourly};
        Build rented;
        rented.parts = {instance};
        const auto r =
            compareRentVsBuy(rented, graph, cudaSetup(), {offerOf(build.parts[0], 2.0)}, {}, options);
        CHECK_FALSE(r.purchase);
        CHECK(r.build.notEstimated.text().find("rents a cloud instance") != std::string::npos);
    }
    SECTION("an instance whose GPU the catalog does not describe is not estimated") {
        auto offer = offerOf(build.parts[0], 2.0);
        offer.gpu.reset();
        offer.gpuName = "A10G 24GB";
        const auto r = compareRentVsBuy(build, graph, cudaSetup(), {offer}, {}, options);
        CHECK(r.cloud[0].notEstimated.text().find("A10G") != std::string::npos);
        CHECK_FALSE(r.cloud[0].costPerMonth);
        CHECK_FALSE(r.cloud[0].breakEvenMonths);
    }
    SECTION("an instance too small for the workload has no cost for it") {
        auto small = gpuPart(1, 50, std::nullopt);
        const auto r = compareRentVsBuy(build, graph, cudaSetup(), {offerOf(small, 0.1)}, {}, options);
        REQUIRE(r.cloud[0].fits);
        CHECK_FALSE(*r.cloud[0].fits);
        CHECK_FALSE(r.cloud[0].costPerMonth);
    }
    SECTION("a GPU without bfloat16 is not estimated for amp-bf16") {
        auto old = gpuPart(32, 15, std::nullopt);
        old.snapshot.fields.erase("bf16_tflops");
        const auto r = compareRentVsBuy(build, graph, cudaSetup(), {offerOf(old, 3.0)}, {}, options);
        CHECK(r.cloud[0].notEstimated.text().find("bfloat16") != std::string::npos);
    }
    SECTION("renting cheaper than the build's own energy never breaks even") {
        options.pricePerKwh = 100;
        const auto r =
            compareRentVsBuy(build, graph, cudaSetup(), {offerOf(build.parts[0], 0.01)}, {}, options);
        REQUIRE(r.cloud[0].costPerMonth);
        CHECK_FALSE(r.cloud[0].breakEvenMonths);
    }
    SECTION("prices in another currency are converted at the rates given, or left without a cost") {
        options.currency = "CNY";
        options.rates = {{"USD", 7}};
        auto r = compareRentVsBuy(build, graph, cudaSetup(), {offerOf(build.parts[0], 2.0)}, {}, options);
        CHECK(r.currency == "CNY");
        REQUIRE(r.purchase);
        CHECK(*r.purchase == Approx(70000));
        REQUIRE(r.cloud.size() == 1);
        REQUIRE(r.cloud[0].hourlyCost);
        CHECK(*r.cloud[0].hourlyCost == Approx(14));
        options.rates.clear();
        r = compareRentVsBuy(build, graph, cudaSetup(), {offerOf(build.parts[0], 2.0)}, {}, options);
        CHECK_FALSE(r.purchase);
        REQUIRE(r.cloud.size() == 1);
        CHECK_FALSE(r.cloud[0].hourlyCost);
    }
}

TEST_CASE("A build's GPUs are estimated as wired: count over nodes, NVLink bridge, the nodes' network",
          "[core][build][rent]") {
    Build build;
    build.nodes = 2;
    auto gpu = gpuPart(80, 50, 1000);
    gpu.quantity = 2;
    gpu.snapshot.fields["gpu_link"] = std::string("bridge");
    gpu.snapshot.fields["gpu_link_gbs"] = 112.5;
    build.parts = {gpu};
    auto gpus = buildGpus(build);
    REQUIRE(gpus);
    CHECK(gpus->gpus == 4);
    CHECK(gpus->spec.interconnectBytesPerSecond == 0); // two nodes and no network part: not known
    BuildPart bridge, network;
    bridge.snapshot.category = network.snapshot.category = PartCategory::Interconnect;
    bridge.snapshot.fields["kind"] = std::string("nvlink_bridge");
    network.snapshot.fields["kind"] = std::string("infiniband");
    network.snapshot.fields["link_gbits"] = std::int64_t{200};
    build.parts.push_back(network);
    gpus = buildGpus(build);
    REQUIRE(gpus);
    // 200 Gb/s is 25 GB/s, of which NCCL reaches 96 %: more than the 62 % it reaches of PCIe 4.0
    // x16's 31.5 GB/s between two cards of a node, so PCIe paces the ring.
    CHECK(gpus->networkBytesPerSecond == Approx(25e9));
    CHECK(gpus->spec.interconnectClass == estimate::LinkClass::PciePeerToPeer);
    CHECK(gpus->spec.interconnectBytesPerSecond == Approx(0.985e9 * 2 * 16));
    network.snapshot.fields["link_gbits"] = std::int64_t{100};
    build.parts.back() = network;
    gpus = buildGpus(build);
    REQUIRE(gpus);
    CHECK(gpus->spec.interconnectClass == estimate::LinkClass::Network); // 12.5 GB/s: the network paces it
    CHECK(gpus->spec.interconnectBytesPerSecond == Approx(12.5e9));
    build.nodes = 1;
    build.parts.push_back(bridge);
    gpus = buildGpus(build);
    REQUIRE(gpus);
    CHECK(gpus->spec.interconnectBytesPerSecond == Approx(56.25e9)); // the bridge's 112.5 GB/s both ways
    CHECK(gpus->spec.interconnectClass == estimate::LinkClass::NvlinkBridge);
    build.parts.erase(build.parts.begin() + 2);
    gpus = buildGpus(build);
    REQUIRE(gpus);
    CHECK(gpus->spec.interconnectBytesPerSecond == Approx(0.985e9 * 2 * 16)); // PCIe 4.0 x16
    BuildPart cpu;
    cpu.snapshot.category = PartCategory::Cpu;
    cpu.snapshot.fields["pcie_lanes"] = std::int64_t{20};
    build.parts.push_back(cpu);
    gpus = buildGpus(build);
    REQUIRE(gpus);
    CHECK(gpus->lanesPerGpu == 8); // a desktop CPU's 20 lanes run the two cards at x8
    CHECK(gpus->spec.interconnectBytesPerSecond == Approx(0.985e9 * 2 * 8));
    CHECK(gpus->spec.hostLinkBytesPerSecond == Approx(0.985e9 * 2 * 8));
    CHECK(gpus->spec.interconnectClass == estimate::LinkClass::PciePeerToPeer);
    // NVIDIA's driver gives GeForce cards no peer-to-peer: NCCL goes through host memory.
    build.parts.front().snapshot.name = "GeForce RTX 4090";
    gpus = buildGpus(build);
    REQUIRE(gpus);
    CHECK(gpus->spec.interconnectClass == estimate::LinkClass::PcieThroughHost);
}

TEST_CASE("A build's workload is compared as its request and strategy describe it, or says why not",
          "[core][build][rent]") {
    Build build;
    build.parts = {gpuPart(80, 50, 10000)};
    BuildWorkload workload;
    workload.workload.model = "resnet18";
    workload.workload.inputs.batch = 64;
    workload.workload.precision = Precision::AmpBf16;
    const std::vector<CloudOffer> offers = {offerOf(build.parts[0], 2.0)};
    const auto fromWorkload = compareRentVsBuy(build, workload, offers, {}, {});
    REQUIRE(fromWorkload);
    auto setup = cudaSetup();
    setup.optimizer = estimate::trainingSetupFor(workload.workload).optimizer;
    const auto fromGraph = compareRentVsBuy(build, resnet18(64), setup, offers, {}, {});
    REQUIRE(fromGraph.build.samplesPerSecond > 0);
    CHECK(fromWorkload->build.samplesPerSecond == Approx(fromGraph.build.samplesPerSecond));
    workload.workload.model = "resnet-nine";
    const auto unknown = compareRentVsBuy(build, workload, offers, {}, {});
    REQUIRE_FALSE(unknown);
    CHECK(unknown.error().text().find("\"resnet-nine\" is not a zoo model") != std::string::npos);
}
