#pragma once

#include <optional>
#include <string>

namespace torchrig {

struct CloudInstanceSpec {
    std::string id;
    std::string name; // "AWS p4d.24xlarge"
    std::string provider;
    std::string instanceType;
    std::string region;
    std::string gpuId; // the catalog GPU it carries, when the catalog has it
    std::string gpuName;
    int gpuCount = 0;
    double gpuMemoryGb = 0;
    int vcpus = 0;
    double ramGib = 0;
    std::string gpuInterconnect;
};

} // namespace torchrig
