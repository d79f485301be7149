#pragma once
// torchrig-validate --ranks N: a data-parallel run as N processes of this program on this machine,
// each a rank that joins a rendezvous on 127.0.0.1 (data_parallel.h), started and watched here. The
// first rank that fails, crashes, or falls silent ends the run: every rank is stopped, and the one
// error line names that rank and what happened. Ranks die with this process (no orphans). No
// LibTorch here: the supervisor only starts, reads and stops processes.

#include "validation/validation_protocol.h"

#include <functional>
#include <string>

namespace torchrig::validate {

// Runs request.ranks ranks of `program` (this worker's path) and emits, through `emit`, rank 0's
// progress lines, a heartbeat while ranks run, and one result line (every rank's measurement under
// "ranks", rank 0's as the run's) or one error line. Returns the worker's exit status.
int superviseRanks(const std::string& program, ValidationRequest request,
                   const std::function<void(const std::string&)>& emit);

} // namespace torchrig::validate
