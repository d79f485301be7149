#pragma once
// The one way TorchRig reads JSON that came from outside (build files, model files, part files,
// calibration files, the worker's protocol): bounded in size, nesting, text length and number range,
// UTF-8 only, and every refusal names the field's path with a short excerpt, never the whole input.
// The field readers below turn a wrong value into a refusal naming its path, not an exception from
// the JSON library or a silently narrowed whole number.

#include "util/result.h"
#include "util/utf8_text.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>

namespace torchrig {

struct JsonLimits {
    std::size_t maxBytes = 64u << 20;    // a LLaMA-70B model file is about 2 MB
    int maxDepth = 64;                   // TorchRig's own formats nest 8 deep at most
    std::size_t maxTextBytes = 1u << 20; // one string (a build's notes); names are capped by their field
};

// The document, or a refusal that starts with `label` and says where and what is wrong.
Result<nlohmann::json> readJsonDocument(std::string_view text, std::string_view label,
                                        const JsonLimits& limits = {});

// At most about `maxChars` bytes of a value as JSON, ending "…" when cut; for messages.
std::string jsonExcerpt(const nlohmann::json& value, std::size_t maxChars = 60);

// A field that is not what its format says; `what()` names its path. The readers of the formats
// catch it and prefix the file's label.
class JsonFieldError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A whole number in [lowest, highest]; anything else (a fraction, text, 1e999, 2^32 for an int) is
// refused naming `where`.
std::int64_t wholeNumberIn(const nlohmann::json& value, const std::string& where, std::int64_t lowest,
                           std::int64_t highest);
// A finite number in [lowest, highest].
double finiteNumberIn(const nlohmann::json& value, const std::string& where, double lowest,
                      double highest = std::numeric_limits<double>::max());
// Text of at most `maxChars` bytes.
std::string textIn(const nlohmann::json& value, const std::string& where, std::size_t maxChars = 4096);

} // namespace torchrig
