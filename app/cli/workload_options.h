#pragma once

#include "util/result.h"
#include "validation/validation_protocol.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace torchrig::cli {

// The flags that describe a training workload, shared by the commands that take one
// (validate and estimate; fit reads the same names).
struct WorkloadOptions {
    std::string model;
    std::string modelFile;
    std::string hfConfig; // a Hugging Face model's folder or config.json
    double expertImbalance = 1;
    std::int64_t batch = 0;
    std::int64_t seqLen = 0;
    std::int64_t layers = 0;
    std::int64_t imageSize = 0;
    std::string precision = "fp32";
    std::string optimizer = "adamw";
    std::string optimizerImpl = "default";
    std::string checkpointing = "none";
    int gradientAccumulation = 1;
    int loraRank = 0;
    double loraAlpha = 16;
    double loraDropout = 0;
    std::vector<std::string> loraTargets;
    bool qlora = false;
    std::string device = "cpu";

    // `workloadOptional`: the command works without a workload (a build file's own one, or none),
    // so --batch is asked for only with --model or --model-file, and --device is not offered.
    void addTo(CLI::App& command, const std::string& deviceHelp = "cpu or cuda:N",
               bool workloadOptional = false);
    bool given() const { return !model.empty() || !modelFile.empty() || !hfConfig.empty(); }
    // The workload, with the zoo model's default sizes where a flag was not given.
    Result<Workload> toWorkload() const;
    // The workload as a run of the worker on --device.
    Result<ValidationRequest> toRequest() const;
};

// --strategy for the build commands: how a build's GPUs share the workload, among the strategies
// that keep a whole model on each GPU or shard it (ddp, zero1…3, fsdp).
void addBuildStrategyOption(CLI::App& command, std::string& strategy);

} // namespace torchrig::cli
