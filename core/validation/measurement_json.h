#pragma once
// What a worker's line may hold, shared by the protocol's readers (validation_protocol.cpp and
// the data-parallel figures here): a line of another program's must not wrap, convert 1e131 to an
// int64 (undefined behaviour), or pass a negative time or a CUDA context of 2^62 bytes off as a
// measurement.

#include "validation/validation_protocol.h"

#include <nlohmann/json.hpp>

#include <cstdint>

namespace torchrig {

constexpr double kMaxTimeLimitSeconds = 7 * 24 * 3600;
constexpr std::int64_t kMaxMeasuredBytes = (std::int64_t{1} << 50) - 1; // a petabyte: no device has it
constexpr double kMaxMeasuredSeconds = kMaxTimeLimitSeconds;
constexpr double kMaxRate = 1e18; // FLOP/s, bytes/s, elements/s: an exascale machine's, on one device

// A rank's data-parallel figures under "data_parallel", and back; the reader throws JsonFieldError
// (util/json_document.h) naming the field.
nlohmann::json dataParallelToJson(const DataParallelMeasurement& d);
DataParallelMeasurement dataParallelFromJson(const nlohmann::json& d);

} // namespace torchrig
