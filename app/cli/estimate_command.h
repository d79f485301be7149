#pragma once

#include "cli_errors.h"
#include "dataset_flags.h"
#include "estimate/estimate.h"
#include "estimate/host_needs.h"
#include "subcommand.h"
#include "workload_options.h"

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace torchrig::cli {

// `torchrig-cli estimate`: the estimator's memory, fit and time for one workload on one device.
// Scripts depend on its JSON names (README).
class EstimateCommand : public Subcommand {
public:
    EstimateCommand(CLI::App& parent, const GlobalOptions& options);
    int run();

private:
    WorkloadOptions m_workload;
    int m_gpus = 1;
    std::string m_strategy = "ddp";
    std::string m_attention = "default";
    std::string m_moeKernels = "loop";
    bool m_masterWeights = false;
    bool m_bucketView = false;
    bool m_offload = false;
    double m_interconnectGbs = 0; // each way, GB/s; 0: the catalog's
    DatasetFlags m_data;
    bool m_inference = false;
    std::int64_t m_newTokens = 256;

    // The device named by --device: this machine's CPU or a catalog GPU.
    std::variant<estimate::DeviceSpec, Failure> deviceFor(const std::string& name) const;
    // --calibrated's stored calibration or --calibration's file, when either is given.
    std::variant<std::optional<estimate::Calibration>, Failure>
    calibrationFor(const estimate::DeviceSpec& device) const;
    estimate::TrainingSetup setupFor(const Workload& request, estimate::ParallelStrategy strategy) const;

    // A training estimate and what it was made of, as printed.
    struct TrainingReport {
        const Workload& workload;
        const ModelGraph& graph;
        const estimate::TrainingSetup& setup;
        const estimate::DeviceSpec& device;
        const estimate::Estimate& estimate;
        const estimate::HostEstimate& host;
        const std::vector<std::string>& warnings;
        std::string model;
    };
    void printJson(const TrainingReport& report) const;
    void printTable(const TrainingReport& report) const;

    int runInference(const Workload& request, const ModelGraph& graph, const estimate::TrainingSetup& setup,
                     const estimate::DeviceSpec& device, const estimate::Calibration* calibration);
    std::string m_calibration; // a torchrig-cli validate --json result
    bool m_calibrated = false; // the user database's calibration for the device
    bool m_json = false;
};

} // namespace torchrig::cli
