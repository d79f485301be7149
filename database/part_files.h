#pragma once
// Parts in files: CSV (one file per category, the form of database/seed/) and JSON (any
// categories). Readers collect every problem they find, each naming the file, row and column, so
// that one pass fixes a file; a file with any problem yields no parts.

#include "hardware/part_category.h"
#include "part_record.h"
#include "util/result.h"

#include <nlohmann/json_fwd.hpp>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace torchrig::db {

inline constexpr int kPartsJsonFormatVersion = 1;

// Columns: id, name, vendor, aliases (';'-separated), the category's fields, source, as_of,
// confidence, notes. An empty id is made from the name.
Result<std::vector<PartRecord>> readPartsCsv(std::string_view text, PartCategory category,
                                             std::string_view fileLabel);
std::string writePartsCsv(std::span<const PartRecord> parts, PartCategory category);

// {"format": "torchrig-parts", "format_version": 1, "parts": [...]}, each part as partToJson writes it.
Result<std::vector<PartRecord>> readPartsJson(std::string_view text, std::string_view fileLabel);
std::string writePartsJson(std::span<const PartRecord> parts);
nlohmann::json partToJson(const PartRecord& part);
nlohmann::json priceToJson(const Price& price);

// database/seed/prices.csv: part_id, kind, amount, currency, date, source.
struct PriceRow {
    std::string partId;
    Price price;
    int row = 0;
};
Result<std::vector<PriceRow>> readPricesCsv(std::string_view text, std::string_view fileLabel);

// database/seed/field_sources.csv: part_id, field, source, as_of, confidence — a figure whose
// source differs from its part's.
struct FieldSourceRow {
    std::string partId;
    std::string field;
    Provenance provenance;
    int row = 0;
};
Result<std::vector<FieldSourceRow>> readFieldSourcesCsv(std::string_view text, std::string_view fileLabel);

} // namespace torchrig::db
