// libFuzzer target: a build file's "purchasing" section (requester, budget code and the vendors'
// quotes) as a purchasing office might edit it by hand. The bytes are that section, set in a build
// of two parts (one with a catalog price, one to be quoted) so that a quote can price either.
// Whatever the bytes, the reader answers with a build or a refusal; a build it accepts is priced
// (as of a fixed day, with and without expired quotes), its components CSV written, and the build
// written back, and:
// - no quote without a currency, or expired when not asked for, prices a line;
// - no cell of the CSV begins with what a spreadsheet runs as a formula (= + - @, tab, CR);
// - what the writer writes reads back to the same file.

#include "io/build_file.h"
#include "plan/build_cost.h"
#include "plan/build_sheet.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

constexpr std::string_view kBefore = R"({"format": "torchrig-build", "format_version": 3, "title": "quotes",
"parts": [
 {"id": "gpu/a", "quantity": 2, "snapshot": {"name": "GPU A", "category": "gpu",
  "fields": {"tdp_w": 450}, "price": {"amount": 1599, "currency": "USD", "date": "2025-01-01",
  "source": "maker", "kind": "launch_msrp"}}},
 {"id": "psu/b", "quantity": 1, "snapshot": {"name": "PSU B", "category": "psu", "fields": {}}}],
"purchasing": )";
constexpr std::string_view kAfter = "}";

// Each cell of the CSV, as a spreadsheet splits it: one that is not quoted may not begin with a
// formula's character, and a quoted one only after the single quote that neutralises it.
bool csvRunsNoFormula(const std::string& csv) {
    const std::string_view formula = "=+-@\t\r";
    bool cellStart = true, inQuotes = false;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (cellStart) {
            cellStart = false;
            if (c == '"') {
                inQuotes = true;
                if (i + 1 < csv.size() && formula.find(csv[i + 1]) != std::string_view::npos)
                    return false;
                continue;
            }
            if (formula.find(c) != std::string_view::npos &&
                !(c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n'))
                return false;
        }
        if (inQuotes) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"')
                ++i;
            else if (c == '"')
                inQuotes = false;
        } else if (c == ',' || c == '\n') {
            cellStart = true;
        }
    }
    return true;
}

void checkPricing(const torchrig::plan::Build& build, bool useExpired) {
    torchrig::plan::CostOptions options;
    options.today = "2026-06-15";
    options.useExpiredQuotes = useExpired;
    const auto cost = torchrig::plan::costBuild(build, options);
    for (const auto& line : cost.lines) {
        const auto* quote = line.quotes.quote;
        if (line.quoted && (!quote || quote->currency.empty()))
            std::abort(); // priced at a quote in no currency
        if (line.quoted && !useExpired && torchrig::plan::quoteExpired(*quote, options.today))
            std::abort(); // priced at an expired quote nobody asked for
        if (line.unitPrice && line.unitPrice->currency.empty())
            std::abort();
    }
    if (!csvRunsNoFormula(torchrig::plan::componentsCsv(build, options)))
        std::abort(); // a cell a spreadsheet would run
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(kBefore);
    text.append(reinterpret_cast<const char*>(data), size);
    text += kAfter;
    auto build = torchrig::readBuildFile(text, "fuzz.torchrig");
    if (!build)
        return 0;
    checkPricing(*build, false);
    checkPricing(*build, true);
    const auto written = torchrig::writeBuildFile(*build);
    auto again = torchrig::readBuildFile(written, "written.torchrig");
    if (!again || torchrig::writeBuildFile(*again) != written)
        std::abort(); // the writer wrote what its own reader refuses or reads differently
    return 0;
}
