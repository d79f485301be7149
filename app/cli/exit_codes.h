#pragma once
// What torchrig-cli's exit status means; scripts may rely on these (the README lists them).

#include "util/result.h"

namespace torchrig::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;    // the database or the system failed unexpectedly
inline constexpr int kExitUsage = 2;      // the command line is wrong
inline constexpr int kExitNotFound = 3;   // no part with that id
inline constexpr int kExitInvalid = 4;    // a file or value is wrong; nothing was changed
inline constexpr int kExitConflict = 5;   // the id is in use
inline constexpr int kExitReadOnly = 6;   // the user's parts database cannot be written now
inline constexpr int kExitNoCatalog = 7;  // the bundled catalog is missing or unreadable
inline constexpr int kExitDoesNotFit = 8; // validate: the workload does not fit in memory

inline int exitCodeFor(ErrorCode code) {
    switch (code) {
    case ErrorCode::InvalidInput: return kExitInvalid;
    case ErrorCode::NotFound: return kExitNotFound;
    case ErrorCode::Conflict: return kExitConflict;
    case ErrorCode::ReadOnly: return kExitReadOnly;
    case ErrorCode::Io:
    case ErrorCode::Database: return kExitFailure;
    }
    return kExitFailure;
}

} // namespace torchrig::cli
