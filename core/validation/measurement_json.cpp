#include "validation/measurement_json.h"

#include "util/json_document.h"

namespace torchrig {

nlohmann::json dataParallelToJson(const DataParallelMeasurement& d) {
    nlohmann::json out = {{"rank", d.rank},
                          {"ranks", d.ranks},
                          {"backend", d.backend},
                          {"all_reduced_bytes_per_step", d.allReducedBytesPerStep},
                          {"buckets", d.buckets},
                          {"communication_seconds", d.communicationSeconds},
                          {"overlapped_seconds", d.overlappedSeconds}};
    if (!d.allReduceProbe.empty()) {
        auto probe = nlohmann::json::array();
        for (const auto& sample : d.allReduceProbe)
            probe.push_back({{"bytes", sample.bytes},
                             {"seconds", sample.seconds},
                             {"algorithm_bytes_per_second", sample.algorithmBytesPerSecond()},
                             {"bus_bytes_per_second", sample.busBytesPerSecond(d.ranks)}});
        out["all_reduce_probe"] = probe;
    }
    return out;
}

DataParallelMeasurement dataParallelFromJson(const nlohmann::json& d) {
    auto bytes = [](const nlohmann::json& value, const char* key) {
        return wholeNumberIn(value, std::string("data_parallel.") + key, 0, kMaxMeasuredBytes);
    };
    auto seconds = [](const nlohmann::json& value, const char* key) {
        return finiteNumberIn(value, std::string("data_parallel.") + key, 0, kMaxMeasuredSeconds);
    };
    DataParallelMeasurement dp;
    dp.ranks = static_cast<int>(wholeNumberIn(d.at("ranks"), "data_parallel.ranks", 1, kMaxRanks));
    dp.rank = static_cast<int>(wholeNumberIn(d.at("rank"), "data_parallel.rank", 0, dp.ranks - 1));
    dp.backend = textIn(d.at("backend"), "data_parallel.backend", 16);
    dp.allReducedBytesPerStep = bytes(d.at("all_reduced_bytes_per_step"), "all_reduced_bytes_per_step");
    dp.buckets = static_cast<int>(wholeNumberIn(d.at("buckets"), "data_parallel.buckets", 0, 1 << 20));
    dp.communicationSeconds = seconds(d.at("communication_seconds"), "communication_seconds");
    dp.overlappedSeconds = seconds(d.at("overlapped_seconds"), "overlapped_seconds");
    if (d.contains("all_reduce_probe")) {
        const auto& probe = d["all_reduce_probe"];
        if (!probe.is_array() || probe.size() > 64)
            throw JsonFieldError("data_parallel.all_reduce_probe must list at most 64 sizes");
        for (const auto& sample : probe) {
            AllReduceSample s{bytes(sample.at("bytes"), "all_reduce_probe.bytes"),
                              seconds(sample.at("seconds"), "all_reduce_probe.seconds")};
            if (!(s.seconds > 0))
                throw JsonFieldError("data_parallel.all_reduce_probe.seconds must be more than 0");
            dp.allReduceProbe.push_back(s);
        }
    }
    return dp;
}

} // namespace torchrig
