#include "util/message.h"

#include <string_view>

namespace torchrig {

Message Message::verbatim(std::string text) {
    Message m;
    m.m_verbatim = std::move(text);
    return m;
}

Message& Message::arg(std::string value) & {
    m_args.push_back(verbatim(std::move(value)));
    return *this;
}

Message& Message::arg(Message value) & {
    m_args.push_back(std::move(value));
    return *this;
}

Message&& Message::arg(std::string value) && {
    return std::move(arg(std::move(value)));
}

Message&& Message::arg(Message value) && {
    return std::move(arg(std::move(value)));
}

std::string Message::text(const Translate& translate) const {
    if (!m_source)
        return m_verbatim;
    std::string pattern;
    if (translate)
        pattern = translate(m_context, m_source);
    if (pattern.empty())
        pattern = m_source;
    std::vector<std::string> args;
    args.reserve(m_args.size());
    for (const auto& a : m_args)
        args.push_back(a.text(translate));
    return fillArguments(pattern, args);
}

bool operator==(const Message& a, const Message& b) {
    if (!a.m_source || !b.m_source)
        return !a.m_source && !b.m_source && a.m_verbatim == b.m_verbatim;
    return std::string_view(a.m_context ? a.m_context : "") ==
               std::string_view(b.m_context ? b.m_context : "") &&
           std::string_view(a.m_source) == std::string_view(b.m_source) && a.m_args == b.m_args;
}

std::vector<std::string> texts(const std::vector<Message>& messages, const Message::Translate& translate) {
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const auto& m : messages)
        out.push_back(m.text(translate));
    return out;
}

std::string fillArguments(const std::string& pattern, const std::vector<std::string>& args) {
    std::string out;
    out.reserve(pattern.size());
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '%' && i + 1 < pattern.size() && pattern[i + 1] >= '1' && pattern[i + 1] <= '9') {
            const auto index = static_cast<std::size_t>(pattern[i + 1] - '1');
            if (index < args.size()) {
                out += args[index];
                ++i;
                continue;
            }
        }
        out += pattern[i];
    }
    return out;
}

} // namespace torchrig
