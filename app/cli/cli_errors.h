#pragma once
// The one way the command line says what went wrong: "torchrig-cli: MESSAGE" on standard error,
// and the exit status scripts rely on (exit_codes.h).

#include "exit_codes.h"
#include "util/result.h"
#include "util/text_file.h"

#include <string>
#include <string_view>

namespace torchrig::cli {

int fail(const Error& error); // the status of its code
int fail(int exitStatus, std::string_view message);
int usage(std::string_view message); // kExitUsage: the command line is wrong

// How a step of a command fails, for the command to say (fail) and return.
struct Failure {
    int exitStatus = kExitFailure;
    std::string message;
};
Failure failureOf(const Error& error); // the status of its code
int fail(const Failure& failure);

// A file a command writes replaces one of the same name only when the command line says --force.
inline ExistingTarget existingTargetFor(bool force) {
    return force ? ExistingTarget::Replace : ExistingTarget::Refuse;
}
// A write that failed, said with the way out when the name was taken.
Failure writeFailureOf(const Error& error);
int failWrite(const Error& error);

} // namespace torchrig::cli
