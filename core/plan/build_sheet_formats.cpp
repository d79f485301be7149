// The build sheet written out as text: Markdown, the components' CSV and JSON (the PDF is drawn
// with Qt, in ui/document/build_sheet_pdf.cpp).

#include "plan/build_sheet.h"

#include "plan/part_specification.h"

#include "util/printed.h"

#include <nlohmann/json.hpp>

namespace torchrig::plan {

std::string buildSheetMarkdown(const BuildSheet& sheet) {
    auto cell = [](std::string text) {
        std::string out;
        for (char c : text)
            out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
        return out;
    };
    std::string out = (sheet.institution.empty() ? "" : "**" + sheet.institution + "**\n\n") + "# " +
                      sheet.title + "\n\n" + sheet.subtitle + "\n";
    for (const auto& section : sheet.sections) {
        out += "\n## " + section.heading + "\n\n";
        for (const auto& [label, value] : section.facts)
            out += "- **" + label + "**: " + value + "\n";
        if (!section.facts.empty())
            out += "\n";
        for (const auto& paragraph : section.paragraphs)
            out += paragraph + "\n\n";
        for (const auto& table : section.tables) {
            std::string header = "|", rule = "|";
            for (std::size_t i = 0; i < table.header.size(); ++i) {
                header += " " + cell(table.header[i]) + " |";
                rule += table.alignRight[i] ? " ---: |" : " --- |";
            }
            out += header + "\n" + rule + "\n";
            for (const auto& row : table.rows) {
                std::string line = "|";
                for (const auto& text : row)
                    line += " " + cell(text) + " |";
                out += line + "\n";
            }
            out += "\n";
            for (const auto& total : table.totals)
                out += "**" + total + "**  \n";
            if (!table.totals.empty())
                out += "\n";
        }
        for (const auto& chart : section.charts) {
            out += "**" + chart.title + "**\n\n";
            for (const auto& [label, bytes] : chart.parts)
                out += "- " + label + ": " + printed("%.1f GiB", static_cast<double>(bytes) / (1LL << 30)) +
                       "\n";
            out += "\n";
        }
        for (const auto& bullet : section.bullets)
            out += "- " + bullet + "\n";
    }
    out += "\n---\n" + sheet.footer + "\n";
    return out;
}

namespace {

// One CSV cell, quoted where it must be. A purchasing office opens this file in a spreadsheet,
// which runs a cell that begins with = + - @ (or a tab or CR before one) as a formula: a vendor
// name of =HYPERLINK(…) would be a link or worse. Such a cell is neutralised as OWASP's "CSV
// Injection" page asks: a single quote before it, and the cell quoted. Nothing reads this file
// back, so nothing needs to undo it (the catalog's parts CSV, which `catalog import` reads, is
// left as it is).
std::string csvCell(const std::string& text) {
    const bool formula =
        !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
    if (!formula && text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = formula ? "\"'" : "\"";
    for (char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

// Whether the line's vendor quote is used, set aside as expired, or was used although expired.
std::string quoteStatus(const CostLine& line) {
    if (line.quoteExpired)
        return line.quoted ? "expired" : "expired_not_used";
    return line.quoted ? "valid" : "";
}

} // namespace

std::string componentsCsv(const Build& build, const CostOptions& options) {
    const auto field = csvCell;
    const auto cost = costBuild(build, options);
    std::string out =
        "part_id,name,category,quantity,unit_price,currency,price_kind,price_date,price_source,subtotal,"
        "specification,unit,tax_included,net,tax,gross,quote\r\n";
    const auto amount = [](const std::optional<double>& value) {
        return value ? printed("%.2f", *value) : "";
    };
    for (const auto& line : cost.lines) {
        std::string category, specification, unit;
        for (const auto& p : build.parts)
            if (p.partId == line.partId) {
                category = std::string(categoryLabel(p.snapshot.category));
                specification = partSpecification(p.snapshot);
                unit = std::string(unitOfMeasure(p.snapshot.category));
            }
        const auto& price = line.unitPrice;
        out += field(line.partId) + "," + field(line.name) + "," + category + "," +
               std::to_string(line.quantity) + "," + (price ? printed("%.2f", price->amount) : "") + "," +
               (price ? field(price->currency) : "") + "," +
               (price ? std::string(priceKindId(price->kind)) : "") + "," +
               (price ? field(price->date) : "") + "," + (price ? field(price->source) : "") + "," +
               amount(line.subtotal) + "," + field(specification) + "," + unit + "," +
               (line.net ? (line.taxIncluded ? "yes" : "no") : "") + "," + amount(line.net) + "," +
               amount(line.tax) + "," + amount(line.gross) + "," + quoteStatus(line) + "\r\n";
    }
    return out;
}

std::string buildSheetJson(const BuildSheet& sheet) {
    nlohmann::json sections = nlohmann::json::array();
    for (const auto& section : sheet.sections) {
        nlohmann::json s = {{"heading", section.heading}};
        nlohmann::json facts = nlohmann::json::array();
        for (const auto& [label, value] : section.facts)
            facts.push_back({{"label", label}, {"value", value}});
        s["facts"] = facts;
        s["paragraphs"] = section.paragraphs;
        nlohmann::json tables = nlohmann::json::array();
        for (const auto& table : section.tables)
            tables.push_back({{"header", table.header}, {"rows", table.rows}, {"totals", table.totals}});
        s["tables"] = tables;
        nlohmann::json charts = nlohmann::json::array();
        for (const auto& chart : section.charts) {
            nlohmann::json parts = nlohmann::json::array();
            for (const auto& [label, bytes] : chart.parts)
                parts.push_back({{"label", label}, {"bytes", bytes}});
            charts.push_back({{"title", chart.title}, {"parts", parts}, {"usable_bytes", chart.usableBytes}});
        }
        s["charts"] = charts;
        s["bullets"] = section.bullets;
        sections.push_back(std::move(s));
    }
    return nlohmann::json{{"institution", sheet.institution},
                          {"title", sheet.title},
                          {"subtitle", sheet.subtitle},
                          {"language", sheet.language == SheetLanguage::Chinese ? "zh_CN" : "en"},
                          {"sections", sections},
                          {"footer", sheet.footer}}
        .dump(2);
}

} // namespace torchrig::plan
