#include "fit_command.h"

#include "catalog_devices.h"
#include "cli_errors.h"
#include "cli_output.h"
#include "estimate/largest_batch.h"
#include "estimate/rule_of_thumb.h"
#include "exit_codes.h"
#include "workload/workload_graph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iostream>
#include <limits>
#include <map>

namespace torchrig::cli {

namespace {

using nlohmann::json;

struct Row {
    estimate::DeviceSpec device;
    std::optional<double> price; // newest launch MSRP, USD
    bool fits = false;           // at the asked batch
    std::int64_t maxBatch = 0;   // 0: not even batch 1 (zoo models only)
    std::optional<double> samplesPerSecond;
    bool native = true; // computes in the asked precision natively (bfloat16 needs it)
};

// What fit prints: the rows best first, for scripts (JSON) and for people (a table).
void printFitJson(const std::vector<Row>& rows, const std::string& model, std::int64_t batch,
                  std::int64_t devicePeak) {
    json list = json::array();
    for (const auto& r : rows)
        list.push_back({{"id", r.device.id},
                        {"name", r.device.name},
                        {"usable_bytes", r.device.usableBytes},
                        {"usable_is_advertised_size", r.device.usableIsMarketing},
                        {"fits", r.fits},
                        {"max_batch", r.maxBatch},
                        {"samples_per_second_at_max_batch",
                         r.samplesPerSecond ? json(*r.samplesPerSecond) : json(nullptr)},
                        {"launch_price_usd", r.price ? json(*r.price) : json(nullptr)},
                        {"native_precision", r.native},
                        {"rule_of_thumb_batch", estimate::seedRuleOfThumbBatch(r.device.usableBytes)}});
    std::cout << json{{"model", model},
                      {"batch", batch},
                      {"device_peak_bytes", devicePeak},
                      {"rule_of_thumb_source", estimate::kSeedRuleOfThumbSource},
                      {"gpus", list}}
                     .dump(2)
              << "\n";
}

void printFitTable(const std::vector<Row>& rows, const std::string& model, std::int64_t batch,
                   std::int64_t devicePeak) {
    std::vector<std::vector<std::string>> table = {{"GPU", "usable", fmt::format("fits batch {}", batch),
                                                    "largest batch", "rule of thumb", "samples/s there",
                                                    "launch price"}};
    for (const auto& r : rows)
        table.push_back({r.device.name,
                         fmt::format("{:.1f} GiB{}", double(r.device.usableBytes) / double(1LL << 30),
                                     r.device.usableIsMarketing ? "*" : ""),
                         r.fits ? "yes" : "no", r.maxBatch > 0 ? std::to_string(r.maxBatch) : "-",
                         std::to_string(estimate::seedRuleOfThumbBatch(r.device.usableBytes)),
                         r.samplesPerSecond ? fmt::format("{:.0f}", *r.samplesPerSecond)
                         : r.native         ? "-"
                                            : "emulated bf16",
                         r.price ? fmt::format("${:.0f}", *r.price) : "-"});
    std::cout << fmt::format("{} at batch {} needs {:.2f} GiB on a GPU (device peak, estimated)\n", model,
                             batch, double(devicePeak) / double(1LL << 30))
              << formatTable(table)
              << "* the advertised size: the usable memory is not known. The device peak counts the CUDA "
                 "context and libraries as measured on an H200; samples/s are uncalibrated roofline "
                 "estimates.\n"
              << "rule of thumb: " << estimate::kSeedRuleOfThumbSource
              << "; the largest batch is the estimator's answer for this model.\n";
}

} // namespace

FitCommand::FitCommand(CLI::App& parent, const GlobalOptions& options)
    : Subcommand(options) {
    m_command = parent.add_subcommand(
        "fit", "Which catalog GPUs fit a training workload, and its largest batch on each");
    m_workload.addTo(*m_command, "(ignored: every catalog GPU is tried)");
    m_command->add_option("--budget", m_budget, "Only GPUs whose launch price (USD) is at most this")
        ->check(CLI::Range(0.01, 1e12)); // as a build file's amounts
    m_command->add_flag("--json", m_json, "Print JSON");
}

int FitCommand::run() {
    auto request = m_workload.toWorkload();
    if (!request)
        return fail(request.error());
    auto graph = buildWorkloadGraph(*request);
    if (!graph)
        return fail(graph.error());
    auto catalog = openCatalogForReading(m_options);
    if (!catalog)
        return fail(kExitNoCatalog, catalog.error().text());
    auto setup = estimate::trainingSetupFor(*request);
    setup.cuda = true;

    // The memory does not depend on which card: one simulation per batch, shared by every GPU.
    std::map<std::int64_t, estimate::Estimate> byBatch;
    const estimate::DeviceSpec unlimited = [] {
        estimate::DeviceSpec d;
        d.cuda = true;
        return d;
    }();
    const bool zoo = !request->model.empty();
    auto devicePeak = [&](std::int64_t batch) -> std::int64_t {
        auto found = byBatch.find(batch);
        if (found == byBatch.end()) {
            auto inputs = *request;
            inputs.inputs.batch = batch;
            auto g = zoo ? buildWorkloadGraph(inputs) : Result<ModelGraph>(*graph);
            if (!g) {
                // The batch asked for must build; a larger one the search tries and cannot build
                // (its tensors pass what TorchRig sizes) fits no device.
                if (batch == request->inputs.batch)
                    throw GraphError(g.error().message);
                return std::numeric_limits<std::int64_t>::max();
            }
            found = byBatch.emplace(batch, estimate::estimateTraining(*g, setup, unlimited)).first;
        }
        return found->second.devicePeakBytes;
    };
    const auto askedPeak = graphResult([&] { return devicePeak(request->inputs.batch); });
    if (!askedPeak)
        return fail(kExitInvalid, askedPeak.error().text());

    std::vector<Row> rows;
    for (const auto& part : (*catalog)->list(PartCategory::Gpu)) {
        Row row;
        row.device = gpuSpec(part);
        row.native = estimate::runsNatively(setup, row.device);
        if (const auto* msrp = part.latestPrice(PriceKind::LaunchMsrp); msrp && msrp->currency == "USD")
            row.price = msrp->amount;
        if (m_budget > 0 && (!row.price || *row.price > m_budget))
            continue;
        if (row.device.usableBytes <= 0)
            continue;
        const auto capacity = row.device.usableBytes;
        row.fits = devicePeak(request->inputs.batch) <= capacity;
        if (zoo) {
            row.maxBatch = estimate::largestFittingBatch(
                [&](std::int64_t batch) { return devicePeak(batch) <= capacity; });
        } else {
            row.maxBatch = row.fits ? request->inputs.batch : 0;
        }
        if (row.maxBatch > 0) {
            auto inputs = *request;
            inputs.inputs.batch = row.maxBatch;
            auto g = zoo ? buildWorkloadGraph(inputs) : Result<ModelGraph>(*graph);
            if (g) {
                auto e = estimate::estimateTraining(*g, setup, row.device, byBatch.at(row.maxBatch).memory);
                if (e.time)
                    row.samplesPerSecond = e.time->samplesPerSecond;
            }
        }
        rows.push_back(row);
    }
    auto valueOf = [](const Row& r) {
        if (!r.samplesPerSecond)
            return -1.0;
        return r.price ? *r.samplesPerSecond / *r.price : 0.0;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
        if (a.fits != b.fits)
            return a.fits;
        if (a.native != b.native)
            return a.native;
        return valueOf(a) > valueOf(b);
    });

    const auto model = request->model.empty() ? graph->name() : request->model;
    if (m_json)
        printFitJson(rows, model, request->inputs.batch, *askedPeak);
    else
        printFitTable(rows, model, request->inputs.batch, *askedPeak);
    return kExitOk;
}

} // namespace torchrig::cli
