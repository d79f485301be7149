#pragma once
// A text core says to a person — a finding, a fix, a piece of advice, a note of the estimator — as
// an English source with numbered arguments (%1 … %9), kept apart so that the layer that shows it
// (the app, the CLI, the build sheet) says it in the reader's language. core stays free of Qt: a
// message only names its translation (context and source, Qt Linguist's id for a text), and
// text() takes the function that looks it up.
//
// Every source is written with TORCHRIG_MESSAGE, which lupdate reads as QT_TRANSLATE_NOOP (the
// -tr-function-alias in ui/CMakeLists.txt), so the translation files hold each one
// (resources/translations/*.ts) and the translations_complete test fails on one they lack.

#include <functional>
#include <string>
#include <vector>

namespace torchrig {

class Message {
public:
    // A translation's lookup: the text for (context, source) in the reader's language, or "" when it
    // has none (the English source is shown).
    using Translate = std::function<std::string(const char* context, const char* source)>;

    Message() = default;
    // `context` and `source` are string literals (TORCHRIG_MESSAGE): a message keeps the pointers.
    Message(const char* context, const char* source)
        : m_context(context)
        , m_source(source) {}
    // A name, a number, a catalog id: shown as it is in every language.
    static Message verbatim(std::string text);

    // The next %N: a text shown as it is, or a message said in the reader's language too.
    Message& arg(std::string value) &;
    Message& arg(Message value) &;
    Message&& arg(std::string value) &&;
    Message&& arg(Message value) &&;

    bool empty() const { return !m_source && m_verbatim.empty(); }
    const char* context() const { return m_context; }
    const char* source() const { return m_source; }
    const std::vector<Message>& args() const { return m_args; }

    // The text with its arguments in place; each source through `translate`, or in English.
    std::string text(const Translate& translate = {}) const;

    friend bool operator==(const Message& a, const Message& b);

private:
    const char* m_context = nullptr;
    const char* m_source = nullptr; // null: a verbatim text
    std::string m_verbatim;
    std::vector<Message> m_args;
};

// "%1 GPUs need %2 W" with its context; the arguments follow with .arg().
#define TORCHRIG_MESSAGE(context, source) ::torchrig::Message(context, source)
// A label kept as a plain string literal (a category's name, a field's): it is only marked, so that
// lupdate collects it; the layer that shows it translates it with its context.
#define TORCHRIG_TEXT_NOOP(context, source) source

// Each message's text, through `translate` (English without one).
std::vector<std::string> texts(const std::vector<Message>& messages,
                               const Message::Translate& translate = {});

// %1 … %9 of `pattern` replaced by `args` in one pass (an argument's own "%2" stays as it is);
// a number past the arguments, and any other "%", stay too.
std::string fillArguments(const std::string& pattern, const std::vector<std::string>& args);

} // namespace torchrig
