#pragma once
// The measured training run. The interface holds no LibTorch type, so the worker's main and
// protocol code compile without LibTorch's headers.

#include "validation/validation_protocol.h"
#include "workload/model_graph.h"

#include <optional>

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::validate {

class WorkerError : public std::runtime_error {
public:
    WorkerError(ValidationErrorKind kind, const std::string& message)
        : std::runtime_error(message)
        , m_kind(kind) {}
    ValidationErrorKind kind() const { return m_kind; }

private:
    ValidationErrorKind m_kind;
};

using ProgressFn = std::function<void(std::string_view phase, int step, double elapsedSeconds)>;

struct Rendezvous;

// Trains the graph for the request's warm-up and measured steps and measures them; with a
// rendezvous, as one rank of a data-parallel run (data_parallel.h). Throws WorkerError (out of
// memory, unsupported setting, time limit, a rank that cannot join).
ValidationMeasurement runTraining(const ModelGraph& graph, const ValidationRequest& request,
                                  const ProgressFn& progress, const Rendezvous* rendezvous = nullptr);
ValidationDevice describeDevice(const ValidationRequest& request);
// The parameters of the LibTorch network built from the graph, created on the meta device (no
// memory), so that even a 70B model's network can be counted on any machine.
std::int64_t countNetworkParameters(const ModelGraph& graph);
// One forward and backward of the graph on the CPU: "" when it trained, else what LibTorch or the
// worker said (the self-check of each op kind's module, --check-ops).
std::string trainOnceOnCpu(const ModelGraph& graph);
// The CPU, and the CUDA devices a CUDA build of LibTorch sees (not measured on yet).
std::vector<ValidationDevice> probeDevices();
// LibTorch's CPU allocator must be wrapped before any tensor exists.
void prepareLibTorch();

} // namespace torchrig::validate
