#include "finite_numbers.h"

#include "util/printed.h"
#include "util/utf8_text.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>

namespace torchrig::cli {

namespace {

// As a person writes a bound: 0.001, 1e+06, 1e+12.
std::string bound(double value) {
    return printed("%g", value);
}

// The number strtod reads from `text`, as CLI11 itself converts a float ("nan", "inf" and "1e999",
// as infinity, included), or nothing where it reads none: CLI11's own conversion error says that.
std::optional<double> leadingNumber(const std::string& text) {
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    return end != text.c_str() ? std::optional<double>(value) : std::nullopt;
}

// strtod, as CLI11 itself converts: it reads "nan", "inf" and "1e999" (as infinity). Text that is
// not a number is left to CLI11's own conversion error.
const CLI::Validator& finiteNumber() {
    static const CLI::Validator validator(
        [](std::string& text) -> std::string {
            const auto value = leadingNumber(text);
            if (value && !std::isfinite(*value))
                return "\"" + textExcerpt(text, 40) + "\" is not a finite number";
            return {};
        },
        "");
    return validator;
}

// The bounds of a flag that has no range of its own (and a backstop behind one that has).
const CLI::Validator& saneMagnitude() {
    static const CLI::Validator validator(
        [](std::string& text) -> std::string {
            const auto parsed = leadingNumber(text);
            if (!parsed)
                return {};
            const double value = *parsed;
            if (std::fabs(value) > kMaxMagnitude)
                return textExcerpt(text, 40) + " is larger than TorchRig takes for any number (at most " +
                       bound(kMaxMagnitude) + ")";
            if (value != 0 && std::fabs(value) < kMinMagnitude)
                return textExcerpt(text, 40) + " is too small to mean anything here: give 0 or at least " +
                       bound(kMinMagnitude);
            return {};
        },
        "");
    return validator;
}

// strtoll, as CLI11 converts a whole number: it stops at the largest int64 without a word, so
// 99999999999999999999 would be read as 9223372036854775807.
const CLI::Validator& saneInteger() {
    static const CLI::Validator validator(
        [](std::string& text) -> std::string {
            char* end = nullptr;
            errno = 0;
            (void)std::strtoll(text.c_str(), &end, 0);
            if (end != text.c_str() && errno == ERANGE)
                return textExcerpt(text, 40) + " is larger than any count TorchRig takes";
            return {};
        },
        "");
    return validator;
}

} // namespace

CLI::Validator numberIn(double lowest, double highest, const std::string& unit) {
    return CLI::Validator(
        [lowest, highest, unit](std::string& text) -> std::string {
            const auto value = leadingNumber(text);
            if (value && !(*value >= lowest && *value <= highest))
                return textExcerpt(text, 40) + " is out of range: give " + bound(lowest) + " to " +
                       bound(highest) + (unit.empty() ? "" : " " + unit);
            return {};
        },
        bound(lowest) + " to " + bound(highest));
}

CLI::Validator moneyAmount(bool positive) {
    return numberIn(positive ? 0.01 : 0.0, kMaxMoney, "(in the currency)");
}

void refuseNonFiniteNumbers(CLI::App& app) {
    for (auto* option : app.get_options()) {
        const auto type = option->get_type_name();
        // Not finite or not a count first, before a range check words it less plainly (or, for NaN,
        // lets it through); the default bounds last, behind the flag's own range.
        if (type.rfind("FLOAT", 0) == 0) {
            option->transform(finiteNumber());
            option->check(saneMagnitude());
        } else if (type.rfind("INT", 0) == 0 || type.rfind("UINT", 0) == 0)
            option->transform(saneInteger());
    }
    for (auto* subcommand : app.get_subcommands({}))
        refuseNonFiniteNumbers(*subcommand);
}

} // namespace torchrig::cli
