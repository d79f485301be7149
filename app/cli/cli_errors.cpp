#include "cli_errors.h"

#include <iostream>

namespace torchrig::cli {

int fail(int exitStatus, std::string_view message) {
    std::cerr << "torchrig-cli: " << message << "\n";
    return exitStatus;
}

int fail(const Error& error) {
    return fail(exitCodeFor(error.code), error.text());
}

Failure failureOf(const Error& error) {
    return {exitCodeFor(error.code), error.text()};
}

int fail(const Failure& failure) {
    return fail(failure.exitStatus, failure.message);
}

Failure writeFailureOf(const Error& error) {
    if (error.code == ErrorCode::Conflict)
        return {kExitConflict, error.text() + ": give --force to replace it, or another name"};
    return failureOf(error);
}

int failWrite(const Error& error) {
    return fail(writeFailureOf(error));
}

int usage(std::string_view message) {
    return fail(kExitUsage, message);
}

} // namespace torchrig::cli
