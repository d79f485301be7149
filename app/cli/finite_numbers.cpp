#include "finite_numbers.h"

#include <cmath>
#include <string>

namespace torchrig::cli {

namespace {

const CLI::Validator& finiteNumber() {
    static const CLI::Validator validator(
        [](std::string& text) -> std::string {
            // strtod, as CLI11 itself converts: it reads "nan", "inf" and "1e999" (as infinity).
            char* end = nullptr;
            const double value = std::strtod(text.c_str(), &end);
            if (end != text.c_str() && !std::isfinite(value))
                return "\"" + text.substr(0, 40) + "\" is not a finite number";
            return {};
        },
        "");
    return validator;
}

} // namespace

void refuseNonFiniteNumbers(CLI::App& app) {
    for (auto* option : app.get_options())
        if (option->get_type_name().rfind("FLOAT", 0) == 0)
            option->transform(finiteNumber()); // first, before a range check words it less plainly
    for (auto* subcommand : app.get_subcommands({}))
        refuseNonFiniteNumbers(*subcommand);
}

} // namespace torchrig::cli
