#pragma once
// Data parallel across processes as PyTorch's DistributedDataParallel runs it, from PyTorch's own
// C++ objects: a c10d process group over a TCPStore rendezvous (Gloo on the CPU), and the c10d::Reducer
// that Python's DDP drives (its autograd hooks, 25 MiB gradient buckets with a 1 MiB first one in
// reverse parameter order, all-reduce overlapped with backward, the bucket rebuild after the first
// step). Nothing here communicates, buckets or hooks on its own. Includes ATen's tensor only: the
// c10d headers stay in data_parallel.cpp.

#include "validation/validation_protocol.h"

#include <ATen/core/Tensor.h>

#include <memory>
#include <string>
#include <vector>

namespace torchrig::validate {

// Where a rank meets the others: rank 0 hosts the store at host:port, the others connect to it.
struct Rendezvous {
    std::string host = "127.0.0.1";
    int port = 0;
    int rank = 0;
    int ranks = 1;
    double timeoutSeconds = 60; // to reach the store, and for a collective to finish
};

// "HOST:PORT" read strictly; throws WorkerError (invalid request) naming what is wrong.
Rendezvous parseRendezvous(const std::string& hostAndPort, int rank, int ranks);

// What data parallel does not measure here (inference; CUDA devices, whose NCCL ranks are not
// measured yet): throws WorkerError saying what to measure instead.
void refuseUnmeasuredDataParallel(const ValidationRequest& request, bool cuda);

// Whether this worker was built with c10d's Gloo process group (LibTorch's distributed headers and
// Gloo's were found at build time); without it, a data-parallel request is refused saying so.
bool dataParallelBuilt();

class DataParallel {
public:
    // Joins the rendezvous (rank 0 hosts the store), checks that every rank runs the same request
    // on the same number of ranks, broadcasts rank 0's parameters and buffers, and builds the
    // Reducer over the trained parameters. Throws WorkerError naming the rank and what failed.
    DataParallel(const Rendezvous& rendezvous, const std::string& requestJson,
                 const std::vector<at::Tensor>& parameters, std::vector<at::Tensor> buffers);
    ~DataParallel();
    DataParallel(const DataParallel&) = delete;
    DataParallel& operator=(const DataParallel&) = delete;

    // DistributedDataParallel.forward's prologue: the Logger's runtime statistics of the step
    // before, the bucket rebuild after the first step, rank 0's buffers broadcast.
    void beforeForward();
    // Its epilogue: the Reducer expects every trained parameter's gradient in this backward.
    void beforeBackward();
    // The timings count from the next step on (the warm-up steps' are dropped).
    void startMeasuring();
    // After the last step: what the gradient buckets hold and the Logger's averaged timings.
    DataParallelMeasurement measurement();

private:
    struct State;
    std::unique_ptr<State> m_state;
};

} // namespace torchrig::validate
