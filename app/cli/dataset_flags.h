#pragma once

#include "estimate/host_needs.h"

#include <CLI/CLI.hpp>

#include <vector>

namespace torchrig::cli {

// The flags that describe a training run's data (estimate, build advise): the dataset's size, how
// it is loaded and from what, and how long the run is.
struct DatasetFlags {
    estimate::DatasetSpec dataset;
    double storageReadMbs = 0;

    void addTo(CLI::App& command);
    estimate::DatasetSpec spec() const; // with the storage's rate in bytes a second
    bool given() const;                 // any of the flags on the command line

private:
    std::vector<const CLI::Option*> m_options;
};

} // namespace torchrig::cli
