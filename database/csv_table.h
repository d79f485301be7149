#pragma once

#include "util/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace torchrig::db {

// A CSV file read whole (RFC 4180 through libcsv): the header and the data rows as text.
struct CsvTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
    std::vector<int> rowNumbers; // the spreadsheet row of each data row (the header is row 1)

    // "C" for column index 2, as a spreadsheet names it.
    static std::string columnLetter(std::size_t column);
};

// fileLabel names the file in messages. Rejects malformed quoting, an empty file, duplicate or
// empty header names, and rows whose cell count differs from the header's.
Result<CsvTable> parseCsv(std::string_view text, std::string_view fileLabel);
// One line, quoting cells that need it, ending in "\n".
std::string csvLine(const std::vector<std::string>& cells);

} // namespace torchrig::db
