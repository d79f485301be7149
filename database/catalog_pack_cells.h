#pragma once

// What catalog_pack.cpp (a pack's identity) and catalog_pack_rows.cpp (its rows) both hold a
// pack's cells to; not part of the database layer's interface.

#include <cstddef>
#include <optional>
#include <string>

namespace SQLite {
class Column;
}

namespace torchrig::db {

// What an import lets one cell of a file hold (csv_table.cpp's kMaxCellBytes, readPartsJson's
// maxTextBytes): a name, a source, a note, never a page. A pack's text is held to the same.
inline constexpr std::size_t kMaxPackTextBytes = 4096;

// Why a text cell of a pack cannot be taken, or nothing.
std::optional<std::string> packTextProblem(const SQLite::Column& column, bool nullable = false,
                                           std::size_t maxBytes = kMaxPackTextBytes);

} // namespace torchrig::db
