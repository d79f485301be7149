#include "code_size.h"

#include <algorithm>
#include <cctype>

namespace torchrig::lint {

namespace {

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

// The source with comments, string and character literals and preprocessor lines turned to
// spaces, newlines kept: what is left are the braces and words that say where a function is.
std::string codeOnly(std::string_view in) {
    std::string out(in);
    const std::size_t n = in.size();
    auto blank = [&](std::size_t from, std::size_t to) {
        for (std::size_t k = from; k < to && k < n; ++k)
            if (out[k] != '\n')
                out[k] = ' ';
    };
    bool lineStart = true;
    std::size_t i = 0;
    while (i < n) {
        const char c = in[i];
        if (c == '\n') {
            lineStart = true;
            ++i;
            continue;
        }
        if (lineStart && c == '#') { // a directive, with its continuation lines
            std::size_t end = i;
            while (end < n && (in[end] != '\n' || (end > 0 && in[end - 1] == '\\')))
                ++end;
            blank(i, end);
            i = end;
            continue;
        }
        if (!std::isspace(static_cast<unsigned char>(c)))
            lineStart = false;
        if (c == '/' && i + 1 < n && in[i + 1] == '/') {
            const auto end = std::min(in.find('\n', i), n);
            blank(i, end);
            i = end;
        } else if (c == '/' && i + 1 < n && in[i + 1] == '*') {
            const auto close = in.find("*/", i + 2);
            const auto end = close == std::string_view::npos ? n : close + 2;
            blank(i, end);
            i = end;
        } else if (c == '"' && i > 0 && in[i - 1] == 'R' &&
                   (i < 2 || !isWordChar(in[i - 2]) || in[i - 2] == '8' || in[i - 2] == 'u' ||
                    in[i - 2] == 'U' || in[i - 2] == 'L')) {
            const auto open = in.find('(', i);
            const auto delimiter = std::string(")") + std::string(in.substr(i + 1, open - i - 1)) + "\"";
            const auto close =
                open == std::string_view::npos ? std::string_view::npos : in.find(delimiter, open);
            const auto end = close == std::string_view::npos ? n : close + delimiter.size();
            blank(i, end);
            i = end;
        } else if (c == '"' || c == '\'') {
            // 1'000'000: a digit separator, inside a number, is no literal.
            if (c == '\'' && i > 0 && isWordChar(in[i - 1])) {
                std::size_t start = i;
                while (start > 0 && isWordChar(in[start - 1]))
                    --start;
                if (std::isdigit(static_cast<unsigned char>(in[start])) != 0) {
                    ++i;
                    continue;
                }
            }
            std::size_t end = i + 1;
            while (end < n && in[end] != c && in[end] != '\n')
                end += in[end] == '\\' ? 2 : 1;
            blank(i, end + 1);
            i = end + 1;
        } else {
            ++i;
        }
    }
    return out;
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

std::string_view firstWord(std::string_view s) {
    std::size_t end = 0;
    while (end < s.size() && isWordChar(s[end]))
        ++end;
    return s.substr(0, end);
}

std::string_view lastWord(std::string_view s) {
    std::size_t start = s.size();
    while (start > 0 && isWordChar(s[start - 1]))
        --start;
    return s.substr(start);
}

bool isMacroName(std::string_view word) {
    return word.size() >= 3 && std::all_of(word.begin(), word.end(), [](char c) {
               return std::isupper(static_cast<unsigned char>(c)) != 0 ||
                      std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '_';
           });
}

enum class Opens { Namespace, Class, Function, Other };

class Scanner {
public:
    explicit Scanner(std::string_view source)
        : m_text(codeOnly(source)) {
        for (std::size_t k = 0; k < m_text.size(); ++k)
            if (m_text[k] == '\n')
                m_newlines.push_back(k);
    }

    std::vector<FunctionSpan> run() {
        scope(0, m_text.size());
        return std::move(m_found);
    }

private:
    int lineOf(std::size_t at) const {
        return static_cast<int>(std::lower_bound(m_newlines.begin(), m_newlines.end(), at) -
                                m_newlines.begin()) +
               1;
    }

    std::size_t matching(std::size_t open, char up, char down) const {
        int depth = 0;
        for (std::size_t k = open; k < m_text.size(); ++k) {
            if (m_text[k] == up)
                ++depth;
            else if (m_text[k] == down && --depth == 0)
                return k;
        }
        return m_text.size();
    }

    // Where the declaration really starts: past access specifiers and Qt's macros (Q_OBJECT,
    // Q_PROPERTY(…)), which end without a semicolon.
    std::size_t declarationStart(std::size_t from, std::size_t to) const {
        for (;;) {
            while (from < to && std::isspace(static_cast<unsigned char>(m_text[from])))
                ++from;
            const auto word = firstWord(std::string_view(m_text).substr(from, to - from));
            const bool access = word == "public" || word == "private" || word == "protected" ||
                                word == "signals" || word == "slots";
            if (!access && !isMacroName(word))
                return from;
            auto next = from + word.size();
            while (next < to && std::isspace(static_cast<unsigned char>(m_text[next])))
                ++next;
            if (next < to && m_text[next] == '(' && !access)
                next = matching(next, '(', ')') + 1;
            else if (next + 1 < to && m_text[next] == ':' && m_text[next + 1] != ':')
                ++next;
            else if (access)
                return from;
            from = next;
        }
    }

    Opens classify(std::string_view header) const {
        auto h = trimmed(header);
        if (firstWord(h) == "template") { // template <class T>: its "class" is no class body
            const auto open = h.find('<');
            if (open != std::string_view::npos) {
                int depth = 0;
                std::size_t k = open;
                for (; k < h.size(); ++k) {
                    depth += h[k] == '<' ? 1 : h[k] == '>' ? -1 : 0;
                    if (depth == 0)
                        break;
                }
                h = trimmed(h.substr(std::min(k + 1, h.size())));
            }
        }
        const auto first = firstWord(h);
        if (first == "namespace" || first == "extern" ||
            (first == "inline" && h.find("namespace") != std::string_view::npos))
            return Opens::Namespace;
        if (first == "class" || first == "struct" || first == "union")
            return Opens::Class;
        if (first == "enum" || h.empty() || h.find('(') == std::string_view::npos)
            return Opens::Other;
        const char last = h.back();
        for (std::size_t k = 0; k + 1 < h.size(); ++k) // a lambda held in a variable: `= [`
            if (h[k] == '=' && trimmed(h.substr(k + 1)).starts_with("["))
                return Opens::Other;
        if (last == ')' || last == '}' || last == '&')
            return Opens::Function;
        if (isWordChar(last) || last == '>') {
            const auto word = lastWord(h);
            if (word == "const" || word == "noexcept" || word == "override" || word == "final" ||
                word == "mutable" || word == "try" || word == "volatile")
                return Opens::Function;
            if (h.find("->") != std::string_view::npos && h.find("->") > h.find(')'))
                return Opens::Function; // a trailing return type
        }
        return Opens::Other; // `= {`, a brace initializer (`m_b{b}` in an initializer list)
    }

    static std::string nameOf(std::string_view header) {
        const auto paren = header.find('(');
        auto before = trimmed(header.substr(0, paren));
        if (lastWord(before) == "operator" && header.substr(paren).starts_with("()"))
            return std::string(before.substr(before.size() - 8)) + "()";
        const auto op = before.rfind("operator");
        if (op != std::string_view::npos && !isWordChar(before.back())) {
            std::size_t start = op;
            while (start > 0 && (isWordChar(before[start - 1]) || before[start - 1] == ':'))
                --start;
            return std::string(before.substr(start));
        }
        std::size_t start = before.size();
        while (start > 0 &&
               (isWordChar(before[start - 1]) || before[start - 1] == ':' || before[start - 1] == '~'))
            --start;
        return std::string(before.substr(start));
    }

    static bool isAccessSpecifier(std::string_view header) {
        static const std::string_view kWords[] = {"public", "private",   "protected", "signals",
                                                  "slots",  "Q_SIGNALS", "Q_SLOTS"};
        if (trimmed(header).empty())
            return false;
        for (std::string_view rest = trimmed(header); !rest.empty();) {
            const auto word = firstWord(rest);
            if (word.empty() || (!isMacroName(word) &&
                                 std::find(std::begin(kWords), std::end(kWords), word) == std::end(kWords)))
                return false;
            rest = trimmed(rest.substr(word.size()));
        }
        return true;
    }

    void scope(std::size_t begin, std::size_t end) {
        std::size_t header = begin;
        for (std::size_t k = begin; k < end;) {
            const char c = m_text[k];
            if (c == ';' || c == '}') {
                header = ++k;
            } else if (c == '(') {
                k = matching(k, '(', ')') + 1;
            } else if (c == ':' && k + 1 < end && m_text[k + 1] == ':') {
                k += 2;
            } else if (c == ':' && isAccessSpecifier(std::string_view(m_text).substr(header, k - header))) {
                header = ++k;
            } else if (c == '{') {
                const auto close = std::min(matching(k, '{', '}'), end);
                const auto start = declarationStart(header, k);
                const auto text = std::string_view(m_text).substr(start, k - start);
                switch (classify(text)) {
                case Opens::Namespace:
                case Opens::Class:
                    scope(k + 1, close);
                    header = close + 1;
                    break;
                case Opens::Function:
                    m_found.push_back({nameOf(text), lineOf(start), lineOf(close)});
                    header = close + 1;
                    break;
                case Opens::Other:
                    break; // a data table or an initializer: its statement ends at the next ';'
                }
                k = close + 1;
            } else {
                ++k;
            }
        }
    }

    std::string m_text;
    std::vector<std::size_t> m_newlines;
    std::vector<FunctionSpan> m_found;
};

} // namespace

std::vector<FunctionSpan> functionsIn(std::string_view source) {
    return Scanner(source).run();
}

} // namespace torchrig::lint
