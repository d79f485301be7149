#pragma once
// The build sheet: everything a purchasing discussion needs about one build, as a document of
// headed sections (paragraphs, tables, memory charts) in English or Chinese. The PDF writer
// (ui/document/build_sheet_pdf.h) lays it out on pages; Markdown, the components' CSV and JSON
// come from here without Qt.

#include "plan/build.h"
#include "plan/build_cost.h"
#include "plan/compatibility.h"
#include "plan/rent_vs_buy.h"
#include "util/message.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace torchrig::plan {

enum class SheetLanguage { English, Chinese };
// "en" or "zh_CN" (also "zh", "zh-CN"); none for another.
std::optional<SheetLanguage> sheetLanguageFromString(const std::string& text);

struct SheetTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<double> widths;      // relative column widths, one per column
    std::vector<bool> alignRight;    // numbers, one per column
    std::vector<std::string> totals; // key-value lines under the table ("Total", "1,234.00 USD")

    // A table with its header, its columns' relative widths and which of them hold numbers.
    static SheetTable headed(std::vector<std::string> header, std::vector<double> widths,
                             std::vector<bool> alignRight) {
        SheetTable out;
        out.header = std::move(header);
        out.widths = std::move(widths);
        out.alignRight = std::move(alignRight);
        return out;
    }
};

// A memory breakdown of one workload on one GPU, in bytes, against the GPU's usable memory.
struct SheetMemoryChart {
    std::string title;
    std::vector<std::pair<std::string, std::int64_t>> parts; // category, bytes
    std::int64_t usableBytes = 0;                            // 0: unknown
    std::string usableLabel;                                 // "usable", in the sheet's language
};

struct SheetSection {
    std::string heading;
    std::vector<std::pair<std::string, std::string>> facts; // label, value
    std::vector<std::string> paragraphs;
    std::vector<SheetTable> tables;
    std::vector<SheetMemoryChart> charts;
    std::vector<std::string> bullets;
    bool signatureLines = false; // the approval block: a line to sign per row of the first table
    bool startsPage = false;     // printed from the top of a page (the quotes compared, filed alone)
};

struct BuildSheet {
    SheetLanguage language = SheetLanguage::English;
    std::string institution; // the lab's institution, above the title (the template's; may be empty)
    std::string title;
    std::string subtitle; // date, requester, group, budget code
    std::vector<SheetSection> sections;
    std::string footer;    // app and catalog versions; the writer adds "page N of M"
    std::string pageLabel; // "Page %1 of %2" in the sheet's language
};

struct BuildSheetOptions {
    SheetLanguage language = SheetLanguage::English;
    std::string date;           // ISO date the sheet is made on
    std::string appVersion;     // "0.1.0"
    std::string catalogVersion; // how the catalog the prices came from is named
    CostOptions cost;
    WallCircuit circuit; // the one the build's load is checked against
    // The catalog's cloud instances, for renting the first workload's compute instead (none: the
    // sheet leaves the comparison out).
    std::vector<CloudOffer> cloudOffers;
    UsagePlan usage;
    // Past runs of torchrig-validate to list (device, versions, date, figures): one line each.
    std::vector<std::string> validationRuns;
    // How core's messages (findings, fixes, what is not checked) are said in `language`: the
    // translations' lookup, which the layer with Qt gives (ui/document/build_sheet_export.h); none:
    // in English.
    Message::Translate translate;
    // The lab's sheet template (Preferences): its institution's name, and the fields its office
    // requires, each printed with the build's answer or a line to write one in.
    std::string institution;
    std::vector<std::string> requiredFields;
};

BuildSheet makeBuildSheet(const Build& build, const BuildSheetOptions& options);

std::string buildSheetMarkdown(const BuildSheet& sheet);
// The components table as CSV (RFC 4180: quoted where needed, CRLF), with the header row: each line's
// price as priced, its specification and unit, whether it includes VAT and its net, tax and gross.
std::string componentsCsv(const Build& build, const CostOptions& cost);
// The whole sheet as JSON: every section's facts, tables and charts, in the sheet's language.
std::string buildSheetJson(const BuildSheet& sheet);

} // namespace torchrig::plan
