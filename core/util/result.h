#pragma once
// A value or an error a person can act on: how every boundary (files, database, user input, worker
// output) reports failure. Programmer errors are asserts, never Results. The error is a Message
// (util/message.h), said in the reader's language where it is shown: the app's and the sheet's,
// or the CLI's --lang.

#include "util/message.h"

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace torchrig {

enum class ErrorCode {
    InvalidInput, // the user's input (flag, file, row) is wrong; the message says where and how
    NotFound,     // a named thing does not exist
    Conflict,     // it exists already, or is in use
    ReadOnly,     // the store cannot be written (read-only file, newer schema, damaged file)
    Io,           // the operating system refused (missing file, permissions, disk full)
    Database,     // SQLite reported an unexpected error
};

struct Error {
    ErrorCode code = ErrorCode::InvalidInput;
    Message message;

    // The message in the reader's language through `translate`, or in English.
    std::string text(const Message::Translate& translate = {}) const { return message.text(translate); }
};

template <class T> class [[nodiscard]] Result {
public:
    Result(T value)
        : m_state(std::move(value)) {}
    Result(Error error)
        : m_state(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(m_state); }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<T>(m_state);
    }
    const T& value() const& {
        assert(ok());
        return std::get<T>(m_state);
    }
    T&& value() && {
        assert(ok());
        return std::get<T>(std::move(m_state));
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const Error& error() const {
        assert(!ok());
        return std::get<Error>(m_state);
    }

private:
    std::variant<T, Error> m_state;
};

struct Ok {};
using Status = Result<Ok>;

inline Error makeError(ErrorCode code, Message message) {
    return Error{code, std::move(message)};
}
// A text that is the same in every language (a path, an operating system's or SQLite's own words),
// or one not yet written as a message: it is shown as it is.
inline Error makeError(ErrorCode code, std::string text) {
    return Error{code, Message::verbatim(std::move(text))};
}
inline Error makeError(ErrorCode code, const char* text) {
    return makeError(code, std::string(text));
}

} // namespace torchrig
