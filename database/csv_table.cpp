#include "csv_table.h"

#include "util/utf8_text.h"

#include <csv.h>
#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace torchrig::db {

namespace {

constexpr std::size_t kMaxCsvBytes = 64u << 20;
constexpr std::size_t kMaxCellBytes = 4096; // a name, a source, a note: never a page

struct ParseState {
    std::vector<std::vector<std::string>> records;
    std::vector<std::string> current;
};

void onField(void* data, std::size_t size, void* context) {
    auto* state = static_cast<ParseState*>(context);
    state->current.emplace_back(static_cast<const char*>(data), size);
}

void onRecordEnd(int, void* context) {
    auto* state = static_cast<ParseState*>(context);
    state->records.push_back(std::move(state->current));
    state->current.clear();
}

} // namespace

std::string CsvTable::columnLetter(std::size_t column) {
    std::string letters;
    ++column;
    while (column > 0) {
        --column;
        letters.insert(letters.begin(), static_cast<char>('A' + column % 26));
        column /= 26;
    }
    return letters;
}

Result<CsvTable> parseCsv(std::string_view text, std::string_view fileLabel) {
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // a byte-order mark, as spreadsheets write it
    // Every text stored in the catalog is written out again as JSON: a byte that is not UTF-8 would
    // break every listing later, so it is refused here, at the door.
    if (const auto bad = firstNonUtf8Byte(text); bad != std::string_view::npos) {
        const auto line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bad), '\n');
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{}, line {}: byte {} is not a UTF-8 character. Save the file as UTF-8 "
                                     "(in a spreadsheet: CSV UTF-8) and import it again",
                                     fileLabel, line, bad));
    }
    if (text.size() > kMaxCsvBytes)
        return makeError(ErrorCode::InvalidInput,
                         fmt::format("{} is {} MiB; TorchRig imports CSV files up to {} MiB", fileLabel,
                                     text.size() >> 20, kMaxCsvBytes >> 20));
    csv_parser parser;
    if (csv_init(&parser, CSV_STRICT | CSV_STRICT_FINI) != 0)
        return makeError(ErrorCode::Io, "the CSV reader could not start (out of memory)");
    ParseState state;
    auto parsed = csv_parse(&parser, text.data(), text.size(), onField, onRecordEnd, &state);
    int status = parsed == text.size() ? csv_fini(&parser, onField, onRecordEnd, &state) : -1;
    int error = csv_error(&parser);
    csv_free(&parser);
    if (parsed != text.size() || status != 0) {
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("{}, row {}: {} — check the quotes on that row (a quoted cell must end with "
                        "a quote, and a quote inside it is written twice)",
                        fileLabel, state.records.size() + 1, csv_strerror(error)));
    }
    if (state.records.empty())
        return makeError(
            ErrorCode::InvalidInput,
            fmt::format("{}: the file is empty; the first row must name the columns", fileLabel));

    CsvTable table;
    table.header = std::move(state.records.front());
    std::set<std::string> seen;
    for (std::size_t c = 0; c < table.header.size(); ++c) {
        auto& name = table.header[c];
        while (!name.empty() && (name.back() == ' ' || name.back() == '\r'))
            name.pop_back();
        if (name.empty())
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}, row 1, column {}: the column has no name", fileLabel,
                                         CsvTable::columnLetter(c)));
        if (!seen.insert(name).second)
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}, row 1, column {}: \"{}\" appears twice", fileLabel,
                                         CsvTable::columnLetter(c), name));
    }
    for (std::size_t r = 1; r < state.records.size(); ++r) {
        auto& row = state.records[r];
        if (row.size() == 1 && row.front().empty())
            continue; // a blank line
        if (row.size() != table.header.size())
            return makeError(ErrorCode::InvalidInput,
                             fmt::format("{}, row {}: {} cells, but the header names {} columns", fileLabel,
                                         r + 1, row.size(), table.header.size()));
        for (std::size_t c = 0; c < row.size(); ++c)
            if (row[c].size() > kMaxCellBytes)
                return makeError(
                    ErrorCode::InvalidInput,
                    fmt::format("{}, row {}, column {}: a cell of {} bytes (\"{}\"); a cell may hold "
                                "up to {}",
                                fileLabel, r + 1, CsvTable::columnLetter(c), row[c].size(),
                                textExcerpt(row[c]), kMaxCellBytes));
        table.rows.push_back(std::move(row));
        table.rowNumbers.push_back(static_cast<int>(r) + 1);
    }
    return table;
}

std::string csvLine(const std::vector<std::string>& cells) {
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0)
            line += ',';
        const auto& cell = cells[i];
        if (cell.find_first_of(",\"\r\n") == std::string::npos &&
            (cell.empty() || (cell.front() != ' ' && cell.back() != ' '))) {
            line += cell;
            continue;
        }
        line += '"';
        for (char c : cell) {
            if (c == '"')
                line += '"';
            line += c;
        }
        line += '"';
    }
    return line + "\n";
}

} // namespace torchrig::db
