#include "data_parallel.h"

#include "training_run.h"

#include <charconv>
#include <chrono>
#include <cstdint>

#ifdef TORCHRIG_WITH_C10D_GLOO
#include <ATen/ATen.h>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#include <torch/csrc/distributed/c10d/comm.hpp>
#include <torch/csrc/distributed/c10d/logger.hpp>
#include <torch/csrc/distributed/c10d/reducer.hpp>

#include <algorithm>
#include <unordered_map>
#endif

namespace torchrig::validate {

Rendezvous parseRendezvous(const std::string& hostAndPort, int rank, int ranks) {
    const auto colon = hostAndPort.rfind(':');
    int port = 0;
    const char* end = hostAndPort.data() + hostAndPort.size();
    if (colon == std::string::npos || colon == 0 ||
        std::from_chars(hostAndPort.data() + colon + 1, end, port).ptr != end || port < 1 || port > 65535)
        throw WorkerError(
            ValidationErrorKind::InvalidRequest,
            "--rendezvous must be HOST:PORT (rank 0's address and a free TCP port, 1 to 65535), "
            "not \"" +
                hostAndPort.substr(0, 80) + "\"");
    if (ranks < 2 || ranks > kMaxRanks || rank < 0 || rank >= ranks)
        throw WorkerError(ValidationErrorKind::InvalidRequest,
                          "--rank must be 0 to --ranks - 1, and --ranks 2 to " + std::to_string(kMaxRanks) +
                              " (rank " + std::to_string(rank) + " of " + std::to_string(ranks) + " given)");
    Rendezvous r;
    r.host = hostAndPort.substr(0, colon);
    r.port = port;
    r.rank = rank;
    r.ranks = ranks;
    return r;
}

void refuseUnmeasuredDataParallel(const ValidationRequest& request, bool cuda) {
    if (request.ranks > 1 && request.inference)
        throw WorkerError(
            ValidationErrorKind::InvalidRequest,
            "data parallel measures training: an inference run is one process (leave --ranks out)");
    if (request.ranks > 1 && cuda)
        throw WorkerError(
            ValidationErrorKind::Unsupported,
            "data parallel is measured on CPU ranks over Gloo by this worker; NCCL ranks on CUDA "
            "devices are not measured yet: measure one GPU, and the estimate models the rest");
}

#ifdef TORCHRIG_WITH_C10D_GLOO

namespace {

// Python's DistributedDataParallel defaults (torch/nn/parallel/distributed.py, torch 1.13 to 2.x):
// bucket_cap_mb 25, dist._DEFAULT_FIRST_BUCKET_BYTES 1 MiB, and 250 MiB buckets for broadcasting
// the module's states.
constexpr std::int64_t kBucketCapBytes = 25 << 20;
constexpr std::int64_t kFirstBucketCapBytes = 1 << 20;
constexpr std::size_t kBroadcastBucketBytes = 250u << 20;
// The all-reduce probe's largest size on CPU ranks: a quarter GiB keeps it to a second or two over
// the loopback (nccl-tests goes to 1 GiB and more on GPUs, whose links are a hundred times faster).
constexpr std::int64_t kLargestProbeBytes = 256 << 20;

// The process group's all-reduce of float32 tensors from 1 MiB up, fourfold, each size after one
// warm-up as the median of three, every rank starting together (a barrier before each).
std::vector<AllReduceSample> probeAllReduce(c10d::ProcessGroup& group) {
    std::vector<AllReduceSample> samples;
    for (std::int64_t bytes = 1 << 20; bytes <= kLargestProbeBytes; bytes *= 4) {
        std::vector<at::Tensor> tensors = {at::ones({bytes / 4}, at::kFloat)};
        std::vector<double> seconds;
        for (int i = 0; i < 4; ++i) {
            group.barrier()->wait();
            const auto start = std::chrono::steady_clock::now();
            group.allreduce(tensors)->wait();
            if (i > 0)
                seconds.push_back(
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        }
        std::sort(seconds.begin(), seconds.end());
        samples.push_back({bytes, seconds[seconds.size() / 2]});
    }
    return samples;
}

std::string where(const Rendezvous& r) {
    return "rank " + std::to_string(r.rank) + " of " + std::to_string(r.ranks);
}

// What c10d or Gloo said, as a person can act on it: which rank, which address, what to do.
[[noreturn]] void rethrow(const Rendezvous& r, const std::string& stage, const std::exception& e) {
    std::string what = e.what();
    if (const auto c = dynamic_cast<const c10::Error*>(&e))
        what = c->what_without_backtrace();
    what = what.substr(0, what.find('\n'));
    const auto address = r.host + ":" + std::to_string(r.port);
    std::string advice;
    if (what.find("ddress already in use") != std::string::npos)
        advice =
            ": port " + std::to_string(r.port) + " is in use on this machine; give another (--rendezvous)";
    else if (what.find("imed out") != std::string::npos || what.find("imeout") != std::string::npos)
        advice = ": not every rank arrived within " + std::to_string(static_cast<int>(r.timeoutSeconds)) +
                 " s; check that all " + std::to_string(r.ranks) + " ranks were started with --rendezvous " +
                 address + " and that the port is open between the machines";
    else if (what.find("onnection refused") != std::string::npos)
        advice = ": nothing listens at " + address + "; start rank 0 first, or check the address";
    throw WorkerError(ValidationErrorKind::Internal,
                      where(r) + " " + stage + " (rendezvous " + address + "): " + what + advice);
}

} // namespace

struct DataParallel::State {
    Rendezvous rendezvous;
    c10::intrusive_ptr<c10d::Store> store;
    c10::intrusive_ptr<c10d::ProcessGroup> group;
    std::shared_ptr<c10d::Reducer> reducer;
    std::shared_ptr<c10d::Logger> logger;
    std::vector<at::Tensor> buffers;
    bool resetTimingsAtNextForward = false;
};

bool dataParallelBuilt() {
    return true;
}

DataParallel::DataParallel(const Rendezvous& r, const std::string& requestJson,
                           const std::vector<at::Tensor>& parameters, std::vector<at::Tensor> buffers)
    : m_state(std::make_unique<State>()) {
    auto& s = *m_state;
    s.rendezvous = r;
    s.buffers = std::move(buffers);
    const auto timeout = std::chrono::milliseconds(static_cast<std::int64_t>(r.timeoutSeconds * 1000));
    try {
        c10d::TCPStoreOptions options;
        options.port = static_cast<std::uint16_t>(r.port);
        options.isServer = r.rank == 0;
        options.numWorkers = static_cast<std::size_t>(r.ranks);
        options.timeout = timeout;
        s.store = c10::make_intrusive<c10d::TCPStore>(r.host, options);
    } catch (const std::exception& e) {
        rethrow(r, r.rank == 0 ? "could not host the rendezvous" : "could not reach the rendezvous", e);
    }
    // Every rank must train the same workload on as many ranks as rank 0: a rank started for
    // another is refused here, in words, rather than hanging in a collective of another size.
    try {
        const auto text = [](const std::string& value) {
            return std::vector<std::uint8_t>(value.begin(), value.end());
        };
        if (r.rank == 0) {
            s.store->set("torchrig/ranks", text(std::to_string(r.ranks)));
            s.store->set("torchrig/request", text(requestJson));
        } else {
            const auto ranks = s.store->get("torchrig/ranks");
            const std::string hostRanks(ranks.begin(), ranks.end());
            if (hostRanks != std::to_string(r.ranks))
                throw WorkerError(ValidationErrorKind::InvalidRequest,
                                  where(r) + ": rank 0 runs " + hostRanks +
                                      " ranks, this one was started for " + std::to_string(r.ranks) +
                                      "; give every rank the same --ranks");
            const auto request = s.store->get("torchrig/request");
            if (std::string(request.begin(), request.end()) != requestJson)
                throw WorkerError(ValidationErrorKind::InvalidRequest,
                                  where(r) + ": its request differs from rank 0's; every rank must train the "
                                             "same workload (model, batch, precision, optimizer, steps)");
        }
        auto groupOptions = c10d::ProcessGroupGloo::Options::create(timeout);
        // Ranks of one machine talk over the loopback; across machines each rank's own address, as
        // PyTorch picks it (its hostname's, or the interface GLOO_SOCKET_IFNAME names).
        const bool loopback = r.host == "127.0.0.1" || r.host == "localhost";
        groupOptions->devices.push_back(loopback
                                            ? c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1")
                                            : c10d::ProcessGroupGloo::createDefaultDevice());
        s.group = c10::make_intrusive<c10d::ProcessGroupGloo>(s.store, r.rank, r.ranks, groupOptions);
    } catch (const WorkerError&) {
        throw;
    } catch (const std::exception& e) {
        rethrow(r, "could not join the process group", e);
    }
    try {
        // DistributedDataParallel.__init__: rank 0's module states to every rank, then the buckets,
        // assigned in parameter order and handed to the Reducer reversed (backward's order).
        {
            at::NoGradGuard noGrad;
            std::vector<at::Tensor> states = parameters;
            states.insert(states.end(), s.buffers.begin(), s.buffers.end());
            c10d::broadcast_coalesced(s.group, states, kBroadcastBucketBytes, 0);
        }
        const std::vector<std::size_t> limits = {static_cast<std::size_t>(kFirstBucketCapBytes),
                                                 static_cast<std::size_t>(kBucketCapBytes)};
        const std::vector<bool> dense(parameters.size(), false);
        auto [buckets, bucketLimits] = c10d::compute_bucket_assignment_by_size(parameters, limits, dense);
        std::reverse(buckets.begin(), buckets.end());
        std::reverse(bucketLimits.begin(), bucketLimits.end());
        s.reducer = std::make_shared<c10d::Reducer>(parameters, buckets, bucketLimits, s.group, dense,
                                                    kBucketCapBytes, /*find_unused_parameters=*/false,
                                                    /*gradient_as_bucket_view=*/false,
                                                    std::unordered_map<std::size_t, std::string>{},
                                                    kFirstBucketCapBytes);
        s.logger = std::make_shared<c10d::Logger>(s.reducer);
        s.reducer->set_logger(s.logger);
        s.logger->set_construction_data_and_log("torchrig", {}, -1, /*broadcast_buffers=*/true,
                                                /*has_sync_bn=*/false, /*static_graph=*/false);
    } catch (const std::exception& e) {
        rethrow(r, "could not set up data parallel", e);
    }
}

DataParallel::~DataParallel() = default;

void DataParallel::beforeForward() {
    auto& s = *m_state;
    s.logger->set_runtime_stats_and_log();
    if (s.resetTimingsAtNextForward) {
        s.logger->reset_performance_stats();
        s.resetTimingsAtNextForward = false;
    }
    s.reducer->prepare_for_forward();
    s.reducer->rebuild_buckets(); // once, after the first step: buckets in the order gradients came
    if (!s.buffers.empty()) {
        at::NoGradGuard noGrad;
        c10d::broadcast_coalesced(s.group, s.buffers, kBroadcastBucketBytes, 0);
    }
}

void DataParallel::beforeBackward() {
    m_state->reducer->prepare_for_backward({});
}

void DataParallel::startMeasuring() {
    m_state->resetTimingsAtNextForward = true;
}

DataParallelMeasurement DataParallel::measurement() {
    auto& s = *m_state;
    s.logger->set_runtime_stats_and_log(); // the last step's timings
    DataParallelMeasurement m;
    m.rank = s.rendezvous.rank;
    m.ranks = s.rendezvous.ranks;
    m.backend = "gloo";
    for (const auto& bucket : s.reducer->get_grad_buckets()) {
        m.allReducedBytesPerStep += static_cast<std::int64_t>(bucket.getBuffer().nbytes());
        ++m.buckets;
    }
    const auto data = s.logger->get_ddp_logging_data();
    auto seconds = [&](const char* key) {
        const auto found = data.ints_map.find(key);
        return found == data.ints_map.end() ? 0.0 : static_cast<double>(found->second) * 1e-9;
    };
    m.communicationSeconds = seconds("avg_backward_comm_time");
    m.overlappedSeconds = std::min(seconds("avg_backward_compute_comm_overlap_time"), m.communicationSeconds);
    try {
        m.allReduceProbe = probeAllReduce(*s.group);
    } catch (const std::exception& e) {
        rethrow(s.rendezvous, "failed in the all-reduce probe", e);
    }
    return m;
}

#else // LibTorch's distributed headers or Gloo's were not found at build time

struct DataParallel::State {};

bool dataParallelBuilt() {
    return false;
}

DataParallel::DataParallel(const Rendezvous&, const std::string&, const std::vector<at::Tensor>&,
                           std::vector<at::Tensor>)
    : m_state(std::make_unique<State>()) {
    throw WorkerError(ValidationErrorKind::Unsupported,
                      "this torchrig-validate was built without c10d's Gloo process group (LibTorch's "
                      "torch/csrc/distributed headers or Gloo's were missing: on Debian, install "
                      "libgloo-dev and rebuild), so it measures one process only");
}
DataParallel::~DataParallel() = default;
void DataParallel::beforeForward() {}
void DataParallel::beforeBackward() {}
void DataParallel::startMeasuring() {}
DataParallelMeasurement DataParallel::measurement() {
    return {};
}

#endif

} // namespace torchrig::validate
