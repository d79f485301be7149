#include "util/json_document.h"

#include "util/printed.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace torchrig {

namespace {

using nlohmann::json;

std::string sizeText(std::size_t bytes) {
    if (bytes >= (1u << 20))
        return std::to_string(bytes >> 20) + " MiB";
    if (bytes >= (1u << 10))
        return std::to_string(bytes >> 10) + " KiB";
    return std::to_string(bytes) + " bytes";
}

// Builds the document as nlohmann's own DOM reader does, but stops at the limits and knows the path
// of the value it is reading, so a refusal can name the field. Iterative: nesting cannot overflow
// the stack.
class BoundedDomBuilder : public nlohmann::json_sax<json> {
public:
    explicit BoundedDomBuilder(const JsonLimits& limits)
        : m_limits(limits) {}

    bool null() override { return add(nullptr); }
    bool boolean(bool value) override { return add(value); }
    bool number_integer(number_integer_t value) override { return add(value); }
    bool number_unsigned(number_unsigned_t value) override { return add(value); }
    bool number_float(number_float_t value, const string_t&) override { return add(value); }
    bool string(string_t& value) override {
        if (value.size() > m_limits.maxTextBytes)
            return refuse(path() + " is a text of " + sizeText(value.size()) +
                          "; TorchRig reads texts up to " + sizeText(m_limits.maxTextBytes));
        return add(std::move(value));
    }
    bool binary(binary_t&) override { return refuse(path() + " holds binary data, which JSON text cannot"); }
    bool start_object(std::size_t) override { return open(json::object()); }
    bool key(string_t& value) override {
        if (value.size() > 1024)
            return refuse(path() + " has a key of " + sizeText(value.size()) + " (\"" + textExcerpt(value) +
                          "\")");
        m_stack.back().key = std::move(value);
        return true;
    }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(json::array()); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t position, const std::string& lastToken,
                     const nlohmann::detail::exception& e) override {
        if (m_refusal.empty()) {
            m_errorPosition = position;
            m_endedEarly = std::string_view(e.what()).find("end of input") != std::string_view::npos;
            m_numberOverflow = e.id == 406;
            if (m_numberOverflow)
                m_refusal = path() + " holds " + textExcerpt(lastToken, 24) +
                            ", a number too large to read (beyond 1.8e308)";
        }
        return false;
    }

    json take() { return std::move(m_root); }
    const std::string& refusal() const { return m_refusal; }
    bool numberOverflow() const { return m_numberOverflow; }
    bool endedEarly() const { return m_endedEarly; }
    std::size_t errorPosition() const { return m_errorPosition; }

private:
    struct Frame {
        json* container;
        std::string key;
    };

    // "parts[2].snapshot.price"; a deep path keeps its first and last steps ("a[0][0]…[0][0]").
    std::string path() const {
        std::vector<std::string> steps;
        for (std::size_t i = 0; i < m_stack.size(); ++i) {
            const auto& frame = m_stack[i];
            const bool innermost = i + 1 == m_stack.size();
            if (frame.container->is_object())
                steps.push_back((i == 0 ? "" : ".") + textExcerpt(frame.key, 40));
            else // an outer list's element is the one open now, the innermost's the one being added
                steps.push_back("[" + std::to_string(frame.container->size() - (innermost ? 0 : 1)) + "]");
        }
        if (steps.empty() || (steps.size() == 1 && steps[0].empty()))
            return "the document";
        std::string out;
        for (std::size_t i = 0; i < steps.size(); ++i) {
            if (steps.size() > 12 && i == 6) {
                out += "…(" + std::to_string(steps.size() - 12) + " more levels)…";
                i = steps.size() - 6;
            }
            out += steps[i];
        }
        return out;
    }

    json* place(json&& value) {
        if (m_stack.empty()) {
            m_root = std::move(value);
            return &m_root;
        }
        auto& frame = m_stack.back();
        if (frame.container->is_object()) {
            auto& slot = (*frame.container)[frame.key];
            slot = std::move(value);
            return &slot;
        }
        frame.container->push_back(std::move(value));
        return &frame.container->back();
    }
    bool add(json&& value) {
        place(std::move(value));
        return true;
    }
    bool open(json&& container) {
        if (static_cast<int>(m_stack.size()) >= m_limits.maxDepth)
            return refuse(path() + " nests deeper than " + std::to_string(m_limits.maxDepth) +
                          " levels, which no TorchRig file does");
        m_stack.push_back({place(std::move(container)), {}});
        return true;
    }
    bool close() {
        m_stack.pop_back();
        return true;
    }
    bool refuse(std::string message) {
        m_refusal = std::move(message);
        return false;
    }

    JsonLimits m_limits;
    json m_root;
    std::vector<Frame> m_stack;
    std::string m_refusal;
    bool m_numberOverflow = false;
    bool m_endedEarly = false;
    std::size_t m_errorPosition = 0; // bytes read when the error was seen: the bad byte's, from 1
};

std::size_t lineOf(std::string_view text, std::size_t byte) {
    std::size_t line = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i)
        line += text[i] == '\n';
    return line;
}

} // namespace

std::string jsonExcerpt(const json& value, std::size_t maxChars) {
    if (value.is_array() && value.size() > maxChars)
        return "a list of " + std::to_string(value.size()) + " values";
    if (value.is_object() && value.size() > maxChars)
        return "an object of " + std::to_string(value.size()) + " fields";
    if (value.is_string())
        return "\"" + textExcerpt(value.get_ref<const std::string&>(), maxChars) + "\"";
    return textExcerpt(value.dump(-1, ' ', false, json::error_handler_t::replace), maxChars);
}

Result<json> readJsonDocument(std::string_view text, std::string_view fileLabel, const JsonLimits& limits) {
    const std::string label(fileLabel);
    if (text.size() > limits.maxBytes)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file", "%1 is %2; TorchRig reads such files up to %3")
                             .arg(label)
                             .arg(sizeText(text.size()))
                             .arg(sizeText(limits.maxBytes)));
    if (const auto bad = firstNonUtf8Byte(text); bad != std::string_view::npos)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file", "%1 is not UTF-8 text: byte %2 (line %3) is not a UTF-8 "
                                                  "character. Save the file as UTF-8 and try again")
                             .arg(label)
                             .arg(std::to_string(bad))
                             .arg(std::to_string(lineOf(text, bad))));
    BoundedDomBuilder builder(limits);
    const bool parsed = json::sax_parse(text, &builder);
    if (parsed)
        return builder.take();
    if (!builder.refusal().empty()) {
        const auto where = builder.numberOverflow()
                               ? " (line " + std::to_string(lineOf(text, builder.errorPosition())) + ")"
                               : std::string();
        return makeError(ErrorCode::InvalidInput, label + ": " + builder.refusal() + where);
    }
    // Cut off: the parser wanted more (or was inside a text, a number or a literal at the end).
    const bool insideValueAtEnd = builder.errorPosition() >= text.size() && !text.empty() &&
                                  std::string_view("}],:").find(text.back()) == std::string_view::npos;
    if (builder.endedEarly() || insideValueAtEnd)
        return makeError(ErrorCode::InvalidInput,
                         TORCHRIG_MESSAGE("file",
                                          "%1 ends early: it was cut off while being written or copied "
                                          "(not valid JSON)")
                             .arg(label));
    const auto byte = builder.errorPosition() == 0 ? 0 : builder.errorPosition() - 1; // from 0, as the CSV's
    // The bad byte with up to 20 bytes either side, within its line.
    const auto lineStart = text.rfind('\n', byte == 0 ? 0 : byte - 1);
    auto from = lineStart == std::string_view::npos || byte == 0 ? 0 : lineStart + 1;
    from = std::max(from, byte >= 20 ? byte - 20 : 0);
    const auto lineEnd = std::min(text.find('\n', byte), text.size());
    const auto to = std::min(lineEnd, byte + 21);
    return makeError(
        ErrorCode::InvalidInput,
        TORCHRIG_MESSAGE("file", "%1 is damaged at byte %2 (line %3, near \"%4\"): not valid JSON")
            .arg(label)
            .arg(std::to_string(byte))
            .arg(std::to_string(lineOf(text, byte)))
            .arg(textExcerpt(text.substr(from, to > from ? to - from : 0), 48)));
}

std::int64_t wholeNumberIn(const json& value, const std::string& where, std::int64_t lowest,
                           std::int64_t highest) {
    const auto range = " from " + std::to_string(lowest) + " to " + std::to_string(highest);
    if (value.is_number_unsigned()) {
        const auto v = value.get<std::uint64_t>();
        if (v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) ||
            static_cast<std::int64_t>(v) > highest || static_cast<std::int64_t>(v) < lowest)
            throw JsonFieldError(where + " must be a whole number" + range + ", not " + jsonExcerpt(value));
        return static_cast<std::int64_t>(v);
    }
    if (!value.is_number_integer() || value.get<std::int64_t>() < lowest ||
        value.get<std::int64_t>() > highest)
        throw JsonFieldError(where + " must be a whole number" + range + ", not " + jsonExcerpt(value));
    return value.get<std::int64_t>();
}

double finiteNumberIn(const json& value, const std::string& where, double lowest, double highest) {
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < lowest ||
        value.get<double>() > highest) {
        auto range = highest == std::numeric_limits<double>::max()
                         ? " from " + printed("%.15g", lowest)
                         : " from " + printed("%.15g", lowest) + " to " + printed("%.15g", highest);
        throw JsonFieldError(where + " must be a number" + range + ", not " + jsonExcerpt(value));
    }
    return value.get<double>();
}

std::string textIn(const json& value, const std::string& where, std::size_t maxChars) {
    if (!value.is_string())
        throw JsonFieldError(where + " must be text, not " + jsonExcerpt(value));
    const auto& text = value.get_ref<const std::string&>();
    if (text.size() > maxChars)
        throw JsonFieldError(where + " is " + std::to_string(text.size()) + " bytes long (\"" +
                             textExcerpt(text) + "\"); it may be at most " + std::to_string(maxChars));
    return text;
}

} // namespace torchrig
