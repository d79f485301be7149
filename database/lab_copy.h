#pragma once
// The last copy of a lab's shared rows a desktop saw, kept beside its user database
// (lab-copy-<lab>.json): what the app and the CLI show, read-only, while the lab's server cannot be
// reached. Each kind is replaced whole when it is read from the server again; a copy that cannot be
// read is as good as none (the server is the truth; nothing of the user's is in it).

#include "shared_store.h"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace torchrig::db {

struct LabCopy {
    std::string lab;      // whose copy: the lab's key (labKey)
    std::string copiedAt; // UTC, when any kind was last replaced
    std::optional<std::vector<ValidationRunRecord>> runs;
    std::optional<std::vector<DeviceCalibration>> calibrations;
    std::optional<std::vector<RecordedPrice>> prices;
};

// Nothing (no file, not readable, another lab's) when there is no copy to show.
std::optional<LabCopy> readLabCopy(const std::filesystem::path& path, const std::string& lab);
// Written whole beside it and renamed over the old one (writeTextFileAtomically): never half a copy.
Status writeLabCopy(const std::filesystem::path& path, const LabCopy& copy);
// Where a lab's copy is kept for a user database: beside it, named by the lab.
std::filesystem::path labCopyPath(const std::filesystem::path& userDatabase, const std::string& lab);

} // namespace torchrig::db
